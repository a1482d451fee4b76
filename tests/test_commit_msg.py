"""The commit-msg hook (tools/check_commit_msg.py): a subject of at most 72 characters, then a blank line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools.check_commit_msg import SCISSORS, SUBJECT_MAX, main, problems

ROOT = Path(__file__).resolve().parents[1]


def test_a_short_subject_a_blank_line_and_a_body_pass() -> None:
    assert problems("Move the fitters to tools/\n\nThey only generate tables; the wheel ships the bots.\n") == []
    assert problems("Fix a typo\n") == []
    assert problems("x" * SUBJECT_MAX) == []


def test_a_long_subject_is_refused_with_its_length() -> None:
    found = problems("x" * (SUBJECT_MAX + 1) + "\n\nbody\n")
    assert len(found) == 1 and f"{SUBJECT_MAX + 1} characters" in found[0]


def test_a_body_glued_to_the_subject_is_refused() -> None:
    assert problems("Subject\nthe body at once\n") == [
        "the subject is one line: leave a blank line between it and the body"
    ]


def test_an_empty_message_is_refused() -> None:
    assert problems("\n# Please enter the commit message\n\n") == ["the message is empty"]


def test_what_git_drops_is_not_checked() -> None:
    template = "# a comment git strips\nSubject\n# another\n\nBody\n" + SCISSORS + "\n" + "diff " * 40 + "\n"
    assert problems(template) == []


def test_the_hook_exits_1_on_a_refusal_and_0_on_a_good_message(tmp_path: Path) -> None:
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.write_text("Subject\n\nBody\n", encoding="utf-8")
    bad.write_text("y" * 100 + "\n", encoding="utf-8")
    assert main([str(good)]) == 0
    assert main([str(bad)]) == 1
    assert main([]) == 2
    # run as pre-commit runs it: a script file, given the message file
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_commit_msg.py"), str(bad)],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert r.returncode == 1 and r.stdout == "" and "100 characters" in r.stderr
