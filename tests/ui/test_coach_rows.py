"""The coach's panel rows read the coach's typed lines: the marks, the suggestion's why, each place's case."""

from __future__ import annotations

from tagteam.engine.actions import BuildChoice
from tagteam.screens.build import Row, coach_rows
from tagteam.words.advice import Case, CoachLine


def test_coach_rows_read_each_field_of_the_lines() -> None:
    pick = BuildChoice(0, 1, (1, 2))
    case = Case("top", 0, 0.7, "at the top: it meets their Block", None, 3, 4)
    best = CoachLine(pick, "a", 1, 0.4, 0.7, "Keep A, 2nd: 70%", reason="a reason", cases=(case,), why="the why")
    mine = CoachLine(pick, "b", 2, 0.0, 0.5, "Keep B, 3rd: 50%", reason="only a reason", selected=True)
    rows = coach_rows([best, mine])
    assert rows[1:4] == [
        Row(" ▶ ", "Keep A, 2nd: 70%"),
        Row("     why: ", "the why"),
        Row("     • ", "at the top: it meets their Block"),  # the cases, not the reason
    ]
    assert rows[4:6] == [Row(" ★ ", "Keep B, 3rd: 50%"), Row("     why: ", "only a reason")]
    assert rows[-1].head == " ★ " and len(rows) == 7  # the key to the star, since a line is the selection
    assert len(coach_rows([best])) == 4  # no selection among them: no key
