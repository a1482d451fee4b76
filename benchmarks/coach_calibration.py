"""Is the coach's "N% to win" true? ``python benchmarks/coach_calibration.py collect|table ...``.

``collect --level L --games N --seed S --jobs J > F.jsonl``: a player who plays the coach's first
suggestion at every Build (Normal's choices elsewhere) plays N games against level L on the arena's
seat-swapped deals (``tagteam.cli.arena.deal_of``); ``--level tutor`` plays the guided game's teams against
the tutor's script, with the coach told what the tutor announced, as in the app. One JSON line per game
holds every prediction: the round, the coach's raw win chance for the option played (``raw``: the study
before calibration), the runner-up's, each place's case and where the opponent really inserted, and the
game's result from the coach's side (1 won, 0.5 draw, 0 lost). Deterministic for a seed; the lines come in
deal order whatever ``--jobs``.

``table F.jsonl ... [--folds K]``: the reliability table per level, before (the raw study) and after
(``tagteam.ai.calibration``), each 10-point bin with its count, mean shown, share won (95% Wilson
interval) and the gap, then the expected calibration error and the Brier score against always saying the
base rate. ``--folds K`` refits the calibration on K-1 folds of the deals and scores the held-out fold
(cross-fitted: every prediction is scored by a map that never saw its game). ``--summary KIND`` prints one
line per level instead (cross-fitted on ``--folds``, 5 by default), as docs/ai.md quotes it; with
``--committed`` the committed maps are scored as they are (for games of other seeds they were not fitted on).
``--by-seed`` scores each seed's games by a map fitted on the other seeds' games only (a reviewer's test on a
seed of their own), beside what as many games drawn from all of them show with the cross-fitted maps.

The fit itself: ``python -m tools.calibration_fit F.jsonl ... > tagteam/ai/calibration_table.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tagteam.ai import make_bot
from tagteam.ai.base import Bot
from tagteam.ai.coach import distinct, studies
from tagteam.ai.match import play
from tagteam.ai.normal import NormalBot
from tagteam.ai.options import to_choice
from tagteam.cli.arena import deal_of
from tagteam.engine.actions import Action, BuildChoice
from tagteam.engine.view import PlayerView

TUTOR_TEAMS = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))  # tagteam.play.modes.FIRST_GAME


class Recorder(NormalBot):
    """Plays the coach's first suggestion at every Build and keeps what the coach said for it."""

    level = "coach"

    def __init__(self, seed: int, opponent: str) -> None:
        super().__init__(seed)
        self.opponent = opponent
        self.said: list[dict[str, Any]] = []

    def build(self, view: PlayerView) -> Action:
        from tagteam.play.tutorial import tutor_place

        announced = tutor_place(view.round) if self.opponent == "tutor" else ""
        seed = self.rng.getrandbits(32)
        ranked = sorted(studies(view, seed, announced).values(), key=lambda st: (-st.raw, st.option))
        if not ranked:
            return super().build(view)
        best = ranked[0]
        assert view.table is not None
        self.said.append(
            {
                "round": view.round,
                "raw": best.raw,
                "second": ranked[1].raw if len(ranked) > 1 else None,
                "options": len(distinct(view)),
                "cases": [[ps.place, ps.q, ps.raw, ps.raw_likely] for ps in best.places],
                "hp": [f.hp for f in view.fighters],  # seat 0's two Fighters, then seat 1's
            }
        )
        return to_choice(view.table, view.drawn, best.option)


class TutorPolicy(NormalBot):
    """The guided game's tutor on any deal: its first drawn card, at the bottom in round 1, on top after."""

    def build(self, view: PlayerView) -> Action:
        from tagteam.play.tutorial import tutor_slot

        return BuildChoice(0, tutor_slot(view.round, len(view.my_fight_deck)), (1, 2))


class Watch(Bot):
    """Passes the opponent's decisions through and notes where it inserted in each round's Build."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(0)
        self.inner = inner
        self.inserts: dict[int, tuple[int, int]] = {}

    def decide(self, view: PlayerView) -> Action:
        a = self.inner.decide(view)
        if view.pending == "build" and isinstance(a, BuildChoice):
            self.inserts[view.round] = (a.position, len(view.my_fight_deck))
        return a

    def cancel(self) -> None:
        self.inner.cancel()


def _game(level: str, seed: int, deal: int, seat: int) -> dict[str, Any]:
    teams, game_seed, seeds = deal_of(seed, deal)
    if level == "tutor":
        teams, seat = TUTOR_TEAMS, 0
    me = Recorder(seeds[2 * seat + seat], level)
    other: Bot = TutorPolicy(0) if level == "tutor" else make_bot(level, seeds[2 * seat + 1 - seat])
    them = Watch(other)
    res = play((me, them) if seat == 0 else (them, me), game_seed, teams)
    result = 1.0 if res.winner == seat else 0.5 if res.winner == -1 else 0.0
    for p in me.said:
        p["theirs"] = them.inserts.get(p["round"])
    return {
        "level": level,
        "seed": seed,
        "deal": deal,
        "seat": seat,
        "result": result,
        "rounds": res.rounds,
        "said": me.said,
    }


def _games(level: str, seed: int, games: int) -> Iterator[tuple[str, int, int, int]]:
    """Seat-swapped deals; the tutor's games have fixed teams and seats, so each is a deal of its own."""
    for g in range(games):
        yield (level, seed, g, 0) if level == "tutor" else (level, seed, g // 2, g % 2)


def _run(args: tuple[str, int, int, int]) -> dict[str, Any]:
    return _game(*args)


def collect(level: str, games: int, seed: int, jobs: int) -> None:
    started = time.perf_counter()
    todo = list(_games(level, seed, games))
    if jobs <= 1:
        for t in todo:
            print(json.dumps(_run(t)), flush=True)
        return
    pool = ProcessPoolExecutor(jobs)
    try:
        for row in pool.map(_run, todo, chunksize=1):
            print(json.dumps(row), flush=True)
    except KeyboardInterrupt:  # a time limit (``timeout --signal=INT``): the games printed so far stand
        print(f"stopped after {time.perf_counter() - started:.0f} s", file=sys.stderr)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="coach_calibration.py", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect", help="play games and print one JSON line per game")
    c.add_argument("--level", required=True, choices=("easy", "normal", "hard", "expert", "tutor"))
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--seed", type=int, default=9000)
    c.add_argument("--jobs", type=int, default=1)
    t = sub.add_parser("table", help="print the reliability table per level")
    t.add_argument("files", nargs="+")
    t.add_argument("--folds", type=int, default=0, help="cross-fit the calibration on K folds of deals")
    t.add_argument("--summary", default="", help="one line per level for this kind (option, case, likely)")
    t.add_argument("--committed", action="store_true", help="with --summary: score the committed maps, not refits")
    t.add_argument(
        "--by-seed", action="store_true", help="with --summary: each seed scored by a map fitted on the others"
    )
    a = p.parse_args(argv)
    if a.cmd == "collect":
        collect(a.level, a.games, a.seed, a.jobs)
        return 0
    from tools.calibration_fit import by_seed, report, summary

    if a.by_seed:
        sys.stdout.write(by_seed(a.files, a.summary or "option"))
        return 0
    folds = 0 if a.committed else a.folds or 5
    sys.stdout.write(summary(a.files, folds, a.summary) if a.summary else report(a.files, a.folds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
