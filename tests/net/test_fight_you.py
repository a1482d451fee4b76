"""The Fight screen marks the viewer's own team "(you)" on a network seat, as the Build screen's panel does:
before, only the Build screen said which side was the viewer's."""

from __future__ import annotations

import asyncio

from rich.panel import Panel
from textual.widgets import Static

from tagteam.play.games import new_session
from tagteam.remote.client_app import NetApp
from tagteam.screens import messages as msg
from tests.net.apps import holds, table


def titles(app: NetApp) -> list[str]:
    """The two team panels' titles on the shown Fight screen ("" before they are drawn)."""
    panels = [app.screen.query_one(f"#team{seat}", Static).content for seat in (0, 1)]
    return [str(panel.title) if isinstance(panel, Panel) else "" for panel in panels]


def test_each_network_seat_sees_its_own_team_marked_on_the_fight_screen() -> None:
    async def go() -> None:
        async with table(new_session("first", 4), size=(80, 24)) as t:
            for s in t.seats:  # both order their Starting Cards: then the Fight
                await t.settle(holds(lambda x: x.screen == "SetupScreen", s))
                state = s.state
                s.app.screen.post_message(msg.Decided(state.seat, state.view.legal[0]))
            await t.settle(lambda: all(s.screen == "FightScreen" for s in t.seats) and t.in_sync())
            for seat, s in enumerate(t.seats):
                await t.settle(holds(lambda x: all(titles(x.app)), s))
                mine = f"P{seat + 1} Player {seat + 1} (you)"
                theirs = f"P{2 - seat} Player {2 - seat}"
                assert titles(s.app)[seat] == mine and titles(s.app)[1 - seat] == theirs, titles(s.app)

    asyncio.run(asyncio.wait_for(go(), 60))
