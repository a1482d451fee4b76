"""Normal and Hard are not predictable: across bot seeds the same view gets more than one answer."""

from __future__ import annotations

import pytest

from tagteam.ai import make_bot
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_same_view_different_choices(build_state: GameState, level: str) -> None:
    choices = set()
    for seat in (0, 1):
        v = view_for(build_state, seat)
        choices |= {(seat, make_bot(level, seed).decide(v)) for seed in range(8)}
    assert len(choices) > 2  # more than one choice for at least one seat
