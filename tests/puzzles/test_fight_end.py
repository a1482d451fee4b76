"""A Fey Folk Character that falls on a Fight's last Turn is counted as the next one stepping in, as the same fall
mid-Fight is (issue 43): the prover's score, the judge's Fight, the bots' leaves and the what-if agree.

The position: the Elf on 1 HP takes the Golem's 3-Power Attack and becomes a Spirit, with the Fairy (3 HP) and
the Gnome (4 HP) left. On the last Turn the choice is owed before the Build; mid-Fight it is made before the
next Turn (here the Gnome, the sturdiest), and a second Turn changes no HP. Both ends must count the Gnome.
"""

from __future__ import annotations

from typing import Any

import pytest

from tagteam.ai.evaluate import value
from tagteam.engine import events as ev
from tagteam.engine import standing
from tagteam.engine.actions import ChooseCharacter
from tagteam.engine.fighters.fey_folk import CHOOSE
from tagteam.engine.position import build, parse, resolve
from tagteam.engine.state import BUILD, GameState
from tagteam.engine.whatif import unblocked_attack
from tagteam.puzzles.prove import score

BASE: dict[str, Any] = {
    "rule": "A Fey Folk Character falls; the next one steps in at full HP.",
    "source": "Fighters' Guide Le Petit Peuple, End of Turn",
    "teams": [["fey_folk", "joan"], ["golem", "mordred"]],
    "fighters": {"fey_folk": {"track": "Elf", "hp": 1}, "golem": {"power": 3}},
    "expect": {"phase": "build"},
}
GNOME = 1  # the Fey Folk's tracks: Fairy 3 HP, Gnome 4 HP, Elf 5 HP


def _last_turn() -> GameState:
    """The Elf falls on the Fight's only Turn: the choice is owed before the Build."""
    st = build(parse({**BASE, "fight": [["fey_folk.fairy_ring"], ["golem.fist_of_clay"]]}))
    resolve(st)
    assert st.phase == BUILD and st.pending[0] == CHOOSE and st.hp(0) == 0
    return st


def _mid_fight() -> GameState:
    """The same fall on Turn 1 of 2: the Gnome steps in before Turn 2, which moves no HP."""
    fight = [["fey_folk.fairy_ring", "joan.dieu_premier_servi"], ["golem.fist_of_clay", "golem.self_sacrifice"]]
    st = build(parse({**BASE, "fight": fight}))
    resolve(st, decisions=[[ChooseCharacter(GNOME)], []])
    assert st.phase == BUILD and st.pending[0] != CHOOSE and st.hp(0) == 4
    return st


def test_the_fall_on_the_last_turn_counts_the_next_character() -> None:
    last, mid = _last_turn(), _mid_fight()
    assert standing.team_hp(last, 0) == 4 + last.hp(1)
    assert standing.margin(last, 0) == standing.margin(mid, 0)
    assert score(last, 0) == score(mid, 0) == standing.margin(mid, 0)
    assert score(last, 1) == -score(last, 0)


def test_counting_leaves_the_position_as_it_was() -> None:
    last = _last_turn()
    counted = standing.counted(last)
    assert counted is not last and counted.track[0] == GNOME
    assert last.pending[0] == CHOOSE and last.track[0] == -1  # the player still owes the choice
    mid = _mid_fight()
    assert standing.counted(mid) is mid


@pytest.mark.parametrize("leaf", [{}, {"normal": True}, {"fitted": True}], ids=["hand-set", "normal", "fitted"])
def test_the_bots_leaves_value_both_falls_alike(leaf: dict[str, bool]) -> None:
    """The leaves read HP, Power and each side's weaker Fighter's HP share: with the Gnome counted in (and its
    start space's Power for Joan), the fall on the last Turn is valued as the one mid-Fight."""
    last, mid = _last_turn(), _mid_fight()
    assert value(last, 0, **leaf) == pytest.approx(value(mid, 0, **leaf))
    assert value(last, 1, **leaf) == pytest.approx(value(mid, 1, **leaf))


def test_the_step_in_is_an_event_of_the_fight() -> None:
    last = _last_turn()
    log: list[ev.Event] = []
    standing.step_in(last, log)
    assert [type(e) for e in log] == [ev.CharacterChosen, ev.PowerChanged]  # the Gnome: its Partner +1 Power
    assert last.track[0] == GNOME and last.pending[0] != CHOOSE


def test_the_what_if_counts_the_next_character() -> None:
    """One unblocked Attack that turns the Elf into a Spirit leaves the Gnome's 4 HP in play, not 0."""
    st = build(parse({**BASE, "fight": [["fey_folk.fairy_ring"], ["golem.fist_of_clay"]]}))
    hit = unblocked_attack(st, 2, 0, 3)
    assert hit.became_spirit and hit.hp_after == 4
