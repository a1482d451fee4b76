"""Card data a person hands us: bounded, regular files only, one line per problem, mechanics kept to their owner."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tagteam.__main__ import main
from tagteam.content.loader import check_content, data_dir
from tagteam.words import inputs
from tests.files.fuzzing import json_values, mutated_text, one_line

JOAN = json.loads((data_dir() / "joan.json").read_text(encoding="utf-8"))


def _card(doc: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(c for c in doc["cards"] if c["id"] == card_id)


def test_bodvars_rage_on_a_joan_card_is_refused_by_cards_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "cards"
    shutil.copytree(data_dir(), folder)
    doc = json.loads((folder / "joan.json").read_text(encoding="utf-8"))
    _card(doc, "joan.holy_shield")["effects"].append({"op": "rage", "amount": 1})
    (folder / "joan.json").write_text(json.dumps(doc), encoding="utf-8")
    assert main(["cards", "check", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"{folder / 'joan.json'}: card joan.holy_shield: effects.1.op: 'rage' belongs to bodvar's mechanics, not joan's"
    ]


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: _card(d, "joan.holy_shield")["effects"].append({"op": "plant_scheme"}), "effects.1.op"),
        (
            lambda d: _card(d, "joan.holy_shield")["effects"].append(
                {"op": "if", "cond": {"kind": "ships", "lo": 0, "hi": 3}, "then": []}
            ),
            "effects.1.cond.kind",
        ),
        (lambda d: d["health"][0]["spaces"][1].setdefault("icons", []).append("spirit"), "health.0.spaces.1.icons"),
        (lambda d: d.update(tokens={"sheriff": 1}), "tokens.sheriff"),
        (lambda d: d["special_track"].update(kind="rage"), "special_track.kind"),
    ],
)
def test_other_fighters_mechanics_are_refused(tmp_path: Path, mutate: Any, field: str) -> None:
    doc = json.loads(json.dumps(JOAN))
    mutate(doc)
    p = tmp_path / "joan.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    _, problems = check_content(p)
    assert problems and any(pr.field == field and "mechanics" in inputs.sentence(pr) for pr in problems), problems


def test_files_that_are_not_regular_or_too_big(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "loop.json").symlink_to(tmp_path / "loop.json")
    (tmp_path / "dev.json").symlink_to("/dev/zero")
    (tmp_path / "big.json").write_text(json.dumps({"id": "big", "tags": ["t"] * 1_000_000}), encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 1000 + "]" * 1000, encoding="utf-8")
    (tmp_path / "num.json").write_text('{"base_power": ' + "9" * 5000 + "}", encoding="utf-8")
    (tmp_path / "ctl.json").write_text(json.dumps({**JOAN, "id": "jo\nan\x1b"}), encoding="utf-8")
    t0 = time.perf_counter()
    _, problems = check_content(tmp_path)
    assert time.perf_counter() - t0 < 60  # not read whole or blocked on (a fifo, /dev/zero): seconds even loaded
    lines = {Path(p.file).name: inputs.line(p) for p in problems}
    assert "not a regular file" in lines["fifo.json"] and "not a regular file" in lines["dev.json"]
    assert "link loop" in lines["loop.json"] and "too large" in lines["big.json"]
    assert "nested deeper" in lines["deep.json"] and "base_power: a number of 5000" in lines["num.json"]
    assert "jo\\nan\\x1b" in lines["ctl.json"]
    assert all(one_line(inputs.line(p)) for p in problems)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cards")


def _check(path: Path) -> str:
    fighters, problems = check_content(path)
    for p in problems:
        line = inputs.line(p)
        assert one_line(line), line
        assert line.startswith(str(path)), line
    assert bool(fighters) != bool(problems)
    return "refused" if problems else "loaded"


@given(data=mutated_text(JOAN))
def test_mutated_card_files_load_or_are_refused_in_one_line(folder: Path, data: bytes) -> None:
    p = folder / "joan.json"
    p.write_bytes(data)
    event(_check(p))


@given(value=json_values)
def test_random_json_card_files_are_refused(folder: Path, value: Any) -> None:
    p = folder / "joan.json"
    p.write_text(json.dumps(value), encoding="utf-8")
    assert _check(p) == "refused"


@given(
    effect=st.fixed_dictionaries(
        {"op": st.sampled_from(["attack", "heal", "rage", "ships", "if", "block", "gain_power", "direct_damage"])},
        optional={"amount": json_values, "target": json_values, "on_success": json_values, "cond": json_values},
    )
)
def test_any_effect_on_a_joan_card(folder: Path, effect: dict[str, Any]) -> None:
    doc = json.loads(json.dumps(JOAN))
    _card(doc, "joan.holy_shield")["effects"] = [effect]
    p = folder / "joan.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    event(_check(p))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_text(JOAN))
def test_cards_check_cli_exits_2_with_one_line_per_problem(
    folder: Path, data: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    p = folder / "cli.json"
    p.write_bytes(data)
    code = main(["cards", "check", str(p)])
    out, err = capsys.readouterr()
    assert code in (0, 2)
    if code == 2:
        assert out == "" and err and all(one_line(line) and line.startswith(str(p)) for line in err.splitlines())
    else:
        assert err == "" and out.strip() == "1 fighter, 10 cards OK"
