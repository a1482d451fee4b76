"""French gives a default seat name its article after "à" or "de": "Passez le clavier au Joueur 1", "les Blocages
du Tuteur" ("Joueur 1" is a word, "le joueur numéro 1"); a name a player typed is left as typed ("à Alice")."""

from __future__ import annotations

import asyncio

import pytest
from buildhost import Host
from uihelp import screen_text

from tagteam.play.flow import Waiting
from tagteam.screens.handoff import HandoffScreen
from tagteam.words import _, ngettext, set_language
from tagteam.words.flow import waiting
from tagteam.words.lang import grammar
from tagteam.words.names import player_name
from tests.words.spaces import plain


@pytest.fixture(autouse=True)
def in_french() -> None:
    """Every test here reads French (tests/conftest.py puts English back after it)."""
    set_language("fr")


def blocks(player: str) -> str:
    return ngettext(
        "{player}'s Blocks negated Attacks on {count} Turn.", "{player}'s Blocks negated Attacks on {count} Turns.", 2
    ).format(player=player, count=2)


def test_a_default_seat_name_takes_its_article_after_a_and_de() -> None:
    assert _("Pass the keyboard to {player}").format(player=player_name("Player 1")) == "Passez le clavier au Joueur 1"
    assert blocks(player_name("Tutor")) == "Les Blocages du Tuteur ont annulé des Attaques sur 2 Tours."
    assert plain(waiting(Waiting(player_name("Player 2"), "K7QF-M2XD"))) == (
        "En attente du Joueur 2 : code pour rejoindre K7QF-M2XD"
    )
    assert grammar().seat_articles("À Joueur 1 de jouer, de Tuteur") == "Au Joueur 1 de jouer, du Tuteur"


def test_a_typed_name_and_other_words_are_left_as_they_are() -> None:
    assert _("Pass the keyboard to {player}").format(player="Alice") == "Passez le clavier à Alice"
    assert blocks("Zoé") == "Les Blocages de Zoé ont annulé des Attaques sur 2 Tours."
    assert (
        grammar().seat_articles("de Joueur 12, à Tuteurs, de Joueur") == "de Joueur 12, à Tuteurs, de Joueur"
    )
    assert _("{player} is thinking…").format(player=player_name("Player 1")) == "Le Joueur 1 réfléchit…"


def test_english_is_untouched() -> None:
    set_language("en")
    assert _("Pass the keyboard to {player}").format(player=player_name("Player 1")) == "Pass the keyboard to Player 1"


def test_the_hand_over_screen_says_au_joueur_1_at_80x24() -> None:
    async def run() -> str:
        app = Host(HandoffScreen(0, player_name("Player 1"), "la Construction"))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return screen_text(app)

    text = asyncio.run(run())
    assert "Passez le clavier au Joueur 1" in text, text
    assert "à Joueur 1" not in text


def test_the_waiting_screen_says_en_attente_d_alice_at_80x24() -> None:
    """A typed name that starts with a vowel takes "d'" ("En attente d'Alice"), as any French name after "de"."""

    async def run() -> str:
        app = Host(HandoffScreen(1, "Alice", "", waiting(Waiting("Alice", "K7QF-M2XD")), thinking=True))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return screen_text(app)

    text = asyncio.run(run())
    assert "En attente d'Alice" in text, text
    assert "de Alice" not in text
