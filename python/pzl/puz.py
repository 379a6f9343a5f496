"""A drop-in replacement for puzpy (``import pzl.puz as puz``), built on pzl.

The module has puzpy's functions (:func:`read`, :func:`load`, :func:`read_text`,
:func:`load_text`), its :class:`Puzzle` class with the same attributes and methods
(``clue_numbering()``, ``rebus()``, ``markup()``, ``timer()``, ``lock_solution``,
``unlock_solution``, ``check_answers``, ``save``, ``tobytes``, ...) and its exception
:class:`PuzzleFormatError`. Reading, checksums, writing, locking and the codecs of the extra
sections run in pzl's Rust ``.puz`` layer; nothing here parses a file format.

Differences from puzpy (where puzpy has a known bug, pzl follows the format):

- A postscript of any length is kept as it is (puzpy may take 8 bytes or more of trailing data
  for an extra section and fail its checksum).
- Files with data before the header, or a decoy ``ACROSS&DOWN`` in that data, read as the
  ``pzl`` command reads them.
- :func:`load_text` / :func:`read_text` read Across Lite text v1 and v2 (any case of ``v2``)
  and also ipuz (JSON) through pzl's readers; :func:`to_text_format` writes through pzl's
  Across Lite text writer.
"""

from __future__ import annotations

import os as _os
import struct as _struct
from enum import Enum, IntEnum
from typing import Any, Dict, Iterator, List, Optional, Union, cast

from . import _pzl

__all__ = [
    "Puzzle",
    "PuzzleFormatError",
    "read",
    "load",
    "read_text",
    "load_text",
    "to_text_format",
    "from_text_format",
    "PuzzleType",
    "SolutionState",
    "GridMarkup",
    "Extensions",
    "ClueEntry",
    "ClueNumbering",
    "DefaultClueNumbering",
    "Grid",
    "Rebus",
    "Markup",
    "Timer",
    "TimerStatus",
    "data_cksum",
    "get_grid_numbering",
    "is_blacksquare",
    "DirectionError",
    "PuzzleBuffer",
    "scramble_string",
    "unscramble_string",
    "scramble_solution",
    "unscramble_solution",
]

ENCODING = "ISO-8859-1"
ENCODING_UTF8 = "UTF-8"
ENCODING_ERRORS = "strict"
ACROSSDOWN = b"ACROSS&DOWN"
MASKSTRING = "ICHEATED"
BLACKSQUARE = "."
BLACKSQUARE2 = ":"
BLANKSQUARE = "-"

PuzzleFormatError = _pzl.PuzzleFormatError
PuzzleFormatError.__module__ = "pzl.puz"


class PuzzleType(IntEnum):
    """The puzzle-type field."""

    Normal = 0x0001
    Diagramless = 0x0401


class SolutionState(IntEnum):
    """The solution-state field."""

    Unlocked = 0x0000
    NotProvided = 0x0002
    Locked = 0x0004


class GridMarkup(IntEnum):
    """Bits of the ``GEXT`` section."""

    Default = 0x00
    PreviouslyIncorrect = 0x10
    Incorrect = 0x20
    Revealed = 0x40
    Circled = 0x80


class Extensions(bytes, Enum):
    """The codes of the extra sections."""

    Rebus = b"GRBS"
    RebusSolutions = b"RTBL"
    RebusFill = b"RUSR"
    Timer = b"LTIM"
    Markup = b"GEXT"


def is_blacksquare(c: Union[str, int]) -> bool:
    """Whether a cell character is a block (``.``, or ``:`` in diagramless puzzles)."""
    if isinstance(c, int):
        c = chr(c)
    return c in (BLACKSQUARE, BLACKSQUARE2)


def data_cksum(data: bytes, cksum: int = 0) -> int:
    """The .puz checksum of ``data``, continued from ``cksum``."""
    return int(_pzl.data_cksum(bytes(data), cksum))


