"""The facade from Python: open/convert/save/render/solve, errors, warnings, the GIL, Ctrl-C."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import pzl
from conftest import corpus_files

LADYBUG = b"4:4:AgAQAA\n"

PENTOMINOES = {
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."], "N": ["###.", "..##"],
    "P": ["##", "##", "#."], "T": ["###", ".#.", ".#."], "U": ["#.#", "###"], "V": ["#..", "#..", "###"],
    "W": ["#..", "##.", ".##"], "X": [".#.", "###", ".#."], "Y": ["####", ".#.."], "Z": ["##.", ".#.", ".##"],
}


def slow_packing() -> pzl.Document:
    """One-sided pentominoes on 9x10: counting every solution takes far longer than a test."""
    pieces = dict(PENTOMINOES)
    for k in "FLNPYZ":
        pieces[k + "2"] = [r[::-1] for r in PENTOMINOES[k]]
    return pzl.packing(["#" * 10] * 9, pieces, flips=False, title="one-sided 9x10")


def test_formats_are_listed() -> None:
    names = {f.name: f for f in pzl.formats()}
    assert {"puz", "ipuz", "tootsweet", "apad", "pzl-pack", "macbinary"} <= set(names)
    assert names["puz"].kind == "crossword" and names["puz"].write


def test_masyu_from_bytes() -> None:
    doc = pzl.open(LADYBUG, name="ladybug.tootsweet")
    assert (doc.kind, doc.format) == ("masyu", "tootsweet")
    info = doc.info()
    assert (info.facts["width"], info.facts["height"], info.facts["pearls"]) == (4, 4, 2)
    assert "Masyu" in str(info)
    data, lost = doc.convert("pzprjs")
    assert b"mashu/4/4/" in data and lost == []
    assert "\u25cf" in str(doc.render("text"))
    assert str(doc.render(as_="svg")).lstrip().startswith("<")
    with pytest.raises(pzl.Error):
        doc.render(as_="pdf")  # Masyu boards are drawn as text or SVG


def test_play_layer_gives_the_same_json_as_the_library() -> None:
    doc = pzl.open(LADYBUG, name="ladybug.tootsweet")
    view = doc.view()
    assert (view["width"], view["height"], len(view["edges"])) == (4, 4, 24)
    assert set(view["edges"]) == {"unknown"}
    drawn = doc.act({"action": "draw", "edge": 0, "state": "cross"})
    assert drawn.view()["edges"][0] == "cross"
    hint = doc.hint()
    assert hint["type"] == "deduce" and hint["state"] in ("line", "cross")
    hinted = doc.act({"action": "apply-hint"}).view()
    assert hinted["edges"][hint["edge"]] == hint["state"]
    with pytest.raises(pzl.Error, match="expected 24"):
        doc.act({"action": "set-edges", "edges": ["line"]})
    with pytest.raises(pzl.Error, match="masyu"):
        doc.act({"action": "unlock", "key": 1234})
    grid = pzl.open(Path(__file__).parents[2] / "examples" / "crossword" / "square-deal.ipuz").view()
    assert grid["clues"][0]["direction"] == "across" and "cells" in grid


def test_crossword_pdf(corpus: Path) -> None:
    doc = pzl.open(corpus / "puz" / "kotwords" / "test.puz")
    pdf = doc.render("pdf", with_clues=True)
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF")
    a4 = doc.render("pdf", with_clues=True, paper="a4")
    assert isinstance(a4, bytes) and b"/MediaBox [0 0 595 842]" in a4
    with pytest.raises(pzl.Error):
        doc.render("pdf", paper="legal")
    data, lost = doc.convert("ipuz")
    assert data.lstrip().startswith(b"{")


def test_masyu_solve_unique_with_trace() -> None:
    doc = pzl.open(LADYBUG, "tootsweet")
    sol = doc.solve(trace=True)
    assert sol.solved and sol.report.unique is True
    assert len(sol.solutions) == 1 and sol.solutions[0].kind == "masyu"
    assert sol.trace is not None and len(sol.trace) > 0 and isinstance(sol.trace[0], dict)
    assert sol.solutions[0].check().ok


def test_check_names_the_broken_rule() -> None:
    # A puzzle with no line drawn is sound (not solved yet is not a problem) ...
    blank = pzl.open(LADYBUG, "tootsweet").check()
    assert blank.ok and not blank.problems
    # ... lines that break the rules are problems.
    doc = pzl.open(b"4:4:CCQQQA\nAA:IC\n", "tootsweet")
    report = doc.check()
    assert not report.ok and report.problems
    assert all(p.rule for p in report.problems)


def test_errors_carry_file_location_and_hint(tmp_path: Path) -> None:
    with pytest.raises(pzl.FormatError) as e:
        pzl.open(b"\x00\x01 not a puzzle", name="junk.bin")
    assert e.value.file == "junk.bin" and isinstance(e.value, pzl.Error)
    with pytest.raises(pzl.UsageError) as u:
        pzl.open(LADYBUG, "docx")
    assert u.value.hint and "known formats" in u.value.hint
    with pytest.raises(pzl.PzlIOError):
        pzl.open(tmp_path / "missing.puz")
    with pytest.raises(pzl.FormatError) as f:
        pzl.open(b"4:4:A\n", "tootsweet")
    assert f.value.kind == "syntax"
    doc = pzl.open(LADYBUG, "tootsweet")
    with pytest.raises(pzl.UsageError):
        doc.convert("ipuz")
    with pytest.raises(pzl.UsageError):
        doc.render("bmp")


def test_packing_from_cells_and_counting() -> None:
    # The 2x3 rectangle from two L trominoes given as (row, col) cells.
    doc = pzl.packing([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)], {"L": ([(0, 0), (1, 0), (1, 1)], 2)})
    assert doc.kind == "poly"
    sol = doc.solve(count=True)
    assert sol.report.outcome == "counted" and sol.report.count is not None and sol.report.count > 0
    first = doc.solve()
    assert first.solved


def test_pentominoes_6x10() -> None:
    doc = pzl.packing(["#" * 10] * 6, PENTOMINOES)
    report = doc.solve(count=True, distinct=True).report
    assert report.count == 2339 and report.count_exact


def test_timeout_is_honoured() -> None:
    t = time.perf_counter()
    report = slow_packing().solve(count=True, timeout=0.5).report
    assert report.outcome in ("timed-out", "counted")
    assert report.count_exact is False
    assert time.perf_counter() - t < 5


def test_solve_releases_the_gil() -> None:
    doc = slow_packing()
    done = threading.Event()

    def run() -> None:
        doc.solve(count=True, timeout=1.0)
        done.set()

    th = threading.Thread(target=run)
    th.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    th.join()
    assert ticks > 100  # the main thread ran all along


def test_ctrl_c_interrupts_a_solve(tmp_path: Path) -> None:
    script = tmp_path / "solve.py"
    here = Path(__file__).resolve().parent
    script.write_text(textwrap.dedent(f"""
        import signal, sys, time
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.path.insert(0, {str(here)!r})
        from test_pzl import slow_packing
        doc = slow_packing()
        print("ready", flush=True)
        t = time.time()
        try:
            doc.solve(count=True, timeout=60)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted", round(time.time() - t, 1))
    """))
    p = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=30)
    assert out.startswith("interrupted")


def test_apad_solutions_for_a_date() -> None:
    r = pzl.apad_solutions("Jan 19")
    assert r.count == 104 and r.complete
    w = pzl.apad_solutions("2026-01-19", "weekday", first=True)
    assert w.count == 1 and "Mon" in w.text


def test_save_is_atomic_and_follows_the_name(tmp_path: Path) -> None:
    doc = pzl.open(LADYBUG, "tootsweet")
    out = tmp_path / "ladybug.pearl"
    assert doc.save(out) == []
    again = pzl.open(out)
    assert again.format == "tatham" and again.convert("tootsweet")[0] == LADYBUG


def _openable(path: Path) -> bool:
    return path.stat().st_size < 2_000_000 and not path.name.endswith((".json", ".md", ".tsv", ".csv", ".png"))


ALL_FILES = [p for p in corpus_files("**/*") if _openable(p)]


@pytest.mark.skipif(not ALL_FILES, reason="the shared corpus is absent (set PZL_CORPUS)")
def test_every_corpus_file_opens_converts_and_saves(tmp_path: Path) -> None:
    import warnings

    opened = 0
    by_kind: dict[str, int] = {}
    for path in ALL_FILES:
        if pzl.detect(path.read_bytes(), path.name) is None:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                doc = pzl.open(path)
            except pzl.Error:
                continue  # deliberately broken files (fuzz cases) fail cleanly
            opened += 1
            by_kind[doc.kind] = by_kind.get(doc.kind, 0) + 1
            for to in doc.writable_formats():
                try:
                    data, lost = doc.convert(to)
                except pzl.Error:
                    continue  # a target that cannot hold this document says so
                assert isinstance(data, bytes) and isinstance(lost, list)
            if doc.format in doc.writable_formats():
                out = tmp_path / f"out-{opened}{path.suffix}"
                doc.save(out, doc.format)
                assert pzl.open(out, doc.format).kind == doc.kind
    assert opened > 50, by_kind
    assert {"masyu", "crossword", "mac"} <= set(by_kind), by_kind


def test_warnings_go_through_python_warnings(corpus: Path) -> None:
    # A file with bytes before the header reads with a warning about them.
    found = 0
    with pytest.warns(pzl.PzlWarning) as record:
        for p in corpus.glob("puz/**/*.puz"):
            try:
                pzl.open(p)
                found += 1
            except pzl.FormatError:
                pass
    assert found and any(w.category is pzl.PzlWarning for w in record)


def test_touching_a_document_being_solved_does_not_freeze_other_threads() -> None:
    """N17: `doc.kind` while another thread solves `doc` waits with the GIL released, so a third
    thread keeps running (it froze for the whole solve before)."""
    doc = pzl.open(("1000 1000\n" + ("." * 1000 + "\n") * 1000).encode(), format="masyu")
    solver = threading.Thread(target=lambda: doc.solve(timeout=3))
    solver.start()
    time.sleep(0.5)
    ticks: list[float] = []

    def tick() -> None:
        for _ in range(30):
            ticks.append(time.monotonic())
            time.sleep(0.05)

    ticker = threading.Thread(target=tick)
    ticker.start()
    assert doc.kind == "masyu"
    ticker.join()
    solver.join()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert max(gaps) < 1.0, gaps


@pytest.mark.skipif(sys.platform == "win32", reason="the address-space cap uses the resource module (POSIX)")
def test_a_penpa_json_bomb_raises_limit_error_and_python_lives_on(tmp_path: Path) -> None:
    """Findings N5: a 156 KB Penpa+ link whose line 2 inflates to 120 MB of JSON aborted the
    interpreter (a Rust allocation failure) under a 4 GB address-space limit. Now it raises
    ``pzl.LimitError``, in a child interpreter held to that limit, which then goes on working."""
    script = textwrap.dedent(
        """
        import base64, resource, zlib
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        import pzl
        header = "square,4,4,38,0,1,1,418,418,286,286,0,0,0,0,Title: ,Author: ,,,OFF,false"
        layer = '{"symbol":{},"line":{}}'
        n = 60_000_000
        text = "\\n".join([header, "[" + "0," * (n - 1) + "0]", "{}", layer, layer])
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        raw = c.compress(text.encode()) + c.flush()
        del text
        link = "https://swaroopg92.github.io/penpa-edit/#m=edit&p=" + base64.b64encode(raw).decode()
        print(len(link))
        try:
            pzl.open(link.encode(), name="bomb.penpa")
        except pzl.LimitError as e:
            print("LimitError:", str(e)[:300])
        doc = pzl.open(b"4:4:AgAQAA\\n")
        print("alive", doc.solve().solved)
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert int(lines[0]) < 200_000, lines[0]
    assert lines[1].startswith("LimitError:"), out.stdout + out.stderr
    assert len(lines[1]) < 400, "a short message, not the array quoted back"
    assert lines[2] == "alive True", out.stdout


