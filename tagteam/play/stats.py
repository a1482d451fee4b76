"""Statistics of the history (W-D-L, score with a 95% interval, by level, team and Fighter, streaks) and a
Glicko-2 rating against the bots, from the index's rows (``tagteam.store.history.PastGame``). Pure numbers: the
words are ``tagteam.words.history``'s.

The rating follows Glickman's published Glicko-2 algorithm ("Example of the Glicko-2 system", 2013), written
here from its steps. Each game against a bot is one rating period; the bots are fixed anchors (their rating
never moves), placed on the Elo scale from the arena matrix on record (``benchmarks/arena_report.md``;
docs/history.md shows the arithmetic): Normal is 1500, and each step of the ladder is the logistic
difference 400·log10(p / (1 - p)) of the recorded score p.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from tagteam.facts.stats import (
    EPSILON,
    SCALE,
    START,
    START_RD,
    START_VOLATILITY,
    TAU,
    Z95,
    Point,
    Rating,
    Result,
    Score,
    Stats,
    Streaks,
)

__all__ = [  # the data sit on the floor the words read (``tagteam.facts.stats``); named here too
    "EPSILON",
    "SCALE",
    "START",
    "START_RD",
    "START_VOLATILITY",
    "TAU",
    "Z95",
    "Point",
    "Rating",
    "Result",
    "Score",
    "Stats",
    "Streaks",
]

if TYPE_CHECKING:
    from tagteam.store.history import PastGame

# ------------------------------------------------------------------------------------------------ W-D-L


_SLOT = {"win": 0, "draw": 1, "loss": 2}


def tally(games: Iterable[PastGame]) -> Score:
    counts = [0, 0, 0]
    for g in games:
        counts[_SLOT[g.result]] += 1
    return Score(*counts)


def grouped(games: Iterable[PastGame], keys: Callable[[PastGame], Iterable[str]]) -> list[tuple[str, Score]]:
    """A Score per key (a game may count under several keys: each of your Fighters), most games first."""
    counts: dict[str, list[int]] = {}
    for g in games:
        slot = _SLOT[g.result]
        for k in keys(g):
            counts.setdefault(k, [0, 0, 0])[slot] += 1
    out = [(k, Score(*c)) for k, c in counts.items()]
    return sorted(out, key=lambda kv: (-kv[1].games, kv[0]))


def level_key(g: PastGame) -> str:
    """What "by level" groups on: the bot level of a solo game, else the kind (hot-seat, guided)."""
    return g.level if g.kind == "solo" and g.level else g.kind


# ------------------------------------------------------------------------------------------------ streaks


def streaks(games: Sequence[PastGame]) -> Streaks:
    """Over ``games`` in the order played."""
    current: Result | None = None
    length = wins = unbeaten = best_wins = best_unbeaten = 0
    for g in games:
        r = g.result
        length = length + 1 if r == current else 1
        current = r
        wins = wins + 1 if r == "win" else 0
        unbeaten = unbeaten + 1 if r != "loss" else 0
        best_wins, best_unbeaten = max(best_wins, wins), max(best_unbeaten, unbeaten)
    return Streaks(current, length, best_wins, best_unbeaten)


# ------------------------------------------------------------------------------------------------ Glicko-2

ANCHOR_RD = 30.0  # the bots' deviation: their place comes from 1,000-game arena runs, not from nothing

# The arena matrix on record: (stronger, weaker, the stronger bot's score over seat-swapped games)
ARENA: tuple[tuple[str, str, float], ...] = (
    ("normal", "easy", 0.650),  # 1,000 games, seed 12: 65.0% (61.9-67.8)
    ("hard", "normal", 0.636),  # 1,000 games, seed 12: 63.6% (60.6-66.6)
    ("easy", "random", 0.825),  # 1,000 games, issue 5: 82.5%
    # tagteam arena --bots easy,beginner --games 1000 --seed 12 --jobs 2: 78.8% (76.2-81.2), 775-26-199
    ("easy", "beginner", 0.788),
)
ANCHOR_BASE = ("normal", 1500.0)


def elo_gap(p: float) -> float:
    """The rating difference at which the stronger side is expected to score ``p``."""
    return SCALE * math.log(p / (1 - p))


def anchors() -> dict[str, float]:
    """Each bot's fixed rating, walked along the arena's ladder from the base."""
    out = {ANCHOR_BASE[0]: ANCHOR_BASE[1]}
    pending = list(ARENA)
    while pending:
        for step in list(pending):
            strong, weak, p = step
            if strong in out:
                out[weak] = out[strong] - elo_gap(p)
            elif weak in out:
                out[strong] = out[weak] + elo_gap(p)
            else:
                continue
            pending.remove(step)
    return out


ANCHORS = anchors()


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, the root of f found by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(r: Rating, results: Sequence[tuple[float, float, float]], tau: float = TAU) -> Rating:
    """One rating period: ``results`` are (opponent's rating, opponent's RD, score 1 / ½ / 0). With none,
    only the deviation grows (step 6 alone)."""
    mu, phi = (r.rating - START) / SCALE, r.rd / SCALE
    if not results:
        return Rating(r.rating, min(START_RD, SCALE * math.sqrt(phi * phi + r.volatility**2)), r.volatility)
    inv_v = 0.0
    total = 0.0
    for rating_j, rd_j, s in results:
        mu_j, phi_j = (rating_j - START) / SCALE, rd_j / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        inv_v += g * g * e * (1 - e)
        total += g * (s - e)
    v = 1 / inv_v
    delta = v * total
    sigma = _volatility(delta, phi, v, r.volatility, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(SCALE * mu_new + START, SCALE * phi_new, sigma)


POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def rated(g: PastGame) -> bool:
    """Only solo games against a bot with an anchor count (hot-seat and the tutor have no rating), played
    without the coach or the what-if (an assisted game measures the help as much as the player)."""
    return g.kind == "solo" and g.level in ANCHORS and not g.assisted


def rating_history(games: Iterable[PastGame]) -> list[Point]:
    """The rating after each rated game, in the order played (``games`` oldest first)."""
    r = Rating()
    out: list[Point] = []
    for g in games:
        if not rated(g):
            continue
        after = update(r, [(ANCHORS[g.level], ANCHOR_RD, POINTS[g.result])])
        out.append(Point(g.digest, g.ended, g.level, r, after, g.result, ANCHORS[g.level]))
        r = after
    return out


# ------------------------------------------------------------------------------------------------ all of it


def compute(games: Sequence[PastGame]) -> Stats:
    """``games`` oldest first (``History.oldest_first``)."""
    from tagteam.store.history import team_key, team_orders

    return Stats(
        overall=tally(games),
        by_level=grouped(games, lambda g: (level_key(g),)),
        by_team=grouped(games, lambda g: (team_key(g.mine),)),
        team_orders=team_orders(g.mine for g in games),
        by_fighter=grouped(games, lambda g: sorted(set(g.mine))),
        against=grouped(games, lambda g: sorted(set(g.theirs))),
        streaks=streaks(games),
        rating=rating_history(games),
        assisted=sum(1 for g in games if g.kind == "solo" and g.assisted),
    )


def changes(games: Iterable[PastGame]) -> dict[str, float]:
    """Each rated game's rating change by its digest (``games`` oldest first): the history list's "+31", taken
    from the one rating history, never worked out again by a screen."""
    return {p.digest: p.change for p in rating_history(games)}


def record_against(games: Iterable[PastGame], game: PastGame) -> Score:
    """Your record in games like ``game``: against the same bot level (solo), else of the same kind."""
    key = level_key(game)
    return tally(g for g in games if level_key(g) == key)
