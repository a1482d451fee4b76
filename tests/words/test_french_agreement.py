"""Gender and agreement are data: the French card words say each Fighter's (and each Fey Folk Character's)
gender, a sentence that agrees with a name is told in that gender's context (``tagteam.words.lang.agree``), and
a sentence about a player (whose gender we never know) is worded so that nothing agrees with them.

Each test names a fault the French reader met: "Maman Brijit est incinéré", "sa Partenaire" whatever the
Partner, "▶ EN JEU", "Fée entre en jeu", "(0 jouées)", "2 Flamme", "n'est pas connecté"."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tagteam.content.loader import load_all
from tagteam.content.texts import AGREEMENTS, check_texts
from tagteam.engine import events as ev
from tagteam.engine.table import build_table, library
from tagteam.facts.recap import Turn
from tagteam.words import _, ngettext, set_language
from tagteam.words import fight as wf
from tagteam.words import log as wl
from tagteam.words import recap as wr
from tagteam.words.names import active_mark, agreement

FR = Path(__file__).resolve().parents[2] / "data" / "cards" / "locale" / "fr.json"


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def test_every_french_fighter_has_a_gender() -> None:
    fighters = load_all()
    assert {fid: agreement(f) for fid, f in fighters.items() if agreement(f) is None} == {}
    assert agreement(fighters["maman_brijit"]) == "feminine"
    assert agreement(fighters["mephisto"]) == "masculine"
    set_language("en")
    assert agreement(fighters["maman_brijit"]) is None  # English words agree with nobody: no context


def test_a_gender_the_english_data_has_no_place_for_is_a_problem(tmp_path: Path) -> None:
    for fighter, field, value in [("joan", "health_gender", ["f", "f"]), ("milady", "gender", "x")]:
        data = json.loads(FR.read_text(encoding="utf-8"))
        data["fighters"][fighter][field] = value  # Joan has one track; "x" is no gender
        bad = tmp_path / "fr.json"
        bad.write_text(json.dumps(data), encoding="utf-8")
        problems = check_texts(bad, load_all(), "fr.json")[1]
        assert [p for p in problems if fighter in p.field], (fighter, problems)
    good, none = check_texts(FR, load_all(), "fr.json")
    assert none == [] and good.agreement("Fairy") == "feminine" and good.agreement("Elf") == "masculine"


def test_incinerated_agrees_with_the_fighter() -> None:
    tab = build_table((("maman_brijit", "shango"), ("mephisto", "milady")), library())
    said = [wr.ko_words(Turn(1, 1, events=[ev.Incinerated(f)]), tab) for f in range(4)]
    assert said[0] == "Maman Brijit est incinérée"
    assert said[2] == "Mephisto est incinéré"
    assert said[3] == "Milady est incinérée"


def test_the_active_mark_agrees_with_the_fighter_and_the_rules_page() -> None:
    fighters = load_all()
    assert active_mark(fighters["joan"]) == "▶ ACTIVE"
    assert active_mark(fighters["bodvar"]) == "▶ ACTIF"
    assert active_mark() == "▶ ACTIF"  # as the rules page prints it
    assert "EN JEU" not in active_mark(fighters["fey_folk"])
    for context in AGREEMENTS.values():
        from tagteam.words.lang import pgettext

        assert "EN JEU" not in pgettext(context, "▶ ACTIVE")


@pytest.mark.parametrize(("partner", "word"), [("bodvar", "son Partenaire"), ("ching_shih", "sa Partenaire")])
def test_joans_gift_to_her_partner_agrees_with_the_partner(partner: str, word: str) -> None:
    tab = build_table((("joan", partner), ("mephisto", "milady")), library())
    line = wl.describe(ev.TrackChanged(0, "Divine Voice", 3, 4), tab)
    assert word in line, line


@pytest.mark.parametrize(("character", "said"), [("Fairy", "la Fée"), ("Gnome", "le Gnome"), ("Elf", "l'Elfe")])
def test_a_fey_folk_character_takes_its_article(character: str, said: str) -> None:
    tab = build_table((("fey_folk", "joan"), ("mephisto", "milady")), library())
    line = wl.describe(ev.CharacterChosen(0, character), tab)
    assert said in line, line
    assert not re.search(r"(?<![Ll]a )(?<![Ll]e )(?<![Ll]')(Fée|Gnome|Elfe) entre", line)
    spirit = wl.describe(ev.BecameSpirit(0, character, 1), tab)
    assert said in spirit, spirit


@pytest.mark.parametrize("played", [0, 1])
def test_the_cards_played_do_not_take_the_decks_plural(played: int) -> None:
    for size in (1, 5):
        text = ngettext(
            "Fight deck {size} card ({played} played) · Build deck {build}",
            "Fight deck {size} cards ({played} played) · Build deck {build}",
            size,
        ).format(size=size, played=played, build=9)
        assert not re.search(rf"\b{played} jouées\b", text), text


def test_several_tokens_are_counted_as_the_boards_count_them() -> None:
    line = wf.token("Aflame!", 2, "Bödvar")
    assert "2 Flamme" not in line and "Flamme ×2" in line, line


# A player's gender is never known: these sentences must agree with nobody
NEUTRAL = {
    "{player} is not connected; waiting for them to rejoin.": r"\bconnecté\b",
    "yours to come (only you see them)": r"\bseul\b",
    "{fighter} is on a KO space and cannot be healed": r"\bsoigné\b",
    "{fighter} is on the Spirit space and cannot be healed": r"\bsoigné\b",
    "{player}'s {card} is cancelled and has no effect.": r"\bannulée\b",
    "{name} is dealt twice (each Fighter has one Draft card)": r"\bdistribué\b",
    "I am ready": r"\bprête?\b",
    "Everyone else, look away. Press Enter or click here when ready.": r"\bprête?\b",
}


@pytest.mark.parametrize("msgid", sorted(NEUTRAL))
def test_a_sentence_whose_gender_is_unknown_agrees_with_nobody(msgid: str) -> None:
    said = _(msgid)
    assert said != msgid, "translated"
    assert not re.search(NEUTRAL[msgid], said), said
