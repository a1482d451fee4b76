"""Hard: sample the hidden information, play every pairing of its Build options with the opponent's through
the coming Fight, solve that simultaneous game by regret matching and play the resulting mixed strategy."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tagteam.ai import lookahead, opening, predict, regret
from tagteam.ai.determinize import Hidden, sample
from tagteam.ai.normal import NormalBot
from tagteam.ai.options import Option, all_options, to_choice
from tagteam.engine.actions import Action
from tagteam.engine.game import BUILD_DRAW
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView

Stop = Callable[[], bool]
Prior = Callable[[GameState, list[Option | None]], list[float]]
Theirs = list[list[Option | None]]
"""An opponent model: per sample, a weight for each opponent option (1 = no opinion), multiplied into the
predicted strategy. Expert learns one from what the opponent has revealed this game."""
NORMAL_TEMPERATURE = 0.03


@dataclass(frozen=True, slots=True)
class Budget:
    """How much Hard looks at: sampled hidden states, my options kept, the opponent's options kept, solver steps."""

    samples: int = 16
    mine: int = 10
    theirs: int = 8
    iters: int = 300
    depth: int = 2  # rounds played out per pairing: the coming one, then the rest with random Builds
    model: float = 0.5  # weight of a Normal-like opponent (softmax over its values) against the equilibrium one
    temperature: float = 0.02  # > 0: play a softmax over my values against that opponent mix, not the equilibrium
    normal_temperature: float = NORMAL_TEMPERATURE  # the Normal-like opponent's softmax, on the same scale
    fitted: bool | None = None  # the leaf evaluation (``evaluate.value``): None is the shipped default
    keep: bool = False  # the playout's later rounds keep the card Normal keeps most often, not a random one
    level2: float = 0.0  # weight of an opponent who answers, by the same softmax, the mix it expects of me
    memory: bool = False  # sample my Build deck with the cards I slid under it at its bottom, in order
    race: int = 0  # > 0: this many more samples, played by my ``finalists`` best options only
    finalists: int = 4
    stratify: bool = False  # the opponent's drawn hands cover its possible cards evenly across samples
    opening: int = 0  # > 0: the Starting Card order searched over this many samples (``opening.py``), else Easy's rule
    opening_rounds: int = 2  # rounds with random Builds after the first Fight in each opening playout
    blind: int = 0  # > 0: the Normal-like opponent judges its options against this many of mine from a hand
    # drawn as it sees mine (it does not know my 3 cards), not against my options from my real hand
    opening_rule: float = 0.0  # weight, in the predicted opponent order, of ``opening.rule_of_thumb``
    cards: bool = False  # the card leaf (``evaluate.value``): what each card in the Fight decks is worth
    infer: bool = False  # the opponent's passed-over cards sampled under its Build deck (``determinize.Hidden``)
    normal_leaf: bool = False  # the five-feature leaf refit on Normal's games (``eval_normal``), not Easy's
    learned: float = 0.0  # weight of the learned model of a Hard-like opponent (``predict``) in the prediction


@dataclass(slots=True)
class Analysis:
    """My options, their expected values against the solved opponent, and the mixed strategy over them."""

    options: list[Option]
    values: list[float]
    strategy: list[float]


@dataclass(slots=True)
class Solved:
    """The solved Build game of one analysis: my options, the payoff matrices, the opponent's kept options per
    sample, my equilibrium strategy and the opponent's per sample (what a model of the opponent is fitted on)."""

    mine: list[Option]
    mats: list[regret.Matrix]
    theirs: Theirs
    x: list[float]
    ys: list[list[float]]
    hands: list[list[str]]  # per sample, the opponent's drawn cards (card ids), in the order options index them
    deck: int  # the opponent's Fight deck size before its insert


Probe = Callable[[Solved], None]


