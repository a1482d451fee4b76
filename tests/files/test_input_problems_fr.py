"""A French player who hands the game a damaged save, a bad sandbox position or a bad card file reads one line,
all of it in French (issue 24): the file, the field and what is wrong, exit status 2, no traceback, and a save
it cannot use is never written over."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tagteam.content.loader import data_dir
from tests.words.spaces import plain

ENGLISH = ("not a", "expected", "Field required", "Input should", "should be", "missing", "cannot", "valid")


def _run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TAGTEAM_HOME": str(home), "LANG": "C.UTF-8"}
    env.pop("TAGTEAM_LANG", None)
    out = subprocess.run(
        [sys.executable, "-m", "tagteam", "--lang", "fr", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=home,
        timeout=120,
        check=False,
    )
    out.stderr = plain(out.stderr)  # the words compared here; tests/words/test_french_nbsp.py checks the spaces
    return out


def _one_french_line(out: subprocess.CompletedProcess[str], file: str, field: str) -> str:
    assert out.returncode == 2, out
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    line = lines[0]
    assert file in line and f" : {field} : " in line, line
    for word in ENGLISH:
        assert word not in line, (word, line)
    return line


@pytest.mark.parametrize(
    ("doc", "field", "said"),
    [
        ({"format": "tagteam-record", "seed": "x"}, "seed", "doit être un nombre entier"),
        ({"format": "tagteam-record", "seed": 1, "turns_after": 501}, "turns_after", "doit valoir au plus 500"),
        ({"format": "tagteam-record", "seed": 1, "colour": "red"}, "colour", "champ inconnu"),
        ({"format": "tagteam-record", "seed": 1, "draft": "chess"}, "draft", "doit être l'une de ces valeurs"),
        ({"format": "chess"}, "format", "ce n'est pas une partie Tag Team enregistrée"),
    ],
)
def test_a_damaged_save_is_one_french_line_and_is_left_alone(
    tmp_path: Path, doc: dict[str, object], field: str, said: str
) -> None:
    save = tmp_path / "partie.json"
    text = json.dumps(doc)
    save.write_text(text, encoding="utf-8")
    line = _one_french_line(_run(tmp_path, "--load", str(save)), "partie.json", field)
    assert said in line and line.startswith("tagteam : erreur : "), line
    assert save.read_text(encoding="utf-8") == text  # never written over


def test_a_truncated_save_names_the_line_and_column_in_french(tmp_path: Path) -> None:
    save = tmp_path / "partie.json"
    save.write_text('{"format": "tagteam-record", "seed": ', encoding="utf-8")
    out = _run(tmp_path, "--load", str(save))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "partie.json : ligne 1 colonne 38 : JSON non valide (une valeur était attendue)" in out.stderr, out.stderr


@pytest.mark.parametrize(
    ("change", "field", "said"),
    [
        ({"fighters": {"joan": {"hp": 40}}}, "fighters.joan.hp", "40 dépasse le maximum de la piste"),
        ({"fighters": {"joan": {"hp": 0}}}, "fighters.joan.hp", "case KO"),
        ({"sheriff": "joan"}, "sheriff", "le jeton Shérif demande le Wild Bunch"),
        ({"round": "2"}, "round", "doit être un nombre entier"),
        ({"decisions": [[{"type": "dance"}], []]}, "decisions.0.0.type", "type inconnu 'dance'"),
    ],
)
def test_a_bad_sandbox_position_is_one_french_line(
    tmp_path: Path, change: dict[str, object], field: str, said: str
) -> None:
    pos = {"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [[], []], **change}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(pos), encoding="utf-8")
    line = _one_french_line(_run(tmp_path, "sandbox", str(path)), "position.json", field)
    assert said in line, line


def test_a_bad_card_file_is_french_lines(tmp_path: Path) -> None:
    doc = json.loads((data_dir() / "joan.json").read_text(encoding="utf-8"))
    doc["cards"][0]["copies"] = "deux"
    path = tmp_path / "joan.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = _run(tmp_path, "cards", "check", "joan.json")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert lines, out
    assert lines[0].startswith("joan.json : carte joan.") and " : copies : doit être un nombre entier" in lines[0]
    for line in lines:
        assert not any(word in line for word in ENGLISH), line
