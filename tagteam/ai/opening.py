"""The Starting Card order, searched: which Fighter's Starting Card leads sets the first Fight's line-up and
stays in the Fight deck all game, so Hard plays it out instead of trusting Easy's rule of thumb.

Both players order at once (the opponent's order is hidden until the Fight), so this is the Build's small
simultaneous game again: per sampled hidden state, every pairing of my order with theirs is played through
the first Fight and ``rounds`` more with random Builds (common random numbers across pairings); the pooled
matrix is solved by regret matching, the opponent predicted as Hard predicts it at a Build (the equilibrium
mixed with a Normal-like player), and I play a softmax over my values against that prediction.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tagteam.ai import regret
from tagteam.ai.determinize import Hidden, sample
from tagteam.ai.evaluate import value
from tagteam.ai.lookahead import random_builds
from tagteam.ai.simulate import run_fight, settle
from tagteam.ai.traits import traits
from tagteam.engine.actions import OrderStart
from tagteam.engine.game import ORDER, apply_action_inplace
from tagteam.engine.state import BUILD, FIGHT, GameState
from tagteam.engine.view import PlayerView

Stop = Callable[[], bool]


def _play(st: GameState, me: int, mine: OrderStart, theirs: OrderStart | None, seed: int, rounds: int,
          fitted: bool | None) -> float:  # fmt: skip
    """My value after both orders, the first Fight and ``rounds`` more rounds of random Builds, on a copy."""
    c = st.clone()
    apply_action_inplace(c, me, mine)
    if theirs is not None:
        apply_action_inplace(c, 1 - me, theirs)
    settle(c)
    if c.phase == FIGHT:
        run_fight(c)
    rng = random.Random(seed)
    for _ in range(rounds):
        if c.phase != BUILD:
            break
        random_builds(c, rng)
        run_fight(c)
    return value(c, me, fitted)


def order_matrix(
    view: PlayerView, rng: random.Random, samples: int, rounds: int, fitted: bool | None, stop: Stop
) -> tuple[list[OrderStart], regret.Matrix]:
    """My orders and the mean payoff of each against each of the opponent's (one column if theirs is set)."""
    mine = [a for a in view.legal if isinstance(a, OrderStart)]
    h = Hidden(view)
    theirs: list[OrderStart | None] = [None]
    total: regret.Matrix = []
    done = 0
    for _ in range(samples):
        if stop() and done:
            break
        st = sample(h, rng)
        if st.pending[1 - view.seat] == ORDER:
            theirs = [OrderStart(k) for k in st.tab().team(1 - view.seat)]
        seed = rng.getrandbits(32)
        mat = [[_play(st, view.seat, m, o, seed, rounds, fitted) for o in theirs] for m in mine]
        if not total:
            total = [[0.0] * len(theirs) for _ in mine]
        total = [[a + b for a, b in zip(r, q, strict=True)] for r, q in zip(total, mat, strict=True)]
        done += 1
    return mine, [[v / done for v in row] for row in total]


def choose_order(
    view: PlayerView,
    rng: random.Random,
    samples: int,
    rounds: int,
    fitted: bool | None,
    temperature: float,
    normal_temperature: float,
    model: float,
    stop: Stop,
    rule: float = 0.0,
) -> tuple[list[OrderStart], list[float]]:
    """My orders and the mixed strategy to draw from (``policy`` over the sampled matrix)."""
    mine, mat = order_matrix(view, rng, samples, rounds, fitted, stop)
    habit = rule_of_thumb(view) if rule > 0.0 and len(mat[0]) > 1 else None
    return mine, policy(mat, temperature, normal_temperature, model, habit, rule)


def rule_of_thumb(view: PlayerView) -> list[float]:
    """How the opponent orders by the common rule of thumb (lead with the Starting Card that Attacks when only
    one of the two does, else either), per opponent order in team order (``order_matrix``'s columns)."""
    tab = view.table
    assert tab is not None
    opp = 1 - view.seat
    attacks = []
    for k in tab.team(opp):
        card = next(ci for ci in tab.cards if ci.seat == opp and ci.starred and ci.cdef.fighter_id == k)
        attacks.append(traits(card.cdef).attacks)
    if sum(attacks) == 1:
        return [1.0 if a else 0.0 for a in attacks]
    return [0.5, 0.5]


def policy(
    mat: regret.Matrix,
    temperature: float,
    normal_temperature: float,
    model: float,
    habit: list[float] | None = None,
    rule: float = 0.0,
) -> list[float]:
    """A softmax over my rows' values against the predicted opponent: the equilibrium of ``mat``, with weight
    ``model`` on a Normal-like player (a softmax over its mean value against my orders taken evenly) and
    ``rule`` on the ``habit`` distribution (the rule of thumb)."""
    _x, ys = regret.solve([mat], 300)
    y = ys[0]
    cols = len(mat[0])
    if model > 0.0 and cols > 1:
        theirs = [-sum(mat[i][j] for i in range(len(mat))) / len(mat) for j in range(cols)]
        y = [(1.0 - model) * a + model * b for a, b in zip(y, regret.softmax(theirs, normal_temperature), strict=True)]
    if habit is not None and rule > 0.0:
        y = [(1.0 - rule) * a + rule * b for a, b in zip(y, habit, strict=True)]
    vals = [sum(p * v for p, v in zip(y, row, strict=True)) for row in mat]
    return regret.softmax(vals, temperature)
