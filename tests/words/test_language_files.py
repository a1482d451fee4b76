"""A language is data: its grammar file drives the formatting (no language named in the code), a bad grammar or
glossary file is one line naming the file and the field, ``_()`` sentences cannot dodge the grammar by ``+``,
numbers follow CLDR, and ``catalogs init`` starts a language's files."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from tagteam.words import catalogs, inputs, set_language
from tagteam.words.glossary import check_glossary
from tagteam.words.grammar import Grammar, GrammarData, Sentence, check_grammar
from tagteam.words.lang import _, fill, native_name, normalize
from tagteam.words.numbers import decimal, grouped

# A made-up language, only data: "di" elides, "di il" makes "del", "a il" makes "al", "il" is an article
MADE_UP = GrammarData(
    elide=("di",),
    vowels="aeiou",
    contractions={"di il": "del", "a il": "al"},
    articles=("Il",),
    seat_article="il",
    lower_after_colon=True,
)


def made_up() -> Grammar:
    return Grammar(MADE_UP, seats=("Giocatore 1",))


def test_a_grammar_is_only_data() -> None:
    g = made_up()
    assert g.fill("il turno di {p}", (), {"p": "Alice"}) == "il turno d'Alice"
    assert g.fill("il turno di {p}", (), {"p": "Bruno"}) == "il turno di Bruno"
    assert g.fill("la Voce di {f}", (), {"f": "Il Coro"}) == "la Voce del Coro"  # contracted, not elided
    assert g.fill("Passa a {p}", (), {"p": "Giocatore 1"}) == "Passa al Giocatore 1"  # the seat's article
    assert g.fill("Passa a {p}", (), {"p": "Alice"}) == "Passa a Alice"
    assert Grammar().fill("de {p}", (), {"p": "Alice"}) == "de Alice"  # no file: nothing changes


def test_a_preposition_and_an_article_the_file_does_not_pair_are_left_as_they_are() -> None:
    """The file pairs "di il" and "a il"; "di la" is no pair of it: the text keeps it (it raised KeyError)."""
    g = Grammar(GrammarData(contractions={"di il": "del", "a la": "alla"}))
    assert g.fill("la Voce di la {f}", (), {"f": "Coro"}) == "la Voce di la Coro"
    assert g.fill("a la {f} e di il {f}", (), {"f": "Coro"}) == "alla Coro e del Coro"


def test_a_sentence_keeps_its_grammar_through_plus() -> None:
    """``"… di " + name`` is the same sentence as ``"… di {p}"`` filled in: ``+`` does not dodge the grammar."""
    g = made_up()
    s = Sentence("il turno di ", g)
    assert s + "Alice" == "il turno d'Alice"
    assert "la Voce " + Sentence("di Il Coro", g) == "la Voce del Coro"
    assert isinstance(s + "x", Sentence)


def test_french_reads_its_grammar_from_its_file() -> None:
    set_language("fr")
    assert fill("la Rage de {fighter}", fighter="Le Petit Peuple") == "la Rage du Petit Peuple"
    assert fill("En attente de {player}", player="Ève") == "En attente d'Ève"
    assert isinstance(_("Rules"), Sentence)
    set_language("en")
    assert fill("Waiting for {player}", player="Ève") == "Waiting for Ève"
    assert type(_("Rules")) is str


def test_a_bad_grammar_file_is_one_line_naming_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "grammar.json"
    path.write_text(json.dumps({"elide": ["de"], "vowls": "aeiou"}), encoding="utf-8")
    assert [inputs.line(p) for p in check_grammar(path)[1]] == [f"{path}: vowls: unknown field (not allowed here)"]
    path.write_text(json.dumps({"elide": "de"}), encoding="utf-8")
    assert [inputs.line(p).split(": ")[1] for p in check_grammar(path)[1]] == ["elide"]


def test_a_bad_glossary_file_is_one_line_naming_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "glossary.json"
    path.write_text(json.dumps({"aliases": {"présence": "Presense"}}), encoding="utf-8")
    assert [inputs.line(p).split(": ")[:2] for p in check_glossary(path)[1]] == [[str(path), "aliases.présence"]]
    path.write_text(json.dumps({"aliases": {"présence": "Presence"}, "leads": ["jeton "]}), encoding="utf-8")
    assert check_glossary(path)[1] == []


def test_the_shipped_language_files_are_sound() -> None:
    assert catalogs.language_file_faults() == []


def test_numbers_follow_cldr() -> None:
    set_language("fr")
    assert (grouped(35716), decimal(6.8, 2)) == ("35\u202f716", "6,80")
    set_language("en")
    assert (grouped(35716), decimal(6.8, 2)) == ("35,716", "6.80")
    set_language("xx")
    assert grouped(35716) == "35,716"  # the pseudo-locale writes numbers as the source language does


def test_dates_are_iso_unless_the_grammar_file_asks_for_the_languages_own() -> None:
    from tagteam.words.numbers import when

    moment = datetime.datetime(2026, 12, 7, 18, 35).timestamp()
    set_language("fr")
    assert (when(moment), when(moment, time_of_day=False)) == ("07/12/2026 18:35", "07/12/2026")
    set_language("en")
    assert (when(moment), when(moment, time_of_day=False)) == ("2026-12-07 18:35", "2026-12-07")


def test_a_language_code_keeps_its_region_and_its_own_name() -> None:
    assert normalize("fr_CA.UTF-8") == "fr" and normalize("en-US") == "en" and normalize("de_DE") is None
    assert native_name("fr") == "Français" and native_name("en") == "English"
    assert native_name("pt_BR") == "Português (Brasil)"


def test_init_starts_a_language_with_its_plural_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    written = catalogs.init("pt_BR")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        "pt_BR/LC_MESSAGES/tagteam.po",
        "pt_BR/glossary.json",
        "pt_BR/grammar.json",
    ]
    po = (tmp_path / "pt_BR" / "LC_MESSAGES" / "tagteam.po").read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=" in po and 'msgid "Rules"' in po
    assert catalogs.init("pt_BR") == []  # already there: left as it is
