"""French elides "de", "que", "le" and "la" before a name that starts with a vowel sound: "En attente d'Alice",
"plus qu'Yves", "l'Épée", whether the name was typed by a player or is a Fighter's or a card's. The sentence
does it as it is filled in (``tagteam.words.lang.fill``, by French's ``grammar.json``), so a translator writes
"de {player}" once; English is untouched."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagteam.play.flow import Waiting
from tagteam.words import set_language
from tagteam.words.flow import waiting
from tagteam.words.lang import fill, grammar
from tests.words.spaces import plain

WAITING = "Waiting for {player} to join: join code {code}"


@pytest.fixture(autouse=True)
def in_french() -> None:
    """Every test here reads French (tests/conftest.py puts English back after it)."""
    set_language("fr")


def elided(word: str, name: str) -> str:
    return grammar().elided(word, name)


def vowel_sound(name: str) -> bool:
    set_language("fr")
    return grammar().vowel_sound(name)


def test_the_words_that_elide_before_a_vowel_sound() -> None:
    assert elided("de", "Alice") == "d'Alice"
    assert elided("De", "Élodie") == "D'Élodie"
    assert elided("que", "Ines") == "qu'Ines"
    assert elided("le", "Œil du Tigre") == "l'Œil du Tigre"
    assert elided("la", "Hache") == "l'Hache"  # an h is taken as mute
    assert elided("jusque", "ici") == "jusqu'ici"
    assert elided("de", "Yves") == "d'Yves" and elided("de", "Yann") == "de Yann"  # y: a vowel before a consonant
    assert elided("de", "Bob") == "de Bob" and elided("de", "12") == "de 12" and elided("de", "") == "de "
    assert elided("à", "Alice") == "à Alice"  # nothing else elides


def test_a_waiting_seat_reads_d_alice_in_french_and_the_same_in_english() -> None:
    assert plain(waiting(Waiting("Alice", "K7QF-M2XD"))) == "En attente d'Alice : code pour rejoindre K7QF-M2XD"
    assert plain(waiting(Waiting("Bob", "K7QF-M2XD"))) == "En attente de Bob : code pour rejoindre K7QF-M2XD"
    set_language("en")
    assert waiting(Waiting("Alice", "K7QF-M2XD")) == "Waiting for Alice to join: join code K7QF-M2XD"


def test_fighter_and_card_names_elide_too_and_a_word_before_another_field_does_not() -> None:
    assert fill("la Rage de {fighter}", fighter="Ogre") == "la Rage d'Ogre"
    assert fill("plus que {fighter}", fighter="Ogre") == "plus qu'Ogre"
    assert fill("le {card} et la {other}", card="Appel", other="Harangue") == "l'Appel et l'Harangue"
    assert fill("de {fighter}", fighter="Le Petit Peuple") == "du Petit Peuple"  # contracted, not elided
    assert fill("{a}de {b}", a="mode", b="Alice") == "modede Alice"  # "de" ends a word: not ours
    assert fill("monde {b}", b="Alice") == "monde Alice"
    assert fill("de {player}, de {gone}", player="Ève", gone="Bob") == "d'Ève, de Bob"
    assert fill("de {} et de {}", "Alice", "Bob") == "d'Alice et de Bob"
    assert fill("de {0} ou {n:>3}", "Ève", n=7) == "d'Ève ou   7"


NAMES = st.text(st.characters(codec="utf-8", categories=("L", "N", "Zs", "P")), min_size=1, max_size=12).filter(
    lambda s: s == s.strip() and "{" not in s and "}" not in s
)


@settings(deadline=None)
@given(NAMES)
def test_any_typed_name_after_de_is_elided_exactly_when_it_starts_with_a_vowel_sound(name: str) -> None:
    set_language("fr")
    text = waiting(Waiting(name, "K7QF"))
    rest = f"{name}\u00a0: code pour rejoindre K7QF"
    if vowel_sound(name):
        assert text == f"En attente d'{rest}"
    elif name.split(" ")[0].casefold() not in ("le", "les", "joueur", "tuteur"):  # articles contract: du, des
        assert text == f"En attente de {rest}"
    set_language("en")
    assert waiting(Waiting(name, "K7QF")) == WAITING.format(player=name, code="K7QF")  # English: as typed
