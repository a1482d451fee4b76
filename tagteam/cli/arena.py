"""``tagteam arena``: bot-against-bot matches, seats swapped on the same deal, printed as a win-rate matrix.

The bots and the engine load only when the command runs, so building ``tagteam --help`` stays light."""

from __future__ import annotations

import argparse
import csv
import io
import json
import multiprocessing
import random
import signal
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from tagteam.cli import parsing, progress
from tagteam.words import commands as wc
from tagteam.words import tools
from tagteam.words.lang import _


def register(commands: parsing.Commands) -> None:
    """``tagteam arena [--bots NAMES] [--games N] [--seed SEED] [--jobs N] [--json|--csv]``."""
    arena = commands.add_parser(
        "arena",
        help=_("bot-against-bot matches with a win-rate matrix"),
        description=_("Every pair of bots plays the same deals with seats swapped; prints a win-rate matrix."),
        epilog=parsing.example(
            "tagteam arena --bots random,easy,normal,hard --games 1000 --seed 1",
            "tagteam arena --bots easy,normal --games 20 --csv > arena.csv",
        ),
    )
    arena.add_argument(
        "--bots",
        default="random,easy,normal,hard",  # Expert is Hard plus a habit model: named when wanted
        metavar="NAMES",
        help=parsing.Late(
            _(
                "comma-separated bots, every pair plays (default: %(default)s); ROWS/COLUMNS, e.g. "
                "hard,expert/habit-top, plays each row bot against each column only. Bots: {BOTS}"
            ),
            BOTS=_bot_names,
        ),
    )
    arena.add_argument(
        "--games",
        type=parsing.at_least_1,
        default=100,
        metavar="N",
        help=_("games per pair, rounded up to whole seat-swapped deals (default: %(default)s)"),
    )
    arena.add_argument(
        "--seed",
        type=parsing.seed,
        default=0,
        dest="arena_seed",
        metavar="SEED",
        help=_("seed of the deals: the same seed deals the same games (default: %(default)s)"),
    )
    arena.add_argument(
        "--jobs",
        type=parsing.at_least_1,
        default=parsing.cores(),
        metavar="N",
        help=_("processes playing at once (default: this machine's cores, %(default)s)"),
    )
    out = arena.add_mutually_exclusive_group()
    out.add_argument(
        "--json", action="store_true", help=_("print JSON (bot names and counts) instead of tables (default: tables)")
    )
    out.add_argument("--csv", action="store_true", help=_("print CSV, one row per pair of bots (default: tables)"))
    arena.set_defaults(run=_run)


def _bot_names() -> str:
    """Every name ``--bots`` accepts, from the arena's own table (read only when help is shown)."""
    from tagteam.ai.measure import arena_names

    return ", ".join(arena_names())


def _run(args: argparse.Namespace) -> int:
    bots: str = args.bots
    games: int = args.games
    seed: int = args.arena_seed
    jobs: int = args.jobs
    fmt = "json" if args.json else "csv" if args.csv else "text"
    return run(bots=bots, games=games, seed=seed, jobs=jobs, fmt=fmt)


@dataclass(slots=True)
class Tally:
    """One ordered pairing's results, from the first bot's side, and think times (seconds) per bot."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    @property
    def n(self) -> int:
        return self.wins + self.draws + self.losses

    def score(self) -> tuple[float, float, float]:
        """Mean score (a win 1, a draw 1/2) and its 95% Wilson interval (low, high)."""
        from tagteam.ai.stats import wilson

        return wilson(self.wins + 0.5 * self.draws, self.n)

    def flipped(self) -> Tally:
        """The same games from the other bot's side."""
        return Tally(self.losses, self.draws, self.wins, self.times)


def deal_of(seed: int, deal: int) -> tuple[tuple[tuple[str, str], tuple[str, str]], int, tuple[int, int, int, int]]:
    """Teams, game seed and four bot seeds of one deal: a function of ``seed`` and the deal number only, so
    every pairing plays the same deals and two pairings compare deal for deal."""
    from tagteam.engine.table import library

    rng = random.Random(f"{seed}:{deal}")
    fighters = rng.sample(sorted(library()), 4)
    teams = ((fighters[0], fighters[1]), (fighters[2], fighters[3]))
    game_seed = rng.getrandbits(32)
    s = (rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32))
    return teams, game_seed, s


