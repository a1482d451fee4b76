"""The guided first game through the words layer: the Health track lesson says plainly when an icon fires (the
old "passes or lands on it, either way" read as "up too?"), every lesson line of a whole guided game is
catalogued (the pseudo-locale marks each one), and in French no lesson keeps an English sentence."""

from __future__ import annotations

import re

import pytest

from tagteam.engine.actions import BuildChoice
from tagteam.play import tutorial
from tagteam.screens.tutorial import TARGET_WORDS, LessonScreen, pointer
from tagteam.words import _, set_language
from tagteam.words.names import card_name, card_text, fighter_name
from tests.test_tutorial_claims import _play

ENGLISH = re.compile(r"\b(the|and|your|their|with|of|is|it|when|card|Turn|Power)\b")


def _titled(at_decide: BuildChoice | None = None) -> list[tuple[str, str]]:
    """(title, text) of every lesson of a whole guided game, played as the claims test plays it."""
    titles: list[str] = []
    _s, shown = _play(at_decide, titles)
    return [(title, text) for title, (_k, text, _w, _snap) in zip(titles, shown, strict=True)]


def test_the_track_lesson_says_an_icon_fires_both_ways_once_the_markers_have_moved() -> None:
    text = next(t for title, t in _titled() if title == "Stops and icons on the Health track")
    assert "either way" not in text  # the old "when the marker passes or lands on it, either way, it fires"
    assert "fires when the marker lands on it or passes it, moving down or up (healing too)" in text
    assert "once every marker has moved" in text
    tab = tutorial.new_session("Ada").state.table
    assert tab is not None
    track = next(f for f in tab.fighters if f.id == "bodvar").tracks[0]
    six = next(track.hp[i] for i, icons in enumerate(track.icons) if "power_self" in icons)
    assert f"+P icon on its {six} space (+1 Power)" in text  # the space and its effect read from the board


@pytest.mark.parametrize("at_decide", [None, BuildChoice(0, 4, (1, 2))], ids=["suggested", "costly"])
def test_every_lesson_line_is_catalogued(at_decide: BuildChoice | None) -> None:
    """Under the pseudo-locale every catalogued message ends in '~': a title or a line without it escaped."""
    set_language("xx")
    lessons = _titled(at_decide)
    keys = {title for title, _t in lessons}
    assert len(lessons) >= 15 and len(keys) == len(lessons)
    for title, text in lessons:
        assert "~" in title, title
        for line in text.split("\n"):
            assert "~" in line, (title, line)


def _no_names(text: str) -> str:
    """The text without the component names and texts (card data: English where no French source gives one)."""
    tab = tutorial.new_session("Ada").state.table
    assert tab is not None
    words = {card_name(c.cdef) for c in tab.cards} | {card_text(c.cdef) for c in tab.cards}
    words |= {c.cdef.name for c in tab.cards} | {fighter_name(f) for f in tab.fighters}
    for w in sorted(words, key=len, reverse=True):
        text = text.replace(w, "")
    return text


def test_no_lesson_keeps_an_english_sentence_in_french() -> None:
    english = _titled()
    set_language("fr")
    french = _titled()
    assert len(french) == len(english)
    for (en_title, en_text), (fr_title, fr_text) in zip(english, french, strict=True):
        assert fr_title != en_title, en_title
        for en_line, fr_line in zip(en_text.split("\n"), fr_text.split("\n"), strict=True):
            assert en_line != fr_line, en_line
            left = ENGLISH.findall(_no_names(fr_line))
            assert not left, (fr_line, left)


def test_the_lesson_card_speaks_french() -> None:
    """The card's last line, its target's name and its keys in the footer (Textual reads the descriptions
    through WordsModal's active_bindings)."""
    set_language("fr")
    line = pointer(_(TARGET_WORDS["#log"]), True, _("Enter: next lesson"))
    assert line == "Regardez le journal (en dessous, en évidence) · Entrée pour la leçon suivante"
    assert pointer("x", None, _("Enter: back to the game")) == "Entrée pour revenir à la partie"
    for b in LessonScreen.BINDINGS:
        desc = b.description  # type: ignore[union-attr]
        assert _(desc) != desc, desc


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_who_lesson_names_the_mark_the_boards_show(lang: str) -> None:
    """The French lesson said "▶ ACTIF" after the boards had become "▶ EN JEU": the lesson now takes the
    boards' own mark (``active_mark``: the rules page's "▶ ACTIF" where it names several Fighters), so the two
    cannot part again."""
    from tagteam.words.names import active_mark

    set_language(lang)
    text = next(t for title, t in _titled() if title == _("Who an Attack hits"))
    assert active_mark() in text
    assert (lang == "fr") == ("▶ ACTIF" in text)
    assert "EN JEU" not in text
