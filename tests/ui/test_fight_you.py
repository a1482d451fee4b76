"""The Fight screen marks the human's own team "(you)" in solo practice, where one player looks, and marks
neither team in hot-seat, where both players share the screen (the network seats: tests/net/test_fight_you.py)."""

from __future__ import annotations

import asyncio

import pytest
from uihelp import make_app, name, screen_text

from tagteam.engine.session import Session
from tagteam.play.games import new_session
from tests.waiting import rounds


def at_the_fight(level: str) -> Session:
    """A first game with both Starting Card orders made: the next thing shown is round 1's Fight."""
    s = new_session("first", 4, level=level)
    while s.seats_owing():
        seat = s.seats_owing()[0]
        s.act(seat, s.view(seat).legal[0])
    return s


@pytest.mark.parametrize(("level", "marked"), [("normal", "P1 Player 1 (you)"), ("", None)])
def test_the_fight_screen_marks_the_viewers_team_only_when_one_player_looks(level: str, marked: str | None) -> None:
    async def run() -> None:
        app = make_app(seed=4, record=at_the_fight(level).record)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in rounds():
                await pilot.pause()
                if name(app) == "FightScreen" and "P2 " in screen_text(app):
                    break
            text = screen_text(app)
            assert name(app) == "FightScreen", text
            if marked is None:
                assert "(you)" not in text, text
            else:
                assert marked in text and "P2 " in text and text.count("(you)") == 1, text

    asyncio.run(run())
