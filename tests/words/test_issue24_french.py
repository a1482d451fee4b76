"""Issue 24's misleading sentences, made true in English (tests/words/test_log_languages.py,
tests/engine/test_dial_words.py, tests/test_recap.py), are true in French too: a heal at the top is not told as
a heal, Joan's dial names its payout where it lands, a Fight with a knock-out leads with it, and "2" in the
review of a Build is a threshold."""

from __future__ import annotations

import re

import pytest

from tagteam.engine import events as ev
from tagteam.play import recap
from tagteam.words import log as wl
from tagteam.words import set_language
from tests.engine.helpers import play_session
from tests.engine.test_determinism import golden_session
from tests.test_recap import NAMES, _random_game
from tests.words.spaces import plain


@pytest.fixture(autouse=True)
def in_french() -> None:
    """Every test here reads French (tests/conftest.py puts English back after it)."""
    set_language("fr")


def test_healing_at_the_top_is_not_told_as_a_heal_in_french() -> None:
    s = golden_session("first-game-seed-1")
    lines = wl.describe_log(s.log, 0, s.state.table)
    stuck = [i for i, e in enumerate(s.log) if isinstance(e, ev.Damage) and e.stuck and e.net < 0]
    assert stuck
    for i in stuck:
        assert "récupérerait" in lines[i] and ": récupère " not in lines[i], lines[i]
        assert lines[i + 1].endswith(": le Soin est perdu."), lines[i + 1]


def test_the_dial_names_its_payout_where_it_lands_in_french() -> None:
    table = play_session(0, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")), decide_seed=0).state.table
    leaving = wl.describe(ev.TrackChanged(0, "Divine Voice", 4, 1), table)
    assert plain(leaving) == "Jeanne : la Voix divine passe de la case en bas à gauche à la case en haut à gauche."
    landing = wl.describe(ev.TrackChanged(0, "Divine Voice", 1, 2), table)
    assert landing.endswith(": +1 Puissance pour Jeanne.")


def test_a_knock_out_leads_the_fight_recap_in_french() -> None:
    s = _random_game(9)
    assert s.state.table is not None
    claims = recap.fight_claims(s.log, s.state.table, s.view(0), NAMES)
    assert plain(claims[0].text).startswith("Moment décisif, manche 6 · Tour 2 : ")
    assert claims[0].text.endswith("Wong Fei-Hung tombe KO.")
    assert not any(c.text.startswith("Plus gros écart de PV") for c in claims)


def test_the_review_of_a_build_says_its_threshold_in_french() -> None:
    text = recap.no_regret_words(3, 2)
    assert "ne vous aurait fait gagner 2 PV ou plus (les PV de vos Combattants moins les leurs)" in plain(text), text


def test_a_fighter_recupere_hp_in_the_french_log() -> None:
    """The French card texts say a Fighter "récupère" HP; the log said "Golem soigne 3", "doit soigner 6",
    "soigne 2 PV" (read as healing someone else)."""
    from tests.engine.test_determinism import GOLDEN_GAMES

    lines = []
    for name in sorted(GOLDEN_GAMES):
        s = golden_session(name)
        lines += wl.describe_log(s.log, 0, s.state.table, ("Ann", "Bo"))
    assert any("récupère" in line or "récupérer" in line for line in lines)
    assert [line for line in lines if re.search(r"\bsoign(e|er|erait)\b", line)] == []


def test_the_game_recap_says_how_the_game_was_decided_in_french() -> None:
    """"How it was decided" read "Comment la partie s'est jouée" (how it was played)."""
    from tagteam.play import summary

    said = summary.summarize(_random_game(9)).why
    assert any(plain(t).startswith("Comment la partie s'est décidée : ") for t in said), said
