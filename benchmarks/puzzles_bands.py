"""The shipped puzzle set in numbers: kinds, goals, Fighters, and each bot level's solve rate per difficulty
band (a harder band should be solved less often by every level), plus the time to re-prove the whole file.

    python benchmarks/puzzles_bands.py [FILE]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from typing import Literal

from tagteam.puzzles import files
from tagteam.puzzles.make import fighters_in

LEVELS: tuple[Literal["easy", "normal", "hard"], ...] = ("easy", "normal", "hard")


def main(path: str = "data/puzzles/puzzles.json") -> None:
    ps = files.load(path).puzzles
    print(f"{len(ps)} puzzles, {len(fighters_in(ps))} Fighters")
    print("kinds:", dict(Counter(p.kind for p in ps)), "goals:", dict(Counter(p.goal.kind for p in ps)))
    appear = Counter(f for p in ps for team in p.setting.teams for f in team)
    print("puzzles per Fighter:", dict(sorted(appear.items(), key=lambda kv: kv[1])))
    print("band    puzzles  " + "  ".join(f"{lv:>6}" for lv in LEVELS))
    for band in ("easy", "medium", "hard"):
        b = [p for p in ps if p.difficulty.band == band]
        if b:
            rates = [statistics.mean(p.difficulty.solved[lv] for p in b) for lv in LEVELS]
            print(f"{band:<7} {len(b):>7}  " + "  ".join(f"{r:>6.1%}" for r in rates))
    t0 = time.perf_counter()
    bad = sum(len(files.faults(p, f"puzzles.{i}")) for i, p in enumerate(ps))
    print(f"re-proven: {len(ps)} puzzles, {bad} faults, {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main(*sys.argv[1:2])
