"""The network seat says its notices as the hot-seat app does: on a screen whose choices fill its top (the
Draft, the Setup) in the screen's own line, never as a toast over the choices. Seen in tmux, host in French:
"Annonce : Choix de Sélection 1 révélé…" covered the next pick's list ("Shango ▌", "Wong Fe▌")."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tagteam.net.client import NetClient
from tagteam.remote.client_app import NetApp
from tagteam.widgets.basic import NoticeLine


class _Idle:
    """A client with no state yet: the seat shows what the test pushes."""

    def snapshot(self) -> tuple[Any, list[str], Any]:
        return None, [], None

    def events(self) -> list[Any]:
        return []


class _Choices(Screen[None]):
    """The shape of the Draft and Setup screens: choices at the top, a notice line of their own."""

    def compose(self) -> ComposeResult:
        yield Static("▶ Shango\n  Bödvar\n  Wong Fei-Hung\n  Jeanne", id="choices")
        yield NoticeLine()


def test_the_network_seat_says_a_notice_in_the_choice_screens_own_line() -> None:
    message = "Choix de Sélection 1 révélé : Joueur 1 prend Mordred, Joueur 2 prend Ching Shih."

    async def run() -> None:
        app = NetApp(cast(NetClient, _Idle()), reduced_motion=True)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await app.push_screen(_Choices())
            await pilot.pause()
            app.notify(message, title="Annonce")
            await pilot.pause(0.3)
            line = app.screen.query_one(NoticeLine)
            assert line.has_class("-shown") and message in str(line.render())
            assert all(t.region.height == 0 for t in app.screen.query("Toast"))
            choices = app.screen.query_one("#choices").region
            assert not any(t.region.overlaps(choices) for t in app.screen.query("Toast"))

    asyncio.run(run())


@pytest.mark.slow
def test_the_command_palettes_search_line_speaks_the_players_language() -> None:
    """The palette said "Search for commands…" on a French screen (Textual's own placeholder)."""
    from textual.command import CommandInput

    from tagteam.app import TagTeamApp
    from tagteam.words import set_language

    async def run(lang: str) -> str:
        app = TagTeamApp(lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            await pilot.pause()
            return str(app.screen.query_one(CommandInput).placeholder)

    try:
        assert asyncio.run(run("en")) == "Search for commands…"
        assert asyncio.run(run("fr")) == "Chercher une commande…"
    finally:
        set_language("en")
