"""Property tests on the action API: any action, however ill-typed, is applied legally or refused with
IllegalAction and the state left exactly as it was; the JSON shape round-trips or names the bad field."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagteam.engine.actions import (
    Action,
    BuildChoice,
    ChooseCharacter,
    DraftPick,
    IllegalAction,
    OrderStart,
    PickTeam,
    from_dict,
    to_dict,
    well_typed,
)
from tagteam.engine.driver import play_out
from tagteam.engine.game import apply_action_inplace, is_legal, legal_actions, new_game
from tagteam.engine.randomplay import random_chooser
from tagteam.engine.session import Session
from tagteam.engine.state import GameState
from tagteam.engine.table import library

IDS = sorted(library())
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def snapshot(s: GameState) -> dict[str, Any]:
    """Every field of the state, deep-copied (the static table is compared by identity)."""
    out = {name: copy.deepcopy(getattr(s, name)) for name in GameState.__slots__ if name != "table"}
    out["table"] = id(s.table)
    return out


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    """A state somewhere in a random game: at the draft, at setup, mid-Fight or at a Build step."""
    seed = draw(st.integers(0, 10_000))
    draft = draw(st.sampled_from(["teams", "free", "standard", "competitive"]))
    if draft == "teams":
        f = draw(st.permutations(IDS))
        s = new_game(seed, teams=((f[0], f[1]), (f[2], f[3])))
    else:
        s = new_game(seed, draft=draft)
    steps = draw(st.integers(0, 30))
    seen: list[int] = []
    play_out(s, random_chooser(random.Random(seed)), until=lambda x: _owed_after(x, seen, steps))
    return s


def _owed_after(s: GameState, seen: list[int], steps: int) -> bool:
    """Stop after ``steps`` steps, at the next moment a decision is owed (the game may end first)."""
    seen.append(1)
    return len(seen) > steps and (s.pending[0] is not None or s.pending[1] is not None)


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.text(max_size=12),
    st.sampled_from(IDS),
    st.lists(st.integers(-1, 3), max_size=3),
    st.tuples(st.integers(-1, 3), st.integers(-1, 3)),
    st.tuples(st.sampled_from(IDS), st.sampled_from(IDS)),
)
small = st.one_of(st.integers(-1, 30), junk)
ident = st.one_of(st.sampled_from(IDS), junk)


def _twin(v: Any) -> list[Any]:
    """Values equal (or nearly) to ``v`` but of the wrong type: what a careless caller passes."""
    if type(v) is int:
        return [float(v), str(v), None, *([bool(v)] if v in (0, 1) else [])]
    if type(v) is tuple:
        return [list(v), None, *[(*v[:i], t, *v[i + 1 :]) for i, x in enumerate(v) for t in _twin(x)]]
    if type(v) is str:
        return [None, v.encode(), [v]]
    return [None]


def near_misses(legal: list[Action]) -> list[Any]:
    """Each legal action with one field swapped for its wrongly typed twin."""
    out: list[Any] = []
    for a in legal:
        for f in dataclasses.fields(a):
            name = f.name
            if name != "type":
                out += [dataclasses.replace(a, **{name: t}) for t in _twin(getattr(a, name))]
    return out


def any_action(s: GameState) -> st.SearchStrategy[Any]:
    """Legal choices, near misses and ill-typed fields (``False``, ``"0"``, ``0.5``, ``None``, lists)."""
    legal: list[Action] = []
    for seat in (0, 1):
        if s.pending[seat] is not None:
            legal += legal_actions(s, seat)[:40]
    options: list[st.SearchStrategy[Any]] = [
        st.builds(BuildChoice, small, small, st.one_of(st.tuples(small, small), junk)),
        st.builds(ChooseCharacter, small),
        st.builds(OrderStart, ident),
        st.builds(DraftPick, ident, st.one_of(st.none(), ident)),
        st.builds(PickTeam, st.one_of(st.tuples(ident, ident), junk)),
        junk,
    ]
    if legal:  # weighted towards the interesting cases: legal choices and their wrongly typed twins
        near = st.sampled_from(near_misses(legal))
        options += [st.sampled_from(legal), st.sampled_from(legal), near, near, near, near]
    return st.one_of(*options)


@pytest.mark.slow
@FEW
@given(st.data())
def test_any_action_is_applied_legally_or_changes_nothing(data: st.DataObject) -> None:
    s = data.draw(game_states())
    for _ in range(5):
        owed = [x for x in (0, 1) if s.pending[x] is not None] or [0, 1]
        seat = data.draw(st.one_of(st.sampled_from(owed), st.sampled_from(owed), st.sampled_from([0, 1]), junk))
        action = data.draw(any_action(s))
        before = snapshot(s)
        try:
            apply_action_inplace(s, seat, action)
        except IllegalAction:
            assert snapshot(s) == before
        else:
            assert type(seat) is int and well_typed(action)
            assert before["pending"][seat] is not None


@FEW
@given(st.data())
def test_session_refuses_without_recording(data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 1000))
    sess = Session.new(seed, teams=(("joan", "fey_folk"), ("golem", "shango")))
    steps = data.draw(st.integers(0, 40))
    seen: list[int] = []
    play_out(sess, random_chooser(random.Random(seed)), until=lambda x: _owed_after(x, seen, steps))
    action = data.draw(any_action(sess.state))
    seat = data.draw(st.sampled_from([x for x in (0, 1) if sess.state.pending[x] is not None] or [0, 1]))
    before, decisions, events = snapshot(sess.state), len(sess.record.decisions), len(sess.log)
    if is_legal(sess.state, seat, action) and sess.state.pending[seat] is not None:
        sess.act(seat, action)
        assert len(sess.record.decisions) == decisions + 1
        assert from_dict(sess.record.decisions[-1].action) == action
    else:
        with pytest.raises(IllegalAction):
            sess.act(seat, action)
        assert snapshot(sess.state) == before
        assert (len(sess.record.decisions), len(sess.log)) == (decisions, events)


@pytest.mark.parametrize(
    "action",
    [
        BuildChoice(None, 0, (1, 2)),  # type: ignore[arg-type]
        BuildChoice("0", 0, (1, 2)),  # type: ignore[arg-type]
        BuildChoice(0.5, 0, (1, 2)),  # type: ignore[arg-type]
        BuildChoice(False, 0, (1, 2)),
        BuildChoice(0, 0, [1, 2]),  # type: ignore[arg-type]
        BuildChoice(0, True, (1, 2)),
        BuildChoice(0, 0, (True, 2)),
    ],
    ids=["none", "str", "float", "false", "list", "true-position", "true-bottom"],
)
def test_wrongly_typed_build_choice_is_illegal(action: BuildChoice) -> None:
    s = new_game(1, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    play_out(s, random_chooser(random.Random(1)), until=lambda x: x.pending == ["build", "build"])
    assert is_legal(s, 0, BuildChoice(0, 0, (1, 2)))  # the same choice, typed right, is legal
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        apply_action_inplace(s, 0, action)
    assert snapshot(s) == before


def test_false_is_not_character_zero() -> None:
    s = new_game(2, teams=(("fey_folk", "joan"), ("golem", "shango")))
    apply_action_inplace(s, 0, OrderStart("fey_folk"))
    assert s.pending[0] == "character"
    before = snapshot(s)
    for bad in (ChooseCharacter(False), ChooseCharacter(True), ChooseCharacter(1.0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            apply_action_inplace(s, 0, bad)
        assert snapshot(s) == before


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8,
)
action_like = st.fixed_dictionaries(
    {
        "type": st.one_of(
            st.sampled_from(["build", "pick_team", "draft_pick", "order_start", "choose_character"]), json_values
        )
    },
    optional={
        "card": json_values | st.integers(0, 3),
        "position": json_values | st.integers(0, 3),
        "bottom": json_values | st.lists(st.integers(0, 3), max_size=3),
        "index": json_values | st.integers(0, 3),
        "first": json_values | st.sampled_from(IDS),
        "fighter": json_values | st.sampled_from(IDS),
        "discard": json_values | st.sampled_from(IDS),
        "fighters": json_values | st.lists(st.sampled_from(IDS), max_size=3),
    },
)


@settings(deadline=None)
@given(st.one_of(action_like, json_values))
def test_from_dict_parses_strictly_or_names_the_field(d: Any) -> None:
    try:
        a = from_dict(d)
    except ValueError as e:
        line = str(e)
        assert "\n" not in line and ": " in line
        return
    assert well_typed(a)
    assert from_dict(json.loads(json.dumps(to_dict(a)))) == a


def test_to_dict_shape_is_stable() -> None:
    """Saves written before the TypeAdapter keep loading: the same keys, ``type`` first, lists for tuples."""
    assert to_dict(BuildChoice(1, 4, (2, 0))) == {"type": "build", "card": 1, "position": 4, "bottom": [2, 0]}
    assert list(to_dict(DraftPick("joan"))) == ["type", "fighter", "discard"]
    assert to_dict(PickTeam(("joan", "golem"))) == {"type": "pick_team", "fighters": ["joan", "golem"]}
    with pytest.raises(ValueError, match=r"^card: "):
        from_dict({"type": "build", "card": False, "position": 0, "bottom": [1, 2]})
