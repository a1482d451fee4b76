"""Colour never the only signal: with NO_COLOR, selected and unselected rows of every list differ as text."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from uihelp import make_app, play, screen_text

from tagteam.words.names import fighter_name

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


def rows_with(text: str, word: str) -> list[str]:
    return [line for line in text.splitlines() if word in line]


def card_marked(text: str, mark: str) -> str:
    """The text of the one card (a box among boxes side by side) whose face carries ``mark``."""
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if mark in line)
    col = lines[row].index(mark)
    left = lines[row].rindex("│", 0, col)
    right = lines[row].index("│", col)
    top = row
    while top > 0 and lines[top - 1][left : left + 1] == "│":
        top -= 1
    return "\n".join(line[left + 1 : right] for line in lines[top : row + 1])


def test_selected_rows_differ_as_text_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            menu: Any = app.screen.query_one("#menu")
            menu.highlighted = menu.get_option_index("free")
            await pilot.pause()
            text = screen_text(app)  # title: the highlighted menu row carries ▶, the others do not
            assert [r for r in rows_with(text, "free pick") if "▶ New game: free pick" in r]
            assert not [r for r in rows_with(text, "First game") if "▶" in r]

            await pilot.press("enter", "enter")  # free pick, past the hand-over
            await play(pilot, app, stop="DraftScreen")
            await pilot.press("space")
            await pilot.pause()
            text = screen_text(app)  # free pick: ticked "[x] ... (ticked)" against "[ ]"
            ticked = [r for r in text.splitlines() if "[x]" in r and "(ticked)" in r]
            unticked = [r for r in text.splitlines() if "[ ]" in r]
            assert len(ticked) == 1 and len(unticked) >= 5
            assert "▶ [x]" in ticked[0]  # the cursor is a mark too

            await pilot.press("down", "space", "c")
            await play(pilot, app, stop="DraftScreen")  # the other player's free pick
            await pilot.press("space", "down", "space", "c")
            await play(pilot, app, stop="SetupScreen")
            text = screen_text(app)
            assert len(rows_with(text, "▶ ")) >= 1 and "first, then" in text

            await pilot.press("enter", "c")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("s", "enter")
            await play(pilot, app, stop="BuildScreen")
            text = screen_text(app)  # Build: the kept card and the two going under say so in words
            # (the three drawn cards stand side by side, each its own mark: count the marks, not the rows)
            assert text.count("▶ KEEP") == 1 and text.count("under, ") == 2
            assert len(rows_with(text, "NEW ▶")) == 1
            await pilot.press("2")
            await pilot.pause()
            screen: Any = app.screen
            keep = screen.view.table.cards[screen.view.drawn[1]].cdef.name
            assert keep in card_marked(screen_text(app), "▶ KEEP")

            await pilot.press("c")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("n", "n")
            await pilot.pause()
            text = screen_text(app)  # the Active Fighters are written, not only coloured: on each board the
            # Active Fighter's head begins with the mark ("▶ ACTIVE", or "▶" alone where the board is narrow)
            fight: Any = app.screen
            view = fight.feed.view()
            pairs = list(zip(view.table.fighters, view.fighters, strict=True))
            active = [fighter_name(fd.model) for fd, fv in pairs if fv.active]
            others = [fighter_name(fd.model) for fd, fv in pairs if not fv.active]
            assert len(active) == 2
            for who in active:
                assert len(re.findall(rf"▶ (?:ACTIVE )?{re.escape(who)} ·", text)) == 1, who
            for who in others:
                assert not re.findall(rf"▶ (?:ACTIVE )?{re.escape(who)} ·", text), who

    asyncio.run(run())


def test_base_power_is_not_a_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """The gallery's "Base Power" line has no colour of its own (it vanished in NO_COLOR before)."""
    from rich.console import Console, Group
    from rich.text import Text

    from tagteam.engine.table import library
    from tagteam.render.cards import fighter_board_panel
    from tagteam.render.glued import Glued

    console = Console(width=100, record=True, no_color=True)
    console.print(fighter_board_panel(library()["joan"].model))
    assert "Base Power" in console.export_text()
    body = fighter_board_panel(library()["joan"].model).renderable
    assert isinstance(body, Group)
    head = body.renderables[0]
    if isinstance(head, Glued):  # French marks kept with their word (tagteam.render.glued): the text inside
        head = head.text
    assert isinstance(head, Text)
    assert not any("magenta" in str(span.style) for span in head.spans)
