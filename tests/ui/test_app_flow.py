"""The app over the flow: a failing bot is replaced by a legal fallback, and a rematch is a new game."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from uihelp import choose_solo, make_app, name, random_finished_session, record_notes

from tagteam.engine.actions import Action
from tests.waiting import rounds


class BrokenBot:
    """A bot whose every decision raises: the game must go on, never freeze on "thinking"."""

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, view: Any) -> Action:
        self.calls += 1
        raise RuntimeError("search blew up")


@pytest.mark.slow
def test_a_failing_bot_is_replaced_by_a_legal_choice_with_a_notice() -> None:
    bot = BrokenBot()

    async def run() -> None:
        app = make_app(seed=6, bot_factory=lambda level, seed: bot)
        async with app.run_test(size=(100, 30)) as pilot:
            notes = record_notes(app)
            await choose_solo(app, pilot, "normal")
            await pilot.press("f", "enter", "c")  # the human's Starting order; then the bot owes its own
            for _ in rounds():
                await app.workers.wait_for_complete()
                await pilot.pause()
                if name(app) == "FightScreen":
                    break
            assert name(app) == "FightScreen"
            assert bot.calls >= 1
            assert any("The bot failed" in n and "search blew up" in n for n in notes)
            s = app.session
            assert s is not None and s.record.decisions[-1].seat == 1  # the fallback was recorded for the bot

    asyncio.run(run())


def test_rematch_with_the_same_teams_is_a_new_game() -> None:
    seeds: list[int] = []

    async def run() -> None:
        app = make_app(seed=3, record=random_finished_session(30).record)  # a finished game, resumed
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert name(app) == "GameOverScreen"
            assert app.session is not None
            seeds.append(app.session.record.seed)
            teams = app.session.record.teams
            await pilot.press("r")
            await pilot.pause()
            assert app.session is not None
            seeds.append(app.session.record.seed)
            assert app.session.record.teams == teams and app.session.record.decisions == []

    asyncio.run(run())
    assert seeds[0] != seeds[1]
