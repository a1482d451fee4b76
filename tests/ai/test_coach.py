"""The coach names Hard's choice first, with expected outcomes and a reason, rates the selected option, shows
what-ifs, and speaks only at a Build step."""

from __future__ import annotations

from tagteam.ai import coach
from tagteam.ai.coach import what_if
from tagteam.engine.actions import BuildChoice
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


def test_selected_option_is_always_rated(build_state: GameState) -> None:
    v = view_for(build_state, 0)
    worst = BuildChoice(2, 0, (0, 1))
    lines = coach(v, 1, worst)
    marked = [line for line in lines if line.selected]
    assert len(marked) == 1 and (marked[0].action.card, marked[0].position) == (2, 0)
    assert all(line.reason.startswith("your ") and " slot " in line.reason for line in lines)
    assert "\n" not in "".join(line.reason for line in lines)


def test_what_if_shifts_the_line_up(build_state: GameState) -> None:
    v = view_for(build_state, 0)
    choice = BuildChoice(0, 1, (1, 2))
    cases = what_if(v, 2, choice)
    assert [c.place for c in cases] == ["top", "middle", "bottom"]
    n = len(v.my_fight_deck) + 1
    for c in cases:
        mine = [m for m in c.meetings if m.new]
        assert len(mine) == 1 and mine[0].slot == 2
        assert sum(m.theirs == "their new card" for m in c.meetings) == 1
        assert -1.0 <= c.value <= 1.0 and len(c.meetings) >= n
    top, bottom = cases[0].meetings, cases[2].meetings
    assert top[0].theirs == "their new card" and bottom[0].theirs != "their new card"
    assert top[1].theirs == bottom[0].theirs  # an insert at the top shifts every card below it
