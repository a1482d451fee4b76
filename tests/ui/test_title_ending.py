"""The app may end in the very moment the title mounts its opponent selector (a browser page reset right
after it opened: CI saw the page's process print ``NoMatches`` from Textual's ``Select`` on its way out).
Ending then is quiet, and a title left open still shows the level it was opened with."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Select

from tagteam.app import TagTeamApp
from tagteam.screens import title
from tagteam.screens.title import TitleScreen


@pytest.mark.parametrize("ticks", [0, 1, 2])
def test_the_app_ending_as_the_selector_mounts_ends_quietly(monkeypatch: pytest.MonkeyPatch, ticks: int) -> None:
    mount = TitleScreen._mount_opponents
    errors: list[BaseException] = []

    def mount_then_end(screen: TitleScreen) -> None:
        mount(screen)

        async def end() -> None:
            for _ in range(ticks):
                await asyncio.sleep(0)
            screen.app.exit()

        screen.run_worker(end(), exit_on_error=False)

    monkeypatch.setattr(title.TitleScreen, "_mount_opponents", mount_then_end)
    app = TagTeamApp(seed=3)
    handle = app._handle_exception

    def seen(error: Exception) -> None:
        errors.append(error)
        handle(error)

    monkeypatch.setattr(app, "_handle_exception", seen)

    async def run() -> None:
        async with app.run_test(size=(80, 24)):
            for _ in range(500):  # the timer mounts the selector 0.05 s after the title's first frame
                if not app.is_running:
                    break
                await asyncio.sleep(0.02)

    asyncio.run(run())
    assert errors == []
    assert app.return_code == 0


def test_a_title_left_open_shows_its_opponent() -> None:
    app = TagTeamApp(seed=3)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.level = "hard"
            app.play(None)  # the title again, opened with the computer (hard) as the opponent
            for _ in range(500):
                await pilot.pause(0.02)
                if app.screen.query("#solo"):
                    break
            assert app.screen.query_one("#solo", Select).value == "hard"

    asyncio.run(run())
