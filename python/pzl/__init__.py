"""pzl: open, verify, convert, render and solve classic puzzle files.

Masyu (TootSweet, puzz.link, Tatham's Pearl, ...), crosswords (Across Lite ``.puz`` and text,
ipuz), polyomino packing (MacPoly, pzl-pack), A-Puzzle-A-Day and the classic Mac files that hold
some of them -- every format the ``pzl`` command reads, one ``import`` away::

    import pzl

    doc = pzl.open("puzzle.puz")          # or bytes; format="apad:weekday" names the format
    print(doc.kind, doc.format)           # crossword puz
    report = doc.check()                  # report.ok, report.problems (rule, message, location)
    data, lost = doc.convert("ipuz")      # bytes, and what the target cannot hold
    doc.save("puzzle.ipuz")               # atomic; the format follows the name
    svg = doc.render(as_="svg")
    solution = doc.solve(timeout=2.0)     # releases the GIL; Ctrl-C stops it

Errors are exceptions derived from :class:`pzl.Error` with ``file``, ``location`` and ``hint``;
what a lenient reader accepted is reported through :mod:`warnings` as :class:`PzlWarning`.

:mod:`pzl.puz` is a drop-in replacement for puzpy (``import pzl.puz as puz``).
"""

from __future__ import annotations

import json as _json
import os as _os
import signal as _signal
import threading as _threading
import warnings as _warnings
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _pzl
from ._pzl import (
    EncodeError,
    Error,
    FormatError,
    LimitError,
    PzlIOError,
    UnsupportedError,
    UsageError,
)

__all__ = [
    "open",
    "formats",
    "settings",
    "detect",
    "packing",
    "apad_solutions",
    "masyu_board",
    "generate",
    "Generated",
    "commands",
    "command",
    "CommandResult",
    "Pick",
    "ApadSolutions",
    "Document",
    "Crossword",
    "CrosswordCell",
    "CrosswordClue",
    "MarkupSpan",
    "Format",
    "Info",
    "CheckReport",
    "Problem",
    "SolveReport",
    "Solution",
    "Error",
    "FormatError",
    "EncodeError",
    "UnsupportedError",
    "UsageError",
    "LimitError",
    "PzlIOError",
    "PzlWarning",
]

__version__ = "0.1.0"

PathLike = Union[str, "_os.PathLike[str]"]


class PzlWarning(UserWarning):
    """Something a lenient reader accepted but did not like (``location`` says where)."""

    location: Optional[str]

    def __init__(self, message: str, location: Optional[str] = None) -> None:
        super().__init__(message if location is None else f"{location}: {message}")
        self.location = location


def _warn(found: Sequence[Tuple[Optional[str], str]], name: str, stacklevel: int = 3) -> None:
    for location, message in found:
        text = f"{name}: {location}: {message}" if location else f"{name}: {message}"
        w = PzlWarning(text)
        w.location = location
        _warnings.warn(w, stacklevel=stacklevel)


@dataclass(frozen=True)
class Format:
    """One file format pzl knows."""

    name: str
    kind: str
    description: str
    extensions: Tuple[str, ...]
    confidence: str
    read: bool
    write: bool


def formats() -> List[Format]:
    """Every format pzl knows, in detection order (what ``pzl formats`` lists)."""
    out = []
    for f in _json.loads(_pzl.formats_json()):
        out.append(
            Format(
                name=f["name"],
                kind=f["kind"],
                description=f["description"],
                extensions=tuple(f["extensions"]),
                confidence=f["confidence"],
                read=bool(f["read"]),
                write=bool(f["write"]),
            )
        )
    return out


def settings() -> List[Dict[str, Any]]:
    """Every kind's settings, the table the keyword arguments of :meth:`Document.check`,
    :meth:`Document.render` and :meth:`Document.solve` read: each a dict with ``name``
    (``no-flip``; the keyword is ``no_flip``), ``kind``, ``type`` (``flag``, ``number``, ``text``
    or ``path``), ``help``, ``value_name``, ``default``, ``requires`` and ``verbs``."""
    table: List[Dict[str, Any]] = _json.loads(_pzl.settings_json())
    return table


