"""puzpy's own test suite, run against ``pzl.puz``.

The suite (alexdej/puzpy's ``tests.py``, MIT) and its test files live in the shared folder beside
the repository (``shared/suites/puzpy`` and ``shared/corpus/puz/puzpy``); they are never copied
into the repository. The only change made to the suite is the one a user makes to switch:
``import puz`` becomes ``import pzl.puz as puz`` (and the import of puzpy's separate HTML
viewer, whose tests are left out, goes). Every test of the suite must pass.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import corpus_root

# The tests of puzpy's HTML viewer program (puz_viewer), which pzl.puz does not replace.
VIEWER_TESTS = "viewer"


def suite_dir() -> Path | None:
    root = corpus_root()
    if root is None:
        return None
    suite = root.parent / "suites" / "puzpy"
    return suite if (suite / "tests.py").is_file() else None


def test_puzpy_suite_passes_against_pzl_puz(tmp_path: Path) -> None:
    suite = suite_dir()
    root = corpus_root()
    if suite is None or root is None:
        pytest.skip("puzpy's suite or the shared corpus is absent (set PZL_CORPUS)")
    source = (suite / "tests.py").read_text(encoding="utf-8")
    switched, n = re.subn(r"^import puz$", "import pzl.puz as puz", source, flags=re.M)
    assert n == 1, "the suite no longer imports puz the way this runner expects"
    switched = re.sub(r"^import puz_viewer$", "", switched, flags=re.M)
    (tmp_path / "test_puzpy.py").write_text(switched, encoding="utf-8")
    (tmp_path / "testfiles").symlink_to(root / "puz" / "puzpy", target_is_directory=True)
    report = tmp_path / "report.xml"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_puzpy.py",
         "-k", f"not {VIEWER_TESTS}", f"--junitxml={report}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )
    cases = ET.parse(report).getroot().iter("testcase")
    failed = sorted(c.get("name", "?") for c in cases if c.find("failure") is not None or c.find("error") is not None)
    passed = sum(1 for _ in ET.parse(report).getroot().iter("testcase")) - len(failed)
    assert passed >= 100, f"only {passed} of puzpy's tests ran:\n{run.stdout[-3000:]}"
    assert not failed, f"puzpy's tests failing against pzl.puz: {failed}\n{run.stdout[-6000:]}"