def analyze(
    view: PlayerView,
    rng: random.Random,
    budget: Budget,
    stop: Stop,
    prior: Prior | None = None,
    keep: Option | None = None,
    tail: Sequence[int] = (),
    forced: Sequence[list[int]] = (),
    probe: Probe | None = None,
) -> Analysis:
    """Screen options cheaply, then fill the payoff matrices of the survivors and solve them.

    With a ``prior`` the opponent options it favours survive the screening, and the predicted opponent
    strategy is reweighted by it before my values are taken. ``keep`` (the coach's selected option)
    always survives my screening, so it is always rated. ``tail``: the cards I slid under my Build deck, in
    order (``determinize.Hidden``). ``forced`` and ``probe`` are for fitting a model of the opponent
    (``predict``): the first samples get these opponent hands, and ``probe`` sees the solved game."""
    h = Hidden(view, tail, budget.infer)
    me = view.seat

    def play(st: GameState, m: Option, o: Option | None, sd: int) -> float:
        return lookahead.outcome(
            st, me, m, o, sd, budget.fitted, budget.depth - 1, budget.keep, budget.cards, budget.normal_leaf
        )

    def draw(n: int) -> tuple[list[GameState], list[int], list[list[Option | None]]]:
        """n sampled hidden states, each with its playout seed and every Build the opponent may make in it."""
        hands: list[list[int] | None] = _even_hands(h.opp_pool, n, rng) if budget.stratify else [None] * n
        for i in range(min(n, len(unforced))):  # the forced hands go to the first samples drawn
            hands[i] = unforced.pop(0)
        states = [sample(h, rng, hand) for hand in hands]
        seeds = [rng.getrandbits(32) | 1 if budget.depth > 1 else 0 for _ in states]
        return states, seeds, [_their_options(st, me) for st in states]

    def screen_theirs(states: list[GameState], seeds: list[int], every: list[list[Option | None]]) -> Theirs:
        """Per sample, the opponent's options kept: the best against one of my options at random (and the
        ones the prior expects). With ``budget.blind``, that option is drawn from a hand of mine as the
        opponent sees it, and their kept options' values against ``blind`` such options are kept for the
        Normal-like model (``judged``)."""
        theirs: Theirs = []
        for st, th, sd in zip(states, every, seeds, strict=True):
            alt = _blind_state(st, me, rng) if budget.blind and len(th) > 1 else None
            mb = rng.sample(all_options(len(view.my_fight_deck)), budget.blind) if alt is not None else []
            scored: dict[int, float] = {}
            if len(th) > budget.theirs and not stop():
                m = mb[0] if alt is not None else rng.choice(mine)
                opp_score = [-play(alt if alt is not None else st, m, o, sd) for o in th]
                if alt is not None:
                    scored = dict(enumerate(opp_score))
                order = sorted(range(len(th)), key=lambda j: -opp_score[j])
                kept = set(order[: budget.theirs])
                if prior is not None:  # the options the model expects are kept, whatever their value
                    pw = prior(st, th)
                    kept |= set(sorted(range(len(th)), key=lambda j: -pw[j])[:3])
                idx = sorted(kept)
            else:
                idx = list(range(len(th)))
            idx = idx[: budget.theirs + 3] if stop() else idx
            theirs.append([th[j] for j in idx])
            if alt is not None:
                rest = mb[1:] if scored else mb
                judged.append([
                    (([scored[j]] if scored else []) + [-play(alt, m, th[j], sd) for m in rest]) for j in idx
                ])  # fmt: skip
            else:
                judged.append(None)
        return theirs

    def fill(states: list[GameState], seeds: list[int], theirs: Theirs, mats: list[regret.Matrix]) -> None:
        for st, th, sd in zip(states, theirs, seeds, strict=True):
            if stop() and mats:
                break
            mats.append([[play(st, m, o, sd) for o in th] for m in mine])

    unforced = list(forced)
    states, seeds, theirs_all = draw(budget.samples)
    mine = all_options(len(view.my_fight_deck))
    judged: list[list[list[float]] | None] = []  # per sample, per kept opponent option: its blind values
    # screening: each option against a random answer in every sample (common random numbers)
    if len(mine) > budget.mine:
        score = [0.0] * len(mine)
        for st, th, sd in zip(states, theirs_all, seeds, strict=True):
            if stop():
                break
            o = rng.choice(th)
            for i, m in enumerate(mine):
                score[i] += play(st, m, o, sd)
        order = sorted(range(len(mine)), key=lambda i: -score[i])
        mine = [mine[i] for i in sorted(order[: budget.mine])]
    if keep is not None and keep not in mine:
        mine.append(keep)
    theirs = screen_theirs(states, seeds, theirs_all)
    mats: list[regret.Matrix] = []
    fill(states, seeds, theirs, mats)
    if budget.race and len(mine) > budget.finalists and not stop():
        # racing: the leaders so far get more samples, the rest are dropped (the kept option stays)
        _x, ys, _eq = _opponent(mats, states, theirs, budget, prior, (), h)
        vals = regret.values(mats[: len(ys)], ys)
        lead = set(sorted(range(len(mine)), key=lambda i: -vals[i])[: budget.finalists])
        rows = [i for i in range(len(mine)) if i in lead or mine[i] == keep]
        mine = [mine[i] for i in rows]
        mats = [[mat[i] for i in rows] for mat in mats]
        del judged[len(mats) :]  # the samples the race keeps, then the new ones
        more, more_seeds, more_all = draw(budget.race)
        more_theirs = screen_theirs(more, more_seeds, more_all)
        states, theirs = states[: len(mats)] + more, theirs[: len(mats)] + more_theirs
        fill(more, more_seeds, more_theirs, mats)
    x, ys, eq = _opponent(mats, states, theirs, budget, prior, judged, h)
    if probe is not None:
        probe(Solved(mine, mats, theirs, x, eq, _hands(h, states), len(states[0].fight[h.opp])))
    vals = regret.values(mats[: len(ys)], ys)
    if budget.temperature > 0.0:
        x = regret.softmax(vals, budget.temperature)
    return Analysis(mine, vals, x)


