"""The app may end in the very moment the title mounts its opponent selector (a browser page reset right
after it opened: CI saw the page's process print ``NoMatches`` from Textual's ``Select`` on its way out).
Ending then is quiet, and a title left open still shows the level it was opened with."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.widgets import Select

from tagteam.app import TagTeamApp
from tagteam.screens import title
from tagteam.screens.title import TitleScreen
from tests.waiting import until


@pytest.mark.parametrize("ticks", [0, 1, 2])
def test_the_app_ending_as_the_selector_mounts_ends_quietly(monkeypatch: pytest.MonkeyPatch, ticks: int) -> None:
    mount = TitleScreen._mount_opponents

    def mount_then_end(screen: TitleScreen) -> None:
        mount(screen)

        async def end() -> None:
            for _ in range(ticks):
                await asyncio.sleep(0)
            screen.app.exit()

        screen.run_worker(end(), exit_on_error=False)

    monkeypatch.setattr(title.TitleScreen, "_mount_opponents", mount_then_end)
    app = TagTeamApp(seed=3)

    async def run() -> None:
        async with app.run_test(size=(80, 24)):
            for _ in range(500):  # the timer mounts the selector 0.05 s after the title's first frame
                if not app.is_running:
                    break
                await asyncio.sleep(0.02)

    asyncio.run(run())  # an error the app met would be raised here, as the test's own (Pilot re-raises it)
    assert app.return_code == 0


def test_a_title_left_open_shows_its_opponent() -> None:
    app = TagTeamApp(seed=3)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.level = "hard"
            app.play(None)  # the title again, opened with the computer (hard) as the opponent
            # the selector is found before it is mounted, and takes its value on mount (``LateSelect``)
            await until(pilot, lambda: bool(app.screen.query("#solo")), "the level selector")
            await until(pilot, lambda: app.screen.query_one("#solo", Select).value == "hard", "the level 'hard'")

    asyncio.run(run())


def test_a_selector_whose_parts_are_gone_mounts_quietly() -> None:
    """As the app ends, the deepest parts go first: the label can be gone while the selector is attached."""
    from textual.app import App
    from textual.reactive import Reactive

    from tagteam.widgets.late import LateSelect

    app: App[None] = App()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            select = LateSelect([("a", "a"), ("b", "b")], value="b", allow_blank=False)
            await app.screen.mount(select)
            await pilot.pause()
            await select.query_one("SelectCurrent").query_one("#label").remove()
            shown: Reactive[object] = vars(Select)["value"]  # the class's reactive (typed per instance by mypy)
            select.set_reactive(shown, "a")  # now its mount would show "b", the value it was made with
            select.post_message(events.Mount())  # its mount, now: no NoMatches (Pilot would re-raise it)
            await pilot.pause()
            assert select.value == "a"  # nothing set on a selector being taken down

    asyncio.run(run())
