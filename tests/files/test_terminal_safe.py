"""What a command prints of data reaches the terminal escaped (an id holding an escape sequence or a line break
can neither colour the terminal nor fake a line), and a closed standard error or output never hides an error's
exit status (issue 44, item 4)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagteam.__main__ import EXIT_PIPE_CLOSED, main
from tagteam.content.loader import check_content
from tagteam.ground.problems import shown, shown_json
from tests.files.fuzzing import one_line

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "data" / "cards"

hostile = st.lists(
    st.sampled_from(["\x1b", "[31m", "\n", "\r", "\x07", "\u2028", "\u202e", "\x9b", "\\", "a", " ", "é", "\t"]),
    min_size=1,
    max_size=8,
).map("".join)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=hostile, where=st.sampled_from(["id", "suffix"]))
def test_a_card_id_with_any_control_character_is_printed_escaped(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], text: str, where: str
) -> None:
    folder = tmp_path_factory.mktemp("cards")
    data = json.loads((CARDS / "joan.json").read_text(encoding="utf-8"))
    card = data["cards"][0]
    card["id"] = text if where == "id" else f"{card['id']}{text}"
    (folder / "joan.json").write_text(json.dumps(data), encoding="utf-8")
    problems = check_content(folder)[1]
    capsys.readouterr()
    assert main(["cards", "check", str(folder)]) == (2 if problems else 0)
    out = capsys.readouterr()
    lines = out.err.split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(problems)  # one line per problem: no fake line
    assert all(one_line(x) for x in lines[:-1]), lines


@given(st.text(max_size=40))
def test_shown_leaves_only_printable_characters_and_keeps_json_the_same(text: str) -> None:
    # a space of any width (a French no-break space) is harmless to a terminal: kept (ground.problems._space)
    assert all(ch.isprintable() or unicodedata.category(ch) == "Zs" for ch in shown(text))
    assert shown(shown(text)) == shown(text)  # a line already escaped is not escaped twice
    doc = json.dumps({"value": text}, ensure_ascii=False)
    assert json.loads(shown_json(doc)) == {"value": text}
    assert all(ch.isprintable() or unicodedata.category(ch) == "Zs" for ch in shown_json(doc))


# What each command does with its standard error or output closed: its own exit status, whatever it prints
# (141 only for a command that succeeded and had something to print on a closed output).
CLOSED = [
    (["stats"], "2>&-", 0),
    (["stats"], ">&-", EXIT_PIPE_CLOSED),
    (["history", "rebuild"], "2>&-", 0),
    (["history", "rebuild"], ">&-", EXIT_PIPE_CLOSED),
    (["puzzles", "verify", "nowhere/puzzles.json"], "2>&-", 2),
    (["puzzles", "verify", "nowhere/puzzles.json"], ">&-", 2),
    (["replay", "/missing"], ">&-", 2),
    (["replay", "/missing"], "2>&-", 2),
    (["cards", "check", "/missing"], ">&-", 2),
    (["stats"], "2>&- >&-", EXIT_PIPE_CLOSED),
]


@pytest.mark.parametrize(("command", "closed", "status"), CLOSED)
def test_a_closed_stream_never_hides_an_errors_exit_status(
    command: list[str], closed: str, status: int, tmp_path: Path
) -> None:
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path)}
    shell = f'exec "$0" -m tagteam "$@" {closed}'
    done = subprocess.run(
        ["sh", "-c", shell, sys.executable, *command], capture_output=True, env=env, timeout=120, check=False
    )
    said = done.stderr.decode(errors="replace")
    assert done.returncode == status, said
    assert "Traceback" not in said and "Exception ignored" not in said
    if closed == ">&-" and status == 2:
        assert said.count("\n") == 1  # the error is still said, on the error stream


def test_the_closed_error_stream_keeps_the_history_database_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Descriptor 2 closed: no file the command opens takes its number, so no line is written into the
    database (SQLite's own warning) and the index opens afterwards."""
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path)}
    saves = tmp_path / "saves"
    saves.mkdir()
    for p in sorted((ROOT / "tests" / "scenarios").glob("*.json"))[:1]:
        shutil.copy(p, saves / p.name)
    shell = 'exec "$0" -m tagteam stats 2>&-'
    for _ in range(2):
        done = subprocess.run(["sh", "-c", shell, sys.executable], capture_output=True, env=env, timeout=120)
        assert done.returncode == 0
    from tagteam.store import history as hs

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    opened = hs.open_history(create=False)
    assert opened.history is not None and opened.notes == []
    opened.history.close()