class ClueEntry(Dict[str, Any]):
    """A numbered entry: a dict (``num``, ``clue``, ``clue_index``, ``cell``, ``row``, ``col``,
    ``len``, ``dir``) that also has named properties."""

    _puzzle: Optional["Puzzle"]

    def __init__(self, data: Dict[str, Any], puzzle: Optional["Puzzle"] = None) -> None:
        super().__init__(data)
        self._puzzle = puzzle

    @property
    def number(self) -> int:
        return cast(int, self["num"])

    @property
    def text(self) -> str:
        return cast(str, self["clue"])

    @property
    def length(self) -> int:
        return cast(int, self["len"])

    @property
    def direction(self) -> str:
        return cast(str, self["dir"])

    @property
    def row(self) -> int:
        return cast(int, self["row"])

    @property
    def col(self) -> int:
        return cast(int, self["col"])

    @property
    def cell(self) -> int:
        return cast(int, self["cell"])

    @property
    def solution(self) -> str:
        assert self._puzzle is not None, "ClueEntry has no puzzle reference"
        return self._puzzle.solution_grid().get_string_for_clue(self)

    @property
    def fill(self) -> str:
        assert self._puzzle is not None, "ClueEntry has no puzzle reference"
        return self._puzzle.grid().get_string_for_clue(self)


def get_grid_numbering(grid: str, width: int, height: int) -> tuple[List[ClueEntry], List[ClueEntry]]:
    """The across and down entries of a grid, numbered as Across Lite numbers them."""
    across_raw, down_raw = _pzl.puz_numbering(grid, width, height)

    def entries(raw: List[Any], direction: str) -> List[ClueEntry]:
        return [
            ClueEntry(
                {
                    "num": num,
                    "clue": None,
                    "clue_index": index,
                    "cell": cell,
                    "row": row,
                    "col": col,
                    "len": length,
                    "dir": direction,
                }
            )
            for num, index, cell, row, col, length in raw
        ]

    return entries(across_raw, "across"), entries(down_raw, "down")


class DefaultClueNumbering:
    """The numbered entries of a grid, with their clues."""

    def __repr__(self) -> str:
        return f"DefaultClueNumbering(across={len(self.across)}, down={len(self.down)})"

    def __init__(self, grid: str, clues: List[str], width: int, height: int) -> None:
        self.grid = grid
        self.clues = clues
        self.width = width
        self.height = height
        self.across, self.down = get_grid_numbering(grid, width, height)
        for entry in self.across + self.down:
            i = entry["clue_index"]
            entry["clue"] = clues[i] if i < len(clues) else None

    def save(self) -> None:
        """Nothing to write back: the numbering follows the grid."""

    def col(self, index: int) -> int:
        return index % self.width

    def row(self, index: int) -> int:
        return index // self.width

    def len_across(self, index: int) -> int:
        n = 0
        while self.col(index) + n < self.width and not is_blacksquare(self.grid[index + n]):
            n += 1
        return n

    def len_down(self, index: int) -> int:
        n = 0
        while self.row(index) + n < self.height and not is_blacksquare(self.grid[index + n * self.width]):
            n += 1
        return n


class ClueNumbering(DefaultClueNumbering):
    """The numbered entries of a puzzle's solution grid."""

    def __repr__(self) -> str:
        return f"ClueNumbering(across={len(self.across)}, down={len(self.down)})"

    def __init__(self, puzzle: "Puzzle") -> None:
        super().__init__(puzzle.solution, puzzle.clues, puzzle.width, puzzle.height)
        for entry in self.across + self.down:
            entry._puzzle = puzzle


class DirectionError(ValueError, AssertionError):
    """A direction other than ``across`` or ``down``.

    A :class:`ValueError`, and also an :class:`AssertionError` because puzpy asserts the
    direction, so code written for either catches it.
    """


