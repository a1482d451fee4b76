"""The history's statistics as data: W-D-L with its interval, streaks, a Glicko-2 rating and its points, and
all of them for one list of games. ``tagteam.play.stats`` computes them from the index's rows,
``tagteam.words.history`` words them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
SCALE = 400 / math.log(10)  # 173.7178: the Glicko-2 scale against the Glicko (Elo-like) one
START = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # how fast the volatility may change (Glickman suggests 0.3 to 1.2)
EPSILON = 1e-6


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


Result = Literal["win", "draw", "loss"]


@dataclass(frozen=True, slots=True)
class Streaks:
    """The current run of equal results (its result and length) and the longest runs of wins and of games
    without a loss."""

    current: Result | None
    length: int
    best_wins: int
    best_unbeaten: int


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` ± ``rd`` (the deviation), ``volatility`` σ."""

    rating: float = START
    rd: float = START_RD
    volatility: float = START_VOLATILITY


@dataclass(frozen=True, slots=True)
class Point:
    """The rating after one rated game (for the chart, and the game-over line's change)."""

    digest: str
    ended: float
    level: str
    before: Rating
    after: Rating
    result: str = ""  # "win", "draw" or "loss" for you: the chart's mark
    anchor: float = START  # the bot's fixed rating this game was rated against (the game-over line says it)

    @property
    def change(self) -> float:
        return self.after.rating - self.before.rating


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
    assisted: int = 0  # solo games with the coach or the what-if opened: counted above, not rated

    @property
    def current(self) -> Rating:
        return self.rating[-1].after if self.rating else Rating()
