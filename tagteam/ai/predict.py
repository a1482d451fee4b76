"""A learned model of how a searching opponent Builds, for Hard's prediction of the opponent (arena only).

Hard predicts the opponent in each sampled state as an even mix of the equilibrium and a Normal-like player.
That is a guess. The best response that queries today's Hard for its real policy scored well above even
against it, so a closer prediction is worth having, if it costs no more CPU. This model reads only numbers
Hard's search has already computed (the payoff matrices, both equilibrium strategies, the opponent's sampled
hands) and weighs them as a log-linear choice model fitted to what today's Hard actually played
(``benchmarks/opponent_fit.py``; the weights are data in ``predict_weights.py``).

One sample's matrix holds one playout per pairing, so its values are noisy; the opponent itself judges each
option over many hands of mine. So besides each sample's own values, an option (a card kept at a place) is
also valued by pooling every sample in which that card could be kept at that place.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

from tagteam.ai import regret
from tagteam.ai.options import Option

Matrix = list[list[float]]

NAMES = (
    "equilibrium", "normal", "versus_x", "answer", "top", "bottom", "keep_rate", "pooled_answer", "pooled_normal",
)  # fmt: skip
"""The features of one opponent option, in the order of the weights."""

EQ_FLOOR = 0.01  # the equilibrium share is read as log(share + this): an option it never plays is not -inf
NORMAL_T = 0.03  # the scales of the value features: the Normal-like player's and Hard's softmax temperatures
HARD_T = 0.02


def _values(mat: Matrix, x: Sequence[float]) -> tuple[list[float], list[float], list[float]]:
    """The opponent's value of each of its options (columns) against my options alike, against my equilibrium
    ``x``, and against what a searcher like Hard expects of me (``x`` and a Normal-like me, half each)."""
    rows, cols = len(mat), len(mat[0])
    unif = [-sum(mat[i][j] for i in range(rows)) / rows for j in range(cols)]
    vs_x = [-sum(x[i] * mat[i][j] for i in range(rows)) for j in range(cols)]
    me_like = regret.softmax([sum(row) / cols for row in mat], NORMAL_T)
    q = [0.5 * a + 0.5 * b for a, b in zip(x, me_like, strict=True)]
    vs_q = [-sum(q[i] * mat[i][j] for i in range(rows)) for j in range(cols)]
    return unif, vs_x, vs_q


def _scaled(vals: Sequence[float], t: float) -> list[float]:
    top = max(vals)
    return [(v - top) / t for v in vals]


def features(
    mats: Sequence[Matrix],
    x: Sequence[float],
    ys: Sequence[Sequence[float]],
    theirs: Sequence[Sequence[Option]],
    hands: Sequence[Sequence[str]],
    deck: int,
    worth: dict[str, float],
) -> list[list[list[float]]]:
    """Per sample, per kept opponent option, the features named in ``NAMES``: the equilibrium share (as a log),
    the three values of ``_values`` on the sample's own matrix, whether the card goes on top or at the bottom
    of the ``deck``-card Fight deck, the kept card's keep-rate (``worth`` by card id), then the answer and
    Normal-like values pooled over every sample that kept the same card at the same place."""
    per = [_values(m, x) for m in mats]
    pool_q: dict[tuple[str, int], list[float]] = defaultdict(list)
    pool_u: dict[tuple[str, int], list[float]] = defaultdict(list)
    for (unif, _vx, vs_q), th, hand in zip(per, theirs, hands, strict=True):
        for j, (k, p) in enumerate(th):
            pool_q[hand[k], p].append(vs_q[j])
            pool_u[hand[k], p].append(unif[j])
    out = []
    for (unif, vs_x, vs_q), y, th, hand in zip(per, ys, theirs, hands, strict=True):
        keys = [(hand[k], p) for k, p in th]
        pq = _scaled([sum(pool_q[c]) / len(pool_q[c]) for c in keys], HARD_T)
        pu = _scaled([sum(pool_u[c]) / len(pool_u[c]) for c in keys], NORMAL_T)
        su, sx, sq = _scaled(unif, NORMAL_T), _scaled(vs_x, HARD_T), _scaled(vs_q, HARD_T)
        out.append([
            [math.log(y[j] + EQ_FLOOR), su[j], sx[j], sq[j], 1.0 if p == 0 else 0.0, 1.0 if p == deck else 0.0,
             worth.get(hand[k], 0.0), pq[j], pu[j]]
            for j, (k, p) in enumerate(th)
        ])  # fmt: skip
    return out


def choice(weights: Sequence[float], feats: Sequence[Sequence[float]]) -> list[float]:
    """The predicted shares of the options: a softmax of each option's weighted feature sum."""
    z = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in feats]
    return regret.softmax(z, 1.0)
