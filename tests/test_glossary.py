"""Every term a player meets on cards, boards and the log has a glossary entry, in its own words."""

from __future__ import annotations

import functools
import random
import re

import pytest

from tagteam.engine import events as ev
from tagteam.engine.game import legal_actions
from tagteam.engine.session import Session
from tagteam.engine.table import library
from tagteam.words import glossary, set_language

# the game's own vocabulary: capitalised rules words that the log, the boards and the card texts use
VOCABULARY = (
    "Presence",
    "Scheme",
    "Serpent",
    "Spirit",
    "Concentration",
    "Stop",
    "successful Block",
    "Aflame!",
    "Fleet",
    "Rage",
    "Divine Voice",
    "Sheriff",
    "Berserker Bear",
    "Direct Damage",
    "Power",
    "Attack",
    "Block",
    "Cancel",
    "KO",
    "Partner",
    "Active Fighter",
    "Starting Card",
    "Instant Bonus",
    "Character",
    "Reanimation",
    "Incinerated",
    "Flamepower",
    "Ships",
    "Poison",
    "Execution",
    "Line-up",
    "Icon",
)


def test_terms_are_unique_and_explained() -> None:
    words = [t.word.lower() for t in glossary.TERMS]
    assert len(words) == len(set(words))
    for t in glossary.TERMS:
        assert len(t.meaning) >= 30 and t.meaning.endswith((".", ")")), t.word


@pytest.mark.parametrize("word", VOCABULARY)
def test_vocabulary_has_an_entry(word: str) -> None:
    assert glossary.lookup(word) is not None, word


def test_lookup_ignores_case_and_punctuation() -> None:
    hit = glossary.lookup("  stop: ")
    assert hit is not None and hit.word == "Stop"
    assert glossary.lookup("no such word") is None
    assert [t.word for t in glossary.matching("Milady")] == ["Scheme", "Poison"]


@functools.cache
def printed_words() -> frozenset[str]:
    """Random games with every Fighter: the token names and special-track words their logs print (English keys)."""
    ids = sorted(library())
    seen: set[str] = set()
    rng = random.Random(5)
    for game in range(6):
        picks = rng.sample(ids, 4)
        s = Session.new(100 + game, teams=((picks[0], picks[1]), (picks[2], picks[3])))
        for _ in range(400):
            if s.over():
                break
            if s.needs_advance():
                s.advance()
                continue
            seat = s.seats_owing()[0]
            s.act(seat, rng.choice(legal_actions(s.state, seat)))
        for e in s.log:
            if isinstance(e, ev.TokenMoved):
                seen.add(e.token)
            elif isinstance(e, ev.TrackChanged):
                seen.add(e.track)
    return frozenset(seen)


def test_every_token_and_track_word_in_logs_is_in_the_glossary() -> None:
    """The token names and special-track words the log prints are listed."""
    missing = {w for w in printed_words() if glossary.lookup(re.sub(r"^.*'s ", "", w)) is None}
    assert not missing, missing


def test_every_french_token_and_track_word_in_logs_is_in_the_glossary() -> None:
    """In French, each of those words as the log prints it ("Flamme", "Golem", "Esprits") finds its entry too,
    and the entry's French word is the log's."""
    from tagteam.words.log import TOKEN_WORDS, _special_name, _token

    set_language("fr")
    try:
        # what the log prints for each: a token's name, or a special track's
        french = {w: _token(w) if w in TOKEN_WORDS else _special_name(w) for w in printed_words()}
        assert sum(f != w for w, f in french.items()) >= 3  # French words indeed
        missing = {f for f in french.values() if glossary.lookup(f) is None}
        assert not missing, missing
        words = {t.shown_word for t in glossary.TERMS}
        assert {"Flamme", "Concentration", "Shérif", "Voix divine", "Flotte"} & set(french.values()) <= words
    finally:
        set_language("en")


def test_presence_entry_says_what_the_engine_does() -> None:
    """The Golem holding his own token is not protected; his Partner is, from the next Turn, against Attacks."""
    from tagteam.engine import position
    from tagteam.engine.whatif import unblocked_attack

    term = glossary.lookup("Presence")
    assert term is not None
    assert "Partner" in term.meaning and "never protects the Golem himself" in term.meaning
    st = position.build(
        position.parse(
            {
                "rule": "Presence",
                "teams": [["golem", "joan"], ["bodvar", "mordred"]],
                "presence": {"on": "joan"},
                "fight": [["joan.dieu_premier_servi"], ["mordred.dark_power"]],
            }
        )
    )
    tab = st.tab()
    golem, joan, bodvar = (tab.kinds.index(k) for k in ("golem", "joan", "bodvar"))
    assert unblocked_attack(st, bodvar, joan, 5).absorbed
    assert not unblocked_attack(st, bodvar, golem, 5).absorbed