class Grid:
    """A grid string seen as rows and columns."""

    def __repr__(self) -> str:
        return f"Grid({self.width}x{self.height})"

    def __init__(self, grid: str, width: int, height: int) -> None:
        self.grid = grid
        self.width = width
        self.height = height

    def get_cell(self, row: int, col: int) -> str:
        return self.grid[self.get_cell_index(row, col)]

    def get_cell_index(self, row: int, col: int) -> int:
        return row * self.width + col

    def get_range(self, row: int, col: int, length: int, dir: str = "across") -> List[str]:  # noqa: A002
        if dir == "across":
            return self.get_range_across(row, col, length)
        if dir == "down":
            return self.get_range_down(row, col, length)
        raise DirectionError(f"unknown direction {dir!r}: expected 'across' or 'down'")

    def get_range_across(self, row: int, col: int, length: int) -> List[str]:
        return [self.grid[self.get_cell_index(row, col + i)] for i in range(length)]

    def get_range_down(self, row: int, col: int, length: int) -> List[str]:
        return [self.grid[self.get_cell_index(row + i, col)] for i in range(length)]

    def get_range_for_clue(self, clue: ClueEntry) -> List[str]:
        return self.get_range(clue["row"], clue["col"], clue["len"], clue["dir"])

    def __iter__(self) -> Iterator[List[str]]:
        return self.rows()

    def rows(self) -> Iterator[List[str]]:
        for r in range(self.height):
            yield self.get_row(r)

    def cols(self) -> Iterator[List[str]]:
        for c in range(self.width):
            yield self.get_column(c)

    def get_row(self, row: int) -> List[str]:
        return self.get_range_across(row, 0, self.width)

    def get_column(self, col: int) -> List[str]:
        return self.get_range_down(0, col, self.height)

    def get_string(self, row: int, col: int, length: int, dir: str = "across") -> str:  # noqa: A002
        return "".join(self.get_range(row, col, length, dir))

    def get_string_across(self, row: int, col: int, length: int) -> str:
        return "".join(self.get_range_across(row, col, length))

    def get_string_down(self, row: int, col: int, length: int) -> str:
        return "".join(self.get_range_down(row, col, length))

    def get_string_for_clue(self, clue: ClueEntry) -> str:
        return "".join(self.get_range_for_clue(clue))


def _mask(types: Union[List[GridMarkup], GridMarkup, int, None]) -> int:
    if isinstance(types, list):
        return sum(int(t) for t in types)
    return int(types) if types else 0xFF


class Rebus:
    """The rebus sections (``GRBS``, ``RTBL``, ``RUSR``) of a puzzle, decoded."""

    def __repr__(self) -> str:
        return f"Rebus(squares={len(self.get_rebus_squares())}, solutions={len(self.solutions)})"

    def __init__(self, puzzle: "Puzzle") -> None:
        self.puzzle = puzzle
        n = puzzle.width * puzzle.height
        self._dirty = False
        ext = puzzle.extensions
        self.table: List[int] = list(ext[Extensions.Rebus]) if Extensions.Rebus in ext else [0] * n
        self.solutions: Dict[int, str] = {}
        if Extensions.RebusSolutions in ext:
            text = ext[Extensions.RebusSolutions].decode(puzzle.encoding)
            self.solutions = dict(_pzl.rebus_table_parse(text))
        if Extensions.RebusFill in ext:
            fill = list(_pzl.rebus_fill_parse(ext[Extensions.RebusFill], puzzle.encoding))
            self.fill: List[str] = (fill + [""] * n)[:n]
        else:
            self.fill = [""] * n

    def has_rebus(self) -> bool:
        return Extensions.Rebus in self.puzzle.extensions or any(self.table)

    def is_rebus_square(self, index: int) -> bool:
        return self.table[index] > 0

    def get_rebus_squares(self) -> List[int]:
        return [i for i, k in enumerate(self.table) if k > 0]

    def add_rebus_squares(self, squares: Union[int, List[int]], solution: str) -> None:
        if isinstance(squares, int):
            squares = [squares]
        k = self.add_rebus_solution(solution)
        for i in squares:
            self.table[i] = k + 1

    def add_rebus_solution(self, solution: str) -> int:
        k = next((i for i, s in self.solutions.items() if s == solution), -1)
        if k < 0:
            k = (max(self.solutions) + 1) if self.solutions else 0
            self.solutions[k] = solution
        return k

    def check_rebus_fill(self, indexes: Union[int, List[int], None] = None, strict: bool = True) -> bool:
        if isinstance(indexes, int):
            indexes = [indexes]
        if indexes is None:
            indexes = self.get_rebus_squares()
        for index in indexes:
            if not self.is_rebus_square(index):
                raise ValueError(f"index {index} is not a rebus square")
            solution = self.get_rebus_solution(index)
            fill = self.get_rebus_fill(index)
            if solution != fill and (fill or strict):
                return False
        return True

    def get_rebus_solution(self, index: int) -> Optional[str]:
        if self.is_rebus_square(index):
            return self.solutions[self.table[index] - 1]
        return None

    def set_rebus_solution(self, index: int, solution: str) -> None:
        if self.is_rebus_square(index):
            self.table[index] = self.add_rebus_solution(solution) + 1

    def get_rebus_fill(self, index: int) -> Optional[str]:
        if self.is_rebus_square(index):
            return self.fill[index] or None
        return None

    def remove_rebus_squares(self, squares: Union[int, List[int]]) -> None:
        if isinstance(squares, int):
            squares = [squares]
        for i in squares:
            self.table[i] = 0
            self._dirty = True

    def remove_rebus_solution(self, solution: Union[str, int]) -> None:
        if isinstance(solution, str):
            k = next((i for i, s in self.solutions.items() if s == solution), -1)
        else:
            k = solution
        if k >= 0:
            del self.solutions[k]
            self.table = [0 if v == k + 1 else v for v in self.table]
            self._dirty = True

    def set_rebus_fill(self, index: int, value: str) -> None:
        if self.is_rebus_square(index):
            self.fill[index] = value

    def save(self) -> None:
        """Write the rebus back into the puzzle's sections."""
        ext = self.puzzle.extensions
        if self.has_rebus():
            ext[Extensions.Rebus] = bytes(self.table)
            if self.solutions:
                ext[Extensions.RebusSolutions] = self.puzzle.encode(_pzl.rebus_table_format(list(self.solutions.items())))
            else:
                ext.pop(Extensions.RebusSolutions, None)
            if any(self.fill) or Extensions.RebusFill in ext:
                ext[Extensions.RebusFill] = bytes(_pzl.rebus_fill_format(self.fill, self.puzzle.encoding))
            else:
                ext.pop(Extensions.RebusFill, None)
        elif self._dirty:
            for code in (Extensions.Rebus, Extensions.RebusSolutions, Extensions.RebusFill):
                ext.pop(code, None)


