"""``tagteam --help`` and ``tagteam COMMAND --help`` help a stranger: every command and flag says what it
does and its default, placeholders are plain words, the lists come from the data, and bad input is one line."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

import tagteam
from tagteam import __main__ as cli
from tagteam.__main__ import build_parser, main
from tagteam.cli import net as cli_net
from tagteam.content import loader
from tagteam.play.modes import MODES

INTERNAL = re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b")  # an underscore-joined name such as HOST_SEED or cards_command
ENVIRONMENT = {  # the only underscore names a player is meant to read: the environment variables --help lists
    "TAGTEAM_HOME",
    "LC_ALL",
    "LC_MESSAGES",
    "NO_COLOR",
    "TAGTEAM_LANG",
    "TAGTEAM_REDUCED_MOTION",
    "TEXTUAL_THEME",
}


def _run(*args: str, columns: int = 80) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run(
        [sys.executable, "-m", "tagteam", *args], capture_output=True, text=True, timeout=120, env=env
    )


def _subparsers(parser: argparse.ArgumentParser) -> list[argparse._SubParsersAction[argparse.ArgumentParser]]:
    return [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]


def _parsers(parser: argparse.ArgumentParser | None = None) -> Iterator[argparse.ArgumentParser]:
    """The parser and every sub-command's parser, however deep."""
    parser = parser or build_parser()
    yield parser
    for sub in _subparsers(parser):
        for child in sub.choices.values():
            yield from _parsers(child)


def _help(*path: str) -> str:
    parser = build_parser()
    for name in path:
        parser = _subparsers(parser)[0].choices[name]
    return parser.format_help()


def _shown_metavar(action: argparse.Action) -> str | None:
    """The placeholder help shows for an action's value (None when it takes none or lists its choices)."""
    if action.nargs == 0:
        return None
    if action.metavar is not None:
        return str(action.metavar)
    if action.choices is not None:
        return None
    return action.dest.upper() if action.option_strings else action.dest


def test_every_command_and_argument_has_a_help_text() -> None:
    seen = 0
    for parser in _parsers():
        for action in parser._actions:
            assert action.help and action.help.strip() and action.help != argparse.SUPPRESS, (parser.prog, action)
            seen += 1
        for sub in _subparsers(parser):
            for choice in sub._choices_actions:  # the one-line help of each command in the list
                assert choice.help and choice.help.strip(), (parser.prog, choice.dest)
    assert seen > 30  # every parser was walked, not only the top one


def test_every_optional_flag_names_its_default() -> None:
    for parser in _parsers():
        for action in parser._actions:
            if not action.option_strings or action.required or action.default == argparse.SUPPRESS:
                continue  # positionals, --code (required), --help and --version (they print and exit)
            assert "default" in (action.help or ""), (parser.prog, action.option_strings)


def test_no_placeholder_is_an_internal_name() -> None:
    for parser in _parsers():
        for action in parser._actions:
            shown = _shown_metavar(action)
            assert shown is None or "_" not in shown, (parser.prog, action.dest, shown)
        for sub in _subparsers(parser):
            assert sub.metavar and "_" not in str(sub.metavar), parser.prog
        leaked = set(INTERNAL.findall(parser.format_usage())) - ENVIRONMENT
        assert not leaked, (parser.prog, leaked)


def test_help_text_names_no_internal_field() -> None:
    fighters = set(loader.load_all())  # Fighter ids are data a player types, not internal names
    for parser in _parsers():
        text = parser.format_help()
        leaked = {w for w in INTERNAL.findall(text) if w not in ENVIRONMENT | fighters and "." not in w}
        assert not leaked, (parser.prog, leaked)


def test_version_prints_the_one_version() -> None:
    out = _run("--version")
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"tagteam {tagteam.__version__}\n"
    assert out.stderr == ""


def test_fighter_ids_in_help_come_from_the_card_data(monkeypatch: pytest.MonkeyPatch) -> None:
    ids = sorted(loader.load_all())
    for path in (("cards", "show"), ("bench",)):
        text = " ".join(_help(*path).split())
        assert ", ".join(ids) in text, path
    # a different card library: help follows it (the list is read, not written a second time)
    monkeypatch.setattr(loader, "load_all", lambda path=None: {"zeta_test": None, "alpha_test": None})
    text = " ".join(_help("cards", "show").split())
    assert "alpha_test, zeta_test" in text
    assert ids[0] not in text