CROSSWORD_IPUZ = b"""{
  "version": "http://ipuz.org/v2",
  "kind": ["http://ipuz.org/crossword#1"],
  "dimensions": {"width": 3, "height": 3},
  "title": "Objects", "author": "pzl", "editor": "E. Ditor",
  "puzzle": [[{"cell": 1, "style": {"barred": "B", "shapebg": "circle"}}, 0, {"cell": 2, "style": {"color": "FFCC00"}}],
             ["#", "#", 0], ["#", "#", 0]],
  "solution": [["C", "A", "T"], ["#", "#", "A"], ["#", "#", "R"]],
  "clues": {"Across": [{"number": 1, "clue": "<i>Felis</i> caf\\u00e9 <b>pet</b>", "enumeration": "3"}],
            "Down": [[2, "Sticky stuff"]]}
}"""


def test_a_crossword_as_objects_grid_clue_lists_styles_and_markup() -> None:
    doc = pzl.open(CROSSWORD_IPUZ, format="ipuz")
    xw = doc.crossword()
    assert (xw.width, xw.height, xw.title, xw.locked) == (3, 3, "Objects", False)
    first = xw.cell(0, 0)
    assert (first.number, first.circled, first.bars, first.block) == (1, True, ("bottom",), False)
    assert xw.cell(0, 2).shade == "#ffcc00"
    assert xw.cell(1, 0).block
    assert list(xw.clue_lists) == ["Across", "Down"]
    across = xw.clue_lists["Across"][0]
    assert (across.label, across.text, across.enumeration) == ("1", "Felis café pet", "(3)")
    assert across.cells == ((0, 0), (0, 1), (0, 2))
    # Markup spans are character offsets into the text (the é is two bytes in UTF-8).
    assert [(m.style, across.text[m.start : m.end]) for m in across.markup] == [("italic", "Felis"), ("bold", "pet")]
    assert [c.text for c in xw.clues] == ["Felis café pet", "Sticky stuff"]
    with pytest.raises(pzl.UnsupportedError):
        pzl.open(LADYBUG, name="ladybug.tootsweet").crossword()


