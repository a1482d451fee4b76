"""Same seed and decisions, same game; a record replays exactly; golden event logs do not drift.

The golden logs are event data (one ``to_dict`` JSON object a line), not sentences: a change of wording
never fails them, only a change of what happens does (the wording is tested in tests/words/test_log_*.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tagteam.engine import events as ev
from tagteam.engine.record import GameRecord, replay
from tagteam.engine.session import Session
from tests.engine.helpers import FIRST_GAME, play_session

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_GAMES = {
    "first-game-seed-1": (1, FIRST_GAME, "free", 1),
    "wild-bunch-shango-vs-milady-golem-seed-7": (7, (("wild_bunch", "shango"), ("milady", "golem")), "free", 7),
    "fey-folk-mordred-vs-mephisto-brijit-seed-3": (
        3,
        (("fey_folk", "mordred"), ("mephisto", "maman_brijit")),
        "free",
        3,
    ),
}


def transcript(s: Session) -> str:
    """The event log as JSON lines (keys sorted, tuples as lists): what the golden files hold."""
    lines = [json.dumps(e.to_dict(), sort_keys=True, ensure_ascii=False) for e in s.log]
    return "\n".join(lines) + "\n"


def golden_session(name: str) -> Session:
    """The game a golden file pins, played again."""
    seed, teams, draft, dseed = GOLDEN_GAMES[name]
    return play_session(seed, teams=teams, draft=draft, decide_seed=dseed)


def test_same_seed_same_game() -> None:
    a = play_session(42, decide_seed=5)
    b = play_session(42, decide_seed=5)
    assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]
    assert a.state.winner == b.state.winner


def test_different_seed_different_game() -> None:
    a = play_session(42, decide_seed=5)
    b = play_session(43, decide_seed=5)
    assert [e.to_dict() for e in a.log] != [e.to_dict() for e in b.log]


@pytest.mark.parametrize("seed", range(20))
def test_record_replays_exactly(seed: int) -> None:
    s = play_session(seed, decide_seed=seed)
    rec = GameRecord.model_validate_json(s.record.model_dump_json())
    log: list[ev.Event] = []
    st = replay(rec, log)
    assert [e.to_dict() for e in log] == [e.to_dict() for e in s.log]
    assert st.winner == s.state.winner and st.power == s.state.power and st.pos == s.state.pos


def test_replay_through_the_draft() -> None:
    s = play_session(9, teams=None, draft="competitive", decide_seed=2)
    st = replay(GameRecord.model_validate_json(s.record.model_dump_json()))
    assert st.tab().kinds == s.state.tab().kinds
    assert st.winner == s.state.winner


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_event_log(name: str) -> None:
    text = transcript(golden_session(name))
    path = GOLDEN / f"{name}.jsonl"
    if os.environ.get("TAGTEAM_REGEN_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden file {path.name}: run with TAGTEAM_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} drifted; if the change is intended, regenerate with TAGTEAM_REGEN_GOLDEN=1 and review the diff"
    )