class Markup:
    """The ``GEXT`` section: one byte of :class:`GridMarkup` bits per cell."""

    def __repr__(self) -> str:
        return f"Markup(marked_squares={len(self.get_markup_squares())})"

    def __init__(self, puzzle: "Puzzle") -> None:
        self.puzzle = puzzle
        self._dirty = False
        self.markup: List[int] = list(puzzle.extensions.get(Extensions.Markup, b"")) or [0] * (puzzle.width * puzzle.height)

    def clear_markup_squares(self, indices: Union[List[int], int], markup_types: Union[List[GridMarkup], GridMarkup, None] = None) -> None:
        if isinstance(indices, int):
            indices = [indices]
        mask = _mask(markup_types)
        for i in indices:
            self.markup[i] &= ~mask
            self._dirty = True

    def has_markup(self, markup_types: Union[List[GridMarkup], GridMarkup, None] = None) -> bool:
        mask = _mask(markup_types)
        return any(b & mask for b in self.markup)

    def get_markup_squares(self, markup_types: Union[List[GridMarkup], GridMarkup, None] = None) -> List[int]:
        mask = _mask(markup_types)
        return [i for i, b in enumerate(self.markup) if b & mask]

    def is_markup_square(self, index: int, markup_types: Union[List[GridMarkup], GridMarkup, None] = None) -> bool:
        return bool(self.markup[index] & _mask(markup_types))

    def set_markup_squares(self, indices: Union[List[int], int], markup_type: Union[List[GridMarkup], GridMarkup, None] = None) -> None:
        if isinstance(indices, int):
            indices = [indices]
        mask = _mask(markup_type)
        for i in indices:
            self.markup[i] |= mask

    def save(self) -> None:
        """Write the markup back into the puzzle's sections."""
        if self.has_markup():
            self.puzzle.extensions[Extensions.Markup] = bytes(b & 0xFF for b in self.markup)
        elif self._dirty:
            self.puzzle.extensions.pop(Extensions.Markup, None)


class TimerStatus(IntEnum):
    """Whether the solving timer runs."""

    Running = 0
    Stopped = 1


