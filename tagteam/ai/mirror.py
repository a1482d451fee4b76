"""A Hard that models its opponent as a searcher like itself: in a few sampled hidden states it asks a small
Hard, seeing only the opponent's view of that state, how the opponent would Build, then plays a softmax over
its own options' values against those predictions.

Why: Hard's own prediction of the opponent (an equilibrium mixed with a Normal-like player) is a guess at how
people play; the best response to Hard's real policy scored well above even against Hard, so a cheaper copy
of that policy, learned by asking, is a better model of a strong opponent. The small Hard sees nothing the
real opponent would not: the opponent's view of a state sampled from my own view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tagteam.ai import regret
from tagteam.ai.determinize import Hidden, sample
from tagteam.ai.hard import Budget, HardBot, Stop, analyze
from tagteam.ai.lookahead import opp_builds, outcome
from tagteam.ai.options import Option, all_options
from tagteam.ai.simulate import settle
from tagteam.engine.game import BUILD_DECISION
from tagteam.engine.view import PlayerView, view_for

SMALL = Budget(samples=3, mine=6, theirs=5, iters=100)
"""The small Hard asked for the opponent's policy: about a tenth of Hard's playouts per question."""


@dataclass(frozen=True, slots=True)
class Mirror:
    """How much the mirror looks at: sampled states, the small Hard asked in each, my softmax and its floor."""

    samples: int = 5
    inner: Budget = SMALL
    temperature: float = 0.02
    floor: float = 0.05  # the predicted opponent options below this share are dropped before my values
    depth: int = 2  # rounds played out per pairing, as Hard's Budget.depth


def predict(
    view: PlayerView, rng: random.Random, inner: Budget, stop: Stop, floor: float
) -> list[tuple[Option, float]]:
    """The small Hard's mixed strategy for this (opponent's) view, options under ``floor`` dropped."""
    an = analyze(view, rng, inner, stop)
    kept = [(o, p) for o, p in zip(an.options, an.strategy, strict=True) if p >= floor]
    if not kept:
        kept = list(zip(an.options, an.strategy, strict=True))
    total = sum(p for _, p in kept)
    return [(o, p / total) for o, p in kept]


def values(view: PlayerView, rng: random.Random, m: Mirror, stop: Stop) -> tuple[list[Option], list[float]]:
    """Each of my options' mean value against the predicted opponent, over the sampled states."""
    h = Hidden(view)
    me = view.seat
    mine = all_options(len(view.my_fight_deck))
    totals = [0.0] * len(mine)
    done = 0
    for _ in range(m.samples):
        if stop() and done:
            break
        st = sample(h, rng)
        settle(st)
        theirs: list[tuple[Option | None, float]] = [(None, 1.0)]
        if opp_builds(st, me) and st.pending[1 - me] == BUILD_DECISION:
            theirs = list(predict(view_for(st, 1 - me), rng, m.inner, stop, m.floor))
        then = rng.getrandbits(32) | 1 if m.depth > 1 else 0
        for i, o in enumerate(mine):
            totals[i] += sum(p * outcome(st, me, o, t, then, rounds=m.depth - 1) for t, p in theirs)
        done += 1
    return mine, [t / done for t in totals]


class MirrorHardBot(HardBot):
    """Hard's candidate successor (arena only, ``hard-mirror``): a softmax against a small Hard's predictions."""

    level = "hard-mirror"
    mirror = Mirror()

    def distribution(self, view: PlayerView) -> tuple[list[Option], list[float]]:
        opts, vals = values(view, self.rng, self.mirror, lambda: self.cancelled)
        strategy = regret.softmax(vals, self.mirror.temperature)
        weights = [p if p >= self.floor else 0.0 for p in strategy]
        return opts, weights if sum(weights) > 0.0 else strategy
