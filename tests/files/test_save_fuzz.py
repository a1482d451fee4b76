"""Property tests over save files: every input loads or is refused with RecordError / exit 2 and one line.

Never another exception, never a second line; and an autosave, whatever it holds, never blocks the next
autosave nor is lost.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tagteam.__main__ import main
from tagteam.engine.record import GameRecord, RecordError, compute_digest, dump
from tagteam.store import saves
from tagteam.store.records import load
from tagteam.words import inputs
from tagteam.words import saves as saves_words
from tests.engine.helpers import play_session
from tests.files.fuzzing import json_values, mutated_text, one_line

GOOD_RECORD = play_session(11, decide_seed=11).record
GOOD = json.loads(dump(GOOD_RECORD))
OTHER_RECORD = play_session(5, decide_seed=5).record


def resign(doc: Any) -> None:
    """Give an edited record a consistent digest, so the edit itself is what gets checked."""
    try:
        rec = GameRecord.model_validate({**doc, "digest": None})
    except (ValueError, TypeError):
        return
    doc["digest"] = compute_digest(rec)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("saves")


def _check(path: Path) -> str:
    try:
        load(path)
    except RecordError as e:
        msg = inputs.line(e)
        assert one_line(msg), msg
        assert msg.startswith(f"{path}: "), msg
        return "refused"
    return "loaded"


def test_the_good_record_loads(folder: Path) -> None:
    p = folder / "good.json"
    p.write_text(dump(GOOD_RECORD), encoding="utf-8")
    assert _check(p) == "loaded"


@given(data=mutated_text(GOOD, resign))
def test_mutated_saves_load_or_are_refused_in_one_line(folder: Path, data: bytes) -> None:
    p = folder / "mutated.json"
    p.write_bytes(data)
    event(_check(p))


@given(value=json_values)
def test_random_json_is_refused_in_one_line(folder: Path, value: Any) -> None:
    p = folder / "random.json"
    p.write_text(json.dumps(value), encoding="utf-8")
    assert _check(p) == "refused"


@given(value=json_values, field=st.sampled_from(["seat", "action"]), index=st.integers(0, 11))
def test_decision_fields_with_any_value(folder: Path, value: Any, field: str, index: int) -> None:
    doc = json.loads(json.dumps(GOOD))
    doc["decisions"][index][field] = value
    resign(doc)
    p = folder / "decision.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    event(_check(p))


@given(
    action=st.fixed_dictionaries(
        {"type": st.sampled_from(["build", "pick_team", "draft_pick", "order_start", "choose_character"])},
        optional={
            "card": json_values,
            "position": json_values,
            "bottom": json_values,
            "fighters": json_values,
            "fighter": json_values,
            "first": json_values,
            "index": json_values,
            "discard": json_values,
        },
    ),
    index=st.integers(0, 11),
)
def test_wrongly_typed_actions(folder: Path, action: dict[str, Any], index: int) -> None:
    doc = json.loads(json.dumps(GOOD))
    doc["decisions"][index]["action"] = action
    resign(doc)
    p = folder / "action.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    event(_check(p))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_text(GOOD, resign), command=st.sampled_from(["replay", "--load", "--resume"]))
def test_cli_exits_2_with_one_line(
    folder: Path, data: bytes, command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through ``main``: a refused file is exit 2 and one line on stderr; a good one would start the app."""
    import tagteam.app

    class NoApp:
        def __init__(self, **kwargs: Any) -> None:
            pass

        def run(self) -> int:
            return 0

    monkeypatch.setattr(tagteam.app, "TagTeamApp", NoApp)
    monkeypatch.setenv("TAGTEAM_HOME", str(folder / "home"))
    target = saves.autosave_path() if command == "--resume" else folder / "cli.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    code = main([command] if command == "--resume" else [command, str(target)])
    out, err = capsys.readouterr()
    assert out == ""
    if code == 0:
        assert err == ""
        event("loaded")
    else:
        assert code == 2
        lines = err.splitlines()
        assert len(lines) == 1 and one_line(lines[0]) and str(target) in lines[0], err
        event("refused")
    assert target.read_bytes() == data, "a refused file is never touched"


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_text(GOOD, resign) | st.binary(max_size=64), same=st.booleans())
def test_any_autosave_is_kept_and_never_blocks_the_next_one(
    folder: Path, data: bytes, same: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the autosave holds, the next autosave works and the old bytes survive somewhere."""
    home = folder / "autohome"
    monkeypatch.setenv("TAGTEAM_HOME", str(home))
    for p in sorted(home.rglob("*"), reverse=True):
        p.rmdir() if p.is_dir() else p.unlink()
    home.mkdir(exist_ok=True)
    saves.autosave_path().write_bytes(data)
    other = GOOD_RECORD if same else OTHER_RECORD
    notice = saves_words.notice(saves.autosave(other))
    assert notice is None or one_line(notice), notice
    assert saves.load(saves.autosave_path()).seed == other.seed
    kept = [p.read_bytes() for p in home.rglob("*.json") if p != saves.autosave_path()]
    if notice is None:
        event("overwritten: the same game")
        assert saves.same_game(load_quiet(data), other)
    else:
        event("kept aside")
        assert data in kept, "the previous autosave was lost"


def load_quiet(data: bytes) -> GameRecord:
    p = Path(os.environ["TAGTEAM_HOME"]) / "check.json"
    p.write_bytes(data)
    try:
        return load(p)
    finally:
        p.unlink()