class Timer:
    """The ``LTIM`` section: seconds elapsed and whether the timer is stopped."""

    def __repr__(self) -> str:
        return f"Timer(elapsed_seconds={self.elapsed_seconds}, status={self.status.name})"

    def __init__(self, puzzle: "Puzzle") -> None:
        self.puzzle = puzzle
        elapsed, status = _pzl.timer_parse(puzzle.extensions.get(Extensions.Timer, b"0,1"))
        self.elapsed_seconds = int(elapsed)
        self.status = TimerStatus(int(status))

    def is_running(self) -> bool:
        return self.status == TimerStatus.Running

    def is_stopped(self) -> bool:
        return self.status == TimerStatus.Stopped

    def save(self) -> None:
        """Write the timer back into the puzzle's sections."""
        self.puzzle.extensions[Extensions.Timer] = f"{self.elapsed_seconds},{int(self.status)}".encode()


class Puzzle:
    """A crossword as puzpy models it: the fields of the ``.puz`` file, decoded."""

    # The text document and the .puz bytes it gave, when read by load_text (see to_text_format).
    _text_source: Optional[tuple[Any, bytes]] = None

    def __repr__(self) -> str:
        return f"Puzzle({self.width}x{self.height}, title={self.title!r}, author={self.author!r})"

    def __init__(self, version: Union[str, bytes] = "1.3") -> None:
        self.preamble: bytes = b""
        self.postscript: Union[bytes, str] = b""
        self.title = ""
        self.author = ""
        self.copyright = ""
        self.width = 0
        self.height = 0
        self.version: bytes = b""
        self.fileversion: bytes = b""
        self.set_version(version)
        self.encoding = ENCODING
        self.unk1 = b"\0" * 2
        self.unk2 = b"\0" * 12
        self.scrambled_cksum = 0
        self.fill = ""
        self.solution = ""
        self.clues: List[str] = []
        self.notes = ""
        self.extensions: Dict[bytes, bytes] = {}
        self._extensions_order: List[bytes] = []
        self.puzzletype: int = PuzzleType.Normal
        self.solution_state: int = SolutionState.Unlocked
        self.helpers: Dict[str, Any] = {}

    def load(self, data: bytes) -> None:
        """Read ``.puz`` bytes into this puzzle; raises :class:`PuzzleFormatError`."""
        fields = _pzl.puz_load(bytes(data))
        self.__dict__.update(fields)
        self.helpers = {}

    def save(self, filename: Union[str, "_os.PathLike[str]"]) -> None:
        """Write the puzzle to ``filename``."""
        data = self.tobytes()
        with open(filename, "wb") as f:
            f.write(data)

    def tobytes(self) -> bytes:
        """The ``.puz`` bytes, every checksum computed."""
        for h in self.helpers.values():
            h.save()
        ext = dict(self.extensions)
        sections = []
        for code in self._extensions_order:
            data = ext.pop(code, None)
            if data:
                sections.append((bytes(code), bytes(data)))
        for code, data in ext.items():
            sections.append((bytes(code), bytes(data)))
        return bytes(_pzl.puz_dump(self, sections))

    def encode(self, s: str) -> bytes:
        return s.encode(self.encoding, ENCODING_ERRORS)

    def encode_zstring(self, s: str) -> bytes:
        return self.encode(s) + b"\0"

    def version_tuple(self) -> tuple[int, ...]:
        return tuple(map(int, self.version.split(b".")))

    def set_version(self, version: Union[str, bytes]) -> None:
        self.version = version.encode("utf-8") if isinstance(version, str) else bytes(version)
        self.fileversion = self.version + b"\0"

    def has_rebus(self) -> bool:
        if Extensions.Rebus in self.extensions or "rebus" in self.helpers:
            return self.rebus().has_rebus()
        return False

    def rebus(self) -> Rebus:
        if "rebus" not in self.helpers:
            self.helpers["rebus"] = Rebus(self)
        return cast(Rebus, self.helpers["rebus"])

    def has_timer(self) -> bool:
        return Extensions.Timer in self.extensions or "timer" in self.helpers

    def remove_timer(self) -> None:
        self.extensions.pop(Extensions.Timer, None)
        self.helpers.pop("timer", None)

    def timer(self) -> Timer:
        if "timer" not in self.helpers:
            self.helpers["timer"] = Timer(self)
        return cast(Timer, self.helpers["timer"])

    def has_markup(self) -> bool:
        if Extensions.Markup in self.extensions or "markup" in self.helpers:
            return self.markup().has_markup()
        return False

    def markup(self) -> Markup:
        if "markup" not in self.helpers:
            self.helpers["markup"] = Markup(self)
        return cast(Markup, self.helpers["markup"])

    def clue_numbering(self) -> ClueNumbering:
        if "clues" not in self.helpers:
            self.helpers["clues"] = ClueNumbering(self)
        return cast(ClueNumbering, self.helpers["clues"])

    def blacksquare(self) -> str:
        return BLACKSQUARE2 if self.puzzletype == PuzzleType.Diagramless else BLACKSQUARE

    def is_solution_locked(self) -> bool:
        return bool(self.solution_state == SolutionState.Locked)

    def unlock_solution(self, key: int) -> bool:
        """Unlock with ``key``; False (nothing changed) when the key is wrong."""
        if self.is_solution_locked():
            got = _pzl.puz_unlock(self, key)
            if got is None:
                return False
            self.solution, self.scrambled_cksum, _state = got
            self.solution_state = SolutionState.Unlocked
        return True

    def lock_solution(self, key: int) -> None:
        """Lock (scramble) the solution with the four-digit ``key``."""
        if not self.is_solution_locked():
            self.solution, self.scrambled_cksum, _state = _pzl.puz_lock(self, key)
            self.solution_state = SolutionState.Locked

    def check_answers(self, fill: str, strict: bool = True) -> bool:
        """Whether ``fill`` is the solution (locked puzzles: by the scrambled checksum)."""
        if self.is_solution_locked():
            if not strict:
                raise ValueError("non-strict checking not possible when solution is locked")
            return bool(_pzl.puz_scrambled_cksum(self, fill) == self.scrambled_cksum)
        if fill == self.solution:
            return True
        if not strict:
            black = self.blacksquare()
            return all(a == b for a, b in zip(fill, self.solution) if b != black and a != BLANKSQUARE)
        return False

    def check_rebus_answers(self, strict: bool = True) -> bool:
        if self.has_rebus():
            return self.rebus().check_rebus_fill(strict=strict)
        return True

    def header_cksum(self, cksum: int = 0) -> int:
        """The CIB checksum (of width, height, clue count, type and state)."""
        if cksum:
            import struct

            data = struct.pack("<BBHHH", self.width, self.height, len(self.clues), self.puzzletype, self.solution_state)
            return data_cksum(data, cksum)
        return int(_pzl.puz_checksums(self)[1])

    def global_cksum(self) -> int:
        return int(_pzl.puz_checksums(self)[0])

    def magic_cksum(self) -> int:
        return int(_pzl.puz_checksums(self)[2])

    def grid(self) -> Grid:
        return Grid(self.fill, self.width, self.height)

    def solution_grid(self) -> Grid:
        return Grid(self.solution, self.width, self.height)


