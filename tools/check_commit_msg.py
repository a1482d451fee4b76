"""The commit-msg hook: a subject people can scan in ``git log --oneline``, the details in the body.

``python tools/check_commit_msg.py MESSAGE_FILE`` (pre-commit passes the file git is about to commit with)
refuses a message whose subject is empty or longer than 72 characters, or whose body does not start after a
blank line; it prints why, one line each, and exits 1. Lines git drops before committing (``#`` comments, and
everything under the ``>8`` scissors line of ``git commit --verbose``) are not part of the message.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

SUBJECT_MAX = 72
SCISSORS = "# ------------------------ >8 ------------------------"


def message_lines(text: str) -> list[str]:
    """The message as git will store it: without comments or what follows the scissors, trailing blanks cut."""
    lines: list[str] = []
    for line in text.splitlines():
        if line == SCISSORS:
            break
        if not line.startswith("#"):
            lines.append(line.rstrip())
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def problems(text: str) -> list[str]:
    """Why the message ``text`` is refused (nothing when it is fine)."""
    lines = message_lines(text)
    if not lines:
        return ["the message is empty"]
    found = []
    if len(lines[0]) > SUBJECT_MAX:
        found.append(
            f"the subject is {len(lines[0])} characters, over {SUBJECT_MAX}: the gist there, the details in the body"
        )
    if len(lines) > 1 and lines[1]:
        found.append("the subject is one line: leave a blank line between it and the body")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if len(args) != 1:
        print("usage: python tools/check_commit_msg.py MESSAGE_FILE", file=sys.stderr)
        return 2
    found = problems(Path(args[0]).read_text(encoding="utf-8"))
    for line in found:
        print(f"commit message: {line}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
