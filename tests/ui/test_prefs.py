"""The look picked in the command palette outlives the run: a theme (a light one, the colour-blind one) and
"Toggle animations" chosen in one app are there in the next, in the local app and in ``tagteam join``."""

from __future__ import annotations

import asyncio
import functools
import json
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input
from uihelp import make_app, record_notes

from tagteam.appearance import CB_THEME
from tagteam.remote.join_app import JoinApp
from tagteam.render.board import PALETTES
from tagteam.store import settings
from tests.waiting import until

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZE = (100, 30)


def best_match(app: App[Any], typed: str) -> bool:
    """Whether the palette has finished searching for ``typed`` and highlights an entry that holds it."""
    palette = app.screen
    if not isinstance(palette, CommandPalette) or palette.query_one(Input).value != typed:
        return False
    found = palette.query_one(CommandList)
    if palette._show_busy or found.highlighted is None:  # still searching
        return False
    return typed.lower() in str(found.get_option_at_index(found.highlighted).prompt).lower()


async def palette_command(pilot: Pilot[Any], *typed: str) -> None:
    """Open the command palette (ctrl+p) and pick each typed entry in turn, as a player does."""
    app = pilot.app
    await pilot.press("ctrl+p")
    for text in typed:
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*text)
        await until(pilot, functools.partial(best_match, app, text), f"the palette to offer {text!r}")
        await pilot.press("enter")
    await until(pilot, lambda: not isinstance(app.screen, CommandPalette), "the palette to close")
    await pilot.pause()


async def run_once(app: App[Any], *commands: tuple[str, ...]) -> dict[str, Any]:
    """Run ``app``, give it each palette command, and say what it had on at start-up and at the end."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen: dict[str, Any] = {"theme": app.theme, "motion": getattr(app, "reduced_motion", None)}
        for command in commands:
            await palette_command(pilot, *command)
        seen |= {"end_theme": app.theme, "end_motion": getattr(app, "reduced_motion", None)}
        seen["palette"] = getattr(app, "palette", None)
    return seen


def test_a_theme_picked_in_the_palette_is_there_next_run() -> None:
    first = asyncio.run(run_once(make_app(), ("Theme", "textual-light")))
    assert first["theme"] != "textual-light" and first["end_theme"] == "textual-light"
    again = asyncio.run(run_once(make_app()))
    assert again["theme"] == "textual-light"


def test_the_colour_blind_theme_is_there_next_run_with_its_board_colours() -> None:
    first = asyncio.run(run_once(make_app(), ("Colour-blind theme",)))
    assert first["end_theme"] == CB_THEME.name
    again = asyncio.run(run_once(make_app()))
    assert again["theme"] == CB_THEME.name and again["palette"] is PALETTES["colourblind"]


def test_toggle_animations_is_kept_both_ways() -> None:
    first = asyncio.run(run_once(make_app(), ("Toggle animations",)))
    assert first["motion"] is False and first["end_motion"] is True
    second = asyncio.run(run_once(make_app(), ("Toggle animations",)))
    assert second["motion"] is True and second["end_motion"] is False
    assert asyncio.run(run_once(make_app()))["motion"] is False


def test_the_environment_still_wins_over_the_saved_animations(monkeypatch: pytest.MonkeyPatch) -> None:
    settings.save(settings.Settings(reduced_motion=True))
    monkeypatch.setenv("TAGTEAM_REDUCED_MOTION", "0")
    assert asyncio.run(run_once(make_app()))["motion"] is False
    monkeypatch.delenv("TAGTEAM_REDUCED_MOTION")
    assert asyncio.run(run_once(make_app()))["motion"] is True
    assert asyncio.run(run_once(make_app(reduced_motion=False)))["motion"] is False


def test_join_offers_the_colour_blind_theme_and_toggle_animations() -> None:
    async def run() -> set[str]:
        app = JoinApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            return {c.title for c in app.get_system_commands(app.screen)}

    assert {"Colour-blind theme", "Toggle animations", "Theme"} <= asyncio.run(run())
    picked = asyncio.run(run_once(JoinApp(), ("Colour-blind theme",), ("Toggle animations",)))
    assert picked["end_theme"] == CB_THEME.name and picked["end_motion"] is True
    assert settings.load()[0].theme == CB_THEME.name  # saved by the join app, for either app's next run


def test_join_applies_what_the_local_app_saved() -> None:
    asyncio.run(run_once(make_app(), ("Theme", "textual-light"), ("Toggle animations",)))
    joined = asyncio.run(run_once(JoinApp()))
    assert joined["theme"] == "textual-light" and joined["motion"] is True
    settings.update(theme=CB_THEME.name)
    assert asyncio.run(run_once(JoinApp()))["palette"] is PALETTES["colourblind"]


def test_bad_saved_values_give_the_defaults_and_one_notice(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    bad = {"level": "godlike", "theme": "no-such-theme", "reduced_motion": "yes", "names": ["Ann", "Bob"]}
    settings.path().write_text(json.dumps(bad), encoding="utf-8")

    async def run() -> tuple[str, bool, str, list[str]]:
        app = make_app()
        notes = record_notes(app)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            return app.theme, app.reduced_motion, app.practice, notes

    theme, motion, practice, notes = asyncio.run(run())
    assert theme == App().theme and motion is False and practice == settings.DEFAULT_LEVEL
    about = [n for n in notes if n.startswith("Settings")]
    assert len(about) == 1 and "\n" not in about[0]
    assert all(word in about[0] for word in ("level", "theme", "reduced_motion"))
