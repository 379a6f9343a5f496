"""The Python examples of the README and of the guide's Python page run as written.

Every ```python block of README.md and docs/src/python.md is run in a scratch folder (what a
block prints is not compared: its comments say what to expect). The command-line examples are
tested by crates/pzl-cli/tests/docs.rs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Tuple

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
PAGES = [REPO / "README.md", REPO / "docs" / "src" / "python.md"]


def blocks() -> List[Tuple[str, str]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for i, code in enumerate(re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)):
            found.append((f"{page.relative_to(REPO)}#{i + 1}", code))
    return found


def test_the_pages_have_python_examples() -> None:
    assert {name.split("#")[0] for name, _ in blocks()} == {"README.md", "docs/src/python.md"}


@pytest.mark.parametrize("name,code", blocks(), ids=[name for name, _ in blocks()])
def test_python_example_runs(name: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(code, name, "exec"), {"__name__": "__docs__"})
