"""Time of the game-over recap's engine work: ``python benchmarks/recap_time.py [N]``.

N random finished games over all 12 Fighters (seeded). For each: the 'Build that mattered' search
(``recap.decision_claims`` for both seats: every alternative Build replayed through the next Fight step)
and the whole ``game_claims`` with the record. Prints the median and the worst, in process CPU time (what
it costs) and wall time (what the player waits; inflated on a busy machine).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tagteam.engine.driver import play_out
from tagteam.engine.randomplay import random_chooser
from tagteam.engine.session import Session
from tagteam.engine.table import library
from tagteam.play import recap


def main(n: int) -> None:
    ids = sorted(library())
    r = random.Random(5)
    cpu: list[float] = []
    wall: list[float] = []
    builds = 0
    for seed in range(n):
        a, b, c, d = r.sample(ids, 4)
        s = Session.new(seed, teams=((a, b), (c, d)), players=("A", "B"))
        play_out(s, random_chooser(random.Random(seed)))
        assert s.state.table is not None
        builds += sum(1 for x in s.record.decisions if x.action.get("type") == "build")
        c0, w0 = time.process_time(), time.perf_counter()
        recap.game_claims(s.log, s.state.table, ("A", "B"), record=s.record)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    print(f"{n} games, {builds} Builds searched (both seats)")
    for what, xs in (("CPU", cpu), ("wall", wall)):
        med, worst = statistics.median(xs) * 1000, max(xs) * 1000
        print(f"game_claims with the record, {what}: median {med:.0f} ms, max {worst:.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
