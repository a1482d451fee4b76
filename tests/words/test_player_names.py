"""A seat's default name and the tutor are words, said in the reader's language; a typed name stays as typed.
A record keeps "Player 1" whoever hosted, so a French host's game reads "Joueur 1" on a French screen and
"Player 1" on an English one."""

from __future__ import annotations

from tagteam.engine.session import Session
from tagteam.play.feeds import FightFeed
from tagteam.play.games import new_session
from tagteam.words import set_language
from tagteam.words.names import player_name, player_names


def test_default_names_and_the_tutor_are_said_in_the_readers_language() -> None:
    set_language("fr")
    assert player_names(("Player 1", "Player 2")) == ("Joueur 1", "Joueur 2")
    assert player_name("Tutor") == "Tuteur"
    assert player_names(("Ada", "Player 2")) == ("Ada", "Joueur 2")  # a typed name is the player's own
    set_language("en")
    assert player_names(("Player 1", "Tutor")) == ("Player 1", "Tutor")


def test_a_game_with_default_names_reads_in_each_language() -> None:
    s: Session = new_session("first", 3)
    assert s.record.players == ("Player 1", "Player 2")  # the record keeps the canonical defaults
    feed = FightFeed(s)
    set_language("fr")
    assert feed.names == ("Joueur 1", "Joueur 2")
    set_language("en")
    assert feed.names == ("Player 1", "Player 2")