def _hands(h: Hidden, states: Sequence[GameState]) -> list[list[str]]:
    """Per sample, the opponent's drawn cards by card id (what a model of its choice reads)."""
    return [[h.tab.cards[c].cdef.id for c in st.drawn[h.opp]] for st in states]


def _even_hands(pool: Sequence[int], n: int, rng: random.Random) -> list[list[int] | None]:
    """n hands of 3 for the opponent, dealt from shuffled copies of its possible cards laid end to end, so
    each card is in about as many samples as any other (16 independent draws leave some out and double
    others: noise in every value). A hand never holds a card twice."""
    if len(pool) < 2 * BUILD_DRAW:
        return [None] * n
    stream: list[int] = []
    hands: list[list[int] | None] = []
    while len(hands) < n:
        if len(stream) < BUILD_DRAW:
            fresh = list(pool)
            rng.shuffle(fresh)
            stream.extend(fresh)
        hand: list[int] = []
        for i, c in enumerate(stream):
            if c not in hand:
                hand.append(c)
                stream[i] = -1
            if len(hand) == BUILD_DRAW:
                break
        stream = [c for c in stream if c >= 0]
        hands.append(hand if len(hand) == BUILD_DRAW else None)
    return hands


def _their_options(st: GameState, me: int) -> list[Option | None]:
    """Every Build the opponent may make in this sample, or [None] when its card is already placed."""
    if lookahead.opp_builds(st, me):
        return list(all_options(len(st.fight[1 - me])))
    return [None]


def _opponent(
    mats: list[regret.Matrix],
    states: list[GameState],
    theirs: Theirs,
    budget: Budget,
    prior: Prior | None,
    judged: Sequence[list[list[float]] | None] = (),
    h: Hidden | None = None,
) -> tuple[list[float], list[list[float]], list[list[float]]]:
    """My equilibrium strategy, the opponent's predicted one per sample (the equilibrium mixed with a
    Normal-like player, and a self-like one or the learned model when the budget asks, reweighted by the
    prior), and the opponent's equilibrium one per sample. ``judged``: per sample, the Normal-like player's own
    values of its options (against my options from a hand it imagines), when measured."""
    x, ys = regret.solve(mats, budget.iters)
    eq = ys
    if budget.model > 0.0:
        ys = [
            _mix(y, _blind_like(jd, budget.normal_temperature) if jd else _normal_like(m, budget.normal_temperature),
                 budget.model)
            for y, m, jd in zip(ys, mats, list(judged) + [None] * (len(mats) - len(judged)), strict=False)
        ]  # fmt: skip
    if budget.level2 > 0.0:
        ys = [_mix(y, _answer(m, x, budget), budget.level2) for y, m in zip(ys, mats, strict=False)]
    if budget.learned > 0.0 and h is not None and all(o is not None for th in theirs for o in th):
        ys = [_mix(y, p, budget.learned) for y, p in zip(ys, _learned(mats, x, eq, states, theirs, h), strict=False)]
    if prior is not None:
        ys = [_reweight(y, prior(st, th)) for y, st, th in zip(ys, states, theirs, strict=False)]
    return x, ys, eq


def _learned(
    mats: list[regret.Matrix],
    x: list[float],
    ys: list[list[float]],
    states: Sequence[GameState],
    theirs: Theirs,
    h: Hidden,
) -> list[list[float]]:
    """The opponent predicted per sample by the learned model of a Hard-like player (``predict``)."""
    from tagteam.ai.predict_weights import WEIGHTS
    from tagteam.ai.tables import CARD_VALUE

    n = len(mats)
    opts = [[o for o in th if o is not None] for th in theirs[:n]]
    feats = predict.features(mats, x, ys, opts, _hands(h, states[:n]), len(states[0].fight[h.opp]), CARD_VALUE)
    return [predict.choice(WEIGHTS, f) for f in feats]


