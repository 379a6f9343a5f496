"""Shared fixtures: where the shared corpus is (skip with a reason when it is absent)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import List

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


def corpus_root() -> Path | None:
    env = os.environ.get("PZL_CORPUS")
    candidates = [Path(env)] if env else []
    candidates += [REPO.parent / "shared" / "corpus", REPO / "shared" / "corpus", Path("/work/shared/corpus")]
    for c in candidates:
        if c.is_dir():
            return c
    if os.environ.get("PZL_REQUIRE_CORPUS") == "1":
        raise RuntimeError("PZL_REQUIRE_CORPUS=1 but the shared corpus is absent (set PZL_CORPUS)")
    return None


@pytest.fixture(scope="session")
def corpus() -> Path:
    root = corpus_root()
    if root is None:
        pytest.skip("the shared corpus is absent (set PZL_CORPUS to its folder)")
    return root


def corpus_files(pattern: str) -> List[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in root.glob(pattern) if p.is_file())
