"""A game that reaches its game-over screen is autosaved as finished (the last Fight has no decision after
it, so the autosave would otherwise hold the position before it), and the title keeps seat 2's name."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Input
from uihelp import make_app, name, random_finished_session

from tagteam.engine.record import replay
from tagteam.screens.title import TitleScreen
from tagteam.store import saves


@pytest.mark.slow
def test_reaching_game_over_autosaves_the_finished_game() -> None:
    s = random_finished_session(12)
    rec = s.record.model_copy(deep=True)
    rec.turns_after = 0  # stop before the last Fight was shown: the Fight screen shows it, then the summary

    async def run() -> None:
        app = make_app(record=rec)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for _ in range(60):
                if name(app) == "GameOverScreen":
                    break
                await pilot.press("s" if not app.screen.finished else "enter")  # type: ignore[attr-defined]
                await pilot.pause()
            assert name(app) == "GameOverScreen"
            saved = saves.load(saves.autosave_path())
            assert replay(saved).phase == "over"

    asyncio.run(run())


def test_the_title_keeps_seat_twos_name_after_a_solo_game() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.push_screen(TitleScreen(("Alice", "Bob"), "easy", "easy", False))
            await pilot.pause()
            assert app.screen.query_one("#p2", Input).value == "Bob"

    asyncio.run(run())
