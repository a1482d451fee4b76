"""How teams fare: a team-against-team model learned from self-play, used by the bots' draft and shown
in the gallery. The table is fitted by ``tools.team_fit``, which plays the bots: this module reads it
only, so the bots' base can ask it without an import loop."""

from __future__ import annotations

import math
from collections.abc import Iterable
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
