"""The Build's line-up reads the Fight to come, not the position now (issue 40): a Gatling Gun reads the
same with the Sheriff as without (he may move before its Turn), and no Block "surely" meets their Attack
while their card in that slot is unknown."""

from __future__ import annotations

from tagteam.engine.foresight import Act, coming_acts, meeting
from tagteam.engine.game import new_game
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for
from tagteam.render.lineup import Slot, clash, coming_clash, coming_kinds, kinds_marks

WILD = (("joan", "wild_bunch"), ("bodvar", "wong_fei_hung"))
JOAN, BUNCH, BODVAR, WONG = 0, 1, 2, 3


def _inst(st: GameState, card_id: str) -> int:
    return next(i for i, c in enumerate(st.tab().cards) if c.cdef.id == card_id)


def test_the_gatling_gun_reads_alike_with_and_without_the_sheriff() -> None:
    st = new_game(3, teams=WILD)
    gun = Slot(_inst(st, "wild_bunch.sheriffs_personal_gatling_gun"), False)
    tab = st.tab()
    st.sheriff = -1
    without = kinds_marks(tab, gun, view_for(st, 0), ahead=True)
    st.sheriff = BUNCH
    with_him = kinds_marks(tab, gun, view_for(st, 0), ahead=True)
    assert without == with_him
    assert "?" in without and without != "—"  # an Attack under a condition: maybe, never "none" nor "surely"
    assert kinds_marks(tab, gun, view_for(st, 0)) != without  # "now" still reads the position


def test_the_bear_side_is_lasting_and_the_human_side_is_not() -> None:
    st = new_game(3, teams=WILD)
    enrage = Slot(_inst(st, "bodvar.enrage"), False)
    tab = st.tab()
    assert coming_kinds(tab, enrage, view_for(st, 1)) == ["Attack?"]  # he may transform before its Turn
    st.track[BODVAR] = 1  # the Berserker Bear never turns back
    assert coming_kinds(tab, enrage, view_for(st, 1)) == ["Attack"]


def test_no_block_is_certain_against_their_last_fight() -> None:
    st = new_game(3, teams=WILD)
    tab = st.tab()
    v = view_for(st, 0)
    st.track[BODVAR] = 1
    v = view_for(st, 0)
    enrage = Slot(_inst(st, "bodvar.enrage"), False)
    blocks = [
        Slot(i, False)
        for i, c in enumerate(tab.cards)
        if c.owner < 2 and any(a.op == "block" and a.sure for a in coming_acts(tab, i, False, v))
    ]
    assert blocks
    for block in blocks:
        assert clash(tab, block, enrage, v) == "you block"  # now, face to face: certain
        assert coming_clash(tab, block, enrage, v) == "you block?"  # in the Fight to come: they insert a card


def test_meeting_is_none_where_no_block_meets_an_attack() -> None:
    attack, block = (Act("attack", True),), (Act("block", True),)
    assert meeting(block, attack, placed=True).you_block is True
    assert meeting(block, attack, placed=False).you_block is False
    assert meeting(attack, attack, placed=True) == meeting(attack, attack, placed=False)
    assert meeting(attack, attack, placed=True).you_block is None
    assert meeting((Act("block", False),), attack, placed=True).you_block is False
