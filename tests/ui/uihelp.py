"""UI test helpers: an isolated save folder, the rendered screen as text, and keyboard drivers for each screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from tagteam.app import TagTeamApp

SECRET_SCREENS = ("DraftScreen", "SetupScreen", "BuildScreen")


def make_app(**kw: Any) -> TagTeamApp:
    return TagTeamApp(**kw)


def screen_text(app: TagTeamApp) -> str:
    """What is drawn on the terminal right now, as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


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


async def choose_solo(app: TagTeamApp, pilot: Pilot[Any], level: str) -> None:
    """On the title: find the bot now (not after the title's timer) and pick solo practice at ``level``."""
    from textual.widgets import Select

    await pilot.pause()
    app.screen.query_one("#solo", Select).value = level
