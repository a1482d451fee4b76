"""The host's player is told when the other player leaves and when they come back: on a decision screen (a Build,
a Starting Card order) no waiting status is shown, so before, the join code coming back to the footer was the
only sign that they had gone."""

from __future__ import annotations

import asyncio

import pytest

from tagteam.remote.client_app import NetApp
from tagteam.words.lang import set_language
from tagteam.words.net import opponent_back, opponent_left
from tests.net.apps import CODE, hosted_seat, make_client
from tests.waiting import until
from tests.words.spaces import plain


@pytest.fixture
def french() -> None:
    set_language("fr")  # tests/conftest.py puts English back after the test


def said(app: NetApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def test_the_host_is_told_when_the_other_player_leaves_and_comes_back() -> None:
    async def go() -> None:
        runner, app, port = hosted_seat()
        guests: list[NetApp] = []
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
                guests.append(make_client(port))
                await until(pilot, lambda: app.opponent_here)
                assert not any("left" in line or "back" in line for line in said(app))  # a first join is no news
                guests[0].client.close()  # ctrl+q on the guest's side: a bye
                await until(pilot, lambda: not app.opponent_here)
                await until(pilot, lambda: any("left the game" in line for line in said(app)))
                line = next(line for line in said(app) if "left the game" in line)
                assert line.startswith("Player 2 left the game.") and f"join code {CODE}" in line, line
                assert type(app.screen).__name__ == "SetupScreen"  # the notice, over the screen the player was on
                guests.append(make_client(port))  # joined again with the code
                await until(pilot, lambda: any(line == "Player 2 is back in the game." for line in said(app)))
                assert not any("left the game" in line for line in said(app))  # withdrawn: no longer true
        finally:
            for guest in guests:
                guest.client.close()
            app.client.close()
            runner.stop()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_the_notices_in_french(french: None) -> None:
    left = opponent_left("Joueur 2", CODE)
    # no pronoun that says who the player is ("il"): the seat is what waits
    assert plain(left) == f"Le Joueur 2 a quitté la partie. Sa place reste libre : retour possible avec le code {CODE}."
    assert opponent_left("Joueur 1") == "Le Joueur 1 a quitté la partie. Sa place reste libre jusqu'à son retour."
    assert opponent_back("Joueur 2") == "Le Joueur 2 est de retour dans la partie."
