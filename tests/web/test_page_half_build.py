"""In a real headless Chromium: keys typed in one burst on the Setup screen all count, and a half-made Build
choice survives the page's reload (its app ends; Continue in the new page opens the Build as it was left).
Issue 25 item 3; ``tests/ui/test_half_build.py`` and ``tests/ui/test_key_bursts.py`` test the pieces."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.web.browser import Page, browser, children, serve, skip_reason, wait_until

pytestmark = [pytest.mark.skipif(skip_reason() is not None, reason=skip_reason() or ""), pytest.mark.slow]


MARK = re.compile(r"\[(\d)\] (▶ KEEP|under, 1st|under, 2nd)")


def chosen(screen: str) -> list[str]:
    """What the Build screen says of the choice, in whichever layout the page's size gets (the drawn cards as
    rows, or as cards side by side: a reloaded page may hold a few rows fewer): each drawn card's mark (kept,
    or under 1st or 2nd), the kept card by name (its text under the drawn cards, its NEW line-up slot) and
    where it goes (the status line, with the order of the two under it)."""
    marks = [f"[{number}] {mark}" for number, mark in MARK.findall(screen)]
    lines = [line.strip(" │") for line in screen.split("\n")]
    kept = [line for line in lines if line.startswith("▊ [") or " NEW " in line or "INSERT HERE" in line]
    return marks + kept


def test_a_half_made_build_choice_survives_a_reload(tmp_path: Path) -> None:
    with serve(tmp_path) as (proc, port), browser(100, 30) as ctx:
        page = Page(ctx.new_page())
        page.open(f"http://localhost:{port}/", "First game, hot-seat")
        page.press("f")
        page.wait_for("Pass the keyboard to Player 1")
        page.press("Enter")
        page.wait_for("Player 1: which Starting Card")
        page.press("ArrowDown", "Enter", "c")  # one burst: the c confirms the row the Enter chose
        page.wait_for("Pass the keyboard to Player 2")
        page.press("Enter")
        page.wait_for("Player 2: which Starting Card")
        page.press("Enter", "c")
        page.wait_for("Round 1 · before Turn 1")
        page.press("s")
        page.wait_for("Press Enter")
        page.press("Enter")
        page.wait_for("Pass the keyboard to Player 1")
        page.press("Enter")
        page.wait_for("Player 1: Build, round 1")
        page.press("3", "o", "Home")  # keep the third card, the other two swapped, at the top
        before = chosen(page.wait_for(r"\[3\] ▶ KEEP[\s\S]*INSERT HERE: the top"))
        page.page.reload()
        page.wait_for("Continue the autosaved game")
        page.page.focus(".xterm-helper-textarea")
        page.press("c")
        build = r"Player 1: Build, round 1[\s\S]*INSERT HERE"
        shown = page.wait_for(rf"{build}|Press Enter|Pass the keyboard")
        # The last Fight's pause and the hand-over may come first. Each Enter waits for a later screen than the
        # one it answered: pressing again on a screen not yet redrawn (a busy machine) would skip past the Build.
        if "INSERT HERE" not in shown and "Pass the keyboard" not in shown:
            page.press("Enter")
            shown = page.wait_for(rf"{build}|Pass the keyboard")
        if "INSERT HERE" not in shown:
            page.press("Enter")
        assert chosen(page.wait_for(build)) == before
        page.page.close()
        wait_until(lambda: not children(proc.pid), "the page's process to end", 60)
