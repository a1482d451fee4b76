"""Random legal play, for the benchmark, the soak tests and the Random bot's cheapest path."""

from __future__ import annotations

import random
from collections.abc import Callable

from tagteam.engine.actions import BuildChoice
from tagteam.engine.game import (
    BUILD_DECISION,
    Teams,
    advance_inplace,
    apply_action_inplace,
    legal_actions,
    needs_advance,
    new_game,
)
from tagteam.engine.state import OVER, GameState


def random_action(st: GameState, seat: int, r: random.Random) -> object:
    """A uniformly random legal action; Build choices are sampled without listing all of them."""
    if st.pending[seat] == BUILD_DECISION:
        c = r.randrange(3)
        rest = [i for i in range(3) if i != c]
        if r.random() < 0.5:
            rest.reverse()
        return BuildChoice(c, r.randrange(len(st.fight[seat]) + 1), (rest[0], rest[1]))
    return r.choice(legal_actions(st, seat))


def play_random(
    seed: int,
    teams: Teams,
    r: random.Random,
    on_turn: Callable[[GameState], None] | None = None,
) -> tuple[GameState, int]:
    """Play a whole game with random decisions; returns the final state and the number of Turns."""
    st = new_game(seed, teams=teams)
    turns = 0
    while st.phase != OVER:
        if needs_advance(st):
            advance_inplace(st, None)
            turns += 1
            if on_turn is not None:
                on_turn(st)
            continue
        for s in (0, 1):
            if st.pending[s] is not None:
                apply_action_inplace(st, s, random_action(st, s, r), None)  # type: ignore[arg-type]
    return st, turns
