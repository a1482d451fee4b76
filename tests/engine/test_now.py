"""What a card would do if revealed now (``tagteam.engine.now``): the labels of the line-up read the
position, not only the card's type (issue 12: Enrage is not an Attack while Bödvar is human)."""

from __future__ import annotations

from tagteam.engine.game import Teams, new_game
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


def test_dark_power_attacks_from_exactly_8_power() -> None:
    st = new_game(1, teams=(("fey_folk", "wild_bunch"), ("maman_brijit", "mordred")))
    mordred = 3
    st.power[mordred] = 7
    assert _ops(st, "mordred.dark_power") == {"gain_power": True}
    st.power[mordred] = 8
    assert _ops(st, "mordred.dark_power") == {"attack": True, "gain_power": True}


def test_a_success_part_is_only_maybe() -> None:
    st = _game()
    assert _ops(st, "ching_shih.spirited_defense") == {"block": True, "gain_power": False}


def test_labels_and_clash_read_the_position() -> None:
    st = _game()
    tab = st.tab()
    v = view_for(st, 0)
    enrage = Slot(_inst(st, "bodvar.enrage"), False)
    block = Slot(_inst(st, "ching_shih.spirited_defense"), False)
    assert kinds(tab, enrage) == ["Attack?"]  # no position: the Attack is under a condition
    assert kinds(tab, enrage, v) == []  # now: Bödvar is human, Enrage only gains Rage
    assert kinds_short(tab, enrage, v) == "—"
    assert clash(tab, block, enrage) == "you block?"
    assert clash(tab, block, enrage, v) == ""
    assert kinds_short(tab, block, v) == "B+P?" == kinds_letters(tab, block, v)  # one set of marks
    st.track[BODVAR] = 1
    assert clash(tab, block, enrage, view_for(st, 0)) == "you block"
    st.track[BODVAR] = 0
    st.conc[:] = [1, 0, 0, 0]
    harder = Slot(_inst(st, "wong_fei_hung.the_harder_they_fall"), False)
    assert clash(tab, block, harder, view_for(st, 0)) == "you block?"


# ---------------------------------------------------------------- agreement with the engine

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402

from tagteam.content import models as m  # noqa: E402
from tagteam.engine.context import Ctx  # noqa: E402
from tagteam.engine.effects import compile_condition  # noqa: E402
from tagteam.engine.now import _condition  # noqa: E402

ALL_TEAMS = (
    (("joan", "ching_shih"), ("bodvar", "wong_fei_hung")),
    (("golem", "milady"), ("shango", "mephisto")),
    (("fey_folk", "wild_bunch"), ("maman_brijit", "mordred")),
)


def _conditions(effects: list[m.Effect]) -> list[m.Condition]:
    out: list[m.Condition] = []
    for e in effects:
        if isinstance(e, m.If):
            out.append(e.cond)
            out += _conditions(e.then) + _conditions(e.otherwise)
        for name in ("on_success", "on_blocked", "effects"):
            inner = getattr(e, name, None)
            if isinstance(inner, list):
                out += _conditions(inner)
    return out


@settings(deadline=None)
@given(
    teams=hs.sampled_from(ALL_TEAMS),
    data=hs.data(),
)
def test_now_agrees_with_the_engine_wherever_it_decides(teams: Teams, data: hs.DataObject) -> None:
    """Every condition of every card, in a random public position: when ``now`` says True or False, the
    engine's own predicate (with the card's owner Active, whichever Opponent is) says the same."""
    st = new_game(1, teams=teams)
    tab = st.tab()
    for f in range(4):
        tracks = tab.fighters[f].tracks
        st.track[f] = data.draw(hs.integers(0, len(tracks) - 1))
        st.pos[f] = data.draw(hs.integers(0, len(tracks[st.track[f]].hp) - 1))
        # sampled_from draws evenly, so thresholds (8 Power, 8-15 Ships) are met exactly often enough
        st.special[f] = data.draw(hs.sampled_from(range(21)))
        st.conc[f] = data.draw(hs.sampled_from(range(3)))
        st.power[f] = data.draw(hs.sampled_from(range(10)))
    st.sheriff = data.draw(hs.integers(-1, 3))
    st.serpent = data.draw(hs.integers(0, 1))
    st.presence = data.draw(hs.integers(-1, 3))
    view = view_for(st, 0)
    for ci in tab.cards:
        owner = ci.owner
        seat = owner >> 1
        model = ci.cdef.model
        for c in _conditions(list(model.effects) + list(model.flipped_effects or [])):
            verdict = _condition(view, owner, c)
            if verdict is None:
                continue
            pred = compile_condition(c)
            for opp in (2 * (1 - seat), 2 * (1 - seat) + 1):
                active = [0, 0]
                active[seat], active[1 - seat] = owner, opp
                if st.track[opp] < 0:
                    continue
                assert pred(Ctx(st, active, [-1, -1], None), seat) is verdict, (ci.cdef.id, c)
