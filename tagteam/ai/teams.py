"""How teams fare: a team-against-team model learned from self-play, used by the bots' draft and shown
in the gallery.

``python -m tagteam.ai.teams table GAMES SEED JOBS > tagteam/ai/team_table.py`` plays Easy against Easy
with random teams and fits P(team A beats team B) = sigmoid(sum of A's Fighter ratings + A's pair synergy
+ each of A's Fighters against each of B's, minus the same for B) by ridge-regularized logistic regression,
and keeps every team's raw record (wins, draws, losses) for "how teams fare". ``python -m tagteam.ai.teams
draft GAMES SEED JOBS`` measures bot-drafted teams against random teams.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations

from tagteam.ai.stats import wilson
from tagteam.ai.team_table import MATCHUP, RATING, RECORDS, SYNERGY

Team = tuple[str, str]


def key(a: str, b: str) -> str:
    """One name for an unordered pair of Fighters."""
    return "+".join(sorted((a, b)))


def strength(a: Team, b: Team) -> float:
    """Log-odds that team a beats team b (0 = even), from the fitted table."""
    z = RATING.get(a[0], 0.0) + RATING.get(a[1], 0.0) - RATING.get(b[0], 0.0) - RATING.get(b[1], 0.0)
    z += SYNERGY.get(key(*a), 0.0) - SYNERGY.get(key(*b), 0.0)
    for x in a:
        for y in b:
            if x != y:
                z += _matchup(x, y)
    return z


def _matchup(x: str, y: str) -> float:
    """Fighter x's edge over fighter y (stored once per pair, for the alphabetically first)."""
    return MATCHUP.get(f"{x}>{y}", 0.0) if x < y else -MATCHUP.get(f"{y}>{x}", 0.0)


def win_chance(a: Team, b: Team) -> float:
    return 1.0 / (1.0 + math.exp(-strength(a, b)))


def against_field(a: Team, pool: Iterable[str]) -> float:
    """Mean log-odds of team a against every team the others could make from ``pool``."""
    rest = [f for f in pool if f not in a]
    zs = [strength(a, (x, y)) for x, y in combinations(rest, 2)]
    return sum(zs) / len(zs) if zs else 0.0


# ---- how teams fare (for the gallery) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """One team's self-play record: score (win 1, draw 1/2) with its 95% Wilson interval, and the model's
    chance against an average team."""

    team: Team
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    model: float

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def how_teams_fare(fighter: str | None = None) -> list[TeamRecord]:
    """Every team's self-play record (only teams with ``fighter`` if given), best model chance first."""
    ids = sorted(RATING)
    out = []
    for k, (w, d, lo) in RECORDS.items():
        a, b = k.split("+")
        if fighter is not None and fighter not in (a, b):
            continue
        p, low, high = wilson(w + 0.5 * d, w + d + lo)
        m = 1.0 / (1.0 + math.exp(-against_field((a, b), ids)))
        out.append(TeamRecord((a, b), w, d, lo, p, low, high, m))
    return sorted(out, key=lambda r: -r.model)


# ---- fitting the table --------------------------------------------------------------------------------


def _game(args: tuple[int, int]) -> tuple[Team, Team, float]:
    """One Easy-against-Easy game on random teams; the score from seat 0."""
    from tagteam.ai import make_bot
    from tagteam.ai.match import play
    from tagteam.engine.table import library

    seed, g = args
    rng = random.Random(f"teams:{seed}:{g}")
    f = rng.sample(sorted(library()), 4)
    teams = ((f[0], f[1]), (f[2], f[3]))
    bots = (make_bot("easy", rng.getrandbits(32)), make_bot("easy", rng.getrandbits(32)))
    res = play(bots, rng.getrandbits(32), teams)
    return teams[0], teams[1], 1.0 if res.winner == 0 else 0.5 if res.winner == -1 else 0.0


def _features(a: Team, b: Team, index: dict[str, int]) -> list[tuple[int, float]]:
    xs: list[tuple[int, float]] = []
    for f in a:
        xs.append((index[f], 1.0))
    for f in b:
        xs.append((index[f], -1.0))
    xs.append((index[key(*a)], 1.0))
    xs.append((index[key(*b)], -1.0))
    for x in a:
        for y in b:
            if x < y:
                xs.append((index[f"{x}>{y}"], 1.0))
            elif y < x:
                xs.append((index[f"{y}>{x}"], -1.0))
    return xs


def fit(games: list[tuple[Team, Team, float]], ids: list[str], l2: float = 2.0, iters: int = 400) -> dict[str, float]:
    """Ridge logistic regression by gradient descent (a few hundred sparse passes)."""
    names = [*ids, *(key(a, b) for a, b in combinations(ids, 2)), *(f"{a}>{b}" for a, b in combinations(ids, 2))]
    index = {n: i for i, n in enumerate(names)}
    rows = [(_features(a, b, index), y) for a, b, y in games]
    w = [0.0] * len(names)
    rate = 4.0 / len(rows)
    for _ in range(iters):
        g = [l2 * wi for wi in w]
        for xs, y in rows:
            z = sum(w[i] * v for i, v in xs)
            r = 1.0 / (1.0 + math.exp(-z)) - y
            for i, v in xs:
                g[i] += r * v
        w = [wi - rate * gi for wi, gi in zip(w, g, strict=True)]
    return dict(zip(names, w, strict=True))


