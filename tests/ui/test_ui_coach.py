"""The coach in solo practice: the best Build options by win chance and the what-if, from the player's view only."""

from __future__ import annotations

import asyncio

from textual.widgets import Static
from uihelp import make_app, name, solo_to_build

from tagteam.app import TagTeamApp


def test_coach_is_hidden_in_hot_seat() -> None:
    async def run() -> None:
        app = make_app(seed=4)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("f")
            for _ in range(40):
                await pilot.pause()
                if name(app) == "BuildScreen":
                    break
                keys = {"HandoffScreen": ("enter",), "SetupScreen": ("enter", "c"), "FightScreen": ("s", "enter")}
                await pilot.press(*keys.get(name(app), ("enter",)))
            assert name(app) == "BuildScreen"
            assert app.screen.check_action("coach", ()) is False  # type: ignore[attr-defined]
            assert app.screen.check_action("what_if", ()) is False  # type: ignore[attr-defined]

    asyncio.run(run())


def test_coach_in_solo_practice_suggests_build_options() -> None:
    async def run() -> None:
        app = TagTeamApp(seed=4)
        async with app.run_test(size=(100, 30)) as pilot:
            await solo_to_build(app, pilot, "easy")
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            text = str(app.screen.query_one("#coach", Static).render())
            assert "Coach" in text and "Keep " in text and "to win" in text
            await pilot.press("w")  # what if they insert at the top, in the middle, at the bottom
            await app.workers.wait_for_complete()
            await pilot.pause()
            text = str(app.screen.query_one("#coach", Static).render())
            for where in ("at the top: ", "in the middle, after their ", "at the bottom: "):
                assert f"If they insert {where}" in text, text
            assert text.count("% to win)") == 3, text

    asyncio.run(run())
