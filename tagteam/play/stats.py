"""Statistics of the history (W-D-L, score with a 95% interval, by level, team and Fighter, streaks) and a
Glicko-2 rating against the bots, from the index's rows (``tagteam.store.history.Game``). Pure numbers: the
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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from tagteam.store.history import Game

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

# ------------------------------------------------------------------------------------------------ W-D-L


@dataclass(frozen=True, slots=True)
class Score:
    """Wins, draws and losses; ``score`` counts a draw half a win, its interval is Wilson's (as the arena's)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of ``score`` (0 to 1 when there is no game)."""
        n = self.games
        if not n:
            return 0.0, 1.0
        p, z2 = self.score, Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def plus(self, result: str) -> Score:
        if result == "win":
            return Score(self.wins + 1, self.draws, self.losses)
        if result == "draw":
            return Score(self.wins, self.draws + 1, self.losses)
        return Score(self.wins, self.draws, self.losses + 1)


_SLOT = {"win": 0, "draw": 1, "loss": 2}


def tally(games: Iterable[Game]) -> Score:
    counts = [0, 0, 0]
    for g in games:
        counts[_SLOT[g.result]] += 1
    return Score(*counts)


def grouped(games: Iterable[Game], keys: Callable[[Game], Iterable[str]]) -> list[tuple[str, Score]]:
    """A Score per key (a game may count under several keys: each of your Fighters), most games first."""
    counts: dict[str, list[int]] = {}
    for g in games:
        slot = _SLOT[g.result]
        for k in keys(g):
            counts.setdefault(k, [0, 0, 0])[slot] += 1
    out = [(k, Score(*c)) for k, c in counts.items()]
    return sorted(out, key=lambda kv: (-kv[1].games, kv[0]))


def level_key(g: Game) -> str:
    """What "by level" groups on: the bot level of a solo game, else the kind (hot-seat, guided)."""
    return g.level if g.kind == "solo" and g.level else g.kind


# ------------------------------------------------------------------------------------------------ streaks

Result = Literal["win", "draw", "loss"]


@dataclass(frozen=True, slots=True)
class Streaks:
    """The current run of equal results (its result and length) and the longest runs of wins and of games
    without a loss."""

    current: Result | None
    length: int
    best_wins: int
    best_unbeaten: int


def streaks(games: Sequence[Game]) -> Streaks:
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

SCALE = 400 / math.log(10)  # 173.7178: the Glicko-2 scale against the Glicko (Elo-like) one
START = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # how fast the volatility may change (Glickman suggests 0.3 to 1.2)
EPSILON = 1e-6
ANCHOR_RD = 30.0  # the bots' deviation: their place comes from 1,000-game arena runs, not from nothing

# The arena matrix on record: (stronger, weaker, the stronger bot's score over seat-swapped games)
ARENA: tuple[tuple[str, str, float], ...] = (
    ("normal", "easy", 0.650),  # 1,000 games, seed 12: 65.0% (61.9-67.8)
    ("hard", "normal", 0.636),  # 1,000 games, seed 12: 63.6% (60.6-66.6)
    ("easy", "random", 0.825),  # 1,000 games, issue 5: 82.5%
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


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` ± ``rd`` (the deviation), ``volatility`` σ."""

    rating: float = START
    rd: float = START_RD
    volatility: float = START_VOLATILITY


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


@dataclass(frozen=True, slots=True)
class Point:
    """The rating after one rated game (for the chart, and the game-over line's change)."""

    digest: str
    ended: float
    level: str
    before: Rating
    after: Rating
    result: str = ""  # "win", "draw" or "loss" for you: the chart's mark

    @property
    def change(self) -> float:
        return self.after.rating - self.before.rating


def rated(g: Game) -> bool:
    """Only solo games against a bot with an anchor count (hot-seat and the tutor have no rating)."""
    return g.kind == "solo" and g.level in ANCHORS


def rating_history(games: Iterable[Game]) -> list[Point]:
    """The rating after each rated game, in the order played (``games`` oldest first)."""
    r = Rating()
    out: list[Point] = []
    for g in games:
        if not rated(g):
            continue
        after = update(r, [(ANCHORS[g.level], ANCHOR_RD, POINTS[g.result])])
        out.append(Point(g.digest, g.ended, g.level, r, after, g.result))
        r = after
    return out


# ------------------------------------------------------------------------------------------------ all of it


@dataclass(frozen=True, slots=True)
class Stats:
    """Everything ``tagteam stats`` prints and the statistics screen shows, from one list of games."""

    overall: Score
    by_level: list[tuple[str, Score]]
    by_team: list[tuple[str, Score]]
    team_orders: dict[str, tuple[str, str]]  # each team key as you last played it (``history.team_orders``)
    by_fighter: list[tuple[str, Score]]
    against: list[tuple[str, Score]]
    streaks: Streaks
    rating: list[Point]

    @property
    def current(self) -> Rating:
        return self.rating[-1].after if self.rating else Rating()


def compute(games: Sequence[Game]) -> Stats:
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
    )


def changes(games: Iterable[Game]) -> dict[str, float]:
    """Each rated game's rating change by its digest (``games`` oldest first): the history list's "+31", taken
    from the one rating history, never worked out again by a screen."""
    return {p.digest: p.change for p in rating_history(games)}


def record_against(games: Iterable[Game], game: Game) -> Score:
    """Your record in games like ``game``: against the same bot level (solo), else of the same kind."""
    key = level_key(game)
    return tally(g for g in games if level_key(g) == key)
