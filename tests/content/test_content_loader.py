"""Bad card files: each defect gives exactly one line naming the file, the card and the field."""

from __future__ import annotations

import json
import shutil
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tagteam.content import loader
from tagteam.content.loader import ContentError, Problem, check_content, data_dir, load_all, load_fighter
from tagteam.content.models import Effect
from tagteam.ground.problems import Code
from tagteam.words import inputs

REAL = data_dir()
EFFECT_OPS = [typing.get_args(m.model_fields["op"].annotation)[0] for m in typing.get_args(typing.get_args(Effect)[0])]


def _broken(tmp_path: Path, mutate: Callable[[dict[str, Any]], None], name: str = "joan") -> Path:
    """A copy of a real fighter file with one defect, in a directory of its own."""
    data = json.loads((REAL / f"{name}.json").read_text(encoding="utf-8"))
    mutate(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def _card_index(data: dict[str, Any], card_id: str) -> int:
    return next(i for i, c in enumerate(data["cards"]) if c["id"] == card_id)


def _only_line(path: Path) -> str:
    fighters, problems = check_content(path)
    assert fighters == {}
    assert len(problems) == 1, [inputs.line(p) for p in problems]
    return inputs.line(problems[0])


def test_real_data_has_no_problems() -> None:
    fighters, problems = check_content()
    assert problems == []
    assert len(fighters) == 12


def test_unknown_op(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["cards"][_card_index(data, "joan.holy_shield")]["effects"][0]["op"] = "blok"

    path = _broken(tmp_path, mutate)
    expected = f"{path}: card joan.holy_shield: effects.0.op: unknown kind 'blok' (expected one of: "
    line = _only_line(path)
    assert line.startswith(expected)
    assert line.removeprefix(expected).removesuffix(")").split(", ") == EFFECT_OPS
    assert EFFECT_OPS[:2] == ["attack", "block"]


def test_unknown_field_suggests_the_right_one(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        block = data["cards"][_card_index(data, "joan.holy_shield")]["effects"][0]
        block["on_sucess"] = block.pop("on_success")

    path = _broken(tmp_path, mutate)
    assert _only_line(path) == (
        f"{path}: card joan.holy_shield: effects.0.on_sucess: unknown field 'on_sucess' (did you mean 'on_success'?)"
    )


def test_missing_field(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        del data["cards"][_card_index(data, "joan.divine_vision")]["text"]

    path = _broken(tmp_path, mutate)
    assert _only_line(path) == f"{path}: card joan.divine_vision: text: missing required field"


def test_bad_value_deep_in_an_effect(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        sword = data["cards"][_card_index(data, "joan.sword_of_st_michael")]
        sword["effects"][0]["on_success"][0]["per"] = "spirits"

    path = _broken(tmp_path, mutate)
    assert _only_line(path) == (
        f"{path}: card joan.sword_of_st_michael: effects.0.on_success.0.per: "
        "should be one of: 'none', 'spirit', 'power', 'blocked_power' (got 'spirits')"
    )


def test_unknown_condition_kind(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["cards"][_card_index(data, "mordred.dark_power")]["effects"][0]["cond"]["kind"] = "power_atleast"

    path = _broken(tmp_path, mutate, "mordred")
    line = _only_line(path)
    assert line.startswith(f"{path}: card mordred.dark_power: effects.0.cond.kind: unknown kind 'power_atleast'")


def test_bad_json_syntax_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "joan.json"
    text = (REAL / "joan.json").read_text(encoding="utf-8")
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.strip() == '"base_power": 1,')
    lines[row] = lines[row].rstrip(",")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    column = len(lines[row + 1]) - len(lines[row + 1].lstrip()) + 1
    assert _only_line(path) == f"{path}: line {row + 2} column {column}: not valid JSON (a comma was expected)"


def test_two_starred_cards(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["cards"][_card_index(data, "joan.holy_shield")]["starting"] = True

    path = _broken(tmp_path, mutate)
    assert _only_line(path) == (
        f"{path}: cards: 2 starting cards (joan.dieu_premier_servi, joan.holy_shield), expected exactly 1"
    )


def test_copies_not_ten(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["cards"][_card_index(data, "joan.holy_shield")]["copies"] = 2

    path = _broken(tmp_path, mutate)
    assert _only_line(path) == f"{path}: cards: copies add up to 9, expected 10"


def test_file_name_must_match_fighter_id(tmp_path: Path) -> None:
    path = tmp_path / "jeanne.json"
    shutil.copy(REAL / "joan.json", path)
    assert _only_line(path) == f"{path}: id: fighter id 'joan' does not match the file name"


def test_card_id_needs_the_fighter_prefix(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["cards"][_card_index(data, "joan.holy_shield")]["id"] = "jean.holy_shield"

    path = _broken(tmp_path, mutate)
    assert _only_line(path) == f"{path}: card jean.holy_shield: id: card id must start with 'joan.'"


def test_empty_ships_range(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        cond = data["cards"][_card_index(data, "ching_shih.raiding_party")]["effects"][0]["cond"]
        cond.update(lo=9, hi=7)

    path = _broken(tmp_path, mutate, "ching_shih")
    assert _only_line(path) == f"{path}: card ching_shih.raiding_party: effects.0.cond: empty ships range: 9 > 7"


def test_scheme_tokens_must_add_up(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["tokens"]["scheme"] = 12

    path = _broken(tmp_path, mutate, "milady")
    assert _only_line(path) == f"{path}: scheme_tokens: token copies add up to 11, but tokens.scheme is 12"


def test_duplicate_card_id_within_a_file(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["cards"][_card_index(data, "mordred.execution")]["id"] = "mordred.hidden_dagger"

    path = _broken(tmp_path, mutate, "mordred")
    assert _only_line(path) == f"{path}: card mordred.hidden_dagger: id: duplicate card id in this file"


def test_card_ids_unique_across_fighters(tmp_path: Path) -> None:
    shutil.copy(REAL / "joan.json", tmp_path / "joan.json")

    def mutate(data: dict[str, Any]) -> None:
        data["cards"][_card_index(data, "golem.fist_of_clay")]["id"] = "joan.holy_shield"

    golem = _broken(tmp_path, mutate, "golem")
    fighters, problems = check_content(tmp_path)
    assert [inputs.line(p) for p in problems] == [
        f"{golem}: card joan.holy_shield: id: card id must start with 'golem.'",
        f"{tmp_path / 'joan.json'}: card joan.holy_shield: id: card id also used in {golem}",
    ]
    assert set(fighters) == {"joan"}


def test_default_directory_needs_twelve_fighters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for path in REAL.glob("*.json"):
        if path.name != "mordred.json":
            shutil.copy(path, tmp_path / path.name)
    monkeypatch.setattr(loader, "data_dir", lambda: tmp_path)
    fighters, problems = check_content()
    assert [inputs.line(p) for p in problems] == [f"{tmp_path}: 11 fighters found, expected 12"]
    assert len(fighters) == 11
    assert check_content(tmp_path / "joan.json")[1] == []


def test_schema_json_is_not_a_fighter(tmp_path: Path) -> None:
    shutil.copy(REAL / "joan.json", tmp_path / "joan.json")
    shutil.copy(REAL / "schema.json", tmp_path / "schema.json")
    assert set(load_all(tmp_path)) == {"joan"}


def test_load_fighter_raises_with_every_problem(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["cards"][0]["copies"] = 0
        data["cards"][1]["effects"][0]["amount"] = -1

    path = _broken(tmp_path, mutate)
    with pytest.raises(ContentError) as info:
        load_fighter(path)
    assert [(p.card, p.field) for p in info.value.problems] == [
        ("joan.dieu_premier_servi", "copies"),
        ("joan.divine_vision", "effects.0.amount"),
    ]
    assert str(info.value).count("\n") == 1


def test_load_fighter_returns_a_fighter() -> None:
    fighter = load_fighter(REAL / "golem.json")
    assert (fighter.id, fighter.base_power) == ("golem", 1)


def test_problem_line_format() -> None:
    assert inputs.line(Problem("a.json", "", Code.START_OUTSIDE)) == "a.json: outside the track"
    line = inputs.line(Problem("a.json", "effects.0", Code.INVALID, card="a.x"))
    assert line == "a.json: card a.x: effects.0: invalid value"


def test_load_all_is_cached_but_hands_out_copies() -> None:
    first = load_all()
    first.pop("joan")
    second = load_all()
    assert "joan" in second
    assert second["golem"] is first["golem"]


def test_missing_path_is_a_problem(tmp_path: Path) -> None:
    assert [inputs.line(p) for p in check_content(tmp_path / "nope")[1]] == [
        f"{tmp_path / 'nope'}: cannot read (no such file)"
    ]


def test_revive_space_must_exist(tmp_path: Path) -> None:
    def mutate(data: dict[str, Any]) -> None:
        data["health"][0]["revive_to_hp"] = 99

    path = _broken(tmp_path, mutate, "maman_brijit")
    assert _only_line(path) == f"{path}: health.0.revive_to_hp: no space of 99 HP on the track"
