"""The command line as an installed tool (issue 44, items 5, 6 and 8): one progress bar drawn only on a terminal,
Ctrl-C that keeps what was done, the arena's JSON and CSV, defaults that point at what the wheel ships, every
environment variable the game reads named in ``--help``, ``tagteam history`` alone listing the games, and no
game started without a terminal."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tagteam.ai import match
from tagteam.ai.match import GameResult
from tagteam.cli import arena, parsing, progress
from tagteam.cli import puzzles as cli_puzzles
from tagteam.cli import sandbox as cli_sandbox

ROOT = Path(__file__).resolve().parents[1]


class _Tty(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _fake_play(bots: Any, seed: int, teams: Any = None, draft: str = "free") -> GameResult:
    return GameResult(0, "ko", 1)


# ------------------------------------------------------------------------------------------------ the bar


def test_the_bar_draws_nothing_off_a_terminal() -> None:
    out = io.StringIO()
    with progress.bar("Counting", 10, stream=out) as tick:
        for i in range(11):
            tick(i, 10)
    assert out.getvalue() == ""


def test_the_bar_draws_its_label_on_a_terminal() -> None:
    out = _Tty()
    with progress.bar("Counting sheep", 10, stream=out) as tick:
        tick(5, 10)
    assert "Counting sheep" in out.getvalue()


# ------------------------------------------------------------------------------------------------ the arena


def test_ctrl_c_keeps_the_deals_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match, "play", _fake_play)
    calls: list[int] = []

    def tick(done: int, total: int) -> None:
        calls.append(done)
        if done == 3:
            raise KeyboardInterrupt

    played = arena.Played()
    tallies, _think = arena.tournament(["random", "easy"], deals=10, seed=1, jobs=1, tick=tick, played=played)
    assert played.stopped and (played.done, played.total) == (3, 10)
    assert tallies[("random", "easy")].n == 6  # three deals, two games each: nothing played is lost
    assert calls[0] == 0  # the bar is drawn before the first deal ends


def test_ctrl_c_without_a_record_of_how_far_still_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match, "play", _fake_play)

    def tick(done: int, total: int) -> None:
        if done == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        arena.tournament(["random", "easy"], deals=4, seed=1, jobs=1, tick=tick)


def test_arena_json_and_csv_count_every_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(match, "play", _fake_play)
    assert arena.run("random,easy,normal", games=4, seed=2, jobs=1, fmt="json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals_per_pair"] == 2 and len(data["pairs"]) == 3
    for row in data["pairs"]:
        assert row["wins"] + row["draws"] + row["losses"] == row["games"] == 4
        assert 0 <= row["low"] <= row["score"] <= row["high"] <= 1
    assert arena.run("random,easy,normal", games=4, seed=2, jobs=1, fmt="csv") == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["bot"], r["opponent"]) for r in rows] == [(p["bot"], p["opponent"]) for p in data["pairs"]]
    assert all(int(r["games"]) == 4 for r in rows)


def test_jobs_default_to_the_machines_cores() -> None:
    from tagteam.__main__ import build_parser

    parser = build_parser()
    cores = parsing.cores()
    assert parser.parse_args(["arena"]).jobs == cores
    assert parser.parse_args(["puzzles", "make"]).jobs == min(64, cores)


# ------------------------------------------------------------------------------------------------ puzzles


def test_verify_defaults_to_the_shipped_set(monkeypatch: pytest.MonkeyPatch) -> None:
    from tagteam.__main__ import build_parser
    from tagteam.puzzles.files import shipped_path

    seen: list[str] = []

    def fake_verify(path: str) -> int:
        seen.append(path)
        return 0

    monkeypatch.setattr(cli_puzzles, "verify", fake_verify)
    args = build_parser().parse_args(["puzzles", "verify"])
    assert args.run(args) == 0
    assert seen == [str(shipped_path())] and Path(seen[0]).is_file()


def test_make_writes_into_a_folder_it_makes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tagteam.puzzles import make as mk

    stops: list[bool] = []

    def fake_make(count: int, **kw: Any) -> list[Any]:
        kw["on_stop"]()  # as Ctrl-C does: the search ends, what was proven is written
        stops.append(True)
        return []

    monkeypatch.setattr(mk, "make", fake_make)
    folder = tmp_path / "new" / "set"
    assert cli_puzzles.make(3, 1, 0, str(folder)) == 130
    assert (folder / cli_puzzles.OUT_NAME).is_file() and stops


def test_make_stops_on_ctrl_c_with_what_it_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    from tagteam.puzzles import make as mk

    monkeypatch.setattr(mk, "library", lambda: {"x": None})

    class _Fake:
        def __init__(self, pid: str) -> None:
            self.id = pid

    monkeypatch.setattr(mk, "_results", lambda seeds, jobs: iter([[_Fake("a")], [_Fake("b")], [_Fake("c")]]))
    stopped: list[bool] = []

    def progress(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    got = mk.make(5, jobs=1, progress=progress, cover=False, on_stop=lambda: stopped.append(True))
    assert stopped == [True] and [p.id for p in got] == ["a", "b"]


# ------------------------------------------------------------------------------------------------ the rest


def _tagteam(*args: str, home: Path, stdin: Any = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TAGTEAM_HOME": str(home)}
    env.pop("TEXTUAL_DRIVER", None)
    return subprocess.run(
        [sys.executable, "-m", "tagteam", *args], capture_output=True, text=True, env=env, stdin=stdin, timeout=60
    )


def test_no_terminal_no_game(tmp_path: Path) -> None:
    out = _tagteam(home=tmp_path)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "terminal" in out.stderr
    assert "\x1b" not in out.stdout + out.stderr  # no escape code written into a file


def test_history_alone_lists_the_games(tmp_path: Path) -> None:
    out = _tagteam("history", home=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()  # "No finished game yet" on an empty home: a list, not an error


def test_sandbox_examples_are_shipped_and_named(tmp_path: Path) -> None:
    names = cli_sandbox.examples()
    assert {"block-bonus-once", "scripted-build-step"} <= set(names)
    listed = _tagteam("sandbox", "--examples", home=tmp_path)
    assert listed.returncode == 0 and all(n in listed.stdout for n in names)
    ran = _tagteam("sandbox", "block-bonus-once", "--turns", "1", home=tmp_path)
    assert ran.returncode == 0, ran.stderr


def test_every_environment_variable_read_is_in_the_help(tmp_path: Path) -> None:
    """Each name the code reads from the environment (a literal, or a constant holding one) is listed."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tagteam").rglob("*.py"))
    names = set(re.findall(r"environ(?:\.get)?\(\s*\"([A-Z][A-Z0-9_]+)\"", source))
    names |= set(re.findall(r"^[A-Z_]*(?:ENV|VAR)S? = \(?\"([A-Z][A-Z0-9_]+)\"", source, flags=re.M))
    names |= set(re.findall(r"ENV_VARS = \(([^)]*)\)", source)[0].replace('"', "").replace(" ", "").split(","))
    names.discard("")
    names -= {"TAGTEAM_JOIN_ADDRESS", "TEXTUAL_DRIVER"}  # set by the game for its own page processes only
    helped = _tagteam("--help", home=tmp_path).stdout
    assert names >= {"TAGTEAM_HOME", "LANG", "TAGTEAM_REDUCED_MOTION", "TEXTUAL_THEME"}
    assert sorted(n for n in names | {"NO_COLOR"} if n not in helped) == []


def test_help_names_no_file_an_installed_user_lacks() -> None:
    from tests.test_cli_help import _parsers

    texts = [parser.format_help() for parser in _parsers()]
    assert len(texts) > 10
    assert re.findall(r"\b(?:docs|data)/[\w./-]+", "\n".join(texts)) == []


def test_the_screenshot_goes_where_it_can(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    from tagteam import base_app

    monkeypatch.setattr(platformdirs, "user_downloads_dir", lambda: str(tmp_path / "no-such-downloads"))
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    folder = base_app.screenshot_folder()
    assert folder == tmp_path / "home" / "screenshots" and folder.is_dir()
    (tmp_path / "dl").mkdir()
    monkeypatch.setattr(platformdirs, "user_downloads_dir", lambda: str(tmp_path / "dl"))
    assert base_app.screenshot_folder() == tmp_path / "dl"
