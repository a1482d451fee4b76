"""French writes no capital after a colon unless a name follows: "Bilan : ce qui a compté : manche 6 · Tour 2 :
…", not "Bilan : Ce qui a compté : Manche 6 · Tour 2 : …"; English keeps its capitals."""

from __future__ import annotations

import random

from tagteam.engine import events as ev
from tagteam.engine.game import legal_actions
from tagteam.engine.session import Session
from tagteam.play import recap
from tagteam.play.feeds import pause_recap
from tagteam.play.modes import FIRST_GAME
from tagteam.words import set_language
from tagteam.words.colon import after_colon
from tagteam.words.feeds import recap_lead
from tests.words.spaces import plain

NAMES = ("Ada", "Bob")


def knocked_out_game() -> Session:
    """Seed 9's first game (tests/test_recap.py): Wong Fei-Hung is knocked out in round 6."""
    s = Session.new(9, teams=FIRST_GAME, players=NAMES)
    rng = random.Random(9)
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        seat = s.seats_owing()[0]
        s.act(seat, rng.choice(legal_actions(s.state, seat)))
    return s


def test_the_recap_of_a_knock_out_reads_lower_case_after_its_colons_in_french() -> None:
    s = knocked_out_game()
    assert any(isinstance(e, ev.KnockedOut) for e in s.log) and s.state.table is not None
    set_language("fr")
    first = recap.fight_claims(s.log, s.state.table, s.view(0), NAMES)[0].text
    assert plain(first).startswith("Moment décisif, manche 6 · Tour 2 : "), first
    lead = recap_lead(first)
    assert lead.startswith("Bilan — moment décisif, manche 6"), lead  # one colon, not a chain of three
    set_language("en")
    first = recap.fight_claims(s.log, s.state.table, s.view(0), NAMES)[0].text
    assert recap_lead(first).startswith("Recap: What mattered most: Round 6 · Turn 2: "), first


def test_a_pause_recap_in_french_starts_in_lower_case_after_bilan() -> None:
    s = knocked_out_game()
    set_language("fr")
    lines = pause_recap(s, s.view(0))
    lines[:1] = [recap_lead(line) for line in lines[:1]]  # the Fight screen marks the first line as the recap
    assert lines and lines[0].startswith("Bilan — ") and lines[0][len("Bilan — ")].islower(), lines[0]


def test_a_name_after_the_colon_keeps_its_capital() -> None:
    set_language("fr")
    assert after_colon("Maman Brijit est à portée d'un KO") == "Maman Brijit est à portée d'un KO"
    assert after_colon("Plus gros écart de PV : Jeanne a perdu 4 PV") == "plus gros écart de PV : Jeanne a perdu 4 PV"
    assert recap_lead("Manche 2 : aucun PV ni aucune Puissance n'a changé.") == (
        "Bilan — manche 2 : aucun PV ni aucune Puissance n'a changé."
    )
    set_language("en")
    assert after_colon("Round 2: no HP or Power changed hands.") == "Round 2: no HP or Power changed hands."
