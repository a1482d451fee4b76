"""How strong the coach's advice is: ``python benchmarks/coach_strength.py [--games N] [--seed S] [--hard]``.

A bot that plays the coach's first suggestion at every Build (and Normal's choices everywhere else:
Characters, the setup order, the team pick) plays N games against Normal on the arena's deals
(``tagteam.cli.arena.deal_of``: random teams, seats swapped on each deal, every seed a function of
``--seed`` and the deal number), so the run is deterministic. With ``--hard``, Hard plays the same deals
against Normal with the same bot seeds, for comparison deal for deal. One process, one game at a time.

Prints wins-draws-losses from the tested bot's side and its score (a draw counts half) with the 95%
Wilson interval, and the coach's think time per Build.

Measured (``--games 200 --hard`` at seeds 5000 and 6000, 400 games each, one process):

- the coach as it was (8 samples, every place counted alike): 219-14-167, 56.5% (51.6-61.3);
- the coach now (16 samples, places weighed by how likely they are): 244-21-135, 63.6% (58.8-68.2);
- Hard on the same deals: 244-10-146, 62.3% (57.4-66.9).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from tagteam.ai import make_bot
from tagteam.ai.base import Bot
from tagteam.ai.match import play
from tagteam.ai.normal import NormalBot
from tagteam.ai.stats import wilson
from tagteam.cli.arena import deal_of
from tagteam.engine.actions import Action
from tagteam.engine.view import PlayerView
from tagteam.words.coach import coach


class CoachBot(NormalBot):
    """Plays the coach's first suggestion at every Build (the coach asked with a fresh seed each time)."""

    level = "coach"

    def build(self, view: PlayerView) -> Action:
        lines = coach(view, self.rng.getrandbits(32))
        return lines[0].action if lines else super().build(view)


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def match(make: Callable[[int], Bot], label: str, games: int, seed: int, out: Callable[[str], None]) -> None:
    """``games`` games (whole seat-swapped deals) of ``make``'s bot against Normal; prints the tally."""
    w = d = lo = 0
    builds: list[float] = []
    t0 = time.perf_counter()
    deals = (games + 1) // 2
    for deal in range(deals):
        teams, game_seed, seeds = deal_of(seed, deal)
        for seat in (0, 1):  # the same seat seeds as ``tagteam arena`` uses for its first and second bot
            mine = make(seeds[2 * seat + seat])
            normal = make_bot("normal", seeds[2 * seat + 1 - seat])
            res = play((mine, normal) if seat == 0 else (normal, mine), game_seed, teams)
            if res.winner == seat:
                w += 1
            elif res.winner == -1:
                d += 1
            else:
                lo += 1
            builds.extend(t for kind, t in res.cpu[seat] if kind == "build")
        if (deal + 1) % 10 == 0:
            out(f"  {label}: {2 * (deal + 1)} games, {w}-{d}-{lo} ({time.perf_counter() - t0:.0f} s)")
    mean, low, high = wilson(w + 0.5 * d, w + d + lo)
    out(
        f"{label} vs normal: {w + d + lo} games, seed {seed}: {w}-{d}-{lo} (W-D-L), score {100 * mean:.1f}% "
        f"(95% interval {100 * low:.1f}-{100 * high:.1f}); Build CPU p50 {1000 * _percentile(builds, 0.5):.0f} ms, "
        f"p95 {1000 * _percentile(builds, 0.95):.0f} ms; {time.perf_counter() - t0:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--hard", action="store_true", help="also Hard against Normal on the same deals")
    ap.add_argument("--only-hard", action="store_true", help="only Hard against Normal")
    a = ap.parse_args(argv)

    def say(line: str) -> None:
        print(line, flush=True)

    if not a.only_hard:
        match(CoachBot, "coach", a.games, a.seed, say)
    if a.hard or a.only_hard:
        match(lambda s: make_bot("hard", s), "hard", a.games, a.seed, say)
    return 0


if __name__ == "__main__":
    sys.exit(main())
