"""UI test helpers: an isolated save folder, the rendered screen as text, and keyboard drivers for each screen."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App
from textual.pilot import Pilot

from tagteam.app import TagTeamApp
from tagteam.engine.session import Session

_R = TypeVar("_R")
SECRET_SCREENS = ("DraftScreen", "SetupScreen", "BuildScreen")


def make_app(**kw: Any) -> TagTeamApp:
    return TagTeamApp(**kw)


_TEXT = re.compile(r'<text [^>]*?x="([0-9.]+)"[^>]*?clip-path="url\(#[^)]*?-line-([0-9]+)\)"[^>]*>(.*?)</text>')
CHAR_WIDTH = 20 * 0.61  # the cell width rich's SVG export uses


def svg_text(svg: str, width: int, height: int) -> str:
    """The text of a rich SVG export laid back on a grid of cells (each <text> names its line and its x)."""
    grid = [[" "] * width for _ in range(height)]
    for x, line, body in _TEXT.findall(svg):
        row, col = int(line), round(float(x) / CHAR_WIDTH)
        if row >= height:
            continue
        for i, ch in enumerate(html.unescape(body).replace("\xa0", " ")):
            if 0 <= col + i < width:
                grid[row][col + i] = ch
    return "\n".join("".join(r).rstrip() for r in grid)


def screen_text(app: App[_R]) -> str:
    """What is drawn on the terminal right now, as plain text, read through the public screenshot export."""
    return svg_text(app.export_screenshot(), app.size.width, app.size.height)


def mounted_screens(app: TagTeamApp) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


def name(app: TagTeamApp) -> str:
    return type(app.screen).__name__


Hook = Callable[[TagTeamApp, Pilot[Any], int], Any]


async def play(
    pilot: Pilot[Any],
    app: TagTeamApp,
    on_build: Hook | None = None,
    stop: str = "GameOverScreen",
    max_steps: int = 400,
    on_handoff: Callable[[TagTeamApp], None] | None = None,
) -> int:
    """Drive whatever screen is up with the keyboard until ``stop`` (a screen class name) is shown."""
    builds = 0
    for _ in range(max_steps):
        await pilot.pause()
        current = name(app)
        if current == stop:
            return builds
        if current == "HandoffScreen":
            if on_handoff is not None:
                on_handoff(app)
            await pilot.press("enter")
        elif current in ("SetupScreen", "DraftScreen"):
            await pilot.press("enter", "c")
        elif current == "BuildScreen":
            if on_build is not None:
                await on_build(app, pilot, builds)
            builds += 1
            await pilot.press("c")
        elif current == "FightScreen":
            await pilot.press("s", "enter")
        else:
            raise AssertionError(f"unexpected screen {current}")
    raise AssertionError(f"did not reach {stop}")


def record_notes(app: TagTeamApp) -> list[str]:
    """Collect every notification message the app shows (screens notify through the app)."""
    notes: list[str] = []
    original = app.notify

    def notify(message: str, *args: Any, **kw: Any) -> None:
        notes.append(str(message))
        original(message, *args, **kw)

    app.notify = notify  # type: ignore[method-assign]
    return notes


async def opponent_selector(app: TagTeamApp, pilot: Pilot[Any]) -> Any:
    """The title's opponent selector, once mounted (a timer mounts it just after the title's first frame)."""
    from textual.widgets import Select

    for _ in range(100):
        if app.screen.query("#solo"):
            break
        await pilot.pause(0.02)
    return app.screen.query_one("#solo", Select)


async def choose_solo(app: TagTeamApp, pilot: Pilot[Any], level: str) -> None:
    """On the title: wait for the opponent selector (mounted once the title has painted), pick ``level``."""
    (await opponent_selector(app, pilot)).value = level


async def solo_to_build(app: TagTeamApp, pilot: Pilot[Any], level: str, tries: int = 200) -> None:
    """From the title: a solo first game at ``level``, played on (setup confirmed, Fights skipped) until the
    player's first Build screen is open."""
    await choose_solo(app, pilot, level)
    await pilot.press("f")
    for _ in range(tries):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if name(app) == "BuildScreen":
            return
        keys = {"SetupScreen": ("enter", "c"), "FightScreen": ("s", "enter")}
        await pilot.press(*keys.get(name(app), ()))
    raise AssertionError(f"no Build screen after {tries} steps (on {name(app)})")


def random_finished_session(seed: int = 12) -> Session:
    """A first-game line-up played to its end by random legal choices (a record for replay tests)."""
    import random

    s = Session.new(seed, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    from tagteam.engine.randomplay import finish_session

    return finish_session(s, random.Random(seed))
