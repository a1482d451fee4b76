"""The player's puzzle attempts: a journal file and the history database's ``puzzle_attempts`` table.

Every answer (and a hint taken before the first) is one line appended to ``puzzle-attempts.jsonl`` in the data
folder, then one row of ``puzzle_attempts`` in ``history.sqlite3`` (created by its own migration in
``tagteam.store.history``, never in ``DERIVED``: ``tagteam history rebuild`` leaves it alone). The table holds
each attempt with what it did (rated or not, the rating and the streak after it), read back to show the
progress; the journal is what makes it recomputable: a database moved aside (garbage, a broken image) or
unusable this time loses nothing, as the table is filled again from the journal in the order played. Both
ways: rows the journal lacks (it was deleted, or an old copy put back) are written back to it.

Faults are notes, never exceptions: the history's own ``Note`` for the database (locked, read-only, full,
garbage, newer schema) and a ``JournalNote`` for the file (not kept, unreadable, lines skipped). This module
keeps and reads; the progress counted from the attempts and the two kept in step are
``tagteam.puzzles.kept``'s. Textual-free; the words are ``tagteam.words.puzzles``'s.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from tagteam.ground.atomic import write_atomic
from tagteam.store import history as hs
from tagteam.store.paths import home

FILE = "puzzle-attempts.jsonl"
MAX_LINE = 1000  # bytes: a line longer than this is not one of ours
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_PUZZLE = re.compile(r"^p[0-9a-f]{10}$")
_ID = re.compile(r"^[0-9a-z]{1,40}$")
COLUMNS = "id, at, day, puzzle, puzzle_rating, correct, hint, first, rated, rating, rd, volatility, streak"

FIELDS = frozenset(("id", "at", "day", "puzzle", "puzzle_rating", "right", "hint", "first"))
JournalCode = Literal["not_kept", "unreadable", "skipped", "not_restored"]


@dataclass(frozen=True, slots=True)
class JournalNote:
    """What happened to the journal file: ``detail`` the system's reason, or how many lines were skipped."""

    code: JournalCode
    file: str
    detail: str = ""


Note = hs.Note | JournalNote


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answer to a puzzle (or a hint taken before the first): ``first`` when it is the first of its
    opening of the puzzle (later answers after a miss are not); ``puzzle_rating`` the puzzle's difficulty
    when it was answered (a later set may rate it otherwise); ``day`` the player's local ISO date."""

    id: str
    at: float
    day: str
    puzzle: str
    puzzle_rating: int
    right: bool
    hint: bool
    first: bool


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one attempt did, kept beside it in the table: rated or not, the rating after it, the streak."""

    rated: bool
    rating: float
    rd: float
    volatility: float
    streak: int


def journal_path() -> Path:
    return home() / FILE


# ---------------------------------------------------------------------------------------------- the journal


def _attempt(obj: Any) -> Attempt | None:
    """One journal line's attempt, or None when it is not one (every field checked: a hand-edited or half
    written line is skipped, never trusted)."""
    if not isinstance(obj, dict) or set(obj) != FIELDS:
        return None
    at, rating = obj["at"], obj["puzzle_rating"]
    flags = (obj["right"], obj["hint"], obj["first"])
    if not (isinstance(obj["id"], str) and _ID.match(obj["id"])):
        return None
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at) or not 0 <= at < 1e11:
        return None
    if not (isinstance(obj["day"], str) and _DAY.match(obj["day"])):
        return None
    if not (isinstance(obj["puzzle"], str) and _PUZZLE.match(obj["puzzle"])):
        return None
    if isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= 3000:
        return None
    if not all(isinstance(x, bool) for x in flags):
        return None
    return Attempt(obj["id"], float(at), obj["day"], obj["puzzle"], rating, *flags)


def _line(a: Attempt) -> bytes:
    return (json.dumps(asdict(a), separators=(",", ":")) + "\n").encode()


def read_journal() -> tuple[list[Attempt], list[JournalNote]]:
    """Every attempt in the journal, in the order written (none when there is no journal yet); lines that are
    not attempts (a write cut short, an editor's slip) are skipped, said in one note."""
    path = journal_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], []
    except OSError as e:
        return [], [JournalNote("unreadable", str(path), e.strerror or str(e))]
    out: list[Attempt] = []
    seen: set[str] = set()
    skipped = 0
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        a = None
        if len(raw) <= MAX_LINE:
            with contextlib.suppress(ValueError, RecursionError):
                a = _attempt(json.loads(raw))
        if a is None:
            skipped += 1
        elif a.id not in seen:  # the same line twice (a copy put back) is one attempt
            seen.add(a.id)
            out.append(a)
    return out, [JournalNote("skipped", str(path), str(skipped))] if skipped else []


def append(a: Attempt) -> JournalNote | None:
    """Add one attempt at the end of the journal, on disk before this returns; None when kept."""
    path = journal_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("ab") as fh:
            lead = b""
            if fh.tell() > 0:  # a line cut short by a crash is left on its own line, not glued to this one
                with path.open("rb") as rd:
                    rd.seek(-1, os.SEEK_END)
                    lead = b"" if rd.read(1) == b"\n" else b"\n"
            fh.write(lead + _line(a))
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as e:
        return JournalNote("not_kept", str(path), e.strerror or str(e))
    return None


def rewrite(attempts: list[Attempt]) -> JournalNote | None:
    """The whole journal written again (atomically): only when the database held attempts it lacked."""
    path = journal_path()
    try:
        write_atomic(path, b"".join(_line(a) for a in attempts))
    except OSError as e:
        return JournalNote("not_restored", str(path), e.strerror or str(e))
    return None


# ---------------------------------------------------------------------------------------------- the table


def _row(a: Attempt, o: Outcome) -> tuple[object, ...]:
    return (
        a.id, a.at, a.day, a.puzzle, a.puzzle_rating, a.right, a.hint, a.first,
        o.rated, o.rating, o.rd, o.volatility, o.streak,
    )  # fmt: skip


def _from_row(r: Any) -> Attempt:
    return Attempt(str(r[0]), float(r[1]), str(r[2]), str(r[3]), int(r[4]), bool(r[5]), bool(r[6]), bool(r[7]))


def table_attempts(h: hs.History) -> list[Attempt]:
    """The attempts the table holds, in the order played."""
    return [_from_row(r) for r in h.conn.execute(f"SELECT {COLUMNS} FROM puzzle_attempts ORDER BY n")]


def sync(h: hs.History, attempts: list[Attempt], outcomes: list[Outcome]) -> None:
    """Make the table hold exactly ``attempts`` in order, each with its outcome: nothing to do when it does, the
    new ones added when it holds the first of them, else filled again, in one transaction (a crash keeps the
    old table)."""
    ids = [str(r[0]) for r in h.conn.execute("SELECT id FROM puzzle_attempts ORDER BY n")]
    k = len(ids)
    if k <= len(attempts) and ids == [a.id for a in attempts[:k]]:
        if k == len(attempts):
            return
        rows = [_row(a, o) for a, o in zip(attempts[k:], outcomes[k:], strict=True)]
        with h.conn:
            h.conn.executemany(f"INSERT INTO puzzle_attempts ({COLUMNS}) VALUES ({', '.join('?' * 13)})", rows)
        return
    with h.conn:
        h.conn.execute("DELETE FROM puzzle_attempts")
        h.conn.executemany(
            f"INSERT INTO puzzle_attempts (n, {COLUMNS}) VALUES ({', '.join('?' * 14)})",
            ((i, *_row(a, o)) for i, (a, o) in enumerate(zip(attempts, outcomes, strict=True))),
        )
