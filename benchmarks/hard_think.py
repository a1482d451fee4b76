"""Hard's CPU time per Build on one fixed position: ``python benchmarks/hard_think.py [LEVEL] [N]``.

Easy plays both seats of a fixed game up to the Build of round 3; the level then decides that Build N
times with different seeds, timed in process CPU time (other programs on the machine do not inflate it).
Run it on two checkouts to tell a slower bot from a slower machine.
"""

from __future__ import annotations

import sys
import time

from tagteam.ai import make_bot
from tagteam.engine.driver import play_out
from tagteam.engine.game import new_game
from tagteam.engine.view import view_for


def main(level: str, n: int) -> list[float]:
    st = new_game(3, teams=(("joan", "golem"), ("shango", "milady")))
    bots = (make_bot("easy", 3), make_bot("easy", 4))
    play_out(
        st,
        lambda s, k: bots[k].decide(view_for(s, k)),
        until=lambda s: s.round >= 3 and s.pending == ["build", "build"],
    )
    v = view_for(st, 0)
    out = []
    for i in range(n):
        c = time.process_time()
        make_bot(level, i).decide(v)
        out.append(time.process_time() - c)
    return out


if __name__ == "__main__":
    level = sys.argv[1] if len(sys.argv) > 1 else "hard"
    ts = main(level, int(sys.argv[2]) if len(sys.argv) > 2 else 6)
    print(f"{level} Build CPU ms: " + " ".join(f"{1000 * t:.0f}" for t in ts))
