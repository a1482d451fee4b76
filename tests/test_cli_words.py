"""A bad flag is one line in the player's language: under ``--lang fr`` argparse's own messages and the fixed
words around them ("tagteam : erreur : ... (voir --help)") are French; without it, English as before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tagteam.words.args import lang_flag

CASES = [
    (["serve", "--port", "abc"],
     "tagteam serve : erreur : argument --port : nombre entier de 0 à 65535 attendu, et non 'abc' (voir --help)"),
    (["serve", "--bogus"], "tagteam : erreur : arguments non reconnus : --bogus (voir --help)"),
    (["join"], "tagteam join : erreur : ces arguments sont requis : HOST[:PORT], --code (voir --help)"),
    (["host", "--mode", "xyz"], "tagteam host : erreur : argument --mode : choix invalide : 'xyz' (au choix : "
                                "'first', 'free', 'standard', 'competitive') (voir --help)"),
    (["cards"], "tagteam cards : erreur : choisissez parmi : check, show (voir --help)"),
    (["serve", "--port"], "tagteam serve : erreur : argument --port : une valeur attendue (voir --help)"),
]


def tagteam(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tagteam", *args], capture_output=True, text=True, timeout=60,
        env={"TAGTEAM_HOME": str(tmp_path), "PATH": "", "LANG": "C.UTF-8"},
    )


@pytest.mark.parametrize(("args", "line"), CASES)
def test_a_bad_flag_is_one_french_line_under_lang_fr(tmp_path: Path, args: list[str], line: str) -> None:
    r = tagteam(tmp_path, "--lang", "fr", *args)
    assert r.returncode == 2
    assert r.stderr.strip() == line


def test_the_same_bad_flag_stays_english_without_lang(tmp_path: Path) -> None:
    r = tagteam(tmp_path, "serve", "--port", "abc")
    assert r.returncode == 2
    assert r.stderr.strip() == (
        "tagteam serve: error: argument --port: expected a whole number from 0 to 65535, got 'abc' (see --help)"
    )


def test_the_language_flag_is_read_before_the_command_line_is_parsed() -> None:
    assert lang_flag(["--lang", "fr", "serve"]) == "fr"
    assert lang_flag(["--lang=fr_CA.UTF-8", "join"]) == "fr"
    assert lang_flag(["--lang", "de"]) is None
    assert lang_flag(["--", "--lang", "fr"]) is None and lang_flag(["--lang"]) is None
