"""The game-over choices (save the replay, rematch, new draft) can be made by clicking the footer's keys."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import Footer
from uihelp import make_app, name, random_finished_session, record_notes

from tagteam.app import TagTeamApp


async def click_footer(pilot: Any, app: TagTeamApp, key: str) -> None:
    """Click the footer's entry for ``key`` (Textual's footer sends the key when clicked)."""
    entry = next(w for w in app.screen.query_one(Footer).query("FooterKey") if getattr(w, "key", None) == key)
    await pilot.click(entry)
    for _ in range(3):
        await app.workers.wait_for_complete()
        await pilot.pause()


def test_save_replay_and_rematch_by_clicks() -> None:
    async def run() -> None:
        app = make_app(seed=3, record=random_finished_session().record)  # a finished game, resumed
        notes = record_notes(app)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert name(app) == "GameOverScreen"
            await click_footer(pilot, app, "w")
            assert any(n.startswith("Replay saved") for n in notes), notes
            assert app.flow is not None
            finished = app.flow.session
            await click_footer(pilot, app, "r")
            assert name(app) != "GameOverScreen"
            assert app.flow is not None and app.flow.session is not finished and not app.flow.session.over()

    asyncio.run(run())


def test_new_draft_by_click() -> None:
    async def run() -> None:
        app = make_app(seed=3, record=random_finished_session().record)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert name(app) == "GameOverScreen"
            await click_footer(pilot, app, "d")
            assert app.flow is not None and not app.flow.session.over()
            assert app.flow.session.state.table is None  # the teams are drafted again, not kept

    asyncio.run(run())
