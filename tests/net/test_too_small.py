"""A network seat's too-small terminal shows the notice instead of the screen, as the local app does: both take
the look from one base (``tagteam.base_app.GameApp``)."""

from __future__ import annotations

import asyncio

from tagteam.base_app import GameApp
from tagteam.play.games import new_session
from tagteam.widgets.basic import TooSmall
from tests.net.apps import table


def test_a_small_network_seat_shows_only_the_notice() -> None:
    async def go() -> None:
        async with table(new_session("first", 4), size=(70, 20)) as t:
            for s in t.seats:
                assert isinstance(s.app, GameApp) and s.app.has_class("-too-small")
                await t.settle(lambda s=s: bool(s.app.screen.query(TooSmall)))  # type: ignore[misc]
                shown = [w for w in s.app.screen.children if w.styles.display != "none"]
                assert shown and all(isinstance(w, TooSmall) for w in shown), shown
                await s.pilot.resize_terminal(100, 30)
                await t.settle(lambda s=s: not s.app.has_class("-too-small"))  # type: ignore[misc]
                assert any(not isinstance(w, TooSmall) and w.styles.display != "none" for w in s.app.screen.children)

    asyncio.run(asyncio.wait_for(go(), 60))
