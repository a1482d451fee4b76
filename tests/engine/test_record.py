"""Save files: validated on load with one clear line; saving is atomic and never clobbers on failure."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tagteam.engine.record import GameRecord, RecordError, compute_digest
from tagteam.store.records import load, save
from tagteam.words import inputs
from tests.engine.helpers import play_session


def _saved(tmp_path: Path) -> Path:
    s = play_session(11, decide_seed=11)
    p = tmp_path / "game.json"
    save(s.record, p)
    return p


def test_round_trip(tmp_path: Path) -> None:
    p = _saved(tmp_path)
    rec = load(p)
    assert rec.seed == 11 and len(rec.decisions) > 4


@pytest.mark.parametrize(
    ("mutate", "needle"),
    [
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d.update(version=9), "version"),
        (lambda d: d.update(teams=[["joan", "nobody"], ["bodvar", "mordred"]]), "teams"),
        (
            lambda d: d["decisions"][3].update(action={"type": "build", "card": 7, "position": 0, "bottom": [1, 2]}),
            "decisions.3",
        ),
        (lambda d: d["decisions"][0].update(action={"type": "dance"}), "decisions.0"),
        (lambda d: d.update(solo={"seat": 1, "level": "bogus"}), "solo.level"),
        (lambda d: d.update(solo={"seat": "x", "level": "easy"}), "solo.seat"),
        (lambda d: d.update(players=["[/]", "[bold"]), "players"),
        (lambda d: d.update(turns_after=999), "turns_after"),
        (lambda d: d.update(extra=1), "extra"),
    ],
)
def test_bad_fields_name_the_field(tmp_path: Path, mutate: Callable[[dict[str, Any]], object], needle: str) -> None:
    p = _saved(tmp_path)
    d = json.loads(p.read_text())
    mutate(d)
    _resign(d)  # a consistent digest, so the field itself is what gets refused
    p.write_text(json.dumps(d))
    with pytest.raises(RecordError) as e:
        load(p)
    msg = inputs.line(e.value)
    assert "\n" not in msg and str(p) in msg and needle in msg


def _resign(d: dict[str, Any]) -> None:
    """Recompute the digest of an edited record when the edit still validates field by field."""
    try:
        rec = GameRecord.model_validate({**d, "digest": None})
    except ValueError:
        return
    d["digest"] = compute_digest(rec)


def test_truncated_and_foreign_files(tmp_path: Path) -> None:
    p = _saved(tmp_path)
    text = p.read_text()
    p.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError) as e:
        load(p)
    assert "not valid JSON" in inputs.line(e.value)
    p.write_text("[1, 2, 3]")
    with pytest.raises(RecordError) as e:
        load(p)
    assert inputs.line(e.value).endswith("format: not a Tag Team game record")
    with pytest.raises(RecordError) as e:
        load(tmp_path / "missing.json")
    assert "cannot read (no such file)" in inputs.line(e.value)


def test_non_utf8_file(tmp_path: Path) -> None:
    p = tmp_path / "bin.json"
    p.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError) as e:
        load(p)
    assert "not UTF-8" in inputs.line(e.value)


def test_failed_save_keeps_the_previous_file(tmp_path: Path) -> None:
    p = _saved(tmp_path)
    before = p.read_bytes()
    s = play_session(12, decide_seed=12)
    s.record.seed = object()  # type: ignore[assignment]  # not serialisable: the write fails midway
    with pytest.raises((TypeError, ValueError)):
        save(s.record, p)
    assert p.read_bytes() == before
    assert [x.name for x in tmp_path.iterdir()] == ["game.json"], "no temporary file left behind"
