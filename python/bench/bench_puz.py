"""Reading (which verifies every checksum) every corpus .puz with pzl.puz and with puzpy.

Run: python python/bench/bench_puz.py [CORPUS_DIR] [ROUNDS]
Needs `pip install puzpy` for the comparison. Prints the time per pass and the speed-up.
"""

from __future__ import annotations

import glob
import os
import sys
import time
import warnings
from typing import Callable, List

import pzl
import pzl.puz


def files(root: str) -> List[bytes]:
    out = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*.puz"), recursive=True)):
        with open(path, "rb") as f:
            data = f.read()
        try:
            pzl.puz.load(data)
        except pzl.puz.PuzzleFormatError:
            continue  # files neither library reads (deliberately broken ones)
        out.append(data)
    return out


def best(fn: Callable[[], None], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared", "corpus")
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    warnings.simplefilter("ignore", pzl.PzlWarning)
    data = files(root)
    if not data:
        sys.exit(f"no .puz files under {root}")
    reps = 20

    def pzl_puz() -> None:
        for _ in range(reps):
            for d in data:
                pzl.puz.load(d)

    def pzl_check() -> None:
        for _ in range(reps):
            for d in data:
                pzl.open(d, "puz").check()

    t_pzl = best(pzl_puz, rounds) / reps
    t_check = best(pzl_check, rounds) / reps
    print(f"{len(data)} files, best of {rounds} rounds")
    print(f"pzl.puz.load:           {t_pzl * 1e3:8.3f} ms per pass ({t_pzl / len(data) * 1e6:.1f} us/file)")
    print(f"pzl.open(..).check():   {t_check * 1e3:8.3f} ms per pass ({t_check / len(data) * 1e6:.1f} us/file)")
    try:
        import puz  # type: ignore[import-untyped]
    except ImportError:
        print("puzpy is not installed (pip install puzpy): no comparison")
        return

    def puzpy() -> None:
        for d in data:
            puz.load(d)

    t_ref = best(puzpy, rounds)
    print(f"puzpy puz.load:         {t_ref * 1e3:8.3f} ms per pass ({t_ref / len(data) * 1e6:.1f} us/file)")
    print(f"speed-up pzl.puz over puzpy: {t_ref / t_pzl:.1f}x")


if __name__ == "__main__":
    main()
