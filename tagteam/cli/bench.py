"""``tagteam bench``: random full games per second on one core (the search opponent lives on this)."""

from __future__ import annotations

import random
import sys
import time

from tagteam.engine.randomplay import play_random
from tagteam.engine.table import library


def run(games: int = 3000, seed: int = 0, fighters: str | None = None, repeat: int = 3) -> int:
    ids = sorted(library())
    if fighters:
        wanted = [f.strip() for f in fighters.split(",") if f.strip()]
        unknown = [f for f in wanted if f not in ids]
        if unknown or len(set(wanted)) < 4:
            what = f"unknown Fighter {unknown[0]!r}" if unknown else "at least 4 different Fighters are needed"
            print(f"tagteam bench: --fighters: {what}", file=sys.stderr)
            return 2
        ids = sorted(set(wanted))
    pick = random.Random(seed)
    teams = []
    for _ in range(games):
        f = pick.sample(ids, 4)
        teams.append(((f[0], f[1]), (f[2], f[3])))
    play_random(0, teams[0], random.Random(0))  # warm-up: content loading and compilation
    times: list[float] = []
    turns = rounds = 0
    wins = [0, 0, 0]
    for _ in range(repeat):
        r = random.Random(seed)  # every repetition plays exactly the same games
        turns = rounds = 0
        wins = [0, 0, 0]
        t0 = time.perf_counter()
        for g in range(games):
            st, n = play_random(seed * 1_000_003 + g, teams[g], r)
            turns += n
            rounds += st.round
            wins[st.winner if st.winner is not None else 2] += 1
        times.append(time.perf_counter() - t0)
    times.sort()
    best, median = times[0], times[len(times) // 2]
    print(f"{games} random games over {len(ids)} Fighters, {repeat} runs, one core")
    print(f"games/s: {games / median:,.0f} median, {games / best:,.0f} best")
    print(f"Turns/s: {turns / median:,.0f} median, {turns / best:,.0f} best")
    print(f"average: {rounds / games:.2f} rounds, {turns / games:.1f} Turns per game")
    print(f"seat 1 wins {wins[0]}, seat 2 wins {wins[1]}, draws {wins[2]}")
    return 0
