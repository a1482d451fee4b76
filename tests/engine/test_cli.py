"""The command line: bad flags and files are one line on stderr with exit status 2; tools print numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tagteam.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tagteam", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "args",
    [["--seed", "abc"], ["--seed", "-3"], ["--bogus"], ["bench", "--games", "0"], ["sandbox"], ["cards", "frob"]],
)
def test_bad_flags_one_line_exit_2(args: list[str]) -> None:
    out = _run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "Traceback" not in out.stderr


def test_bench_prints_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "50"]) == 0
    text = capsys.readouterr().out
    assert "games/s:" in text and "Turns/s:" in text


def test_bench_rejects_unknown_fighter(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "5", "--fighters", "joan,batman,golem,milady"]) == 2
    assert "batman" in capsys.readouterr().err


def test_sandbox_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    ex = str(ROOT / "data" / "examples" / "block-bonus-once.json")
    assert main(["sandbox", ex]) == 0
    assert "Block succeeds" in capsys.readouterr().out
    assert main(["sandbox", ex, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["final"]["fighters"]["joan"]["special"] == 1
    assert any(e["kind"] == "block_succeeded" for e in data["events"])


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not valid JSON"),
        (
            '{"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [["joan.nope"], ["milady.checkmate"]]}',
            "fight.0.0",
        ),
        ('{"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [[], []], "hp": 3}', "hp"),
        ('{"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [["joan.holy_shield"], []]}', "fight"),
        (
            '{"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [[], []], "fighters": {"joan": {"hp": 40}}}',
            "fighters.joan.hp",
        ),
        ('{"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [[], []], "sheriff": "joan"}', "sheriff"),
        ('{"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [[], []], "serpent": "black"}', "serpent"),
        (
            '{"teams": [["joan", "golem"], ["milady", "shango"]], "fight": [[], []], "presence": {"on": "milady"}}',
            "presence.on",
        ),
    ],
)
def test_sandbox_bad_files(tmp_path: Path, content: str, needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "pos.json"
    p.write_text(content)
    assert main(["sandbox", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(p) in err and needle in err, err


def test_sandbox_rejects_non_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "pos.json"
    p.write_bytes(b"\xff\xfe{")
    assert main(["sandbox", str(p)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
