"""What tidy saves cost, and whether two instances can share a home: ``python benchmarks/saves_tidy.py [TRIALS]``.

1. Listing for the Load screen (``saves_words.entries``: every save read and replayed) with 5, 25 and 60 saves.
2. One autosave that rotates another game into the saves folder and prunes it back to 20 unfinished games
   (every rotated game is replayed once to know whether it is finished), with 30 finished ones beside.
3. Two ``tagteam`` processes started together on one home, TRIALS times: how often exactly one of them
   holds the home (the other is refused in one line), how often both ran.
4. 40 ``kill -9`` trials around a new game's first autosave (``tests/files/kill_trials.py``): a forked
   child writes game B's first autosave over game A's and is killed at a random moment over 1.5 times
   the autosave's own time; what each home holds after (A alone, A kept with a copy, B with A kept; never
   no autosave, never A lost).
Times are process CPU time, median of 5 runs, so a busy machine does not inflate them.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT]

from tagteam.engine.randomplay import finish_session  # noqa: E402
from tagteam.engine.record import GameRecord  # noqa: E402
from tagteam.engine.session import Session  # noqa: E402
from tagteam.play.modes import FIRST_GAME  # noqa: E402
from tagteam.store import records, saves  # noqa: E402
from tagteam.words import saves as saves_words  # noqa: E402
from tests.files.kill_trials import run_trials  # noqa: E402


def game(seed: int, finished: bool) -> GameRecord:
    s = Session.new(seed, teams=FIRST_GAME)
    finish_session(s, random.Random(seed))
    rec = s.record
    if not finished:
        rec.decisions, rec.turns_after = rec.decisions[:4], 0
    return rec


def cpu_ms(fn: object, runs: int = 5) -> float:
    out = []
    for _ in range(runs):
        t = time.process_time()
        fn()  # type: ignore[operator]
        out.append(1000 * (time.process_time() - t))
    return statistics.median(out)


def listing(n: int) -> float:
    with tempfile.TemporaryDirectory() as home:
        os.environ["TAGTEAM_HOME"] = home
        folder = saves.saves_dir()
        folder.mkdir(parents=True)
        for i in range(n):
            records.save(game(i, finished=i % 2 == 0), folder / f"game-{i:03d}.json")
        saves_words.entries(1)  # card data loaded once, as the app has by then
        return cpu_ms(lambda: saves_words.entries(60))


def rotation() -> float:
    times = []
    for run in range(5):
        with tempfile.TemporaryDirectory() as home:
            os.environ["TAGTEAM_HOME"] = home
            saves.forget()
            folder = saves.saves_dir()
            folder.mkdir(parents=True)
            for i in range(50):
                records.save(game(i, finished=i >= 20), folder / f"autosave-{i:03d}.json")
            saves.autosave(game(100 + run, finished=False))
            t = time.process_time()
            saves.autosave(game(200 + run, finished=False))  # rotates the previous one, then prunes to 20
            times.append(1000 * (time.process_time() - t))
            unfinished = sum(1 for p in folder.glob("autosave-*.json") if saves_words.describe(p).state == "unfinished")
            assert unfinished == saves.KEEP_UNFINISHED, unfinished
    return statistics.median(times)


HOLD = (
    "import sys, time; from tagteam.__main__ import _hold_home; "
    "ok = _hold_home(); time.sleep(1.0); sys.exit(0 if ok else 1)"
)


def two_instances(trials: int) -> tuple[int, int, int]:
    """(exactly one held the home, both did, neither did) over ``trials`` pairs started together."""
    one = both = neither = 0
    for _ in range(trials):
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "TAGTEAM_HOME": home}
            procs = [subprocess.Popen([sys.executable, "-c", HOLD], env=env, stderr=subprocess.PIPE) for _ in range(2)]
            held = sum(p.wait() == 0 for p in procs)
            for p in procs:
                assert p.stderr is not None
                p.stderr.close()
            one, both, neither = one + (held == 1), both + (held == 2), neither + (held == 0)
    return one, both, neither


def main(trials: int) -> None:
    for n in (5, 25, 60):
        print(f"Load listing, {n:3d} saves: {listing(n):7.1f} ms CPU (median of 5)")
    print(f"autosave rotating a game and pruning 50 rotated files to 20 unfinished: {rotation():.1f} ms CPU")
    one, both, neither = two_instances(trials)
    print(f"two started together on one home, {trials} trials: one held it {one}, both {both}, none {neither}")
    with tempfile.TemporaryDirectory() as root:
        a, b = game(1, finished=False), game(2, finished=False)
        seen = run_trials(Path(root), a, b, 40, seed=25)
    print(f"40 kill -9 around a new game's first autosave: {json.dumps(dict(sorted(seen.items())))}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
