"""Masyu boards as plain lists, `pick=` for puzzles inside Mac files, and the solver's trace."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import pzl
from conftest import corpus_files

LADYBUG = b"4:4:AgAQAA\n"
MASYU_PUZZLES = corpus_files("masyu/puzzles/fixtures/*.txt")


def test_cells_and_edges_of_a_puzzle() -> None:
    doc = pzl.open(LADYBUG, "tootsweet")
    assert doc.cells() == [list("...."), list(".B.."), list("...W"), list("....")]
    assert doc.cells(ints=True) == [[0, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 1], [0, 0, 0, 0]]
    h, v = doc.edges()
    assert h == [[0] * 3] * 4 and v == [[0] * 4] * 3


def test_edges_of_a_solution() -> None:
    sol = pzl.open(LADYBUG, "tootsweet").solve().solutions[0]
    h, v = sol.edges()
    # The loop is the rectangle (1, 1)-(3, 3); every other edge is crossed.
    assert h == [[-1, -1, -1], [-1, 1, 1], [-1, -1, -1], [-1, 1, 1]]
    assert v == [[-1, -1, -1, -1], [-1, 1, -1, 1], [-1, 1, -1, 1]]


def test_board_from_lists_round_trips_to_the_same_bytes() -> None:
    doc = pzl.open(LADYBUG, "tootsweet")
    again = pzl.masyu_board(doc.cells(), *doc.edges(), format="tootsweet")
    assert again.kind == "masyu" and again.format == "tootsweet"
    assert again.convert()[0] == LADYBUG
    # Strings, ints and a mixture all read.
    assert pzl.masyu_board(["....", ".B..", "...W", "...."], format="tootsweet").convert()[0] == LADYBUG
    assert pzl.masyu_board(doc.cells(ints=True), format="tootsweet").convert()[0] == LADYBUG


def test_a_drawn_board_keeps_lines_and_crosses() -> None:
    sol = pzl.open(LADYBUG, "tootsweet").solve().solutions[0]
    board = pzl.masyu_board(sol.cells(), *sol.edges())  # pzprv3 by default: lines and crosses
    assert board.format == "pzprv3"
    assert board.cells() == sol.cells() and board.edges() == sol.edges()
    assert board.check().ok
    data, lost = board.convert()
    assert lost == []
    assert pzl.open(data, "pzprv3").edges() == sol.edges()
    # The same lists in the solution's own format give its bytes.
    assert pzl.masyu_board(sol.cells(), *sol.edges(), format=sol.format).convert() == sol.convert()


def test_a_partial_board_checks_and_solves() -> None:
    doc = pzl.open(LADYBUG, "tootsweet")
    h, v = doc.edges()
    h[1][1] = 1
    v[0][0] = -1
    board = pzl.masyu_board(doc.cells(), h, v)
    assert board.edges() == (h, v)
    assert board.solve().solved


@pytest.mark.parametrize("path", MASYU_PUZZLES, ids=lambda p: p.stem)
def test_corpus_boards_round_trip(path: Path) -> None:
    doc = pzl.open(path)
    again = pzl.masyu_board(doc.cells(), *doc.edges(), format=doc.format)
    assert again.convert() == doc.convert()
    sol = doc.solve(timeout=10)
    assert sol.solved
    for s in sol.solutions:
        back = pzl.masyu_board(s.cells(), *s.edges(), format=s.format)
        assert back.convert() == s.convert()


def test_numpy_arrays_work_when_numpy_is_there() -> None:
    np = pytest.importorskip("numpy")
    doc = pzl.open(LADYBUG, "tootsweet")
    cells = np.array(doc.cells(ints=True))
    h, v = (np.array(e) for e in doc.solve().solutions[0].edges())
    board = pzl.masyu_board(cells, h, v)
    assert board.check().ok


def test_bad_lists_raise_usage_errors() -> None:
    with pytest.raises(pzl.UsageError):
        pzl.masyu_board([])
    with pytest.raises(pzl.UsageError):
        pzl.masyu_board(["...", ".."])
    with pytest.raises(pzl.UsageError):
        pzl.masyu_board(["..Q"])
    with pytest.raises(pzl.UsageError):
        pzl.masyu_board([[0, 3]])
    with pytest.raises(pzl.UsageError):
        pzl.masyu_board(["..", ".."], h_edges=[[0], [0], [0]])
    with pytest.raises(pzl.UsageError):
        pzl.masyu_board(["..", ".."], v_edges=[[0, 2]])
    with pytest.raises(pzl.UsageError):
        pzl.masyu_board(["..", ".."], format="puz")
    with pytest.raises(pzl.UsageError):
        pzl.packing(["##"], {"I": ["##"]}).cells()  # not Masyu


# --- the trace -------------------------------------------------------------------------------


def replay(trace: List[Dict[str, object]]) -> Tuple[int, int, Dict[int, str]]:
    """The edges decided when the first solution is reported: `set` and `hypothesis` decide an
    edge, `rollback` keeps the first `to` decisions."""
    header = trace[0]
    assert header["type"] == "header"
    decided: List[Tuple[int, str]] = []
    for step in trace[1:]:
        kind = step["type"]
        if kind in ("set", "hypothesis"):
            decided.append((int(step["edge"]), str(step["state"])))  # type: ignore[call-overload]
        elif kind == "rollback":
            del decided[int(step["to"]) :]  # type: ignore[call-overload]
        elif kind == "solution":
            break
    return int(header["width"]), int(header["height"]), dict(decided)  # type: ignore[call-overload]


def edges_from_numbers(w: int, h: int, states: Dict[int, str]) -> Tuple[List[List[int]], List[List[int]]]:
    """Flat edge numbers (horizontal edges row by row, then vertical) as `Document.edges()` lists."""
    code = {"line": 1, "cross": -1}
    hs = [[0] * (w - 1) for _ in range(h)]
    vs = [[0] * w for _ in range(h - 1)]
    for n, s in states.items():
        if n < h * (w - 1):
            hs[n // (w - 1)][n % (w - 1)] = code[s]
        else:
            m = n - h * (w - 1)
            vs[m // w][m % w] = code[s]
    return hs, vs


@pytest.mark.parametrize("human", [False, True])
def test_trace_replays_to_the_solution(human: bool) -> None:
    sol = pzl.open(LADYBUG, "tootsweet").solve(trace=True, human=human)
    assert sol.trace is not None
    assert sol.trace[0]["type"] == "header" and sol.trace[-1] == {"type": "end", "outcome": "solved"}
    assert {s["type"] for s in sol.trace} <= {"header", "set", "hypothesis", "contradiction", "rollback", "solution", "end"}
    assert all("rule" in s for s in sol.trace if s["type"] == "set")
    w, h, states = replay(sol.trace)
    lines = edges_from_numbers(w, h, {n: s for n, s in states.items() if s == "line"})
    want_h, want_v = sol.solutions[0].edges()
    assert lines == ([[max(x, 0) for x in r] for r in want_h], [[max(x, 0) for x in r] for r in want_v])


@pytest.mark.parametrize("path", MASYU_PUZZLES[:3], ids=lambda p: p.stem)
def test_trace_on_corpus_puzzles(path: Path) -> None:
    sol = pzl.open(path).solve(trace=True, timeout=10)
    assert sol.solved and sol.trace is not None and sol.trace[-1]["type"] == "end"
    w, h, states = replay(sol.trace)
    lines = edges_from_numbers(w, h, {n: s for n, s in states.items() if s == "line"})
    want_h, want_v = sol.solutions[0].edges()
    assert lines == ([[max(x, 0) for x in r] for r in want_h], [[max(x, 0) for x in r] for r in want_v])


def test_no_trace_unless_asked() -> None:
    assert pzl.open(LADYBUG, "tootsweet").solve().trace is None


# --- pick= -----------------------------------------------------------------------------------

GRID = [
    "..................", ".a.a..SSSSSS..b.b.", ".aaaa.SSSSSS.bbbb.", ".aaa..SSSSSS..bbb.", "......SSSSSS......",
    ".c.c..SSSSSS..d.d.", ".cccc.SSSSSS.dddd.", ".ccc..........ddd.", "..................",
]
SOLUTION = ["000000000", "000000000", "999999999", "999999999"]


def resource(message: str, grid: List[str]) -> bytes:
    """A MacPoly `SBPn` puzzle resource: message, board, pieces, solution rows, CR-separated."""
    text = "\r".join([message, *grid, *grid, *SOLUTION]) + "\r"
    return text.encode("ascii") + b"\0"


def rez(resources: List[Tuple[str, int, str, bytes]]) -> bytes:
    """Rez source (`data` statements, as DeRez prints them) holding `resources`."""
    out = []
    for code, rid, name, data in resources:
        out.append(f"data '{code}' ({rid}, \"{name}\") {{")
        for i in range(0, len(data), 16):
            out.append('\t$"' + data[i : i + 16].hex().upper() + '"')
        out.append("};")
    return ("\n".join(out) + "\n").encode("ascii")


@pytest.fixture()
def mac_file(tmp_path: Path) -> Path:
    """A MacBinary file with two MacPoly puzzles: 'SBP1' 128 "6 x 6 Square" and 129 "Other"."""
    source = rez(
        [
            ("SBP1", 128, "6 x 6 Square", resource("Congratulations! Puzzle by David Levner.", GRID)),
            ("SBP1", 129, "Other", resource("Well done.", GRID)),
        ]
    )
    doc = pzl.open(source, "rez")
    assert doc.kind == "mac"
    path = tmp_path / "puzzles.bin"
    doc.save(path, to="macbinary")
    return path


@pytest.mark.parametrize(
    "pick", ["6 x 6 Square", 128, ("SBP1", 128), {"type": "SBP1", "id": 128}, {"name": "6 x 6 Square"}]
)
def test_pick_a_puzzle_from_a_mac_file(mac_file: Path, pick: pzl.Pick) -> None:
    doc = pzl.open(mac_file, pick=pick)
    assert doc.kind == "poly"
    assert doc.info().facts["name"] == "6 x 6 Square"
    sol = doc.solve()
    assert sol.solved
    text = doc.render()
    assert isinstance(text, str) and text.startswith("6 x 6 Square")


def test_pick_from_bytes_and_the_other_puzzle(mac_file: Path) -> None:
    data = mac_file.read_bytes()
    doc = pzl.open(data, name="puzzles.bin", pick={"type": "SBP1", "id": 129})
    assert doc.kind == "poly" and doc.info().facts["name"] == "Other"
    assert pzl.open(data, "macbinary", pick="Other").info().facts["name"] == "Other"


def test_without_pick_a_mac_file_is_a_mac_file(mac_file: Path) -> None:
    assert pzl.open(mac_file).kind == "mac"


def test_a_bad_pick_raises(mac_file: Path) -> None:
    with pytest.raises(pzl.Error) as e:
        pzl.open(mac_file, pick="No such puzzle")
    assert e.value.file is not None
    with pytest.raises(pzl.Error):
        pzl.open(mac_file, pick=("SBP1", 200))
    with pytest.raises(pzl.UsageError):
        pzl.open(mac_file, pick={"kind": "SBP1"})
    with pytest.raises(pzl.UsageError):
        pzl.open(mac_file, pick=True)
    with pytest.raises(pzl.Error):
        pzl.open(LADYBUG, "tootsweet", pick="6 x 6 Square")
