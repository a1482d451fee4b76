"""Regret matching for the small simultaneous Build game: my one strategy against an opponent who knows its hand.

Each sampled hidden state ``d`` is an opponent type with its own options and payoff matrix ``mats[d][i][j]``
(my payoff). Both sides run regret matching+ with linearly weighted averages; the average strategies
approach an equilibrium of this Bayesian game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import mul

Matrix = list[list[float]]


def softmax(vals: Sequence[float], temperature: float) -> list[float]:
    """A mixed strategy from values: each option's weight exp((v - best) / temperature), normalized. Every
    softmax the bots play or predict is this one (the same floats wherever it is taken)."""
    top = max(vals)
    w = [math.exp((v - top) / temperature) for v in vals]
    s = sum(w)
    return [v / s for v in w]


def _normalize(r: list[float]) -> list[float]:
    s = sum(r)
    if s <= 0.0:
        return [1.0 / len(r)] * len(r)
    return [v / s for v in r]


def solve(mats: list[Matrix], iters: int = 200) -> tuple[list[float], list[list[float]]]:
    """My average strategy and each opponent type's average strategy.

    Dot products are ``sum(map(mul, ...))``: the same additions in the same order as a generator over
    ``zip``, so the same floats, at about half the cost (this loop is a quarter of Hard's think time)."""
    n = len(mats[0])
    types = len(mats)
    rx = [0.0] * n
    ry = [[0.0] * len(m[0]) for m in mats]
    ax = [0.0] * n
    ay = [[0.0] * len(m[0]) for m in mats]
    cols = [[list(c) for c in zip(*m, strict=True)] for m in mats]  # column views, for the opponent
    for t in range(1, iters + 1):
        x = _normalize(rx)
        ys = [_normalize(r) for r in ry]
        u = [0.0] * n
        for m, y in zip(mats, ys, strict=True):
            for i, row in enumerate(m):
                u[i] += sum(map(mul, row, y))
        u = [v / types for v in u]
        ev = sum(map(mul, x, u))
        rx = [max(0.0, r + v - ev) for r, v in zip(rx, u, strict=True)]
        for i in range(n):
            ax[i] += t * x[i]
        for d in range(types):
            y = ys[d]
            w = [-sum(map(mul, col, x)) for col in cols[d]]
            ew = sum(map(mul, y, w))
            ry[d] = [max(0.0, r + v - ew) for r, v in zip(ry[d], w, strict=True)]
            ad = ay[d]
            for j in range(len(y)):
                ad[j] += t * y[j]
    return _normalize(ax), [_normalize(a) for a in ay]


def values(mats: list[Matrix], ys: list[list[float]]) -> list[float]:
    """Each of my options' expected payoff against the opponent types' strategies."""
    n = len(mats[0])
    u = [0.0] * n
    for m, y in zip(mats, ys, strict=True):
        for i, row in enumerate(m):
            u[i] += sum(map(mul, row, y))
    return [v / len(mats) for v in u]
