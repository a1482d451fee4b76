"""French contracts "de Le" to "du" and "à Les" to "aux" when a name fills a sentence ("la Rage du Petit
Peuple"): every log line of every scenario, in French, reads that way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tagteam.engine.position import load, resolve
from tagteam.words import _, set_language
from tagteam.words import log as wl
from tagteam.words.grammar import Grammar, Sentence
from tagteam.words.lang import grammar

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
UNCONTRACTED = re.compile(r"\b([Dd]e|[Àà]) (Le|Les) ")


def contract(text: str) -> str:
    set_language("fr")
    return grammar().contract(text)


def french_log() -> list[str]:
    set_language("fr")
    out: list[str] = []
    for path in sorted(SCENARIOS.glob("**/*.json")):
        pos, st = load(path)
        res = resolve(st, pos.turns, pos.decisions)
        out += [wl.describe(e, st.table) for e in res.events]
    return out


def test_contract() -> None:
    assert contract("la Rage de Le Petit Peuple") == "la Rage du Petit Peuple"
    assert contract("À Le Wild Bunch, de Les Elfes, à les autres") == "Au Wild Bunch, des Elfes, aux autres"
    assert contract("Le Golem de Lemuria") == "Le Golem de Lemuria"  # only the article, never a word


def test_only_french_sentences_contract() -> None:
    set_language("en")
    assert type(_("Rules")) is str
    set_language("fr")
    assert isinstance(_("Rules"), Sentence)


def test_no_french_log_line_says_de_le(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = french_log()
    assert [line for line in lines if UNCONTRACTED.search(line)] == []
    assert any("du Petit Peuple" in line or "du Wild Bunch" in line for line in lines)
    monkeypatch.setattr(Grammar, "contract", lambda self, text: text)  # without it, the scenarios do meet the case
    assert any(UNCONTRACTED.search(line) for line in french_log())


def test_a_group_fighters_article_is_a_word_of_the_sentence_mid_sentence() -> None:
    """"Ann joue Le Wild Bunch", "(Maman Brijit sur Le Petit Peuple)" read as titles: mid-sentence the article
    of a group's name is lower case; at the start, after ":" and in a card's title ("Le Regard qui Tue") it
    stays."""
    assert contract("Ann joue Le Wild Bunch + Shango") == "Ann joue le Wild Bunch + Shango"
    assert contract("(Maman Brijit sur Le Petit Peuple)") == "(Maman Brijit sur le Petit Peuple)"
    assert contract("Le Petit Peuple bloque ; Combattant actif : Le Wild Bunch.") == (
        "Le Petit Peuple bloque ; Combattant actif : Le Wild Bunch."
    )
    assert contract("Ann révèle Le Regard qui Tue") == "Ann révèle Le Regard qui Tue"
    lines = french_log()
    assert any(" le Petit Peuple" in line or " le Wild Bunch" in line for line in lines)
    mid = re.compile(r"[a-zà-ÿ,] Le (Petit Peuple|Wild Bunch)")
    assert [line for line in lines if mid.search(line)] == []


def test_fight_deck_top_and_bottom_are_one_pair_and_active_needs_no_agreement() -> None:
    """The reviewer read "au-dessus", "en dessous", "le dessous" and "en haut / en bas" for the Fight deck, and
    "▶ ACTIF Jeanne": one pair ("en haut" / "en bas", as the coach says); the mark agrees with its Fighter
    (``tests/words/test_french_agreement.py``): "▶ ACTIF" as the rules page prints it, "▶ ACTIVE" for Jeanne."""
    from tagteam.words import _, set_language

    set_language("fr")
    try:
        assert _("the top") == "en haut"
        assert _("the bottom (slot #{slot})").format(slot=3) == "en bas (place n°3)"
        assert _("slot {slot} (the bottom)").format(slot=6) == "la place 6 (en bas)"
        assert _("▶ ACTIVE") == "▶ ACTIF"
        assert "dessus" not in _("the top") and "dessous" not in _("the bottom (slot #{slot})")
    finally:
        set_language("en")


def test_a_knock_out_needs_no_agreement() -> None:
    """"Jeanne est mis KO" (Joan is a woman): French says "tombe KO", which agrees with nobody."""
    from tagteam.words import _, set_language

    set_language("fr")
    try:
        assert _("{fighter} is knocked out") == "{fighter} tombe KO"
        assert _("{fighter} was Knocked Out") == "{fighter} tombe KO"
    finally:
        set_language("en")


def test_a_default_seat_name_after_a_comma_that_begins_a_clause_takes_its_article() -> None:
    """The teams line read "Équipes : le Joueur 1 joue Jeanne + Ching Shih, Joueur 2 joue Bödvar + …": the second
    clause's subject lost its article."""
    from tagteam.words.lang import _, set_language

    set_language("fr")
    said = _("Teams: {player} plays {first} + {second}, {other} plays {third} + {fourth}.").format(
        player=_("Player {number}").format(number=1),
        first="Jeanne",
        second="Ching Shih",
        other=_("Player {number}").format(number=2),
        third="Bödvar",
        fourth="Wong Fei-Hung",
    )
    assert "Ching Shih, le Joueur 2 joue Bödvar" in said.replace("\u00a0", " "), said


def test_a_default_seat_name_as_a_portuguese_subject_takes_its_article() -> None:
    """The Portuguese log read "Jogador 2 revela Enrage": a default seat name is "o Jogador 2" as a subject too."""
    from tagteam.words.lang import _, set_language

    set_language("pt")
    said = _("Game over ({reason}): {player} wins.").format(reason="KO", player=_("Player {number}").format(number=1))
    assert said == "Fim da partida (KO): o Jogador 1 vence.", said
