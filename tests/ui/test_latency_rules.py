"""The rules reference is laid out once per width and process: opening it again redoes none of that work."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from uihelp import make_app, name, screen_text

from tagteam.screens.help import rules_lines
from tests.waiting import until

WHOLE = "If both teams have a Fighter knocked out on the same Turn it is a draw"


@pytest.mark.slow
def test_rules_are_laid_out_once_per_width_and_read_whole_at_every_size() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert name(app) == "HelpScreen" and "Tag Team in a nutshell" in screen_text(app)
            assert WHOLE in " ".join(screen_text(app).split())  # no word cut at the right edge
            laid_out = rules_lines.cache_info().misses
            await pilot.press("escape", "question_mark")
            await pilot.pause()
            assert name(app) == "HelpScreen"
            assert rules_lines.cache_info().misses == laid_out  # the second opening reused the lines
            await pilot.press("end")
            # the scroll to the end may glide, and lag behind a busy machine
            await until(pilot, lambda: "Colour only repeats these marks." in screen_text(app), "the rules' end")
            for size in ((120, 40), (100, 30)):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.press("home")
                await until(pilot, lambda: "Tag Team in a nutshell" in screen_text(app), "the rules' top")
                text = screen_text(app)
                assert "Tag Team in a nutshell" in text
                assert WHOLE in " ".join(text.split())

    asyncio.run(run())


def test_the_title_reads_the_rules_ahead_off_the_ui_thread() -> None:
    from tagteam.screens.help import rules_markdown

    async def run() -> None:
        rules_markdown.cache_clear()
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen: Any = app.screen
            screen._read_ahead()  # what its timer does half a second after the title is up
            await app.workers.wait_for_complete()
            assert rules_markdown.cache_info().currsize == 1
            assert name(app) == "TitleScreen"

    asyncio.run(run())