def _deal(seed: int, a: str, b: str, deal: int) -> tuple[int, int, int, dict[str, list[float]], dict[str, list[float]]]:
    """Two games on one deal (same teams, same game seed), the bots swapping seats; results from a's side."""
    from tagteam.ai import match
    from tagteam.ai.measure import arena_bot

    teams, game_seed, seeds = deal_of(seed, deal)
    w = d = lo = 0
    ta: dict[str, list[float]] = defaultdict(list)
    tb: dict[str, list[float]] = defaultdict(list)
    for a_seat in (0, 1):
        # the seat's seed in this game: a bot in the same seat of the same deal draws the same numbers
        bot_a = arena_bot(a, seeds[2 * a_seat + a_seat])
        bot_b = arena_bot(b, seeds[2 * a_seat + 1 - a_seat])
        bots = (bot_a, bot_b) if a_seat == 0 else (bot_b, bot_a)
        res = match.play(bots, game_seed, teams)
        if res.winner == a_seat:
            w += 1
        elif res.winner == -1:
            d += 1
        else:
            lo += 1
        for kind, t in res.times[a_seat]:
            ta[kind].append(t)
        for kind, t in res.times[1 - a_seat]:
            tb[kind].append(t)
        for kind, t in res.cpu[a_seat]:
            ta["cpu:" + kind].append(t)
        for kind, t in res.cpu[1 - a_seat]:
            tb["cpu:" + kind].append(t)
    return w, d, lo, dict(ta), dict(tb)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def run(bots: str, games: int, seed: int, jobs: int, fmt: str = "text") -> int:
    """Every pair of the listed bots plays ``games`` games (rounded up to whole seat-swapped deals); with
    ``rows/columns`` (e.g. ``hard,expert/habit-top,habit-bottom``) only each row bot against each column.
    ``fmt``: text (the matrix), json or csv. Ctrl-C stops the games and prints what was played (status 130)."""
    from tagteam.ai.measure import arena_names, is_arena_bot, variant_problem

    left, _, right = bots.partition("/")
    names = [n.strip() for n in left.split(",") if n.strip()]
    cols = [n.strip() for n in right.split(",") if n.strip()]
    known = arena_names()
    for n in names + cols:
        if n not in known and not is_arena_bot(n):
            why = variant_problem(n)
            said = (
                tools.unknown_bot(n, known)
                if why is None
                else tools.bad_variant(why.name, why.field, why.raw, why.why, why.fields)
            )
            print(tools.arena_error(said), file=sys.stderr)
            return 2
    if len(names) + len(cols) < 2 or (right and not cols) or set(names) & set(cols):
        print(tools.arena_error(tools.two_bots_needed()), file=sys.stderr)
        return 2
    deals = (games + 1) // 2
    pairs = [(a, b) for a in names for b in cols] if cols else None
    played = Played()
    with progress.bar(wc.arena_playing()) as tick:
        tallies, think = tournament(names + cols, deals, seed, jobs, pairs, tick=tick, played=played)
    if played.stopped:
        print(wc.arena_stopped(played.done, played.total), file=sys.stderr)
    if fmt == "json":
        print(json.dumps(as_json(tallies, deals, seed), indent=1))
    elif fmt == "csv":
        sys.stdout.write(as_csv(tallies))
    else:
        _print(names + cols, tallies, think, deals, seed, jobs)
    return EXIT_INTERRUPTED if played.stopped else 0


EXIT_INTERRUPTED = 130  # the shell's convention for a program ended by Ctrl-C, as ``tagteam`` itself uses


@dataclass(slots=True)
class Played:
    """How far a tournament got: deals played of all, and whether Ctrl-C stopped it."""

    done: int = 0
    total: int = 0
    stopped: bool = False


