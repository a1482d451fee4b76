"""What a card would do if revealed now (``tagteam.engine.now``): the labels of the line-up read the
position, not only the card's type (issue 12: Enrage is not an Attack while Bödvar is human)."""

from __future__ import annotations

from tagteam.engine.game import new_game
from tagteam.engine.now import reachable_ops
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for
from tagteam.render.lineup import Slot, clash, kinds, kinds_letters, kinds_short

TEAMS = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))
JOAN, CHING, BODVAR, WONG = 0, 1, 2, 3


def _game() -> GameState:
    return new_game(3, teams=TEAMS)


def _inst(st: GameState, card_id: str) -> int:
    tab = st.tab()
    return next(i for i, c in enumerate(tab.cards) if c.cdef.id == card_id)


def _ops(st: GameState, card_id: str) -> dict[str, bool]:
    inst = _inst(st, card_id)
    ci = st.tab().cards[inst]
    return reachable_ops(view_for(st, 0), ci.owner, ci.cdef.model.effects)


def test_enrage_attacks_only_in_bear_form() -> None:
    st = _game()
    assert _ops(st, "bodvar.enrage") == {"rage": True}  # human: gain 1 Rage, no Attack
    st.track[BODVAR] = 1  # the Bear side
    assert _ops(st, "bodvar.enrage") == {"attack": True}


def test_the_harder_they_fall_depends_on_whose_token() -> None:
    st = _game()
    st.conc[:] = [0, 0, 0, 0]
    assert _ops(st, "wong_fei_hung.the_harder_they_fall") == {"place_concentration": True}
    st.conc[JOAN] = 1  # one Opponent holds a token: which one is Active is the opposing card's to say
    assert _ops(st, "wong_fei_hung.the_harder_they_fall") == {
        "attack": False,
        "retrieve_concentration": False,
        "place_concentration": False,
    }
    st.conc[CHING] = 1  # both do: it Attacks whoever is Active
    assert _ops(st, "wong_fei_hung.the_harder_they_fall") == {"attack": True, "retrieve_concentration": True}


def test_terror_of_the_seas_follows_the_fleet() -> None:
    st = _game()
    st.special[CHING] = 3
    assert _ops(st, "ching_shih.terror_of_the_seas") == {"attack": True, "ships": True}
    st.special[CHING] = 9
    assert _ops(st, "ching_shih.terror_of_the_seas") == {"heal": True, "ships": True}
    st.special[CHING] = 20
    assert _ops(st, "ching_shih.terror_of_the_seas") == {"sink_opponents": True, "ships": True}


def test_a_success_part_is_only_maybe() -> None:
    st = _game()
    assert _ops(st, "ching_shih.spirited_defense") == {"block": True, "gain_power": False}


def test_labels_and_clash_read_the_position() -> None:
    st = _game()
    tab = st.tab()
    v = view_for(st, 0)
    enrage = Slot(_inst(st, "bodvar.enrage"), False)
    block = Slot(_inst(st, "ching_shih.spirited_defense"), False)
    assert kinds(tab, enrage) == ["Attack"]  # the card's type alone
    assert kinds(tab, enrage, v) == []  # now: Bödvar is human, Enrage only gains Rage
    assert kinds_short(tab, enrage, v) == "—"
    assert clash(tab, block, enrage) == "you block"
    assert clash(tab, block, enrage, v) == ""
    assert kinds_short(tab, block, v) == "Blk+Pow?" and kinds_letters(tab, block, v) == "Bp"
    st.track[BODVAR] = 1
    assert clash(tab, block, enrage, view_for(st, 0)) == "you block"
    st.track[BODVAR] = 0
    st.conc[:] = [1, 0, 0, 0]
    harder = Slot(_inst(st, "wong_fei_hung.the_harder_they_fall"), False)
    assert clash(tab, block, harder, view_for(st, 0)) == "you block?"