def load(data: bytes) -> Puzzle:
    """Read ``.puz`` bytes; raises :class:`PuzzleFormatError`."""
    p = Puzzle.__new__(Puzzle)
    p.__dict__.update(_pzl.puz_load(bytes(data)))
    p.helpers = {}
    return p


def read(filename: Union[str, "_os.PathLike[str]"]) -> Puzzle:
    """Read a ``.puz`` file; raises :class:`PuzzleFormatError`."""
    with open(filename, "rb") as f:
        return load(f.read())


def load_text(text: str) -> Puzzle:
    """Read Across Lite text (v1 or v2) or ipuz from a string, through pzl's readers."""
    data = text.encode("utf-8")
    fmt = "ipuz" if text.lstrip().startswith(("{", "ipuz(")) else "across-text"
    try:
        native, _found = _pzl.open_bytes(data, "<text>", fmt)
        puz, _lost = native.write("puz")
    except _pzl.Error as e:
        raise PuzzleFormatError(str(e)) from e
    p = load(bytes(puz))
    if fmt == "across-text":
        # Kept so that an unchanged puzzle writes back as the very text it was read from (its
        # tag's spelling, indents, line ends), which a trip through .puz cannot remember.
        p._text_source = (native, bytes(puz))
    return p


from_text_format = load_text


def read_text(filename: Union[str, "_os.PathLike[str]"]) -> Puzzle:
    """Read an Across Lite text (or ipuz) file."""
    with open(filename, encoding="utf-8", errors="replace") as f:
        return load_text(f.read())


