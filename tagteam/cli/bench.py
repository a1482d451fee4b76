"""``tagteam bench``: random full games per second on one core (the search opponent lives on this)."""

from __future__ import annotations

import argparse
import random
import sys
import time

from tagteam.cli import parsing, progress
from tagteam.words import commands as wc
from tagteam.words import tools
from tagteam.words.lang import _


def register(commands: parsing.Commands) -> None:
    """``tagteam bench [--games N] [--seed SEED] [--fighters IDS] [--repeat N]``."""
    bench = commands.add_parser(
        "bench",
        help=_("engine speed: random full games per second on one core"),
        description=_("Play random full games on one core and print games and Turns per second."),
        epilog=parsing.example("tagteam bench --games 5000"),
    )
    bench.add_argument(
        "--games",
        type=parsing.at_least_1,
        default=3000,
        metavar="N",
        help=_("random games per run (default: %(default)s)"),
    )
    bench.add_argument(
        "--seed",
        type=parsing.seed,
        default=0,
        dest="bench_seed",
        metavar="SEED",
        help=_("seed of the teams and moves: the same seed plays the same games (default: %(default)s)"),
    )
    bench.add_argument(
        "--fighters",
        default=None,
        metavar="IDS",
        help=parsing.Late(
            _("comma-separated Fighter ids to draw teams from, at least 4 (default: all): {FIGHTERS}"),
            FIGHTERS=parsing.fighter_ids,
        ),
    )
    bench.add_argument(
        "--repeat",
        type=parsing.at_least_1,
        default=3,
        metavar="N",
        help=_("runs of the same games; the median and best are printed (default: %(default)s)"),
    )
    bench.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    games: int = args.games
    seed: int = args.bench_seed
    fighters: str | None = args.fighters
    repeat: int = args.repeat
    return run(games=games, seed=seed, fighters=fighters, repeat=repeat)


def run(games: int = 3000, seed: int = 0, fighters: str | None = None, repeat: int = 3) -> int:
    """Time ``repeat`` runs of the same random games (the engine loads only when the command runs)."""
    from tagteam.engine.randomplay import play_random
    from tagteam.engine.table import library

    ids = sorted(library())
    if fighters:
        wanted = [f.strip() for f in fighters.split(",") if f.strip()]
        unknown = [f for f in wanted if f not in ids]
        if unknown or len(set(wanted)) < 4:
            what = tools.unknown_fighter(unknown[0], ids) if unknown else tools.too_few_fighters()
            print(tools.bench_error(what), file=sys.stderr)
            return 2
        ids = sorted(set(wanted))
    pick = random.Random(seed)
    teams = []
    for _game in range(games):
        f = pick.sample(ids, 4)
        teams.append(((f[0], f[1]), (f[2], f[3])))
    play_random(0, teams[0], random.Random(0))  # warm-up: content loading and compilation
    times: list[float] = []
    turns = rounds = 0
    wins = [0, 0, 0]
    every = max(1, games // 100)  # the bar moves by hundredths: its cost stays out of the timing
    with progress.bar(wc.bench_playing(), games * repeat) as tick:
        for run_no in range(repeat):
            r = random.Random(seed)  # every repetition plays exactly the same games
            turns = rounds = 0
            wins = [0, 0, 0]
            t0 = time.perf_counter()
            for g in range(games):
                st, n = play_random(seed * 1_000_003 + g, teams[g], r)
                turns += n
                rounds += st.round
                wins[st.winner if st.winner is not None else 2] += 1
                if g % every == 0:
                    tick(run_no * games + g, games * repeat)
            times.append(time.perf_counter() - t0)
    times.sort()
    best, median = times[0], times[len(times) // 2]
    per_s = (games / median, games / best)
    turns_s = (turns / median, turns / best)
    for line in tools.bench_lines(games, len(ids), repeat, per_s, turns_s, rounds / games, turns / games, wins):
        print(line)
    return 0
