"""A hosted game's default seat names ("Player 1", "Player 2", as the record keeps them) read in each screen's
language: a French host's screen said "Player 1 : Sélection standard" and "Player 1 a ajouté une carte"
(seen in tmux, host in French, join in English), while a hot-seat game said "Joueur 1"."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from tagteam.net.client import NetClient, RemoteFeed
from tagteam.words import log as wl
from tagteam.words import set_language
from tagteam.words.seats import DEFAULT_SEATS
from tests.engine.test_determinism import golden_session


def test_the_log_says_the_default_seat_names_in_the_readers_language() -> None:
    s = golden_session("first-game-seed-1")
    players = (DEFAULT_SEATS[0], DEFAULT_SEATS[1])
    english = wl.describe_log(s.log, 0, s.state.table, players)
    assert any("Player 1" in line for line in english)
    set_language("fr")
    french = wl.describe_log(s.log, 0, s.state.table, players)
    assert any("Joueur 1" in line for line in french) and any("Joueur 2" in line for line in french)
    assert not [line for line in french if "Player" in line]
    typed = wl.describe_log(s.log, 0, s.state.table, ("Ann", "Bo"))
    assert any("Ann" in line for line in typed)  # a typed name stays as typed


class _Client:
    """What the feed reads of a network client: the last state (names and pause as the host sent them)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def snapshot(self) -> tuple[Any, list[str], Any]:
        return self.state, [], None


def test_a_network_seat_names_the_default_seats_in_its_own_language() -> None:
    state = SimpleNamespace(names=(DEFAULT_SEATS[0], DEFAULT_SEATS[1]), pause=SimpleNamespace(why="character", seat=1))
    feed = RemoteFeed(cast(NetClient, _Client(state)))
    assert feed.names == ("Player 1", "Player 2")
    set_language("fr")
    assert feed.names == ("Joueur 1", "Joueur 2")
    pause = feed.pause()
    assert pause is not None and pause.player == "Joueur 2"