def to_text_format(p: Puzzle, text_version: str = "v1") -> str:
    """The puzzle as Across Lite text, through pzl's writer.

    ``text_version`` is ``"v1"`` (raised to v2 when the puzzle has rebus cells or circles, as
    puzpy does), ``"v2"`` or ``"V2"`` (the tag's spelling); anything else is a
    :class:`ValueError`. A puzzle read by :func:`load_text` and not changed since is written
    back exactly as it was read.
    """
    if not isinstance(text_version, str):
        raise ValueError(f"invalid text_version {text_version!r}: expected 'v1', 'v2' or 'V2'")
    source = p._text_source
    if source is not None and text_version == "v1" and source[1] == p.tobytes():
        data, _lost = source[0].write("across-text")
        return bytes(data).decode("utf-8")
    return str(_pzl.puz_to_text(p.tobytes(), text_version))


def scramble_string(s: str, key: int) -> str:
    """Scramble upper-case letters with a four-digit key, as Across Lite locks a solution."""
    return str(_pzl.puz_scramble_grid(s, 1, len(s), key, False))


def unscramble_string(s: str, key: int) -> str:
    """Undo :func:`scramble_string`."""
    return str(_pzl.puz_scramble_grid(s, 1, len(s), key, True))


def scramble_solution(solution: str, width: int, height: int, key: int, ignore_chars: str = BLACKSQUARE) -> str:
    """Scramble a solution grid's letters (column by column, blocks kept in place).

    ``ignore_chars`` is accepted for puzpy's signature; pzl keeps the format's blocks (``.`` and
    the diagramless ``:``) in place.
    """
    return str(_pzl.puz_scramble_grid(solution, width, height, key, False))


def unscramble_solution(scrambled: str, width: int, height: int, key: int, ignore_chars: str = BLACKSQUARE) -> str:
    """Undo :func:`scramble_solution`."""
    return str(_pzl.puz_scramble_grid(scrambled, width, height, key, True))


class PuzzleBuffer:
    """puzpy's byte buffer: a position over bytes, with the reads and writes a ``.puz`` codec
    uses. pzl's own reading and writing run in Rust; this is kept for code that builds or
    picks apart bytes with it."""

    def __repr__(self) -> str:
        return f"PuzzleBuffer(pos={self.pos}, length={len(self.data)}, encoding={self.encoding!r})"

    def __init__(self, data: Optional[bytes] = None, encoding: str = ENCODING) -> None:
        self.data = bytearray(data) if data else bytearray()
        self.encoding = encoding
        self.pos = 0

    def can_read(self, n_bytes: int = 1) -> bool:
        return self.pos + n_bytes <= len(self.data)

    def length(self) -> int:
        return len(self.data)

    def read(self, n_bytes: int) -> bytes:
        start = self.pos
        self.pos += n_bytes
        return bytes(self.data[start : self.pos])

    def read_to_end(self) -> bytes:
        start = self.pos
        self.pos = len(self.data)
        return bytes(self.data[start:])

    def read_string(self) -> str:
        return self.read_until(b"\0")

    def read_until(self, c: bytes) -> str:
        start = self.pos
        self.seek_to(c, 1)
        return str(self.data[start : self.pos - 1], self.encoding)

    def seek_to(self, s: bytes, offset: int = 0) -> bool:
        try:
            self.pos = self.data.index(s, self.pos) + offset
            return True
        except ValueError:
            self.pos = len(self.data)
            return False

    def write(self, s: bytes) -> None:
        self.data.extend(s)

    def write_string(self, s: Optional[str]) -> None:
        self.data.extend((s or "").encode(self.encoding, ENCODING_ERRORS) + b"\0")

    def pack(self, struct_format: str, *values: Any) -> None:
        self.data.extend(_struct.pack(struct_format, *values))

    def can_unpack(self, struct_format: str) -> bool:
        return self.can_read(_struct.calcsize(struct_format))

    def unpack(self, struct_format: str) -> tuple[Any, ...]:
        if not self.can_unpack(struct_format):
            raise PuzzleFormatError(
                f"could not unpack {struct_format!r} at byte {self.pos}: only {len(self.data) - self.pos} bytes are left"
            )
        values = _struct.unpack_from(struct_format, self.data, self.pos)
        self.pos += _struct.calcsize(struct_format)
        return values

    def tobytes(self) -> bytes:
        return bytes(self.data)