def detect(data: bytes, name: Optional[str] = None) -> Optional[str]:
    """The name of the format ``data`` (from a file called ``name``) is read as, or ``None``."""
    return _pzl.detect(data, name)


def _facts(d: Dict[str, Any]) -> Dict[str, Any]:
    facts = d.get("facts")
    return dict(facts) if isinstance(facts, dict) else {}


@dataclass(frozen=True)
class Info:
    """What ``Document.info()`` says: the kind, format, title and the kind's facts."""

    kind: str
    format: str
    title: str
    file: Optional[str]
    facts: Dict[str, Any]
    text: str = field(repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Problem:
    """A broken rule: its name (``rule``), the message and where (``location``, ``cells``)."""

    rule: str
    message: str
    location: Optional[str]
    cells: List[Tuple[int, int]]


def _location(at: Any) -> Optional[str]:
    if at is None:
        return None
    if isinstance(at, int):
        return f"byte offset {at}"
    if isinstance(at, dict) and "line" in at:
        col = at.get("column")
        return f"line {at['line']}" + (f", column {col}" if col is not None else "")
    return str(at)


@dataclass(frozen=True)
class CheckReport:
    """What ``Document.check()`` found: ``ok``, the ``verdict`` and each broken rule."""

    ok: bool
    verdict: str
    kind: str
    format: str
    file: Optional[str]
    problems: List[Problem]
    notes: List[str]
    facts: Dict[str, Any]
    text: str = field(repr=False)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class SolveReport:
    """What ``Document.solve()`` found: the outcome (``solved``, ``no-solution``, ``timed-out``,
    ``counted``), whether the solution is unique, the count, the time and the kind's facts."""

    outcome: str
    unique: Optional[bool]
    count: Optional[int]
    count_exact: Optional[bool]
    reason: Optional[str]
    solutions: List[str]
    time_ms: float
    facts: Dict[str, Any]
    warnings: List[str]
    text: str = field(repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Solution:
    """The report, the solutions as documents, and the solver's trace as a list of steps."""

    report: SolveReport
    solutions: List["Document"]
    trace: Optional[List[Dict[str, Any]]]

    @property
    def solved(self) -> bool:
        """Whether a solution was found."""
        return self.report.outcome == "solved"


class Document:
    """A puzzle file of any kind, read. Make one with :func:`pzl.open`."""

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    def __repr__(self) -> str:
        return f"<pzl.Document {self.kind} ({self.format}) {self.name!r}>"

    @property
    def format(self) -> str:
        """The name of the format it was read as (``puz``, ``tootsweet``, ...)."""
        return str(self._native.format())

    @property
    def kind(self) -> str:
        """The kind of puzzle: ``masyu``, ``crossword``, ``poly``, ``apad``, ``mac``, ..."""
        return str(self._native.kind())

    @property
    def name(self) -> str:
        """The name it was opened under (a path, or ``<bytes>``)."""
        return str(self._native.name())

    def writable_formats(self) -> List[str]:
        """The formats of its kind that it can be converted to."""
        return list(self._native.writable_formats())

    def info(self) -> Info:
        """Describe the document."""
        raw, text = self._native.info()
        d = _json.loads(raw)
        return Info(d["kind"], d["format"], d.get("title", ""), d.get("file"), _facts(d), text)

    def check(self, **settings: Any) -> CheckReport:
        """Verify the document strictly; each broken rule is a :class:`Problem`.

        ``settings`` are the kinds' check settings (see :func:`settings`), e.g. ``no_flip=True``:
        polyomino pieces may turn but not flip over."""
        raw, text = self._native.check(_json.dumps(settings))
        d = _json.loads(raw)
        problems = [
            Problem(p["rule"], p["message"], _location(p.get("at")), [tuple(c) for c in p.get("cells", [])])
            for p in d.get("problems", [])
        ]
        return CheckReport(
            ok=bool(d["ok"]),
            verdict=d.get("verdict", ""),
            kind=d.get("kind", ""),
            format=d.get("format", ""),
            file=d.get("file"),
            problems=problems,
            notes=list(d.get("notes", [])),
            facts=_facts(d),
            text=text,
        )

    def convert(self, to: Optional[str] = None) -> Tuple[bytes, List[str]]:
        """The document as the bytes of the format ``to`` (default: its own), and the list of
        what ``to`` cannot hold (empty when nothing is lost)."""
        data, lost = self._native.write(to)
        return bytes(data), list(lost)

    def tobytes(self, to: Optional[str] = None) -> bytes:
        """The document as the bytes of the format ``to``; warns (:class:`PzlWarning`) about
        what the target cannot hold."""
        data, lost = self.convert(to)
        for what in lost:
            _warnings.warn(PzlWarning(f"{to or self.format} cannot hold {what}"), stacklevel=2)
        return data

    def save(self, path: PathLike, to: Optional[str] = None) -> List[str]:
        """Write the document to ``path`` atomically (the old file is replaced only once the
        new one is whole), as ``to``, the format the name suggests, or its own. Gives what the
        format cannot hold."""
        fmt, lost = self._native.save(_os.fspath(path), to)
        for what in lost:
            _warnings.warn(PzlWarning(f"{fmt} cannot hold {what}"), stacklevel=2)
        return list(lost)

    def render(
        self,
        as_: str = "text",
        *,
        colour: bool = False,
        select: Optional[str] = None,
        paper: str = "letter",
        **settings: Any,
    ) -> Union[str, bytes]:
        """Draw the document: ``as_`` is ``"text"``, ``"svg"``, ``"html"`` (each a ``str``) or
        ``"pdf"`` (``bytes``). ``select`` picks a board or a date; ``paper`` is ``"letter"`` (the
        default) or ``"a4"``. ``settings`` are the kinds' render settings (see :func:`settings`):
        ``with_clues=True`` makes a crossword a printable page, ``date="Nov 22"`` draws the
        A-Puzzle-A-Day boards of a date."""
        native, found = self._native.render(as_, colour, select, paper, _json.dumps(settings))
        _warn(found, self.name)
        data = bytes(native)
        if as_.lower() == "pdf":
            return data
        return data.decode("utf-8")

    def solve(
        self,
        timeout: Optional[float] = None,
        count: bool = False,
        *,
        limit: Optional[int] = None,
        jobs: int = 1,
        **settings: Any,
    ) -> Solution:
        """Solve the puzzle. The GIL is released while the solver runs; ``timeout`` (seconds)
        and Ctrl-C stop it (a timeout gives outcome ``timed-out``; Ctrl-C raises
        ``KeyboardInterrupt``).

        ``count`` counts solutions (up to ``limit``); ``jobs`` threads for one search.
        ``settings`` are the kinds' solve settings (see :func:`settings`): ``all`` keeps every
        solution; ``distinct`` counts up to the shape's symmetries; ``no_flip``: pieces may turn
        but not flip; ``shard="K/N"`` counts one part; ``resume`` names an unfinished shard
        result; ``human``: reason like a person (Masyu); ``trace=True``: record each step
        (Masyu), given back as a list of dicts."""
        main = _threading.current_thread() is _threading.main_thread() and _signal.getsignal(_signal.SIGINT) not in (
            _signal.SIG_IGN,
            _signal.SIG_DFL,
            None,
        )
        raw, text, docs, tr = self._native.solve(timeout, count, limit, jobs, _json.dumps(settings), main)
        d = _json.loads(raw)
        c = d.get("count")
        report = SolveReport(
            outcome=d["outcome"],
            unique=d.get("unique"),
            count=None if c is None else int(c["value"]),
            count_exact=None if c is None else bool(c["exact"]),
            reason=d.get("reason"),
            solutions=list(d.get("solutions", [])),
            time_ms=float(d.get("time_ms", 0.0)),
            facts=_facts(d),
            warnings=[str(w.get("message", w)) if isinstance(w, dict) else str(w) for w in d.get("warnings", [])],
            text=text,
        )
        steps = None if tr is None else [_json.loads(line) for line in tr.splitlines() if line.strip()]
        return Solution(report, [Document(n) for n in docs], steps)

    def cells(self, ints: bool = False) -> List[List[Any]]:
        """A Masyu board's pearls as a list of rows: ``"."`` empty, ``"W"`` white, ``"B"`` black
        (with ``ints``: 0, 1, 2, ready for ``numpy.array``). Other kinds raise
        :class:`UsageError`."""
        rows = self._native.masyu_cells()
        if ints:
            return [list(r) for r in rows]
        return [[_PEARL_CHARS[v] for v in r] for r in rows]

    def edges(self) -> Tuple[List[List[int]], List[List[int]]]:
        """A Masyu board's edges as ``(horizontal, vertical)`` lists of rows: ``0`` unknown,
        ``1`` line, ``-1`` cross. ``horizontal[r][c]`` joins cell ``(r, c)`` to ``(r, c+1)``
        (height rows of width-1); ``vertical[r][c]`` joins ``(r, c)`` to ``(r+1, c)``
        (height-1 rows of width). Feed them back to :func:`masyu_board`."""
        h, v = self._native.masyu_edges()
        return [list(r) for r in h], [list(r) for r in v]

    def view(self) -> Dict[str, Any]:
        """What a player sees, as the same JSON the browser and ``pzl`` give: a Masyu board
        (``width``, ``height``, ``rows``, ``edges`` as ``"unknown"``/``"line"``/``"cross"``,
        ``ends``) or a crossword's player grid (cells and clues, no answers)."""
        view: Dict[str, Any] = _json.loads(self._native.view())
        return view

    def crossword(self) -> "Crossword":
        """A crossword as objects: its grid of :class:`CrosswordCell` (blocks, voids, numbers and
        the file's own labels, circles, shading, bars) and its clue lists of
        :class:`CrosswordClue` (label, text, enumeration, markup, the cells of its word). Built
        from :meth:`view`, so it holds what a player sees and never the answers (``info()``'s
        ``clues`` fact has those). :class:`UnsupportedError` for other kinds."""
        if self.kind != "crossword":
            raise UnsupportedError(f"{self.name}: a {self.kind} document has no crossword model")
        return Crossword._of(self.view())

    def act(self, action: Dict[str, Any]) -> "Document":
        """This document with a player's action done: ``{"action": "draw", "edge": 3, "state":
        "line"}``, ``{"action": "set-edges", "edges": [...]}``, ``{"action": "apply-hint"}``
        (Masyu), ``{"action": "unlock", "key": 1234}`` (crosswords)."""
        return Document(self._native.act(_json.dumps(action)))

    def hint(self, timeout: Optional[float] = None) -> Dict[str, Any]:
        """The next step a person could take on a Masyu board (``{"type": "deduce", "edge",
        "state", "rule", "text", ...}``), the first wrong line (``"wrong"``), ``"solved"`` or
        ``"none"``: the JSON of ``pzl masyu hint --json``."""
        hint: Dict[str, Any] = _json.loads(self._native.hint(timeout))
        return hint

    def combine(self, other: "Document") -> "Document":
        """This document with ``other`` laid over it (a drawn board over a Masyu puzzle, a
        solution beside a packing puzzle)."""
        native, found = self._native.combine(other._native)
        _warn(found, self.name)
        return Document(native)

    def lock(self, key: int) -> "Document":
        """A crossword with its solution locked (scrambled) with the four-digit ``key``."""
        return Document(self._native.lock(key))

    def unlock(self, key: Optional[int] = None) -> Tuple["Document", int]:
        """A locked crossword unlocked with ``key``, or with the key found by search; gives the
        document and the key."""
        native, k = self._native.unlock(key)
        return Document(native), int(k)


_PEARL_CHARS = (".", "W", "B")
_PEARL_CODES = {".": 0, "": 0, " ": 0, "-": 0, "W": 1, "w": 1, "O": 1, "o": 1, "B": 2, "b": 2, "X": 2, "x": 2}


def _pearl(value: Any, row: int, col: int) -> int:
    if value is None:
        return 0
    if isinstance(value, str):
        code = _PEARL_CODES.get(value)
        if code is None:
            raise UsageError(f"cell {value!r} at row {row}, column {col} is not '.', 'W' or 'B'")
        return code
    try:
        return int(value)  # also numpy integers
    except (TypeError, ValueError):
        raise UsageError(f"cell {value!r} at row {row}, column {col} is not '.', 'W', 'B' or 0, 1, 2") from None


def masyu_board(
    cells: Sequence[Union[str, Sequence[Any]]],
    h_edges: Optional[Sequence[Sequence[int]]] = None,
    v_edges: Optional[Sequence[Sequence[int]]] = None,
    *,
    format: str = "pzprv3",
    name: str = "<board>",
) -> Document:
    """A Masyu document from plain lists (or numpy arrays).

    ``cells`` is a list of rows, each a string such as ``"..W.B"`` or a list of ``"."``/``"W"``/
    ``"B"`` or ``0``/``1``/``2``. ``h_edges`` (height rows of width-1) and ``v_edges``
    (height-1 rows of width) give edge states as :meth:`Document.edges` does: ``0`` unknown,
    ``1`` line, ``-1`` cross; omitted, every edge is unknown. ``format`` is the document's own
    format (what :meth:`Document.convert` and :meth:`Document.save` write by default);
    ``pzprv3`` keeps pearls, lines and crosses."""
    rows = [[_pearl(v, r, c) for c, v in enumerate(row)] for r, row in enumerate(cells)]
    h = None if h_edges is None else [[int(v) for v in row] for row in h_edges]
    v = None if v_edges is None else [[int(x) for x in row] for row in v_edges]
    return Document(_pzl.masyu_board(rows, h, v, format, name))


Cell = Tuple[int, int]
Shape = Union[Sequence[str], Sequence[Cell]]


def _rows(shape: Shape) -> List[str]:
    """A shape as rows of ``#``/``.``: given as strings, or as ``(row, col)`` cells."""
    items = list(shape)
    if all(isinstance(r, str) for r in items):
        return [str(r) for r in items]
    cells = [(int(c[0]), int(c[1])) for c in items]  # type: ignore[index]
    if not cells:
        raise UsageError("a shape needs at least one cell")
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    grid = [["."] * w for _ in range(h)]
    for r, c in cells:
        grid[r - r0][c - c0] = "#"
    return ["".join(row) for row in grid]


def packing(
    board: Shape,
    pieces: Dict[str, Union[Shape, Tuple[Shape, int]]],
    *,
    flips: bool = True,
    title: Optional[str] = None,
) -> Document:
    """A polyomino packing problem built from Python data.

    ``board`` and each piece are rows of ``#``/``.`` or lists of ``(row, col)`` cells (so a
    numpy ``argwhere`` result works); a piece may be ``(shape, copies)``. ``flips``: pieces may
    be turned over. The problem is a ``pzl-pack`` document: ``solve(count=True)``,
    ``solve(distinct=True, ...)``, ``convert("macpoly")`` work as for a file."""
    lines = ["pzl-pack 1"]
    if title:
        lines.append(f"title {title}")
    lines.append(f"flips {'yes' if flips else 'no'}")
    lines += ["", "board", *_rows(board)]
    for name, spec in pieces.items():
        copies = 1
        shape: Shape
        if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[1], int):
            shape, copies = spec[0], spec[1]
        else:
            shape = spec  # type: ignore[assignment]
        lines += ["", f"piece {name}" + (f" x{copies}" if copies != 1 else ""), *_rows(shape)]
    return open("\n".join(lines).encode() + b"\n", "pzl-pack", name=title or "<packing>")


@dataclass(frozen=True)
class MarkupSpan:
    """A run of inline markup in a clue: ``style`` (``italic``, ``bold``, ``underline``,
    ``strike``, ``sub``, ``sup``) over ``text[start:end]`` (character offsets)."""

    style: str
    start: int
    end: int


@dataclass(frozen=True)
class CrosswordCell:
    """One cell of a crossword grid as a player sees it."""

    row: int
    col: int
    block: bool
    number: int
    circled: bool
    entry: str
    void: bool = False
    label: Optional[str] = None
    shade: Optional[str] = None
    bars: Tuple[str, ...] = ()


@dataclass(frozen=True)
class CrosswordClue:
    """One clue: its list (``Across``, ``Down``), ``direction``, grid ``number`` and the
    ``label`` the file prints, its plain ``text``, ``enumeration`` (``"(3,4)"``), ``markup``
    spans over the text, and the ``(row, col)`` cells of its word (bars end words)."""

    list: str
    direction: str
    number: int
    label: str
    text: Optional[str]
    enumeration: Optional[str]
    markup: Tuple[MarkupSpan, ...]
    cells: Tuple[Tuple[int, int], ...]


@dataclass(frozen=True)
class Crossword:
    """A crossword's grid and clue lists (see :meth:`Document.crossword`)."""

    width: int
    height: int
    title: str
    author: str
    copyright: str
    notes: str
    locked: bool
    diagramless: bool
    rows: Tuple[Tuple[CrosswordCell, ...], ...]
    clue_lists: Dict[str, Tuple[CrosswordClue, ...]]

    def cell(self, row: int, col: int) -> CrosswordCell:
        """The cell at ``row``, ``col`` (from 0)."""
        return self.rows[row][col]

    @property
    def clues(self) -> List[CrosswordClue]:
        """Every clue, list by list."""
        return [c for clues in self.clue_lists.values() for c in clues]

    @staticmethod
    def _of(view: Dict[str, Any]) -> "Crossword":
        width = int(view["width"])

        def cell(i: int, c: Dict[str, Any]) -> CrosswordCell:
            return CrosswordCell(
                i // width, i % width, bool(c["block"]), int(c["number"]), bool(c["circled"]), str(c["entry"]),
                bool(c.get("void", False)), c.get("label"), c.get("shade"), tuple(c.get("bars", ())),
            )

        cells = [cell(i, c) for i, c in enumerate(view["cells"])]
        lists: Dict[str, List[CrosswordClue]] = {}
        for c in view["clues"]:
            text = c.get("clue")
            lists.setdefault(c["list"], []).append(
                CrosswordClue(
                    c["list"], c["direction"], int(c["number"]), str(c["label"]), text, c.get("enumeration"),
                    tuple(_spans(text or "", c.get("markup", []))),
                    tuple((i // width, i % width) for i in c["cells"]),
                )
            )
        return Crossword(
            width, int(view["height"]), view["title"], view["author"], view["copyright"], view["notes"],
            bool(view["locked"]), bool(view["diagramless"]),
            tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(int(view["height"]))),
            {k: tuple(v) for k, v in lists.items()},
        )


def _spans(text: str, spans: List[Dict[str, Any]]) -> List[MarkupSpan]:
    """The view's spans (byte offsets into the UTF-8 text) as character offsets."""
    if text.isascii():
        return [MarkupSpan(s["style"], int(s["start"]), int(s["end"])) for s in spans]
    data = text.encode("utf-8")

    def chars(at: int) -> int:
        return len(data[:at].decode("utf-8", "ignore"))

    return [MarkupSpan(s["style"], chars(int(s["start"])), chars(int(s["end"]))) for s in spans]


@dataclass(frozen=True)
class ApadSolutions:
    """The A-Puzzle-A-Day solutions of one date."""

    answer: str
    count: int
    complete: bool
    text: str = field(repr=False)
    time_ms: int = 0

    def __str__(self) -> str:
        return self.text


def apad_solutions(
    date: str,
    edition: str = "classic",
    *,
    weekday: Optional[str] = None,
    first: bool = False,
    timeout: Optional[float] = None,
) -> ApadSolutions:
    """Solve A-Puzzle-A-Day for ``date`` (``"Jan 19"``, ``"2026-01-19"``) on ``edition``
    (``"classic"``, ``"weekday"`` or a description file). ``weekday`` names the weekday to
    leave open on the weekday edition (default: the date's in the year given or this year)."""
    answer, count, complete, text, ms, found = _pzl.apad_solve(date, edition, weekday, first, timeout)
    _warn(found, "apad")
    return ApadSolutions(answer, int(count), bool(complete), text, int(ms))


@dataclass(frozen=True)
class CommandResult:
    """What one of the kinds' own commands produced (:func:`command`)."""

    #: The command ran to the end without problems (the command line's exit 0).
    ok: bool
    #: Its report as data (what ``pzl ... --json`` prints), when it has one.
    report: Optional[Dict[str, Any]]
    #: What it meant for standard output (an output named ``-``, the default of most).
    output: bytes
    #: Messages that are part of the result (the key that unlocked a puzzle).
    notes: List[str]


def commands() -> List[str]:
    """Every command the kinds offer beyond the shared verbs, by path: ``"crossword lock"``,
    ``"masyu db list"``, ``"apad solve"``, … (the ``pzl`` command line's own commands)."""
    return list(_pzl.commands())


def command(name: str, **values: Any) -> CommandResult:
    """Run one of the kinds' own commands (:func:`commands`) with the values of its parameters,
    named as on the command line (``fork_format=`` for ``--fork-format``): files it writes are
    written, what it meant for standard output is given back.

    ``pzl.command("crossword lock", input="x.puz", key="1234", output="locked.puz")``
    """
    ok, report, output, notes, warned = _pzl.run_command(name, _json.dumps(values))
    _warn(warned, name)
    return CommandResult(bool(ok), _json.loads(report) if report else None, bytes(output), list(notes))


Pick = Union[str, int, Tuple[str, int], Dict[str, Any]]


def _pick(pick: Optional[Pick]) -> Optional[Tuple[Optional[str], Optional[int], Optional[str]]]:
    """``pick`` as the native ``(resource type, id, name)``."""
    if pick is None:
        return None
    if isinstance(pick, str):
        return (None, None, pick)
    if isinstance(pick, bool):
        raise UsageError("pick is a puzzle name, an id, (type, id) or a dict with type, id and name")
    if isinstance(pick, int):
        return (None, pick, None)
    if isinstance(pick, tuple) and len(pick) == 2:
        return (str(pick[0]), int(pick[1]), None)
    if isinstance(pick, dict):
        unknown = set(pick) - {"type", "id", "name"}
        if unknown:
            raise UsageError(f"pick has unknown keys {sorted(unknown)}: use type, id and name")
        t, i, n = pick.get("type"), pick.get("id"), pick.get("name")
        return (None if t is None else str(t), None if i is None else int(i), None if n is None else str(n))
    raise UsageError("pick is a puzzle name, an id, (type, id) or a dict with type, id and name")


def open(  # noqa: A001
    source: Union[PathLike, bytes, bytearray, memoryview],
    format: Optional[str] = None,
    *,
    name: Optional[str] = None,
    pick: Optional[Pick] = None,
) -> Document:
    """Open a puzzle file of any kind: a path, the file's bytes, or a puzzle link
    (``"https://puzz.link/p?mashu/6/6/…"``, a pzprjs player link, a Penpa+ link, read as its own
    text as the ``pzl`` command reads it; a file of that name is preferred should one exist).

    ``format`` names the format (``"puz"``, ``"apad:weekday"``; see :func:`formats`); without it
    the format is detected from the content and the name as the ``pzl`` command does. ``name``
    names bytes in messages (and helps detection). ``pick`` takes one puzzle out of a Mac file
    (MacPoly's ``SBPn`` resources): its name (``"6 x 6 Square"``), its ID (``128``),
    ``("SBP1", 128)`` or ``{"type": "SBP1", "id": 128, "name": ...}`` (any of the keys). Without
    it a Mac file opens as a Mac file (whose ``solve``/``render`` take its only puzzle). Warnings from a lenient read go
    through :mod:`warnings`; errors raise :class:`pzl.Error` subclasses."""
    chosen = _pick(pick)
    if isinstance(source, (bytes, bytearray, memoryview)):
        label = name or "<bytes>"
        native, found = _pzl.open_bytes(bytes(source), label, format, chosen)
    else:
        native, found = _pzl.open_path(_os.fspath(source), format, chosen)
        label = native.name()
    _warn(found, label)
    return Document(native)


@dataclass(frozen=True)
class Generated:
    """One puzzle :func:`generate` made: the ``document`` (in the format asked), its ``index``
    in the run and the run's ``seed`` (enough to make it again), its ``difficulty`` and
    ``pearls``, and what the solve that proved it unique needed (``stats``, as ``pzl generate
    masyu --json`` gives it)."""

    document: Document
    index: int
    seed: int
    difficulty: str
    pearls: int
    stats: Dict[str, Any] = field(default_factory=dict)


def generate(
    kind: str = "masyu",
    *,
    size: str = "10x10",
    difficulty: str = "medium",
    count: int = 1,
    seed: int = 1,
    symmetry: str = "none",
    minimal: bool = False,
    jobs: int = 1,
    timeout: Optional[float] = None,
    format: Optional[str] = None,
) -> List[Generated]:
    """New puzzles, as ``pzl generate masyu`` makes them: ``count`` puzzles of ``size``
    (``"10x10"``, width first, or ``"8"``) and ``difficulty`` (easy, medium, hard, expert), each
    proven to have exactly one solution. The same ``seed`` and options give the same puzzles on
    every machine, whatever ``jobs``. ``symmetry`` is none, rotational or mirror; ``minimal``
    asks that no pearl can be removed. Each document is in ``format`` (default: a puzz.link URL,
    ``pzprjs``). The GIL is released while they are made. With ``timeout`` (seconds) the run
    stops early: the puzzles made are returned and a :class:`PzlWarning` says how many were not.
    Only Masyu can be generated (:class:`UnsupportedError` otherwise)."""
    if kind != "masyu":
        raise UnsupportedError(f"generate makes masyu puzzles, not {kind!r}")
    natives, reports, stopped = _pzl.masyu_generate(
        size, difficulty, count, seed, symmetry, minimal, jobs, timeout, format
    )
    if stopped:
        _warn([(None, f"the time ran out: {len(natives)} made, {stopped} not")], "generate", stacklevel=3)
    out: List[Generated] = []
    for native, report in zip(natives, reports):
        made = _json.loads(report)
        out.append(
            Generated(
                Document(native),
                int(made["index"]),
                int(made["seed"]),
                str(made["difficulty"]),
                int(made["pearls"]),
                dict(made.get("stats", {})),
            )
        )
    return out


def __dir__() -> List[str]:
    """What the package offers (not the names it imports for itself, such as ``Any``)."""
    return sorted([*__all__, "__version__", "puz"])
