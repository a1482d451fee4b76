"""`cards check` and `cards show`: exit codes, one line per problem, the file named in it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tagteam.cli.cards import check, show
from tagteam.content.loader import data_dir

REAL = data_dir()


def test_check_real_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(None) == 0
    out, err = capsys.readouterr()
    assert out == "12 fighters, 120 cards OK\n"
    assert err == ""


def test_check_one_good_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(str(REAL / "milady.json")) == 0
    assert capsys.readouterr().out == "1 fighter, 10 cards OK\n"


def test_check_bad_file_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((REAL / "golem.json").read_text(encoding="utf-8"))
    data["cards"][1]["effects"][0]["op"] = "atack"
    path = tmp_path / "golem.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert check(str(path)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: card golem.fist_of_clay: effects.0.op: unknown kind 'atack'")


def test_check_directory_with_one_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in REAL.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "shango.json").write_text('{\n  "id": "shango",,\n}\n', encoding="utf-8")
    assert check(str(tmp_path)) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"{tmp_path / 'shango.json'}: line 2 column 18: not valid JSON (a field name in double quotes was expected)"
    ]


def test_check_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check(str(tmp_path / "absent")) == 2
    assert "absent: cannot read (no such file)" in capsys.readouterr().err


def test_show_prints_board_and_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert show("joan") == 0
    out = capsys.readouterr().out
    for expected in (
        "Joan",
        "Base Power: 1",
        "Divine Voice",
        "Holy Shield",
        "Sword of St. Michael",
        "★ Starting Card",
    ):
        assert expected in out


def test_show_prints_both_halves_of_summoning_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert show("fey_folk") == 0
    assert capsys.readouterr().out.count("(upside down)") == 3


def test_show_rejects_unknown_fighter(capsys: pytest.CaptureFixture[str]) -> None:
    assert show("batman") == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "tagteam cards: error: unknown fighter 'batman' (valid: bodvar, ching_shih, fey_folk, golem, joan, "
        "maman_brijit, "
        "mephisto, milady, mordred, shango, wild_bunch, wong_fei_hung)"
    ]
