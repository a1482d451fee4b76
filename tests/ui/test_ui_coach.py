"""The coach in solo practice: the best Build options by win chance and the what-if, from the player's view only;
long rows wrap under their own bullet (a hanging indent), never back to the panel's edge."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Static
from uihelp import make_app, name, screen_text, solo_to_build

from tagteam.app import TagTeamApp
from tests.waiting import answered, until

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


def panel_text(app: TagTeamApp) -> str:
    """The coach panel's rows as plain text, unwrapped (what its Static renders, read as a string)."""
    return str(app.screen.query_one("#coach", Static).render())


def panel_lines(app: TagTeamApp) -> list[str]:
    """The coach panel as drawn, one string per screen row (wrapped at the panel's width)."""
    panel = app.screen.query_one("#coach", Static)
    return [panel.render_line(y).text.rstrip() for y in range(panel.size.height)]


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
            assert app.screen.check_action("coach", ()) is False
            assert app.screen.check_action("what_if", ()) is False

    asyncio.run(run())


def test_coach_in_solo_practice_suggests_build_options() -> None:
    async def run() -> None:
        app = TagTeamApp(seed=4)
        async with app.run_test(size=(100, 30)) as pilot:
            await solo_to_build(app, pilot, "easy")
            await pilot.press("h")
            await answered(pilot)
            text = panel_text(app)
            assert "Coach" in text and "Keep " in text and "to win against their likely reply" in text
            assert "% likely, as this opponent played in practice games): " in text  # how likely, by what measure
            await pilot.press("w")  # what if they insert at the top, in the middle, at the bottom
            await answered(pilot)
            text = panel_text(app)
            for where in ("at the top (", "in the middle, after their ", "at the bottom ("):
                assert f"If they insert {where}" in text, text
            assert text.count("% to win)") == 3, text

    asyncio.run(run())


def _hangs(lines: list[str], heads: tuple[str, ...]) -> int:
    """Checks every wrapped row keeps its indent: a screen line that does not start a row (a bullet, a
    "why:", an option's mark) starts with exactly as many blanks as its row's bullet is wide. Returns how
    many wrapped lines it checked."""
    pad = -1
    wrapped = 0
    for line in lines:
        head = next((h for h in heads if line.startswith(h) and line[len(h) : len(h) + 1] not in ("", " ")), None)
        if head is not None:
            pad = len(head)
            continue
        if pad < 0:  # the title, before the first bullet, wraps at the edge
            continue
        assert line.startswith(" " * pad) and line[pad] != " ", (line, lines)
        wrapped += 1
    return wrapped


HEADS = (" ▶ ", " ★ ", "   ", "     why: ", "     • ", " • ")


def test_wrapped_coach_rows_keep_their_indent_at_80x24() -> None:
    async def run() -> None:
        app = TagTeamApp(seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await solo_to_build(app, pilot, "easy")
            await pilot.press("h")
            await answered(pilot)
            lines = panel_lines(app)
            assert lines[0].startswith("Coach") and any(line.startswith("     why: ") for line in lines), lines
            assert _hangs(lines, HEADS) >= 3, lines  # the why and the cases are longer than 80 columns
            assert all(len(line) <= 80 for line in lines)
            await pilot.press("w")
            await answered(pilot)
            lines = panel_lines(app)
            assert lines[0].startswith("What if") and _hangs(lines, (" • ",)) >= 1, lines
            await pilot.resize_terminal(120, 40)  # a resize reflows the rows: fewer wrapped lines, still hung
            await pilot.pause()
            wide = panel_lines(app)
            assert 0 < len(wide) < len(lines) and all(line.startswith((" • ", "   ", "What")) for line in wide), wide
            _hangs(wide, (" • ",))

    asyncio.run(run())


def test_page_keys_read_the_open_panel_and_leave_the_build_alone() -> None:
    """A newcomer pressed PgDn to read the rest of the coach and moved their own insert slot instead."""

    async def run() -> None:
        app = TagTeamApp(seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await solo_to_build(app, pilot, "easy")
            screen: Any = app.screen
            before = (screen.card, screen.position)
            await pilot.press("h")
            await answered(pilot)
            box = screen.query_one("#coachbox")
            # the answer is longer than the panel at 80x24 (laid out at the next refresh)
            await until(pilot, lambda: box.max_scroll_y > 0, "the coach's answer to overflow its panel")
            text = " ".join(screen_text(app).replace("▊", " ").split())
            assert "PgUp/PgDn scroll" in text and "★ your selection" in text
            await pilot.press("pagedown")
            await pilot.pause()
            assert box.scroll_y > 0 and (screen.card, screen.position) == before
            await pilot.press("pageup")
            await pilot.pause()
            assert box.scroll_y == 0

    asyncio.run(run())
