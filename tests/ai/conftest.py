"""Helpers for the bot tests: drive a game to a chosen decision with simple bots."""

from __future__ import annotations

import functools

import pytest

from tagteam.ai import make_bot
from tagteam.engine.driver import play_out
from tagteam.engine.game import is_over, new_game
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for


def to_build(seed: int, teams: tuple[tuple[str, str], tuple[str, str]], round_: int) -> GameState | None:
    """Play Easy against Easy until both seats owe the Build of ``round_`` (None if the game ends first)."""
    st = new_game(seed, teams=teams)
    bots = (make_bot("easy", seed), make_bot("easy", seed + 1))
    play_out(
        st,
        lambda state, s: bots[s].decide(view_for(state, s)),
        until=lambda state: state.round >= round_ and state.pending == ["build", "build"],
    )
    return None if is_over(st) else st


@functools.cache
def _first_build() -> GameState:
    """The first seed's game that reaches round 3's Build, played once per worker."""
    for seed in range(50):
        st = to_build(seed, (("joan", "golem"), ("shango", "milady")), 3)
        if st is not None:
            return st
    raise AssertionError("no game reached round 3")


@pytest.fixture
def build_state() -> GameState:
    """Both seats owing round 3's Build: a fresh copy for each test (``clone`` copies every list and the
    random state is a number), so a test that plays on from it changes no other test's position."""
    return _first_build().clone()