def table(games: int, seed: int, jobs: int) -> str:
    from tagteam.engine.table import library

    ids = sorted(library())
    with ProcessPoolExecutor(max_workers=jobs) as ex:
        results = list(ex.map(_game, [(seed, g) for g in range(games)], chunksize=16))
    w = fit(results, ids)
    records: dict[str, list[int]] = {key(a, b): [0, 0, 0] for a, b in combinations(ids, 2)}
    for a, b, y in results:
        for t, s in ((a, y), (b, 1.0 - y)):
            records[key(*t)][0 if s == 1.0 else 1 if s == 0.5 else 2] += 1
    lines = [
        f'"""Generated by ``python -m tagteam.ai.teams table {games} {seed} {jobs}``: Easy-against-Easy games on',
        'random teams. Log-odds: Fighter ratings, pair synergy, Fighter-against-Fighter edge ("a>b": a over b);',
        'RECORDS: each team\'s wins, draws and losses."""',
        "",
        "RATING: dict[str, float] = {",
        *[f'    "{f}": {w[f]:.3f},' for f in ids],
        "}",
        "SYNERGY: dict[str, float] = {",
        *[f'    "{key(a, b)}": {w[key(a, b)]:.3f},' for a, b in combinations(ids, 2)],
        "}",
        "MATCHUP: dict[str, float] = {",
        *[f'    "{a}>{b}": {w[f"{a}>{b}"]:.3f},' for a, b in combinations(ids, 2)],
        "}",
        "RECORDS: dict[str, tuple[int, int, int]] = {",
        *[f'    "{k}": ({v[0]}, {v[1]}, {v[2]}),' for k, v in records.items()],
        "}",
        "",
    ]
    return "\n".join(lines)


# ---- measuring the draft -------------------------------------------------------------------------------


def _drafter(kind: str, seed: int) -> object:
    """Easy at the Build, drafting by the team table ("table"), by the old per-Fighter ratings ("rating"),
    or at random ("random")."""
    from tagteam.ai import ratings
    from tagteam.ai.base import Bot
    from tagteam.ai.easy import EasyBot
    from tagteam.engine.actions import Action, DraftPick, PickTeam
    from tagteam.engine.view import PlayerView

    class Rating(EasyBot):
        def pick_team(self, view: PlayerView) -> Action:
            opts = [a for a in view.legal if isinstance(a, PickTeam)]
            return max(opts, key=lambda a: ratings.pair(a.fighters) + self.rng.random() * 0.05)

        def draft_pick(self, view: PlayerView) -> Action:
            opts = [a for a in view.legal if isinstance(a, DraftPick)]
            mine = view.draft_picks[view.seat] if view.draft_picks else ()

            def score(a: DraftPick) -> float:
                s = ratings.single(a.fighter) + (ratings.pair((mine[0], a.fighter)) if mine else 0.0)
                deny = 0.5 * ratings.single(a.discard) if a.discard is not None else 0.0
                return s + deny + self.rng.random() * 0.05

            return max(opts, key=score)

    class Randomly(EasyBot):
        def pick_team(self, view: PlayerView) -> Action:
            return Bot.build(self, view)

        def draft_pick(self, view: PlayerView) -> Action:
            return Bot.build(self, view)

    return {"table": EasyBot, "rating": Rating, "random": Randomly}[kind](seed)


def _draft_game(args: tuple[str, str, str, int, int]) -> float:
    """Two games on one deal (seats swapped): drafter a against drafter b; a's total score (0..2)."""
    from tagteam.ai.match import play

    a, b, mode, seed, g = args
    rng = random.Random(f"draft:{mode}:{seed}:{g}")
    game_seed = rng.getrandbits(32)
    total = 0.0
    for a_seat in (0, 1):
        bots = [_drafter(a, rng.getrandbits(32)), _drafter(b, rng.getrandbits(32))]
        if a_seat == 1:
            bots.reverse()
        res = play((bots[0], bots[1]), game_seed, None, draft=mode)  # type: ignore[arg-type]
        total += 1.0 if res.winner == a_seat else 0.5 if res.winner == -1 else 0.0
    return total


def draft_report(deals: int, seed: int, jobs: int) -> str:
    """Table-drafted and rating-drafted teams against random drafting, Easy playing every Build."""
    out = []
    for mode in ("standard", "competitive"):
        for a in ("table", "rating"):
            tasks = [(a, "random", mode, seed, g) for g in range(deals)]
            with ProcessPoolExecutor(max_workers=jobs) as ex:
                scores = list(ex.map(_draft_game, tasks, chunksize=8))
            p, lo, hi = wilson(sum(scores), 2 * deals)
            rate = f"{100 * p:5.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"
            out.append(f"{mode:12s} {a:7s} vs random: {rate} over {2 * deals} games")
    return "\n".join(out)


if __name__ == "__main__":
    cmd = sys.argv[1]
    n, s, j = (int(x) for x in sys.argv[2:5])
    if cmd == "table":
        print(table(n, s, j), end="")
    elif cmd == "draft":
        print(f"python -m tagteam.ai.teams draft {n} {s} {j}")
        print(draft_report(n, s, j))