def test_every_setting_of_the_table_is_a_keyword() -> None:
    """The keyword arguments of check, render and solve are the kinds' settings table: every row
    is accepted by name (as ``no_flip`` for ``no-flip``); a setting a kind does not take is a
    pzl error that spells it as the keyword, never as a command-line flag."""
    table = pzl.settings()
    assert {s["name"] for s in table} >= {"no-flip", "human", "trace", "with-clues", "shard", "date"}
    doc = pzl.open(LADYBUG, "tootsweet")
    for row in table:
        keyword = row["name"].replace("-", "_")
        value: object = True if row["type"] == "flag" or row["name"] == "trace" else "0/1"
        extra = {"shard": "0/1"} if row.get("requires") == "shard" else {}
        for verb in row["verbs"]:
            call = {"check": doc.check, "render": doc.render, "solve": doc.solve}[verb]
            try:
                call(**{keyword: value}, **extra)
            except pzl.Error as e:
                assert "--" not in str(e), f"{keyword}: {e}"
    with pytest.raises(pzl.UsageError, match="all= applies to polyomino puzzles"):
        doc.solve(all=True)
    with pytest.raises(pzl.UsageError, match="no_such_setting="):
        doc.solve(no_such_setting=True)


def test_open_reads_a_puzzle_link_as_the_command_does(tmp_path: Path) -> None:
    """Newcomer 9: ``pzl.open(URL)`` reads a puzz.link link (and its bare ``p?`` form, a
    pzprjs player link) as the ``pzl`` command does, instead of looking for a file."""
    url = "https://puzz.link/p?mashu/6/6/1063000i3000"
    doc = pzl.open(url)
    assert (doc.kind, doc.format, doc.name) == ("masyu", "pzprjs", url)
    assert doc.solve().report.unique
    assert pzl.open("p?mashu/6/6/1063000i3000").tobytes() == doc.tobytes()
    player = pzl.open("https://puzz.link/p.html?type=player&pzprv3%2Fmashu%2F1%2F2%2F1%20.%20%2F0%20%2F")
    assert player.format == "pzprv3"
    with pytest.raises(pzl.FormatError) as bad:
        pzl.open("https://puzz.link/p?mashu/6/6/1063z")
    assert bad.value.file == "https://puzz.link/p?mashu/6/6/1063z"
    # A file of that name is still a file.
    odd = tmp_path / "p?mashu"
    odd.write_bytes(LADYBUG)
    assert pzl.open(str(odd)).format == "tootsweet"


