"""Draft, setup and Build step: decisions as data, secrets kept, depletion ends the game."""

from __future__ import annotations

import pytest

from tagteam.engine import (
    BuildChoice,
    ChooseCharacter,
    DraftPick,
    IllegalAction,
    OrderStart,
    PickTeam,
    legal_actions,
    new_game,
    view_for,
)
from tagteam.engine.game import advance_inplace, apply_action_inplace, needs_advance, run_until_decision
from tagteam.engine.state import GameState, Phase
from tests.engine.helpers import FIRST_GAME


def test_free_pick_is_seat_1_then_seat_2() -> None:
    st = new_game(1, draft="free")
    assert st.pending == ["pick_team", None]
    apply_action_inplace(st, 0, PickTeam(("joan", "golem")))
    assert st.pending == [None, "pick_team"]
    assert all(
        isinstance(a, PickTeam) and "joan" not in a.fighters and "golem" not in a.fighters
        for a in legal_actions(st, 1)
    )
    apply_action_inplace(st, 1, PickTeam(("milady", "shango")))
    assert st.phase == "setup"
    assert st.tab().kinds == ("joan", "golem", "milady", "shango")


def test_standard_draft_deals_six_and_six_and_reveals_together() -> None:
    st = new_game(5, draft="standard")
    assert st.draft is not None
    hands = st.draft.hands
    assert len(hands[0]) == len(hands[1]) == 6 and not set(hands[0]) & set(hands[1])
    a0, a1 = hands[0][0], hands[1][0]
    apply_action_inplace(st, 0, DraftPick(a0))
    # seat 1's pick is staged, not revealed: seat 2's view shows no pick yet
    assert view_for(st, 1).draft_picks == ((), ())
    assert st.pending == [None, "draft_pick"]
    apply_action_inplace(st, 1, DraftPick(a1))
    assert view_for(st, 1).draft_picks == ((a0,), (a1,))
    # hands were passed: each seat now picks from what the other had left
    assert set(st.draft.hands[0]) == set(hands[1]) and len(st.draft.hands[0]) == 5


def test_competitive_draft_discards_one_face_down() -> None:
    st = new_game(5, draft="competitive")
    assert st.draft is not None
    h0, h1 = list(st.draft.hands[0]), list(st.draft.hands[1])
    opts = legal_actions(st, 0)
    assert all(isinstance(o, DraftPick) and o.discard is not None for o in opts) and len(opts) == 30
    apply_action_inplace(st, 0, DraftPick(h0[0], h0[1]))
    apply_action_inplace(st, 1, DraftPick(h1[0], h1[1]))
    assert len(st.draft.hands[0]) == 4  # 6 - pick - discard, passed over
    assert h0[1] not in st.draft.hands[1] and h0[1] not in st.draft.hands[0]
    assert view_for(st, 1).draft_discards == (h1[1],)
    assert h0[1] not in str(view_for(st, 1).draft_discards)
    assert all(isinstance(o, DraftPick) and o.discard is None for o in legal_actions(st, 0))


def test_setup_power_decks_and_starting_order() -> None:
    st = new_game(3, teams=FIRST_GAME)
    assert st.power == [1, 2, 3, 2]
    assert [len(b) for b in st.build] == [18, 18]
    apply_action_inplace(st, 0, OrderStart("ching_shih"))
    apply_action_inplace(st, 1, OrderStart("bodvar"))
    assert st.phase == "fight" and st.round == 1
    top = st.card(st.fight[0][0])
    assert top.cdef.id == "ching_shih.terror_of_the_seas" and top.starred
    assert len(st.fight[0]) == 2


def test_wild_bunch_partner_starts_with_one_more_power() -> None:
    st = new_game(3, teams=(("wild_bunch", "joan"), ("golem", "milady")))
    assert st.power[:2] == [1, 2]
    assert st.sheriff == 0


