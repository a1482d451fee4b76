"""The host's join code is never cut from a narrow footer: at 80 columns the Build screen's footer cut it to
"f2 Join co" (the app's keys come after the screen's, and the footer cuts at its right end); it comes first."""

from __future__ import annotations

import asyncio
from typing import ClassVar

import pytest
from buildhost import Host, context, position_at
from textual.binding import Binding, BindingType
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


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_join_code_is_whole_in_the_build_screens_footer(size: tuple[int, int]) -> None:
    async def run() -> None:
        app = Hosting(BuildScreen(context(position_at("build"))))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            footer = screen_text(app).rstrip("\n").split("\n")[-1]
            assert f"Join code {CODE}" in footer, footer
            assert "Lock" in footer  # the screen's own keys follow

    asyncio.run(run())


def test_every_key_is_still_in_the_footer_order_after_the_code() -> None:
    async def run() -> None:
        app = Hosting(BuildScreen(context(position_at("build"))))
        async with app.run_test(size=(200, 24)) as pilot:
            await pilot.pause()
            footer = screen_text(app).rstrip("\n").split("\n")[-1]
            assert footer.index("Join code") < footer.index("Lock") < footer.index("Table memory")

    asyncio.run(run())
