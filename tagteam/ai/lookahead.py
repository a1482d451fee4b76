"""Shared search steps: sample the hidden information, play options through the coming Fight, score the ends."""

from __future__ import annotations

import random
from collections.abc import Callable

from tagteam.ai.determinize import Hidden, sample
from tagteam.ai.evaluate import value
from tagteam.ai.options import Option, all_options
from tagteam.ai.simulate import play_builds, run_fight, settle
from tagteam.ai.tables import CARD_VALUE
from tagteam.engine.actions import Action, BuildChoice, ChooseCharacter
from tagteam.engine.fighters.fey_folk import CHOOSE
from tagteam.engine.game import BUILD_DECISION, apply_action_inplace
from tagteam.engine.state import BUILD, GameState
from tagteam.engine.view import PlayerView

Stop = Callable[[], bool]


def random_build(st: GameState, seat: int, rng: random.Random) -> BuildChoice:
    n = len(st.fight[seat])
    k = rng.randrange(3)
    rest = [i for i in range(3) if i != k]
    return BuildChoice(k, rng.randrange(n + 1), (rest[0], rest[1]))


def kept_build(st: GameState, seat: int, rng: random.Random) -> BuildChoice:
    """Keep the drawn card Normal keeps most often (``tables.CARD_VALUE``), insert it at random."""
    cards = st.tab().cards
    drawn = st.drawn[seat]
    k = max(range(3), key=lambda i: CARD_VALUE.get(cards[drawn[i]].cdef.id, 0.0))
    rest = [i for i in range(3) if i != k]
    return BuildChoice(k, rng.randrange(len(st.fight[seat]) + 1), (rest[0], rest[1]))


def random_builds(st: GameState, rng: random.Random, keep: bool = False) -> None:
    """Settle the state, then make every Build choice still owed at random (a rollout's next round); with
    ``keep``, the card kept is the one Normal keeps most often and only its place is random."""
    settle(st)
    for s in (0, 1):
        if st.pending[s] == BUILD_DECISION:
            apply_action_inplace(st, s, kept_build(st, s, rng) if keep else random_build(st, s, rng))


def opp_builds(st: GameState, seat: int) -> bool:
    """True when the opponent still owes a Build in this sample (else its card is already in place)."""
    return st.pending[1 - seat] in (BUILD_DECISION, CHOOSE) and len(st.drawn[1 - seat]) == 3


def outcome(
    st: GameState,
    seat: int,
    mine: Option,
    theirs: Option | None,
    then: int = 0,
    fitted: bool | None = None,
    rounds: int = 1,
    keep: bool = False,
    cards: bool = False,
    normal: bool = False,
) -> float:
    """Value for seat after both Builds and the coming Fight, on a copy of st.

    With ``then`` (a seed), ``rounds`` more rounds follow with random Builds on both sides, the same for
    every option of this sample, so a card's worth in the next rounds' line-ups counts too."""
    c = st.clone()
    choice = {seat: BuildChoice(mine[0], mine[1], _rest(mine[0]))}
    if theirs is not None:
        choice[1 - seat] = BuildChoice(theirs[0], theirs[1], _rest(theirs[0]))
    play_builds(c, choice)
    if then:
        rng = random.Random(then)
        for _ in range(rounds):
            if c.phase != BUILD:
                break
            random_builds(c, rng, keep)
            run_fight(c)
    return value(c, seat, fitted, cards, normal)


def _rest(k: int) -> tuple[int, int]:
    r = [i for i in range(3) if i != k]
    return r[0], r[1]


def versus_random(
    view: PlayerView, rng: random.Random, samples: int, stop: Stop, depth: int = 1
) -> tuple[list[Option], list[float]]:
    """Mean value of each of my options against a random opponent Build, over sampled hidden states
    (with ``depth`` 2, one more round with random Builds follows, the same for every option)."""
    h = Hidden(view)
    opts = all_options(len(view.my_fight_deck))
    totals = [0.0] * len(opts)
    done = 0
    for _ in range(samples):
        if stop() and done:
            break
        st = sample(h, rng)
        theirs: Option | None = None
        if opp_builds(st, view.seat):
            theirs = (rng.randrange(3), rng.randrange(len(st.fight[1 - view.seat]) + 1))
        then = rng.getrandbits(32) | 1 if depth > 1 else 0
        for i, o in enumerate(opts):
            totals[i] += outcome(st, view.seat, o, theirs, then)
        done += 1
    return opts, [t / done for t in totals]


def best_character(view: PlayerView, rng: random.Random, samples: int) -> Action | None:
    """Try each Character over a few samples (random Builds where one is owed next) and keep the best."""
    if view.table is None:
        return None
    h = Hidden(view)
    opts = [a for a in view.legal if isinstance(a, ChooseCharacter)]
    totals = [0.0] * len(opts)
    for _ in range(samples):
        st = sample(h, rng)
        seed = rng.getrandbits(32)
        for i, a in enumerate(opts):
            c = st.clone()
            apply_action_inplace(c, view.seat, a)
            random_builds(c, random.Random(seed))
            settle(c)
            run_fight(c)
            totals[i] += value(c, view.seat)
    return opts[max(range(len(opts)), key=lambda i: totals[i])]


def versus_known(view: PlayerView, rng: random.Random) -> tuple[list[Option], list[float]]:
    """Each of my options played once through the coming Fight against exactly the sequence the opponent
    showed last round (as if they added nothing): no guessing at their new card."""
    h = Hidden(view)
    st = sample(h, rng)
    opp = 1 - view.seat
    if opp_builds(st, view.seat):
        st.build[opp].extend(st.drawn[opp])
        st.drawn[opp] = []
        st.pending[opp] = None
    opts = all_options(len(view.my_fight_deck))
    return opts, [outcome(st, view.seat, o, None) for o in opts]
