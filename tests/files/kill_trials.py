"""``kill -9`` around a new game's first autosave, many times: what the home holds after each kill.

Each trial is a fresh home whose autosave holds game A (someone decided in it); a forked child writes game
B's first autosave (which keeps A in the saves folder) and is killed with SIGKILL after a random delay
spread over how long that autosave takes, so the kills land before, during and after it. Forking from one
process that has the engine loaded already makes a trial take milliseconds, not a Python start-up.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time
from collections import Counter
from pathlib import Path

from tagteam.engine.record import GameRecord, RecordError
from tagteam.store import records, saves
from tagteam.words import saves as saves_words


def _child(home: Path, b: GameRecord) -> None:
    os.environ["TAGTEAM_HOME"] = str(home)
    saves.forget()
    saves_words.notice(saves.autosave(b))


def _fork(home: Path, b: GameRecord) -> int:
    pid = os.fork()
    if pid == 0:  # the child: write B's first autosave, then leave at once (no cleanup of the parent's)
        try:
            _child(home, b)
        finally:
            os._exit(0)
    return pid


def _fresh_home(root: Path, n: int, a: GameRecord) -> Path:
    home = root / f"home-{n}"
    home.mkdir(parents=True)
    records.save(a, home / saves.AUTOSAVE)
    return home


def outcome(home: Path, a: GameRecord, b: GameRecord) -> str:
    """``"A"`` / ``"A+kept"`` / ``"B+kept"`` when no position is lost (the autosave holds A, or B with A in
    the saves folder); anything else names what went wrong."""
    auto = home / saves.AUTOSAVE
    if not auto.exists():
        return "no autosave"
    try:
        held = records.load(auto).seed
    except RecordError as e:
        return f"unusable autosave: {e}"
    kept = [p for p in (home / "saves").glob("autosave-*.json")] if (home / "saves").is_dir() else []
    kept_a = any(records.load(p).seed == a.seed for p in kept)
    if held == a.seed:
        return "A+kept" if kept_a else "A"
    if held == b.seed:
        return "B+kept" if kept_a else "B, A lost"
    return "another game"


def how_long(root: Path, a: GameRecord, b: GameRecord, runs: int = 5) -> float:
    """Seconds from the fork to the child's end, unkilled (the median of ``runs``)."""
    took = []
    for n in range(runs):
        home = _fresh_home(root / "timing", n, a)
        t0 = time.perf_counter()
        pid = _fork(home, b)
        os.waitpid(pid, 0)
        took.append(time.perf_counter() - t0)
    took.sort()
    return took[len(took) // 2]


def run_trials(root: Path, a: GameRecord, b: GameRecord, trials: int, seed: int = 0) -> Counter[str]:
    """``trials`` kills at random delays in [0, 1.5 x the autosave's time]: how many of each ``outcome``."""
    rng = random.Random(seed)
    span = how_long(root, a, b) * 1.5
    seen: Counter[str] = Counter()
    for n in range(trials):
        home = _fresh_home(root / "trials", n, a)
        pid = _fork(home, b)
        time.sleep(rng.uniform(0, span))
        with contextlib.suppress(ProcessLookupError):  # it may have finished already
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        seen[outcome(home, a, b)] += 1
    return seen
