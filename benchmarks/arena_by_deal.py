"""A long arena pairing that keeps its games as it goes: ``python benchmarks/arena_by_deal.py play A B SEED
START DEALS OUT.jsonl [JOBS]`` and ``python benchmarks/arena_by_deal.py summary OUT.jsonl...``.

``play`` plays deals START..START+DEALS-1 of the arena's seed SEED (each deal twice, seats swapped, exactly as
``tagteam arena``), two games per JSON line appended as each deal ends, so a run stopped midway keeps what it
played and another can go on from the next deal. ``summary`` prints A's score with its 95% Wilson interval and
both bots' Build CPU percentiles (process CPU time, which other programs inflate far less than wall time), then
how many deals A won twice, lost twice, or split: a deal split 1-1 was decided by the deal, not the bots.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from functools import partial
from pathlib import Path

from tagteam.ai.stats import wilson
from tagteam.cli.arena import _deal, _pct


def _one(seed: int, a: str, b: str, deal: int) -> dict[str, object]:
    w, d, lo, ta, tb = _deal(seed, a, b, deal)
    return {"a": a, "b": b, "seed": seed, "deal": deal, "w": w, "d": d, "l": lo,
            "cpu_a": ta.get("cpu:build", []), "cpu_b": tb.get("cpu:build", [])}  # fmt: skip


def play(a: str, b: str, seed: int, start: int, deals: int, out: str, jobs: int = 2) -> None:
    with multiprocessing.Pool(jobs) as pool, open(out, "a") as f:
        for row in pool.imap_unordered(partial(_one, seed, a, b), range(start, start + deals)):
            f.write(json.dumps(row) + "\n")
            f.flush()


def summary(paths: list[str]) -> str:
    rows = [json.loads(line) for path in paths for line in Path(path).read_text().splitlines()]
    w, d, lo = (sum(int(r[k]) for r in rows) for k in ("w", "d", "l"))
    n = w + d + lo
    mean, low, high = wilson(w + d / 2, n)
    ca = [1000 * x for r in rows for x in r["cpu_a"]]
    cb = [1000 * x for r in rows for x in r["cpu_b"]]
    a, b = rows[0]["a"], rows[0]["b"]
    both = sum(1 for r in rows if int(r["w"]) == 2)
    none = sum(1 for r in rows if int(r["l"]) == 2)
    split = sum(1 for r in rows if int(r["w"]) == 1 and int(r["l"]) == 1)
    return (
        f"{a} vs {b}: {n} games, {w}-{d}-{lo}, {100 * mean:.1f}% ({100 * low:.1f}-{100 * high:.1f}); Build CPU p50 / "
        f"p95: {a} {_pct(ca, 0.5):.0f} / {_pct(ca, 0.95):.0f} ms, {b} {_pct(cb, 0.5):.0f} / {_pct(cb, 0.95):.0f} ms\n"
        f"deals: {len(rows)}; {a} won both games of {both}, lost both of {none}; each bot won one of {split} (the "
        f"same seat won both, whichever bot sat in it); a draw in {len(rows) - both - none - split}"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["play"]:
        x, y, s, st, n, o = sys.argv[2:8]
        play(x, y, int(s), int(st), int(n), o, int(sys.argv[8]) if len(sys.argv) > 8 else 2)
    elif sys.argv[1:2] == ["summary"]:
        try:
            print(summary(sys.argv[2:]), flush=True)
        except BrokenPipeError:  # ``summary ... | head -1``: the reader has what it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    else:
        raise SystemExit(__doc__)
