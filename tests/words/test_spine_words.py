"""The spine's words (the Fight's heading, pause and recap, the game-over summary, the hand-overs) come from
the catalog: under the pseudo-locale every word is accented except names read from the card data, and in
French no English word of the same screens is left. Seeded games, as in tests/test_recap.py."""

from __future__ import annotations

import re

import pytest

from tagteam.content.choices import LANGUAGES, SOURCE
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.play import feeds, summary
from tagteam.play.flow import Locked, ShowHandoff, ShowWaiting, Waiting
from tagteam.words import feeds as fw
from tagteam.words import names as wn
from tagteam.words import set_language
from tagteam.words.flow import locked, waiting, what
from tagteam.words.summary import hp_points
from tests.test_recap import NAMES, _random_game, play
from tests.words.spaces import plain

ACCENTABLE = re.compile(r"[aeiouyAEIOUYcCnN]")
WORD = re.compile(r"[A-Za-zÀ-ÿ'’!.-]+")
# Words a language shares with English on these screens: French "bonus"; the game terms the Portuguese rules
# keep in English (tagteam/words/locale/pt/TERMS.md) and the Enter key, as Brazilian keyboards print it
SHARED = {
    "fr": {"bonus", "bonus,"},
    "pt": {"Draft", "Stop", "REPLAY", "replay", "token", "tokens", "Enter", "Enter."},
    "zh": {"Enter"},
}  # the key as printed on the keyboard


def _names(table: GameTable | None) -> list[str]:
    """What may stay unaccented: names from the card data (Fighters, cards, tracks) and the players'."""
    out = list(NAMES)
    if table is not None:
        for fd in table.fighters:
            out += [wn.fighter_name(fd), fd.name] + [wn.board_text(t, "name") for t in fd.tracks]
        for c in table.cards:
            out += [wn.card_name(c.cdef), c.cdef.name]
    return sorted(set(out), key=len, reverse=True)


def _texts(s: Session) -> list[str]:
    """The spine's sentences about ``s`` now: the Fight's heading, pause and recap, and at game over the
    summary and the game's recap."""
    out = [fw.heading(feeds.heading_of(s)), fw.heading(feeds.heading_of(s, replay=True)), fw.pause(feeds.pause_of(s))]
    out += [fw.recap_lead(line) for line in feeds.pause_recap(s, s.view(0))]
    if s.over():
        g = summary.summarize(s)
        out += [g.result, *g.played, *g.why, *(hp_points(f) for f in g.fighters)]
    return out


def _escaped(text: str, names: list[str]) -> list[str]:
    """Words of ``text`` that the pseudo-locale did not touch (names aside): each one escaped the catalog."""
    for name in names:
        text = text.replace(name, " ")
    return [w for w in WORD.findall(text) if ACCENTABLE.search(w)]


def _sessions() -> list[Session]:
    draft = Session.new(5, draft="standard", players=NAMES)  # round 0: the Draft and setup heading
    return [draft, play(2), _random_game(9)]


def _handover() -> list[str]:
    h = ShowHandoff(1, "Bob", "build", 3, Locked("Ann", "build"))
    first = ShowHandoff(0, "Ann", "character")
    wait = ShowWaiting(1, "Bob", Waiting("Bob", "ab12"))
    away = ShowWaiting(1, "Bob", Waiting("Bob"))
    return [what(h.kind, h.round), locked(h.locked), what(first.kind), waiting(wait.why), waiting(away.why)]


def test_every_spine_sentence_is_catalogued_under_the_pseudo_locale() -> None:
    sessions = _sessions()
    set_language("xx")
    for s in sessions:
        names = _names(s.state.table)
        for text in _texts(s):
            assert text and not _escaped(text, names), (text, _escaped(text, names))
    for text in _handover():
        assert not _escaped(text, ["Ann", "Bob", "ab12"]), text


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != SOURCE])
def test_the_spine_speaks_each_language(lang: str) -> None:
    sessions = _sessions()
    english: list[list[str]] = [_texts(s) for s in sessions]
    set_language(lang)
    spoken = [_texts(s) for s in sessions]
    for s, en, said in zip(sessions, english, spoken, strict=True):
        names = _names(s.state.table)
        for a, b in zip(en, said, strict=True):
            assert a != b, a  # every line is written in the language
            left = {w for w in _escaped(a, names) if len(w) > 3} & set(WORD.findall(b)) - SHARED.get(lang, set())
            assert not left, (b, left)  # no English word of the line is left in its translation


def test_the_spine_speaks_french() -> None:
    sessions = _sessions()
    set_language("fr")
    french = [_texts(s) for s in sessions]
    assert french[2][2] == "FIN DE LA PARTIE. Wong Fei-Hung est KO. Appuyez sur Entrée pour le bilan."
    assert plain(french[2][3]).startswith("Bilan — moment décisif, manche 6 · Tour 2 : ")
    assert french[0][0] == "Sélection et mise en place"
    assert _handover()[:2] == ["l'étape Construction de la manche 3", "Le choix de Construction d'Ann est validé."]
