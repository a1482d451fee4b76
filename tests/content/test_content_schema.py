"""The committed data/cards/schema.json must be exactly what the models generate today."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagteam.content import schema
from tagteam.content.loader import data_dir


def test_committed_schema_matches_the_models() -> None:
    committed = (data_dir() / "schema.json").read_text(encoding="utf-8")
    assert committed == schema.render_schema(), "schema drifted: run python -m tagteam.content.schema"


def test_schema_describes_the_fighter_files() -> None:
    generated = json.loads(schema.render_schema())
    assert generated["title"] == "Fighter"
    assert generated["additionalProperties"] is False
    assert "cards" in generated["required"]
    assert "attack" in json.dumps(generated["$defs"]["Attack"])


def test_rendering_is_stable_and_sorted() -> None:
    text = schema.render_schema()
    assert text == schema.render_schema()
    assert text.endswith("}\n")
    assert text == json.dumps(json.loads(text), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def test_check_mode_reports_drift(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "schema.json"
    target.write_text(schema.render_schema().replace('"Fighter"', '"Fightr"', 1), encoding="utf-8")
    monkeypatch.setattr(schema, "repo_schema_path", lambda: target)
    assert schema.main(["--check"]) == 1
    assert schema.main([]) == 0
    assert schema.main(["--check"]) == 0
    assert target.read_text(encoding="utf-8") == schema.render_schema()
