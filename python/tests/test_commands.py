"""The kinds' own commands from Python (``pzl.command``): the same table and operations as
``pzl crossword lock``, ``pzl apad solve`` and the rest on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

import pzl

REPO = Path(__file__).resolve().parent.parent.parent


def test_every_command_of_the_table_is_listed() -> None:
    names = pzl.commands()
    for name in ["crossword lock", "crossword unlock", "masyu db list", "apad solve", "mac rsrc add", "merge"]:
        assert name in names, names
    assert "masyu db" not in names, "groups are not commands"


def test_a_crossword_locked_and_unlocked_through_the_table(tmp_path: Path) -> None:
    puz = tmp_path / "square.puz"
    doc = pzl.open(REPO / "examples" / "crossword" / "square-deal.ipuz")
    doc.save(puz)
    locked = tmp_path / "locked.puz"
    done = pzl.command("crossword lock", input=str(puz), key="1234", output=str(locked))
    assert done.ok and done.output == b"" and locked.exists()
    unlocked = pzl.command("crossword unlock", input=str(locked))
    assert unlocked.output == puz.read_bytes()
    assert any("key 1234" in note for note in unlocked.notes), unlocked.notes


def test_a_report_is_data_and_values_take_underscores(tmp_path: Path) -> None:
    done = pzl.command("apad solve", date="11-22", count=True)
    assert done.ok and done.report is not None and done.report["schema"] == 1
    archive = tmp_path / "a.sit"
    note = tmp_path / "note.txt"
    note.write_text("a note")
    pzl.command("mac stuff", files=[str(note)], output=str(archive))
    out = tmp_path / "out"
    unpacked = pzl.command("mac extract", file=str(archive), output=str(out), fork_format="macbinary")
    assert out.is_dir() and unpacked.notes[0].startswith("1 files written to")


def test_bad_commands_and_values_are_usage_errors() -> None:
    with pytest.raises(pzl.UsageError, match="no command"):
        pzl.command("crossword scramble")
    with pytest.raises(pzl.UsageError, match="no parameter"):
        pzl.command("apad solve", colour=True)
    with pytest.raises(pzl.UsageError):
        pzl.command("masyu db set-board", db="x.data", id="one", file="x.sol")
