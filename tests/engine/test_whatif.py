"""What one unblocked Attack would do, resolved by the engine on a copy: the rules a sentence would get
wrong by comparing HP with Power (Stops, Spirits, the Presence, the Bear) are counted, and the position
itself is never changed."""

from __future__ import annotations

from typing import Any

from tagteam.engine import position
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for
from tagteam.engine.whatif import public_state, unblocked_attack


def build(teams: list[list[str]], fighters: dict[str, Any], **extra: Any) -> GameState:
    """A position between Turns; the one card per seat is never revealed (nothing here resolves a Turn)."""
    assert "joan" in teams[0]
    fight = [["joan.dieu_premier_servi"], ["mordred.dark_power" if "mordred" in teams[1] else "fey_folk.spirit_storm"]]
    pos = position.parse({"rule": "what if", "teams": teams, "fighters": fighters, "fight": fight} | extra)
    return position.build(pos)


def idx(st: GameState, fid: str) -> int:
    return st.tab().kinds.index(fid)


def test_plain_track_knocks_out_and_the_position_is_untouched() -> None:
    st = build([["joan", "ching_shih"], ["golem", "mordred"]], {"joan": {"hp": 4}, "golem": {"power": 4}})
    j, g = idx(st, "joan"), idx(st, "golem")
    o = unblocked_attack(st, g, j, 4)
    assert (o.hp_before, o.hp_after, o.knocks_out, o.certain) == (4, 0, True, True)
    assert st.hp(j) == 4 and st.phase != "over"
    assert not unblocked_attack(st, g, j, 3).knocks_out


def test_the_wild_bunch_moves_one_space_whatever_the_power() -> None:
    """Wild Bunch board: every Health space is a Stop, so one Attack moves the marker one space."""
    st = build([["wild_bunch", "joan"], ["golem", "mordred"]], {"wild_bunch": {"hp": 2}})
    w = idx(st, "wild_bunch")
    o = unblocked_attack(st, idx(st, "golem"), w, 9)
    assert o.hp_after == o.hp_before - 1 and not o.knocks_out


def test_a_fallen_fey_character_becomes_a_spirit_not_a_knock_out() -> None:
    st = build([["fey_folk", "joan"], ["golem", "mordred"]], {"fey_folk": {"track": "Fairy", "hp": 1}})
    o = unblocked_attack(st, idx(st, "golem"), idx(st, "fey_folk"), 5)
    assert o.became_spirit and not o.knocks_out and o.winner is None


def test_the_presence_protects_its_holder_but_not_the_golem() -> None:
    st = build(
        [["golem", "joan"], ["bodvar", "mordred"]],
        {"joan": {"hp": 3}, "golem": {"hp": 3}},
        presence={"on": "joan"},
    )
    b = idx(st, "bodvar")
    held = unblocked_attack(st, b, idx(st, "joan"), 9)
    assert held.absorbed and held.hp_after == 3 and not held.knocks_out
    assert unblocked_attack(st, b, idx(st, "golem"), 9).knocks_out


def test_the_public_position_gives_the_same_outcome_as_the_full_one() -> None:
    st = build(
        [["golem", "joan"], ["wild_bunch", "fey_folk"]],
        {"joan": {"hp": 3}, "fey_folk": {"track": "Gnome", "hp": 2}},
        presence={"on": "joan"},
    )
    pub = public_state(view_for(st, 1))
    for a in range(4):
        for t in range(4):
            if a >> 1 != t >> 1:
                assert unblocked_attack(pub, a, t, 6) == unblocked_attack(st, a, t, 6)
