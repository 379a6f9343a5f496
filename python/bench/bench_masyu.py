"""The cost of `pzl.open(...).solve()` of a 10x10 Masyu, Python call included.

Run: python python/bench/bench_masyu.py [FILE] [N]
"""

from __future__ import annotations

import os
import sys
import time

import pzl


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "..", "shared", "corpus", "masyu", "puzzles", "fixtures", "cspuz-puzsq9833-10x10.txt")
    path = sys.argv[1] if len(sys.argv) > 1 else default
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    with open(path, "rb") as f:
        data = f.read()
    doc = pzl.open(data, name=os.path.basename(path))
    first = doc.solve()
    print(f"{os.path.basename(path)}: {first.report.outcome}, unique={first.report.unique}")
    best_solve = float("inf")
    best_open_solve = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(n):
            doc.solve()
        best_solve = min(best_solve, (time.perf_counter() - t) / n)
        t = time.perf_counter()
        for _ in range(n):
            pzl.open(data, name="x.txt").solve()
        best_open_solve = min(best_open_solve, (time.perf_counter() - t) / n)
    print(f"doc.solve():                 {best_solve * 1e3:.4f} ms per call")
    print(f"pzl.open(bytes).solve():     {best_open_solve * 1e3:.4f} ms per call")


if __name__ == "__main__":
    main()