def _normal_like(mat: regret.Matrix, temperature: float = NORMAL_TEMPERATURE) -> list[float]:
    """How a Normal-like opponent plays this sample: a sharp softmax over its mean value against my options."""
    n = len(mat)
    vals = [-sum(mat[i][j] for i in range(n)) / n for j in range(len(mat[0]))]
    return regret.softmax(vals, temperature)


def _blind_like(judged: list[list[float]], temperature: float) -> list[float]:
    """A Normal-like opponent who does not know my hand: a softmax over its mean value against my options
    drawn from a hand it imagines for me."""
    return regret.softmax([sum(v) / len(v) for v in judged], temperature)


def _blind_state(st: GameState, me: int, rng: random.Random) -> GameState | None:
    """The sample as the opponent may picture it: my 3 drawn cards redrawn from all the cards they could be
    (my drawn cards and my Build deck, which it cannot tell apart), the rest shuffled back as my Build deck."""
    if len(st.drawn[me]) != BUILD_DRAW:
        return None
    pool = list(st.drawn[me]) + list(st.build[me])
    hand = rng.sample(pool, BUILD_DRAW)
    rest = [c for c in pool if c not in hand]
    rng.shuffle(rest)
    alt = st.clone()
    alt.drawn[me] = hand
    alt.build[me] = rest
    return alt


def _answer(mat: regret.Matrix, x: list[float], budget: Budget) -> list[float]:
    """How an opponent searching like me plays this sample: it expects of me what I expect of it (the
    equilibrium mixed with a Normal-like player) and takes a softmax, at my temperature, over its values."""
    me = _normal_like([[-v for v in col] for col in zip(*mat, strict=True)], budget.normal_temperature)
    q = _mix(x, me, budget.model)
    vals = [-sum(q[i] * mat[i][j] for i in range(len(mat))) for j in range(len(mat[0]))]
    return regret.softmax(vals, budget.temperature)


def _reweight(y: list[float], w: list[float]) -> list[float]:
    z = [a * b for a, b in zip(y, w, strict=True)]
    s = sum(z)
    return [v / s for v in z] if s > 0.0 else y


def _mix(a: list[float], b: list[float], t: float) -> list[float]:
    return [(1.0 - t) * x + t * y for x, y in zip(a, b, strict=True)]


class HardBot(NormalBot):
    """Equilibrium play over sampled hidden states; a mixed strategy, so it cannot be read and exploited."""

    level = "hard"
    budget = Budget()
    floor = 0.05  # options the solver plays less often than this are dropped before the draw

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.under: list[int] = []  # the cards I slid under my Build deck this game, oldest first

    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        opts, weights = self.distribution(view)
        pick = self.rng.choices(range(len(opts)), weights=weights)[0]
        choice = to_choice(tab, view.drawn, opts[pick])
        self.under.extend(view.drawn[i] for i in choice.bottom)
        return choice

    def order_start(self, view: PlayerView) -> Action:
        """Easy's rule (lead with the Starting Card that Attacks), or the searched order when the budget asks."""
        b = self.budget
        if not b.opening:
            return NormalBot.order_start(self, view)
        opts, weights = opening.choose_order(
            view, self.rng, b.opening, b.opening_rounds, b.fitted, b.temperature, b.normal_temperature, b.model,
            lambda: self.cancelled, b.opening_rule,
        )  # fmt: skip
        return opts[self.rng.choices(range(len(opts)), weights=weights)[0]]

    def opponent_model(self, view: PlayerView) -> Prior | None:
        """No opponent model beyond the equilibrium and Normal-like mix (Expert overrides this)."""
        return None

    def distribution(self, view: PlayerView) -> tuple[list[Option], list[float]]:
        """The mixed strategy this call would draw from (the policy, for the exploitability measurement)."""
        tail = self.under if self.budget.memory else ()
        an = analyze(view, self.rng, self.budget, lambda: self.cancelled, self.opponent_model(view), tail=tail)
        weights = [p if p >= self.floor else 0.0 for p in an.strategy]
        if sum(weights) <= 0.0:
            weights = an.strategy
        return an.options, weights


FITTED = Budget(fitted=True, temperature=0.008, normal_temperature=0.012)
"""Hard's search on the fitted leaf evaluation. Its values are flatter than the hand-set curve's (over the
options of 18 Builds the median spread was 0.14 against 0.22, the gap between the two best 0.033 against
0.084), so both softmax temperatures are scaled down with them; at Hard's own temperatures it played loosely,
which is why the fitted leaf first measured worse (docs/ai.md)."""


class FittedHardBot(HardBot):
    """The candidate next Hard, measured in the arena against today's (``hard-fitted``): not yet a level of the
    app, since the coach's win chances against Hard are calibrated on games against today's Hard."""

    level = "hard-fitted"
    budget = FITTED
