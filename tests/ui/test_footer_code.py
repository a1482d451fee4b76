"""The host's join code is never cut from a narrow footer: at 80 columns the Build screen's footer cut it to
"f2 Join co" (the app's keys come after the screen's, and the footer cuts at its right end); it comes first."""

from __future__ import annotations

import asyncio
import time
from typing import ClassVar

import pytest
from buildhost import Host, context, position_at
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from uihelp import screen_text

from tagteam.screens.build import BuildScreen

CODE = "EWZ9-3LN9"


class Hosting(Host):
    """The bare screen host with the network app's keys: Rules, Quit and the join code (until the other is in)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    def action_rules(self) -> None:
        self.notify("rules")

    def on_mount(self) -> None:
        self.bind("f2", "join_code", description=f"Join code {CODE}")
        super().on_mount()

    def action_join_code(self) -> None:
        self.notify(CODE)


async def footer(app: Host, pilot: Pilot[None]) -> str:
    """The footer's line once it is drawn (a loaded machine draws it a few frames after the screen)."""
    end = time.monotonic() + 20
    line = ""
    while time.monotonic() < end:
        line = screen_text(app).rstrip("\n").split("\n")[-1]
        if "Lock" in line:
            break
        await pilot.pause(0.05)
    return line


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_join_code_is_whole_in_the_build_screens_footer(size: tuple[int, int]) -> None:
    async def run() -> None:
        app = Hosting(BuildScreen(context(position_at("build"))))
        async with app.run_test(size=size) as pilot:
            line = await footer(app, pilot)
            assert f"Join code {CODE}" in line, line
            assert "Lock" in line  # the screen's own keys follow

    asyncio.run(run())


def test_every_key_is_still_in_the_footer_order_after_the_code() -> None:
    async def run() -> None:
        app = Hosting(BuildScreen(context(position_at("build"))))
        async with app.run_test(size=(200, 24)) as pilot:
            line = await footer(app, pilot)
            assert line.index("Join code") < line.index("Lock") < line.index("Table memory")

    asyncio.run(run())
