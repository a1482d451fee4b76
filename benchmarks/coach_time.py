"""Time of one coach call and one what-if call on a few fixed Builds: ``python benchmarks/coach_time.py [N]``.

Easy plays both seats of four fixed games (different teams) up to a Build; the coach is then asked N times
per position with different seeds: cold each time; the what-if and the selection's re-rating right after
the coach (the same study, kept: what the player waits after h, then w or a new selection); and both cold.
Prints the median and p95 of each call over all positions, on the wall clock (what the player waits;
inflated on a busy machine) and in process CPU time (what the coach costs, much less sensitive to other
programs).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

from tagteam.ai import Bot, make_bot
from tagteam.ai.coach import forget
from tagteam.engine.actions import Action, BuildChoice
from tagteam.engine.driver import play_out
from tagteam.engine.game import new_game
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView, view_for
from tagteam.words.coach import coach, what_if

GAMES = (
    (3, (("joan", "golem"), ("shango", "milady")), 3),
    (5, (("bodvar", "wong_fei_hung"), ("fey_folk", "wild_bunch")), 4),
    (7, (("ching_shih", "mephisto"), ("maman_brijit", "mordred")), 3),
    (13, (("golem", "milady"), ("bodvar", "joan")), 6),
)


def positions() -> list[PlayerView]:
    """Seat 0's view at the Build of the given round of each fixed game (games that end first are skipped)."""
    out = []
    for seed, teams, round_ in GAMES:
        st = new_game(seed, teams=teams)
        bots = (make_bot("easy", seed), make_bot("easy", seed + 1))
        play_out(st, partial(_easy, bots), until=partial(_at_build, round_))
        if st.pending == ["build", "build"]:
            out.append(view_for(st, 0))
    return out


def _easy(bots: tuple[Bot, Bot], st: GameState, seat: int) -> Action:
    return bots[seat].decide(view_for(st, seat))


def _at_build(round_: int, st: GameState) -> bool:
    return st.round >= round_ and st.pending == ["build", "build"]


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def main(n: int) -> None:
    views = positions()
    calls: dict[str, list[float]] = {
        "coach": [],
        "what_if after": [],
        "re-rate after": [],
        "coach+selected": [],
        "what_if alone": [],
    }
    cpu: dict[str, list[float]] = {name: [] for name in calls}
    for v in views:
        sel = BuildChoice(2, len(v.my_fight_deck), (0, 1))
        for i in range(n):
            asks: tuple[tuple[str, Callable[[], Sequence[object]]], ...] = (
                ("coach", partial(coach, v, i)),
                ("what_if after", partial(what_if, v, i, sel)),
                ("re-rate after", partial(coach, v, i, sel)),
                ("coach+selected", partial(coach, v, i, sel)),
                ("what_if alone", partial(what_if, v, i, sel)),
            )
            for name, call in asks:
                if not name.endswith(" after"):
                    forget()  # a cold call: nothing kept from the last question
                t, c = time.perf_counter(), time.process_time()
                call()
                calls[name].append(time.perf_counter() - t)
                cpu[name].append(time.process_time() - c)
    sizes = ", ".join(str(len(v.my_fight_deck)) for v in views)
    print(f"{len(views)} positions (Fight decks of {sizes} cards), {n} seeds each")
    for name, ts in calls.items():
        cs = cpu[name]
        print(
            f"{name:15} wall median {1000 * statistics.median(ts):5.0f} ms  p95 {1000 * p95(ts):5.0f} ms"
            f"  · CPU median {1000 * statistics.median(cs):5.0f} ms  p95 {1000 * p95(cs):5.0f} ms  (n={len(ts)})"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
