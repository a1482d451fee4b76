"""A Build choice not locked yet is kept beside the autosave for that seat's decision only, and a kept file
is never trusted beyond small whole numbers (a reloaded page finds the choice; nothing else follows it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagteam.engine.record import GameRecord
from tagteam.store import saves
from tagteam.store.saves import HalfChoice
from tagteam.words import saves as saves_words
from tests.engine.helpers import play_session

GAME = play_session(11, decide_seed=11).record


def _at(n: int) -> GameRecord:
    return GAME.model_copy(update={"decisions": GAME.decisions[:n], "turns_after": 0}, deep=True)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_kept_choice_comes_back_for_that_seat_at_that_decision_only() -> None:
    rec = _at(4)
    seat = rec.decisions[3].seat
    choice = HalfChoice(card=2, position=1, bottom=(1, 0))
    assert saves_words.notice(saves.keep_half_choice(rec, seat, choice)) is None
    assert saves.half_choice(rec, seat) == choice
    assert saves.half_choice(rec, 1 - seat) is None  # the other seat's screen starts afresh
    later = next(n for n in range(5, len(GAME.decisions)) if GAME.decisions[n - 1].seat == seat)
    assert saves.half_choice(_at(later), seat) is None  # this seat has decided since: a new choice
    other = play_session(12, decide_seed=12).record
    assert saves.half_choice(other, seat) is None  # another game


def test_the_other_seat_deciding_meanwhile_keeps_it() -> None:
    n = next(i for i in range(1, len(GAME.decisions)) if GAME.decisions[i].seat != GAME.decisions[i - 1].seat)
    rec, seat = _at(n), GAME.decisions[n - 1].seat
    saves_words.notice(saves.keep_half_choice(rec, seat, HalfChoice(0, 3, (2, 1))))
    assert saves.half_choice(_at(n + 1), seat) == HalfChoice(0, 3, (2, 1))  # decision n is the other seat's


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
        max_leaves=12,
    )
)
def test_a_kept_file_of_anything_else_is_no_choice(home: Path, junk: object) -> None:
    rec = _at(4)
    seat = rec.decisions[3].seat
    saves_words.notice(saves.keep_half_choice(rec, seat, HalfChoice(1, 1, (0, 2))))
    path = home / saves.HALF_CHOICE
    data = json.loads(path.read_text())
    if isinstance(junk, dict):
        data.update({k: v for k, v in junk.items() if k != "key"})
    else:
        data["card"] = junk
    path.write_text(json.dumps(data))
    got = saves.half_choice(rec, seat)
    if got is not None:
        assert all(type(n) is int and 0 <= n < 64 for n in (got.card, got.position, *got.bottom))
    path.write_bytes(b"\xff not json")
    assert saves.half_choice(rec, seat) is None
