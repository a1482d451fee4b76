"""The Fight table at 80x24: a notice is said in the status line's place (the table never moves, nothing
covers it), the log drawer opens over the table without moving it, and auto-play's reveal never holds a key
(the next Turn is drawn whole at once, face up)."""

from __future__ import annotations

import asyncio
from typing import Any

from uihelp import make_app, play, screen_text

from tagteam.widgets.basic import NoticeLine
from tagteam.widgets.card import CardWidget


def test_notices_and_the_drawer_leave_the_table_in_place_and_a_key_ends_the_reveal() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("n")
            await pilot.pause()
            screen: Any = app.screen
            fight = screen.query_one("#fight").region
            app.notify("A notice for the table")
            await pilot.pause()
            line = screen.query_one(NoticeLine)
            assert line.display and "A notice for the table" in str(line.render())
            assert line.region.y >= fight.bottom  # under the table, in the status line's place
            assert screen.query_one("#fight").region == fight
            assert not app.screen.query("Toast")  # no toast over the table
            await pilot.press("l")
            await pilot.pause()
            assert screen.query_one("#fight").region == fight and "Log · l closes" in screen_text(app)
            await pilot.press("l")
            await pilot.pause()
            # the reveal: the pair lies face down a moment; a key shows the next Turn whole at once
            app.reduced_motion = False
            screen.reduced_motion = False
            assert not screen.finished  # round 1's second Turn is still to come
            screen._start_reveal()
            screen._redraw()
            assert screen.query_one("#card0", CardWidget).face.face_down
            turn = screen.feed.heading().turn
            screen.action_step()  # as the key n does, while the reveal is still on
            assert not screen._hidden_pair and not screen._quiet and screen.feed.heading().turn != turn
            await pilot.pause()
            assert not screen.query_one("#card0", CardWidget).face.face_down

    asyncio.run(run())