def test_generate_and_hint_as_the_command_offers_them() -> None:
    """Newcomer 9: ``pzl.generate`` makes what ``pzl generate masyu`` makes (the same seed,
    the same puzzles, each unique and of its grade), and ``Document.hint`` gives ``pzl hint``."""
    made = pzl.generate(size="6x6", difficulty="easy", count=2, seed=7)
    assert [g.index for g in made] == [0, 1]
    assert all(g.seed == 7 and g.difficulty == "easy" and g.pearls > 0 for g in made)
    for g in made:
        assert g.document.kind == "masyu" and g.document.format == "pzprjs"
        assert g.document.tobytes().startswith(b"https://puzz.link/p?mashu/6/6/")
        assert g.document.solve().report.unique
        assert g.stats
    again = pzl.generate(size="6x6", difficulty="easy", count=2, seed=7, jobs=2)
    assert [g.document.tobytes() for g in again] == [g.document.tobytes() for g in made]
    assert pzl.generate(size="6x6", difficulty="easy", seed=7, format="tootsweet")[0].document.format == "tootsweet"
    hint = made[0].document.hint()
    assert hint["type"] == "deduce"
    applied = made[0].document.act({"action": "apply-hint"})
    assert applied.view()["edges"][hint["edge"]] == hint["state"]
    with pytest.raises(pzl.UsageError):
        pzl.generate(size="2x2")
    with pytest.raises(pzl.UsageError):
        pzl.generate(count=0)
    with pytest.raises(pzl.LimitError):
        pzl.generate(count=10**12)
    with pytest.raises(pzl.UsageError):
        pzl.generate(size="6x6", difficulty="easy", format="puz")
    with pytest.raises(pzl.UnsupportedError):
        pzl.generate("crossword")


def test_dir_lists_what_the_package_offers() -> None:
    """Newcomer 9: ``dir(pzl)`` lists the package's own names, not ``Any`` or ``dataclass``."""
    names = dir(pzl)
    for name in ("open", "generate", "Document", "LimitError", "__version__"):
        assert name in names
    for name in ("Any", "Dict", "dataclass", "field", "Optional"):
        assert name not in names


def test_a_puzzle_id_opens_and_render_warns_in_its_one_call() -> None:
    """An A-Puzzle-A-Day date opens by its puzzle id (``apad:[EDITION:]DATE``) and solves as any
    puzzle does; render gives its warnings with the drawing: one SVG of several chosen boards
    draws the first and says so."""
    date = pzl.open("apad:Jan 19")
    assert (date.kind, date.format) == ("apad", "apad")
    assert date.solve(count=True).report.count == 104
    boards = date.solve(all=True).solutions[0]
    with pytest.warns(pzl.PzlWarning, match="104 boards match; drew the first"):
        svg = boards.render("svg")
    assert "<svg" in svg
