"""Today's Hard and the candidate next Hard, side by side on the same Builds: ``python
benchmarks/hard_candidate_cpu.py [GAMES] [SEED]``.

Normal plays both seats of GAMES games on the arena's deals; at every Build of seat 1 both bots decide the same
view, one after the other (which goes first alternates), timed in process CPU time, so the load of other
programs inflates neither more than the other. Prints p50, p95 and max per bot.
"""

from __future__ import annotations

import sys
import time

from tagteam.ai.match import play
from tagteam.ai.measure import arena_bot
from tagteam.ai.normal import NormalBot
from tagteam.cli.arena import _pct, deal_of
from tagteam.engine.actions import Action
from tagteam.engine.view import PlayerView

BOTS = ("hard", "hard-fitted")


def main(games: int, seed: int) -> dict[str, list[float]]:
    cpu: dict[str, list[float]] = {b: [] for b in BOTS}
    builds = 0

    class Probe(NormalBot):
        def build(self, view: PlayerView) -> Action:
            nonlocal builds
            order = BOTS if builds % 2 == 0 else BOTS[::-1]
            for name in order:
                bot = arena_bot(name, builds)
                c = time.process_time()
                bot.decide(view)
                cpu[name].append(time.process_time() - c)
            builds += 1
            return super().build(view)

    for k in range(games):
        teams, game_seed, seeds = deal_of(seed, k)
        play((NormalBot(seeds[0]), Probe(seeds[1])), game_seed, teams)
    return cpu


if __name__ == "__main__":
    g = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    out = main(g, s)
    for name, xs in out.items():
        ms = [1000 * x for x in xs]
        p50, p95 = _pct(ms, 0.5), _pct(ms, 0.95)
        print(f"{name:12} Build CPU ms over {len(ms)} Builds: p50 {p50:.0f}, p95 {p95:.0f}, max {max(ms):.0f}")
