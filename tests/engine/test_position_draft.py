"""A position can start from the Draft: the picks and discards are scripted decisions, and what the rules
forbid there is refused like any other scripted decision (quick-start 3, Competitive Draft)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tagteam.engine.position import PositionError, build, final_state, parse, resolve
from tagteam.words import inputs

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "draft"
COMPETITIVE = json.loads((HERE / "competitive_discard_is_out_of_the_game.json").read_text(encoding="utf-8"))


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(PositionError) as e:
        pos = parse(data)
        resolve(build(pos), pos.turns, pos.decisions)
    return inputs.line(e.value)


def test_the_discarded_fighter_cannot_be_picked_by_the_opponent() -> None:
    data = copy.deepcopy(COMPETITIVE)
    data["decisions"][1][1] = {"type": "draft_pick", "fighter": "golem"}  # the Golem was discarded by seat 1
    assert refused(data).startswith("decisions.1.1: ")


def test_a_competitive_first_pick_needs_its_discard() -> None:
    data = copy.deepcopy(COMPETITIVE)
    del data["decisions"][0][0]["discard"]
    assert refused(data).startswith("decisions.0.0: ")


def test_the_draft_can_stop_half_way_and_say_what_is_in_hand() -> None:
    data = copy.deepcopy(COMPETITIVE)
    data["decisions"] = [data["decisions"][0][:1], data["decisions"][1][:1]]
    pos = parse(data)
    st = build(pos)
    res = resolve(st, pos.turns, pos.decisions)
    out = final_state(st, res)
    assert res.stopped == "decision" and out["phase"] == "draft" and "fighters" not in out
    assert out["draft"]["picks"] == [["joan"], ["ching_shih"]] and out["draft"]["discards"] == [["golem"], ["mephisto"]]
    assert sorted(out["draft"]["hands"][0]) == ["fey_folk", "maman_brijit", "wild_bunch", "wong_fei_hung"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"teams": [["joan", "golem"], ["shango", "milady"]]}, "teams:"),
        ({"fighters": {"joan": {"hp": 3}}}, "fighters:"),
        ({"fight": [["joan.holy_shield"], ["golem.fist_of_clay"]]}, "fight:"),
        ({"round": 2}, "round:"),
        ({"hands": [["joan"], ["golem"]]}, "hands.0:"),
        ({"draft": "free"}, "hands:"),
    ],
)
def test_what_cannot_be_at_the_draft_is_refused_naming_the_field(change: dict[str, Any], field: str) -> None:
    data = {**copy.deepcopy(COMPETITIVE), **change}
    assert refused(data).startswith(field)


def test_a_fighter_dealt_twice_is_refused() -> None:
    data = copy.deepcopy(COMPETITIVE)
    data["hands"][1][0] = "joan"
    assert refused(data) == "hands.0.0: joan is dealt twice (each Fighter has one Draft card)"


def test_a_position_needs_teams_or_a_draft() -> None:
    assert refused({"decisions": [[], []]}).startswith("teams: ")
    assert refused({"teams": [["joan", "golem"], ["shango", "milady"]], "hands": [[], []]}).startswith("hands: ")


@pytest.mark.parametrize("flags", [(), ("--json",)], ids=["text", "json"])
def test_the_sandbox_prints_a_draft_that_stops_before_the_teams(
    flags: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tagteam sandbox`` on a Draft with no (or too few) scripted decisions ended in a traceback ("teams
    are not settled yet", found by the sandbox fuzz test): it now prints each seat's Draft and who owes what."""
    from tagteam.__main__ import main

    data = {k: v for k, v in COMPETITIVE.items() if k != "decisions"}
    path = tmp_path / "draft.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["sandbox", str(path), *flags]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    if flags:
        assert json.loads(out)["final"]["draft"]["picks"] == [[], []]
    else:
        assert "Player 1 in the Draft holds " in out and "picked: none" in out
        assert "Player 2 owes a decision (draft_pick)" in out
