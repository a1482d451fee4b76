"""French written as a French writer would, not word for word from the English: each pattern is a line the
French reader met ("Bödvar : 2 dégâts d'Attaque, au total : perd 2 PV.", "a Attaqué", "S'ils insèrent" for one
opponent, "avec votre équipe 8 PV devant", "Juste :", "Bilan : ce qui a compté : manche 4 · Tour 2 : …")."""

from __future__ import annotations

import re

import pytest

from tests.words.test_french_terms import french_texts

WORD_FOR_WORD = {
    "a net read as a second colon": r"au total :",
    "a verb capitalised mid-sentence": r"\b(?:a|ont|aurait|avez|avait) (?:Attaqué|Bloqué|Soigné|Transféré)\b",
    "one opponent said as 'they'": (
        r"\b[Ss]'ils insèrent\b|qu'ils (?:gardent|ont construit)|\bils (?:bloquent|ont construit)"
    ),
    "a lead in HP said as the English word order": r"PV (?:devant|derrière)\b",
    "'Right:' word for word": r"(?:^|\W)Juste :",
    "a chain of colons in the recap": r"^Bilan : |^Ce qui a compté :",
}


@pytest.mark.parametrize("fault", sorted(WORD_FOR_WORD))
def test_no_word_for_word_line(fault: str) -> None:
    pattern = re.compile(WORD_FOR_WORD[fault])
    bad = [f"{where}: {text[:100]}" for where, text in french_texts() if pattern.search(text)]
    assert bad == [], f"{fault}:\n" + "\n".join(bad[:20])


def test_a_net_hp_line_reads_as_one_french_sentence() -> None:
    from tagteam.engine import events as ev
    from tagteam.engine.table import build_table, library
    from tagteam.words import log as wl
    from tagteam.words import set_language

    tab = build_table((("bodvar", "joan"), ("mephisto", "milady")), library())
    set_language("fr")
    try:
        line = wl.describe(ev.Damage(0, 2, 0, 0, 2), tab)
    finally:
        set_language("en")
    assert line.count(":") == 0 and line.startswith("2 dégâts d'Attaque pour Bödvar, qui perd 2"), line


def test_a_default_seat_name_takes_its_article_as_a_subject_and_after_pour() -> None:
    """ "Joueur 1 révèle Terreur des Mers…", "Fin de la partie (KO) : Joueur 1 gagne.", "Bonus immédiat pour
    Joueur 1" (the same screens wrote "du Joueur 1"): the article, from the grammar file, where French puts it;
    a heading ("Joueur 1 : quelle carte…") and a name a player typed are left alone."""
    from tagteam.engine import events as ev
    from tagteam.engine.table import build_table, library
    from tagteam.words import log as wl
    from tagteam.words import set_language
    from tagteam.words.lang import grammar

    set_language("fr")
    try:
        said = grammar().seat_articles
        assert said("Fin de la partie (KO) : Joueur 1 gagne.") == "Fin de la partie (KO) : le Joueur 1 gagne."
        assert said("Bonus immédiat pour Joueur 1 : x") == "Bonus immédiat pour le Joueur 1 : x"
        assert said("Joueur 1 : quelle carte ?") == "Joueur 1 : quelle carte ?"
        assert said("Ann révèle") == "Ann révèle"
        tab = build_table((("joan", "ching_shih"), ("bodvar", "wong_fei_hung")), library())
        line = wl.describe(
            ev.CardRevealed(0, 0, "joan.god_first_served", 0, True, False), tab, ("Player 1", "Player 2")
        )
        assert line.startswith("Le Joueur 1 révèle"), line
    finally:
        set_language("en")
