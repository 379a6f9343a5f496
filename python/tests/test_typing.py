"""The stubs and annotations pass `mypy --strict` on the README example (skips without mypy)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "example.py"


def test_example_runs() -> None:
    out = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "masyu tootsweet" in out.stdout


def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(EXAMPLE)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=EXAMPLE.parent,
    )
    assert out.returncode == 0, out.stdout + out.stderr
