"""A bad flag is one line in the player's language: under ``--lang fr`` argparse's own messages and the fixed
words around them ("tagteam : erreur : ... (voir --help)") are French; without it, English as before."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest

from tagteam.content.choices import LANGUAGES, SOURCE
from tagteam.words.args import lang_flag
from tagteam.words.lang import set_language
from tests.words.spaces import plain

CASES = [
    (
        ["serve", "--port", "abc"],
        "tagteam serve : erreur : argument --port : nombre entier de 0 à 65535 attendu, et non 'abc' (voir --help)",
    ),
    (["serve", "--bogus"], "tagteam : erreur : arguments non reconnus : --bogus (voir --help)"),
    (["join"], "tagteam join : erreur : ces arguments sont requis : HOST[:PORT], --code (voir --help)"),
    (
        ["host", "--mode", "xyz"],
        "tagteam host : erreur : argument --mode : choix invalide : 'xyz' (au choix : "
        "'first', 'free', 'standard', 'competitive') (voir --help)",
    ),
    (["cards"], "tagteam cards : erreur : choisissez parmi : check, show (voir --help)"),
    (["serve", "--port"], "tagteam serve : erreur : argument --port : une valeur attendue (voir --help)"),
]


def tagteam(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tagteam", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={"TAGTEAM_HOME": str(tmp_path), "PATH": "", "LANG": "C.UTF-8"},
    )


@pytest.mark.parametrize(("args", "line"), CASES)
def test_a_bad_flag_is_one_french_line_under_lang_fr(tmp_path: Path, args: list[str], line: str) -> None:
    r = tagteam(tmp_path, "--lang", "fr", *args)
    assert r.returncode == 2
    assert plain(r.stderr.strip()) == line


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


# Words that no line of another language holds (as whole words): a line with one of them was left in English.
_ENGLISH_WORDS = """
the of and with default print error unknown expected games game per every each this from when your is are not
commands example examples environment card fighter fighters player wins result stopped note seat draws average
median best think time same needs least folder file help exit
"""
ENGLISH = frozenset(_ENGLISH_WORDS.split())
FRENCH_RUNS = [
    ["--help"],
    *[
        [*command, "--help"]
        for command in (
            ["cards"],
            ["cards", "check"],
            ["cards", "show"],
            ["sandbox"],
            ["bench"],
            ["arena"],
            ["replay"],
            ["history"],
            ["history", "rebuild"],
            ["stats"],
            ["puzzles"],
            ["puzzles", "make"],
            ["puzzles", "verify"],
            ["host"],
            ["join"],
            ["serve"],
        )
    ],
    ["cards", "check"],
    ["cards", "show", "nobody"],
    ["sandbox", "data/examples/block-bonus-once.json", "--turns", "2"],
    ["sandbox", "no-such-position.json"],
    ["bench", "--games", "5", "--repeat", "1"],
    ["bench", "--fighters", "joan,nobody"],
    ["bench", "--fighters", "joan"],
    ["arena", "--bots", "random,easy", "--games", "2"],
    ["arena", "--bots", "nobody"],
    ["arena", "--bots", "easy"],
    ["history", "rebuild"],
    ["stats"],
    ["puzzles", "verify", "no-such-puzzles.json"],
    ["puzzles", "make", "--out", "/dev/null/no-folder"],  # a folder that cannot be made
    ["puzzles", "make", "--count", "x"],
    ["replay", "no-such-save.json"],
]


def english_words(line: str) -> set[str]:
    """The words of ENGLISH in a line, leaving out what is typed as it is (ids, flags, paths, bot names)."""
    words = [w for w in line.split() if not any(c in w for c in "-_/.:'[") and not w.isupper()]
    return {w.strip("(),;").lower() for w in words} & ENGLISH


def test_the_english_words_are_found() -> None:
    """The check below would see the lines these commands printed before they were worded."""
    assert english_words("12 fighters, 120 cards OK") == {"fighters"}
    assert english_words("unknown fighter 'nobody' (valid: bodvar, joan)") == {"unknown", "fighter"}
    assert english_words("Player 1 joan: 18 HP, Power 2, special 1") == {"player"}
    assert english_words("  -h, --help  show this help message and exit") == {"this", "help", "and", "exit"}
    assert english_words("commands:") == set() and english_words("commands") == {"commands"}
    assert english_words("  tagteam puzzles verify data/puzzles/puzzles.json") == set()
    assert english_words("  tagteam cards show joan    afficher le plateau et les cartes d'un Combattant") == set()


@pytest.mark.parametrize("args", FRENCH_RUNS, ids=" ".join)
@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != SOURCE])
def test_every_command_speaks_each_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, args: list[str]
) -> None:
    """Each command run in each language of the list (help, a good run, a bad argument): no line holds an
    English word."""
    from tagteam import __main__ as cli
    from tagteam.store import paths

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    monkeypatch.setenv("TAGTEAM_LANG", "")  # main() sets it from --lang: put back as it was after the test
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    try:
        with contextlib.suppress(SystemExit):
            cli.main(["--lang", lang, *args])
        out = capsys.readouterr()
    finally:
        set_language("en")
        paths.unlock_home()  # replay holds the home as a game does
    lines = (out.out + out.err).splitlines()
    assert any(line.strip() for line in lines)
    left = [line for line in lines if english_words(line)]
    assert not left, "\n".join(left)


def test_a_home_in_use_is_said_in_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second game on one home read "tagteam: Tag Team is already running on ..." under --lang fr."""
    import os

    from tagteam.store import paths

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    paths.unlock_home()
    assert paths.lock_home() is not None  # this test process plays the running game
    try:
        r = tagteam(tmp_path, "--lang", "fr", "--resume")
    finally:
        paths.unlock_home()
    assert r.returncode == 1
    assert plain(r.stderr.strip()) == (
        f"tagteam : erreur : Tag Team tourne déjà sur {tmp_path} (processus {os.getpid()}) : quittez-le d'abord, "
        "ou donnez à TAGTEAM_HOME un autre dossier"
    )


def test_an_unverified_save_is_noted_with_the_french_colon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An old save's note began "tagteam: ..." in French, where every other line of the command says "tagteam : "."""
    import json

    from tagteam.cli import play
    from tagteam.engine.record import dump
    from tagteam.engine.session import Session

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    old = json.loads(dump(Session.new(7).record))
    old["version"] = 1
    del old["digest"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    set_language("fr")
    try:
        assert play._load(str(path)) is not None
    finally:
        set_language("en")
    err = plain(capsys.readouterr().err.strip())
    assert err.startswith("tagteam : old.json : ") and "non vérifié" in err, err
