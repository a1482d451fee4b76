"""One French term per rules concept, as the French rules page says it: the catalog, the card words and the
rules page are read for the variants a French reader met on other screens ("jeton Golem" beside "Présence",
"Parades" beside "Blocage", REVOIR / REDIFFUSION / relecture, "au Draft" beside "Sélection"...)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tagteam.words import glossary, set_language

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "tagteam" / "words" / "locale" / "fr" / "LC_MESSAGES" / "tagteam.po"
RULES = ROOT / "tagteam" / "words" / "text" / "rules.fr.md"
CARDS = ROOT / "data" / "cards" / "locale" / "fr.json"

# concept -> (the French edition's term, a pattern of the variants it rejects)
TERMS: dict[str, tuple[str, str]] = {
    "Active Fighter": ("Combattant actif", r"▶ EN JEU|[Cc]ombattant [Aa]ctif(?<!Combattant actif)|Combattant en jeu"),
    "Partner": ("Partenaire", r"\bpartenaire\b"),
    "Power": ("Puissance", r"\bpuissance\b|Puissance de flamme"),
    "HP": ("PV", r"\bpoints de vie\b|\bP\.V\.|\bHP\b"),
    "Block": ("Blocage", r"\b[Pp]arades?\b|\bblocage\b"),
    "Direct Damage": ("Dégâts directs", r"Dégâts Directs|\bdégâts directs\b"),
    "Presence": ("Présence", r"\bjetons? Golem\b"),
    "Draft": ("Sélection", r"(?<!`)\bDraft\b(?!`)"),
    "the whole game": ("partie", r"\b[Uu]n Combat est perdu|\bperdre le Combat\b|\breste du Combat\b"),
    "replay": ("rediffusion", r"\bREVOIR\b|\b[Rr]electure\b|\bRevoir la partie\b"),
    "puzzles": ("problème", r"\b[Cc]asse-têtes?\b"),
    "Flamepower": ("Puissance de feu", r"Puissance de flamme"),
}


def french_texts() -> Iterator[tuple[str, str]]:
    """Every French text a player reads, with where it comes from: the catalog's translations (not the
    English messages), the card words, the rules page."""
    from babel.messages.pofile import read_po

    with CATALOG.open("rb") as fh:
        for msg in read_po(fh):
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
            yield from ((f"catalog {ids[0]!r}", str(s)) for s in strings if s)

    def walk(where: str, node: object) -> Iterator[tuple[str, str]]:
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(f"{where}.{k}", v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from walk(f"{where}.{i}", v)
        elif isinstance(node, str):
            yield where, node

    yield from walk("fr.json", json.loads(CARDS.read_text(encoding="utf-8")))
    for n, line in enumerate(RULES.read_text(encoding="utf-8").splitlines(), 1):
        yield f"rules.fr.md:{n}", line


@pytest.mark.parametrize("concept", sorted(TERMS))
def test_one_term_per_rules_concept(concept: str) -> None:
    term, rejected = TERMS[concept]
    pattern = re.compile(rejected)
    texts = list(french_texts())
    bad = [f"{where}: {text[:100]}" for where, text in texts if pattern.search(text)]
    assert bad == [], f"{concept}: say {term!r}\n" + "\n".join(bad[:20])
    assert any(term in text for _where, text in texts), f"{term!r} is used somewhere"


def test_the_rules_page_says_the_terms() -> None:
    rules = RULES.read_text(encoding="utf-8")
    for term in ("Combattant actif", "Partenaire", "Puissance", "PV", "Blocage", "Dégâts directs", "Sélection"):
        assert term in rules, term


def test_the_glossary_finds_presence_in_french() -> None:
    set_language("fr")
    try:
        for word in ("Présence", "jeton Présence", "présence"):
            term = glossary.lookup(word)
            assert term is not None and term.word == "Presence", word
    finally:
        set_language("en")