def test_fey_folk_choose_a_character_at_setup() -> None:
    st = new_game(3, teams=(("fey_folk", "joan"), ("golem", "milady")))
    apply_action_inplace(st, 0, OrderStart("joan"))
    assert st.pending[0] == "character"
    apply_action_inplace(st, 1, OrderStart("golem"))
    assert st.phase == "setup"
    apply_action_inplace(st, 0, ChooseCharacter(2))  # the Elf: top space gives +1 Power to herself
    assert _phase(st) == "fight" and st.power[0] == 1 and st.hp(0) == 5


def _phase(st: GameState) -> Phase:
    """The phase read afresh: mypy keeps an asserted attribute narrowed across the calls that change it."""
    return st.phase


def _to_build(seed: int = 3) -> GameState:
    st = new_game(seed, teams=FIRST_GAME)
    apply_action_inplace(st, 0, OrderStart("joan"))
    apply_action_inplace(st, 1, OrderStart("bodvar"))
    run_until_decision(st)
    return st


def test_build_inserts_anywhere_and_puts_the_rest_under_in_order() -> None:
    st = _to_build()
    if st.phase == "over":
        pytest.skip("the seed ended the game in round 1")
    drawn = list(st.drawn[0])
    deck = list(st.fight[0])
    apply_action_inplace(st, 0, BuildChoice(1, 1, (2, 0)))
    assert st.fight[0] == [deck[0], drawn[1], deck[1]]
    assert st.build[0][-2:] == [drawn[2], drawn[0]]
    assert len(st.build[0]) == 17
    assert st.phase == "build" and st.pending == [None, "build"]


def test_build_choice_is_hidden_from_the_other_seat() -> None:
    st = _to_build()
    before = view_for(st, 1)
    apply_action_inplace(st, 0, BuildChoice(0, 0, (1, 2)))
    after = view_for(st, 1)
    assert after.drawn == before.drawn  # seat 2 still sees only its own three cards
    assert after.opp_fight_size == 3 and after.my_fight_deck == before.my_fight_deck
    assert not hasattr(after, "build") and after.opp_pending is False


def test_bad_build_choices_are_refused() -> None:
    st = _to_build()
    for bad in (BuildChoice(3, 0, (1, 2)), BuildChoice(0, 9, (1, 2)), BuildChoice(0, 0, (1, 1))):
        with pytest.raises(IllegalAction):
            apply_action_inplace(st, 0, bad)
    with pytest.raises(IllegalAction):
        advance_inplace(st)


def test_instant_bonus_heals_after_both_players_added_their_card() -> None:
    from tagteam.engine.position import build, parse

    st = build(
        parse(
            {
                "teams": [["golem", "joan"], ["milady", "shango"]],
                "fighters": {"golem": {"hp": 18}},
                "fight": [["golem.fist_of_clay"], ["milady.checkmate"]],
                "build": [["golem.heal_the_wounded", "golem.fist_of_clay", "joan.holy_shield"], []],
            }
        )
    )
    st.build[1] = [i for i in range(len(st.tab().cards)) if st.card(i).seat == 1 and i not in st.fight[1]][:5]
    run_until_decision(st)
    hp_after_fight = st.hp(0)
    apply_action_inplace(st, 0, BuildChoice(0, 0, (1, 2)))
    assert st.hp(0) == hp_after_fight, "the bonus waits for the other player"
    apply_action_inplace(st, 1, BuildChoice(0, 0, (1, 2)))
    assert st.hp(0) == hp_after_fight + 3
    assert st.power[0] == 2, "healing up through the 20 space fires its +1 Power icon"


def test_depleted_build_deck_is_a_draw() -> None:
    from tagteam.engine.position import build, parse

    st = build(
        parse(
            {
                "teams": [["joan", "ching_shih"], ["bodvar", "wong_fei_hung"]],
                "fight": [["joan.holy_shield"], ["bodvar.rune_of_strength"]],
            }
        )
    )
    st.build[0] = st.build[0][:2]  # a position lists every card somewhere: cut the deck by hand to test the rule
    st.build[1] = st.build[1][:3]
    run_until_decision(st)
    assert st.phase == "over" and st.winner == -1 and st.over_reason == "depleted"
    assert not needs_advance(st)
