"""The coach's numbers made true: the raw study (playthroughs with random Builds after the next round, an
estimate after that) says how an option fares, not how often a player who keeps following the coach wins
from here; a fitted map per opponent turns one into the other.

Each map is logistic in the raw number's log-odds and the round (``features``), then bent by a rising
piecewise-linear curve (``bend``) through the outcomes of blocks of its own predictions; its weights are data
(``tagteam.ai.calibration_table``, fitted by ``tools.calibration_fit`` from games that followed the
coach against that opponent: ``benchmarks/coach_calibration.py``). A map is increasing in the raw number
for a given round, so it never changes which option is best. Kinds: ``option`` (an option's win chance),
``case`` (its win chance if they insert in one place), ``likely`` (how likely they insert there).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

KINDS = ("option", "case", "likely")
EDGE = 0.005  # a raw 0 or 1 (every playthrough lost or won) is read as this close to it
LAST_ROUND = 8  # rounds after this weigh as this one (few games go further)
CLIP = 1.0  # the clipped log-odds' reach: about 27-73% raw (chosen among 0.6, 1, 1.5, 2 by cross-fitted ECE)


def features(raw: float, rnd: int) -> tuple[float, float, float, float, float]:
    """What a map reads: a constant, the raw number's log-odds, how far the game has gone (0..1), the two
    together (late in a game more playthroughs reach the end, so the raw number says more), and the log-odds
    clipped to ±``CLIP``: outcomes rise faster with the raw number near even than in its tails, which one
    straight line in the log-odds could not follow (too flat at 40-80%, too sure below 10% and above 90%)."""
    p = min(1.0 - EDGE, max(EDGE, raw))
    logit = math.log(p / (1.0 - p))
    late = (min(max(rnd, 1), LAST_ROUND) - 1) / (LAST_ROUND - 1)
    return 1.0, logit, late, logit * late, max(-CLIP, min(CLIP, logit))


Knot = tuple[float, float]


def bend(p: float, knots: tuple[Knot, ...]) -> float:
    """``p`` through the curve joining (0, 0), the knots and (1, 1) by straight lines. The knots are
    (mean shown, share won) of blocks of predictions, rising in both, so the curve rises everywhere: it
    corrects the waves a logistic map leaves (too high at 10-20%, too low at 30-40% ...) without reordering."""
    if not knots:
        return p
    x0, y0 = 0.0, 0.0
    for x1, y1 in (*knots, (1.0, 1.0)):
        if p <= x1:
            return y0 + (p - x0) * (y1 - y0) / (x1 - x0) if x1 > x0 else y1
        x0, y0 = x1, y1
    return 1.0


@dataclass(frozen=True, slots=True)
class Map:
    """One fitted map: its weights over ``features``, how many predictions it was fitted on, and the knots of
    its bend (none: the logistic number as it is)."""

    weights: tuple[float, ...]
    n: int = 0
    knots: tuple[Knot, ...] = ()

    def apply(self, raw: float, rnd: int) -> float:
        z = sum(w * x for w, x in zip(self.weights, features(raw, rnd), strict=True))
        return bend(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), self.knots)


SAME = Map((0.0, 1.0, 0.0, 0.0, 0.0))  # no map known for this opponent: the raw number as it is


def region(position: int, size: int) -> str:
    """Where an insert at ``position`` into a deck of ``size`` falls: the top, the bottom, or between."""
    if position <= 0:
        return "top"
    if position >= size:
        return "bottom"
    return "middle"


def _maps() -> dict[tuple[str, str], Map]:
    from tagteam.ai.calibration_table import TABLE

    return {key: Map(*entry) for key, entry in TABLE.items()}


_MAPS: dict[tuple[str, str], Map] = {}


def map_for(opponent: str, kind: str) -> Map:
    """The map for this opponent ("easy" .. "expert", "tutor") and kind; the raw number if none is fitted."""
    if not _MAPS:
        _MAPS.update(_maps())
    return _MAPS.get((opponent, kind), SAME)


def known(opponent: str) -> bool:
    """Whether the win chances against this opponent have a fitted map (else the coach shows the raw study)."""
    return map_for(opponent, "option") is not SAME


def calibrated(raw: float, rnd: int, opponent: str, kind: str = "option") -> float:
    """The raw study number as the share of games won (or inserts made) it stands for."""
    return map_for(opponent, kind).apply(raw, rnd)


def likelihoods(raw: tuple[float, ...], rnd: int, opponent: str) -> tuple[float, ...]:
    """How likely each place is, calibrated one by one and then made to add up to 1 again."""
    m = map_for(opponent, "likely")
    cal = [m.apply(p, rnd) for p in raw]
    total = sum(cal)
    return tuple(c / total for c in cal) if total > 0 else raw