def test_bot_names_in_arena_help_come_from_the_arena_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from tagteam.ai import measure

    names = measure.arena_names()
    for columns in range(50, 101):  # at any width, no name is cut at its hyphen (habit- / top)
        monkeypatch.setenv("COLUMNS", str(columns))
        assert ", ".join(names) in " ".join(_help("arena").split()), columns
    monkeypatch.setattr(measure, "arena_names", lambda: ["only-bot", "other-bot"])
    assert "only-bot, other-bot" in " ".join(_help("arena").split())


def test_building_the_parser_loads_no_data() -> None:
    """Starting a game must not wait for the card loader or the bots: they are read only when help shows (the
    table of levels, ``tagteam.ai.levels``, is not the bots: it loads nothing)."""
    code = (
        "import sys; from tagteam.__main__ import build_parser; build_parser().parse_args(['--seed', '1']);"
        "heavy = [m for m in ('tagteam.content.loader', 'tagteam.ai.base', 'tagteam.engine', 'pydantic')"
        " if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


@pytest.mark.parametrize("args", [["cards"], ["cards", "--bogus"]])
def test_cards_without_a_command_names_the_choices(args: list[str]) -> None:
    choices = list(_subparsers(_subparsers(build_parser())[0].choices["cards"])[0].choices)
    out = _run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert f"choose one of: {', '.join(choices)}" in lines[0]
    assert "cards_command" not in lines[0] and "required" not in lines[0]
    if "--bogus" in args:
        assert "--bogus" in lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "show"],
        ["cards", "check", "--bogus"],
        ["cards", "frob"],
        ["sandbox", "--turns", "0", "x.json"],
        ["bench", "--bogus"],
        ["arena", "--jobs", "0"],
        ["replay"],
        ["host", "--port", "70000"],
        ["host", "--mode", "chaos"],
        ["join", "localhost"],
        ["join", "localhost", "--code", "K", "--seat", "3"],
        ["serve", "--max-pages", "x"],
    ],
)
def test_every_bad_flag_is_one_line_and_status_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("tagteam") and "(see --help)" in err


@pytest.mark.parametrize(("columns", "widest"), [(80, 80), (300, 100)])
def test_no_help_line_is_too_wide(columns: int, widest: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """80 columns: everything fits; a wide terminal: lines stop at 100, so they stay readable."""
    monkeypatch.setenv("COLUMNS", str(columns))
    for parser in _parsers():
        for line in parser.format_help().splitlines():
            assert len(line) <= widest, (parser.prog, line)


def test_top_level_help_names_every_way_to_play_and_the_environment() -> None:
    text = " ".join(_help().split())
    for way in ("hot-seat", "solo practice against the computer", "guided first game", "host", "join", "serve"):
        assert way in text, way
    env = _help().split("environment:", 1)[1]
    for name in ("TAGTEAM_HOME", "LANG", "LC_ALL"):
        assert name in env, name
    assert "--lang" in env  # the environment is what decides when no flag is given


def test_lang_flag_lists_the_languages_of_the_words_layer() -> None:
    from tagteam.words.lang import LANGUAGES

    action = next(a for a in cli.build_parser()._actions if "--lang" in a.option_strings)
    assert tuple(action.choices or ()) == LANGUAGES


def test_every_command_shows_an_example_of_itself() -> None:
    for parser in _parsers():
        if parser.prog == "tagteam":
            continue
        assert parser.epilog and parser.epilog.startswith("example"), parser.prog
        assert any(ln.strip().startswith(parser.prog) for ln in parser.epilog.splitlines()), parser.prog


def test_host_defaults_match_the_network_layer() -> None:
    from tagteam.net.protocol import DEFAULT_PORT

    host = _subparsers(build_parser())[0].choices["host"]
    actions = {a.dest: a for a in host._actions}
    assert actions["port"].default == DEFAULT_PORT
    assert tuple(actions["mode"].choices or ()) == MODES
    assert set(cli_net.MODE_WORDS) == set(MODES)  # each mode is explained in the --mode help
    assert f"default port: {DEFAULT_PORT}" in " ".join(_help("join").split())
