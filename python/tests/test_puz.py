"""pzl.puz against puzpy and the facade on the corpus .puz files."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import pzl
import pzl.puz as puz
from conftest import corpus_files

PUZ = [p for p in corpus_files("**/*.puz")]
FIELDS = [
    "preamble", "postscript", "title", "author", "copyright", "width", "height", "version",
    "fileversion", "encoding", "unk1", "unk2", "scrambled_cksum", "fill", "solution", "clues",
    "notes", "extensions", "puzzletype", "solution_state",
]
needs_corpus = pytest.mark.skipif(not PUZ, reason="the shared corpus is absent (set PZL_CORPUS)")


def same_text(facade: str, puzpy: str) -> bool:
    if facade == puzpy:
        return True
    try:
        return facade == puzpy.encode("latin-1").decode("cp1252", "replace")
    except UnicodeEncodeError:
        return False


def readable(path: Path) -> puz.Puzzle | None:
    try:
        return puz.read(str(path))
    except puz.PuzzleFormatError:
        return None


@needs_corpus
@pytest.mark.parametrize("path", PUZ, ids=lambda p: p.name)
def test_round_trip_and_facade_agree(path: Path) -> None:
    p = readable(path)
    if p is None:
        with pytest.raises(pzl.Error):
            pzl.open(path, "puz").check()
        return
    assert p.tobytes() == path.read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = pzl.open(path, "puz")
    facts = doc.info().facts
    # Field by field against what the facade (and so `pzl info`) reports.
    # (puzpy decodes version-1 text as ISO-8859-1, the facade as Windows-1252: both are compared.)
    for name in ("title", "author", "copyright", "notes"):
        assert same_text(facts[name], getattr(p, name)), name
    assert (facts["width"], facts["height"]) == (p.width, p.height)
    assert facts["sections"] == [c.decode("latin-1") for c in p.extensions]
    assert facts["counts"]["clues"] == len(p.clues)
    numbered = {(c["direction"], c["number"]): c["clue"] for c in facts["clues"]}
    n = p.clue_numbering()
    for e in n.across + n.down:
        assert same_text(numbered[(e["dir"], e["num"])], e["clue"])
    report = doc.check()
    assert report.kind == "crossword"
    numbering = p.clue_numbering()
    assert len(numbering.across) + len(numbering.down) == len(p.clues)


@needs_corpus
@pytest.mark.parametrize("path", PUZ, ids=lambda p: p.name)
def test_same_as_puzpy(path: Path) -> None:
    ref = pytest.importorskip("puz")
    data = path.read_bytes()
    try:
        r = ref.load(data)
    except Exception:
        with pytest.raises(puz.PuzzleFormatError):
            puz.load(data)
        return
    m = puz.load(data)
    for name in FIELDS:
        assert getattr(m, name) == getattr(r, name), name
    assert m.tobytes() == r.tobytes()
    assert [dict(e) for e in m.clue_numbering().across] == [dict(e) for e in r.clue_numbering().across]
    assert [dict(e) for e in m.clue_numbering().down] == [dict(e) for e in r.clue_numbering().down]
    assert (m.global_cksum(), m.header_cksum(), m.magic_cksum()) == (r.global_cksum(), r.header_cksum(), r.magic_cksum())
    for helper in ("has_rebus", "has_markup", "has_timer", "is_solution_locked"):
        assert getattr(m, helper)() == getattr(r, helper)(), helper
    if r.has_rebus():
        assert (m.rebus().table, m.rebus().solutions, m.rebus().fill) == (r.rebus().table, r.rebus().solutions, r.rebus().fill)
    if r.has_markup():
        assert m.markup().markup == r.markup().markup
    if r.has_timer():
        assert (m.timer().elapsed_seconds, int(m.timer().status)) == (r.timer().elapsed_seconds, int(r.timer().status))


def test_locked_puzzle(corpus: Path) -> None:
    p = puz.read(str(corpus / "puz" / "puzpy" / "nyt_locked.puz"))
    assert p.is_solution_locked()
    assert not p.unlock_solution(1234)
    assert p.unlock_solution(7844)
    assert not p.is_solution_locked() and p.check_answers(p.solution)
    p.lock_solution(7844)
    assert p.is_solution_locked()
    assert p.tobytes() == (corpus / "puz" / "puzpy" / "nyt_locked.puz").read_bytes()


def test_bad_file_raises_puzzle_format_error() -> None:
    with pytest.raises(puz.PuzzleFormatError):
        puz.load(b"not a puzzle at all")


def test_build_from_scratch() -> None:
    p = puz.Puzzle()
    p.title, p.author, p.width, p.height = "Tiny", "Me", 3, 3
    p.solution = "CAT" "A.O" "BOW"
    p.fill = "---" "-.-" "---"
    numbering = puz.get_grid_numbering(p.solution, 3, 3)
    assert [e["num"] for e in numbering[0]] == [1, 3] and [e["num"] for e in numbering[1]] == [1, 2]
    p.clues = ["Pet", "Taxi", "Vessel", "Ribbon tie"]
    p.markup().set_markup_squares([0], puz.GridMarkup.Circled)
    p.rebus().add_rebus_squares(4 - 1, "ART")
    data = p.tobytes()
    q = puz.load(data)
    assert (q.title, q.solution, q.clues) == (p.title, p.solution, p.clues)
    assert q.markup().is_markup_square(0, puz.GridMarkup.Circled)
    assert q.rebus().get_rebus_solution(3) == "ART"
    try:
        import puz as ref  # type: ignore[import-untyped]
    except ImportError:
        return
    r = ref.Puzzle()
    r.title, r.author, r.width, r.height = "Tiny", "Me", 3, 3
    r.solution, r.fill, r.clues = p.solution, p.fill, list(p.clues)
    r.markup().set_markup_squares([0], ref.GridMarkup.Circled)
    r.rebus().add_rebus_squares(3, "ART")
    assert r.tobytes() == data


def test_text_formats(corpus: Path) -> None:
    for name in ("text_format_v1.txt", "diagramless.txt", "text_format_v2_mark.txt"):
        p = puz.read_text(str(corpus / "puz" / "puzpy" / name))
        assert p.width > 0 and p.solution
    # Capital V2 headers, which puzpy refuses, read.
    p = puz.read_text(str(corpus / "puz" / "ajhyndman-puz" / "v2_text_format_rebus.txt"))
    assert p.has_rebus()
    assert "<ACROSS PUZZLE" in puz.to_text_format(p)
