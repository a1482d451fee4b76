"""The coach names Hard's choice first, with expected outcomes, and only at a Build step."""

from __future__ import annotations

from tagteam.ai import coach
from tagteam.engine.game import is_legal
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for


def test_coach_lines(build_state: GameState) -> None:
    v = view_for(build_state, 0)
    lines = coach(v, 1)
    assert 1 <= len(lines) <= 5
    assert all(is_legal(build_state, 0, line.action) for line in lines)
    assert all(-1.0 <= line.value <= 1.0 and 0.0 <= line.win <= 1.0 for line in lines)
    assert lines[0].weight == max(line.weight for line in lines)
    assert "Keep" in lines[0].text
    assert coach(v, 1) == lines  # same seed, same advice


def test_no_coach_outside_build(build_state: GameState) -> None:
    v = view_for(build_state, 0)
    assert coach(v.__class__(**{**{f: getattr(v, f) for f in v.__slots__}, "pending": None}), 1) == []
