"""The rules reference and the glossary in French: files a translator edits, complete, shown by their screens."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from uihelp import make_app, name, screen_text

from tagteam.render.lineup import legend
from tagteam.screens import help as rules
from tagteam.words import catalogs, glossary, set_language
from tagteam.words.lang import LOCALE_DIR


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test saves into its own folder and reads no language from the environment."""
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def _shape(markdown: str) -> list[str]:
    """The skeleton of a markdown text as the reader parses it (headings with their level, paragraphs, lists and
    their items, table rows and cells) and its placeholders: what a translation keeps while every word changes."""
    blocks = [f"{tok.type}:{tok.tag}" for tok in MarkdownIt().enable("table").parse(markdown) if tok.type != "inline"]
    return blocks + re.findall(r"\{[a-z]+\}", markdown)


def test_the_french_rules_have_the_english_shape_and_are_french() -> None:
    en = rules.rules_file("en").read_text(encoding="utf-8")
    fr = rules.rules_file("fr").read_text(encoding="utf-8")
    assert rules.rules_file("fr").name == "rules.fr.md"
    assert _shape(fr) == _shape(en)
    assert _shape(en).count("heading_open:h1") == 2 and rules.LEGEND in en
    for word in ("Puissance", "Combattant actif", "Partenaire", "jetons Flamme", "piste de Vie", "case Stop"):
        assert word in fr, word
    for word in ("Fight deck", "Health track", "Active Fighter", "Power"):
        assert word not in fr, word


def test_a_language_without_its_file_reads_the_english_one() -> None:
    assert rules.rules_file("xx") == rules.rules_file("en")


def test_the_rules_show_the_line_ups_legend_in_each_language() -> None:
    """One legend of the marks: the rules' key list is the line-up's ``legend()``, no copy of its own."""
    for lang in ("en", "fr"):
        set_language(lang)
        text = rules.rules_source(lang)
        assert legend() in text and rules.LEGEND not in text
    assert "`A` Attack `B` Block" not in rules.rules_file("en").read_text(encoding="utf-8")
    set_language("fr")
    assert "A Attaque" in rules.rules_source("fr")


def test_the_rules_are_parsed_once_per_language() -> None:
    rules.rules_markdown.cache_clear()
    set_language("fr")
    first = rules.rules_text()
    assert rules.rules_text() is first and rules.rules_text("fr") is first
    set_language("en")
    assert rules.rules_text() is not first
    assert rules.rules_markdown.cache_info().currsize == 2


def _french_catalog() -> dict[str, str]:
    cat = catalogs.read(LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po")
    return {m.id: m.string for m in cat if m.id and not m.context}


def test_every_glossary_entry_has_its_french() -> None:
    fr = _french_catalog()
    for t in glossary.TERMS:
        for field in (t.word, t.meaning, t.where):
            assert fr.get(field), f"{t.word}: no French for {field!r}"
        assert fr[t.meaning] != t.meaning, t.word
        assert catalogs.fields(fr[t.meaning]) == catalogs.fields(t.meaning), t.word
    set_language("fr")
    shown = [t.shown_word.lower() for t in glossary.TERMS]
    assert len(shown) == len(set(shown))  # no two French terms alike: lookup finds one
    assert all(len(t.shown_meaning) >= 30 and t.shown_meaning.endswith((".", ")")) for t in glossary.TERMS)


def test_lookup_finds_a_term_by_its_french_or_english_word() -> None:
    set_language("fr")
    for word, term in (("Présence", "Presence"), ("Flamme", "Aflame!"), ("case stop", "Stop"), ("Esprits", "Spirit")):
        hit = glossary.lookup(word)
        assert hit is not None and hit.word == term, word
    hit = glossary.lookup("Block")
    assert hit is not None and hit.shown_word == "Blocage"
    assert [t.word for t in glossary.matching("Jeanne")] == ["Divine Voice"]
    assert {t.shown_fighter for t in glossary.matching("Petit Peuple")} == {"Le Petit Peuple"}


def test_the_icon_entry_says_an_icon_fires_moving_down_or_up() -> None:
    """'It fires when the marker passes or lands on it' read as 'up too?': the engine fires both ways."""
    term = glossary.lookup("Icon")
    assert term is not None
    assert "lands on it or passes it, moving down or up, once every marker has moved" in term.meaning
    set_language("fr")
    assert "en descendant comme en montant" in term.shown_meaning


async def _shown(app: Any, pilot: Any, *words: str, tries: int = 40) -> str:
    text = ""
    for _ in range(tries):
        await pilot.pause(0.05)
        text = " ".join(screen_text(app).split())
        if all(w in text for w in words):
            break
    return text


@pytest.mark.slow
def test_the_rules_screen_opens_in_french() -> None:
    async def run() -> None:
        app = make_app(seed=3, lang="fr")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            text = await _shown(app, pilot, "Tag Team en bref", "Retour")
            assert name(app) == "HelpScreen"
            assert "Tag Team en bref" in text and "Retour" in text and "Galerie des cartes" in text
            assert "nutshell" not in text
            await pilot.press("end")
            text = await _shown(app, pilot, "La couleur ne fait que répéter ces symboles.")
            assert "La couleur ne fait que répéter ces symboles." in text

    asyncio.run(run())


@pytest.mark.slow
def test_the_glossary_screen_opens_in_french_and_filters_in_french() -> None:
    async def run() -> None:
        app = make_app(seed=3, lang="fr")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("k")
            text = await _shown(app, pilot, "deck de Combat")
            assert name(app) == "GlossaryScreen"
            assert "deck de Combat" in text and "Tapez pour filtrer" in text and "Fight deck" not in text
            await pilot.press(*"flamme")
            text = await _shown(app, pilot, "Shango")
            assert "Les jetons de Shango" in text and "deck de Combat" not in text
            await pilot.press(*"zzz")
            text = await _shown(app, pilot, "Aucun terme ne correspond")
            assert "Aucun terme ne correspond" in text

    asyncio.run(run())
