"""Helpers for the bot tests: drive a game to a chosen decision with simple bots."""

from __future__ import annotations

import pytest

from tagteam.ai import make_bot
from tagteam.engine.game import advance_inplace, apply_action_inplace, is_over, needs_advance, new_game, pending_seats
from tagteam.engine.state import GameState


def to_build(seed: int, teams: tuple[tuple[str, str], tuple[str, str]], round_: int) -> GameState | None:
    """Play Easy against Easy until both seats owe the Build of ``round_`` (None if the game ends first)."""
    st = new_game(seed, teams=teams)
    bots = (make_bot("easy", seed), make_bot("easy", seed + 1))
    from tagteam.engine.view import view_for

    while not is_over(st):
        if needs_advance(st):
            advance_inplace(st)
            continue
        if st.round >= round_ and st.pending == ["build", "build"]:
            return st
        for s in pending_seats(st):
            apply_action_inplace(st, s, bots[s].decide(view_for(st, s)))
    return None


@pytest.fixture
def build_state() -> GameState:
    for seed in range(50):
        st = to_build(seed, (("joan", "golem"), ("shango", "milady")), 3)
        if st is not None:
            return st
    raise AssertionError("no game reached round 3")