def _pair_row(a: str, b: str, t: Tally) -> dict[str, object]:
    mean, low, high = t.score()
    return {
        "bot": a,
        "opponent": b,
        "games": t.n,
        "wins": t.wins,
        "draws": t.draws,
        "losses": t.losses,
        "score": round(mean, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }


def as_json(tallies: dict[tuple[str, str], Tally], deals: int, seed: int) -> dict[str, object]:
    """Names and counts, no words: a program reads it (``--json``). Scores from the first bot's side."""
    return {"deals_per_pair": deals, "seed": seed, "pairs": [_pair_row(a, b, t) for (a, b), t in tallies.items()]}


def as_csv(tallies: dict[tuple[str, str], Tally]) -> str:
    """One row per pair, from the first bot's side: a spreadsheet reads it (``--csv``)."""
    buf = io.StringIO()
    fields = ["bot", "opponent", "games", "wins", "draws", "losses", "score", "low", "high"]
    w = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    for (a, b), t in tallies.items():
        w.writerow(_pair_row(a, b, t))
    return buf.getvalue()


def tournament(
    names: list[str],
    deals: int,
    seed: int,
    jobs: int = 1,
    pairs: list[tuple[str, str]] | None = None,
    tick: progress.Tick | None = None,
    played: Played | None = None,
) -> tuple[dict[tuple[str, str], Tally], dict[str, dict[str, list[float]]]]:
    """Every pair (a before b in ``names``, or the given ``pairs``) plays ``deals`` seat-swapped deals;
    tallies are from a's side. ``tick(done, total)`` after each deal; with ``played``, Ctrl-C stops the games
    and the tallies count the deals finished (``played`` says how far it got), else Ctrl-C propagates."""
    if pairs is None:
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    tasks = [(seed, a, b, k) for a, b in pairs for k in range(deals)]
    tallies = {p: Tally() for p in pairs}
    think: dict[str, dict[str, list[float]]] = {n: defaultdict(list) for n in names}
    results: list[tuple[int, int, int, dict[str, list[float]], dict[str, list[float]]]] = []
    if tick is not None:
        tick(0, len(tasks))
    pool = multiprocessing.Pool(processes=jobs, initializer=_quiet_worker) if jobs > 1 else None
    try:
        if pool is not None:
            chunk = max(1, min(32, len(tasks) // (jobs * 8)))
            found: Iterator[tuple[int, int, int, dict[str, list[float]], dict[str, list[float]]]] = pool.imap(
                _deal_star, tasks, chunksize=chunk
            )
        else:
            found = (_deal(*t) for t in tasks)
        for result in found:  # in the tasks' order: what was played is a prefix of them
            results.append(result)
            if tick is not None:
                tick(len(results), len(tasks))
    except KeyboardInterrupt:
        if played is None:
            raise
        played.stopped = True
    finally:
        if pool is not None:
            pool.terminate()  # every result is in (or Ctrl-C): nothing under way is waited for
            pool.join()
    if played is not None:
        played.done, played.total = len(results), len(tasks)
    for (_seed, a, b, _deal_no), (w, d, lo, ta, tb) in zip(tasks, results, strict=False):
        t = tallies[(a, b)]
        t.wins, t.draws, t.losses = t.wins + w, t.draws + d, t.losses + lo
        for kind, xs in ta.items():
            think[a][kind].extend(xs)
        for kind, xs in tb.items():
            think[b][kind].extend(xs)
    return tallies, think


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool: one quiet exit, not a traceback each."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _deal_star(t: tuple[int, str, str, int]) -> tuple[int, int, int, dict[str, list[float]], dict[str, list[float]]]:
    return _deal(*t)


def _print(
    names: list[str],
    tallies: dict[tuple[str, str], Tally],
    think: dict[str, dict[str, list[float]]],
    deals: int,
    seed: int,
    jobs: int,
) -> None:
    for line in tools.arena_head(deals, seed, jobs):
        print(line)
    width = 26
    col = max(8, *(len(n) + 1 for n in names))
    print(" " * col + "".join(n.rjust(width) for n in names))
    for r in names:
        top, low = r.ljust(col), " " * col
        for c in names:
            if (r, c) not in tallies and (c, r) not in tallies:
                top, low = top + "-".rjust(width), low + "".rjust(width)
                continue
            t = tallies[(r, c)] if (r, c) in tallies else tallies[(c, r)].flipped()
            mean, lo_, hi_ = t.score()
            top += tools.arena_score(mean, lo_, hi_).rjust(width)
            low += f"{t.wins}-{t.draws}-{t.losses}".rjust(width)
        print(top)
        print(low)
    print()
    for prefix in ("", "cpu:"):
        print(tools.arena_think(cpu=bool(prefix)))
        for n in names:
            b = think[n].get(prefix + "build", [])
            every = [x for k, xs in think[n].items() if k.startswith("cpu:") == bool(prefix) for x in xs]
            print(
                f"  {n:{col}s} {1000 * _pct(b, 0.5):8.1f} {1000 * _pct(b, 0.95):8.1f} {1000 * max(b, default=0):8.1f}"
                f" ({len(b)})   {1000 * _pct(every, 0.95):8.1f} {1000 * max(every, default=0):8.1f}"
            )
