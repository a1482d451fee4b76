"""The player's puzzle attempts: a journal file and the history database's ``puzzle_attempts`` table.

Every answer (and a hint taken before the first) is one line appended to ``puzzle-attempts.jsonl`` in the data
folder, then one row of ``puzzle_attempts`` in ``history.sqlite3`` (created by its own migration in
``tagteam.store.history``, never in ``DERIVED``: ``tagteam history rebuild`` leaves it alone). The table holds
each attempt with what it did (rated or not, the rating and the streak after it), read back to show the
progress; the journal is what makes it recomputable: a database moved aside (garbage, a broken image) or
unusable this time loses nothing, as the table is filled again from the journal in the order played. The
journal is the truth and only ever appended to: the table never rewrites it nor adds to it (a row the journal
lacks is shown and kept in the table, not copied into the journal), except that a journal deleted outright is
written again from the table (``restore``). Lines from a newer version (more fields) are read by the fields
they share and stay as they are. Values read back from either are checked; what is not an attempt is skipped.

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
import sqlite3
import stat
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from tagteam.ground.atomic import write_atomic
from tagteam.ground.jsonfile import InputError, read_bytes
from tagteam.ground.problems import Code
from tagteam.ground.regular import openable
from tagteam.store import history as hs
from tagteam.store.paths import home

FILE = "puzzle-attempts.jsonl"
MAX_LINE = 1000  # bytes: a line longer than this is not one of ours
MAX_BYTES = 32_000_000  # the whole journal: some 200,000 attempts, a lifetime of puzzles (and never /dev/zero)
MAX_FIELDS = 32  # a newer version's line may add fields; not hundreds
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_PUZZLE = re.compile(r"^p[0-9a-f]{10}$")
_ID = re.compile(r"^[0-9a-z]{1,40}$")
COLUMNS = "id, at, day, puzzle, puzzle_rating, correct, hint, first, rated, rating, rd, volatility, streak"

FIELDS = frozenset(("id", "at", "day", "puzzle", "puzzle_rating", "right", "hint", "first"))
JournalCode = Literal["not_kept", "unreadable", "skipped", "not_restored"]


@dataclass(frozen=True, slots=True)
class JournalNote:
    """What happened to the journal file: ``detail`` the system's reason, or how many lines were skipped;
    ``reason`` ``not_regular`` when it is no regular file (never opened then); ``error`` the bounded reader's
    refusal (too large, unreadable), worded by ``tagteam.words.inputs``."""

    code: JournalCode
    file: str
    detail: str = ""
    reason: Literal["", "not_regular"] = ""
    error: InputError | None = None


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
    written line is skipped, never trusted). Fields this version does not know (a line from a newer Tag Team)
    are let be: the attempt is read from the fields it knows, and the line stays in the journal as it is."""
    if not isinstance(obj, dict) or not set(obj) >= FIELDS or len(obj) > MAX_FIELDS:
        return None
    return _checked(obj["id"], obj["at"], obj["day"], obj["puzzle"], obj["puzzle_rating"], obj["right"],
                    obj["hint"], obj["first"])  # fmt: skip


def _checked(id: Any, at: Any, day: Any, puzzle: Any, rating: Any, *flags: Any) -> Attempt | None:
    """An attempt from its values, each checked (a journal line's or a table row's), or None."""
    if not (isinstance(id, str) and _ID.fullmatch(id)):
        return None
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at) or not 0 <= at < 1e11:
        return None
    if not (isinstance(day, str) and _DAY.fullmatch(day)):
        return None
    if not (isinstance(puzzle, str) and _PUZZLE.fullmatch(puzzle)):
        return None
    if isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= 3000:
        return None
    if not all(isinstance(x, bool) for x in flags):
        return None
    return Attempt(id, float(at), day, puzzle, rating, *flags)


def _line(a: Attempt) -> bytes:
    return (json.dumps(asdict(a), separators=(",", ":")) + "\n").encode()


def read_journal() -> tuple[list[Attempt], list[JournalNote]]:
    """Every attempt in the journal, in the order written (none when there is no journal yet); lines that are
    not attempts (a write cut short, an editor's slip) are skipped, said in one note. Read through the bounded
    reader (``tagteam.ground.jsonfile.read_bytes``): a regular file of at most ``MAX_BYTES``, never a FIFO, a
    device or a link out of the data folder."""
    path = journal_path()
    if not os.path.lexists(path):
        return [], []
    if not openable(path):
        return [], [JournalNote("unreadable", str(path), "", "not_regular")]
    try:
        data = read_bytes(path, MAX_BYTES)
    except InputError as e:
        if e.problem.code is Code.CANNOT_READ and e.problem.values.get("errno") == "ENOENT":
            return [], []
        return [], [JournalNote("unreadable", str(path), "", "", e)]
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
    """Add one attempt at the end of the journal, on disk before this returns; None when kept. Only a regular
    file is written to (opened without waiting, and checked once open)."""
    path = journal_path()
    if not openable(path):
        return JournalNote("not_kept", str(path), "", "not_regular")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a+b") as fh:  # ``openable`` said it is a regular file (or none): opening cannot wait
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):  # swapped for something else meanwhile: nothing written
                return JournalNote("not_kept", str(path), "", "not_regular")
            lead = b""
            if st.st_size > 0:  # a line cut short by a crash is left on its own line, not glued to this one
                lead = b"" if os.pread(fh.fileno(), 1, st.st_size - 1) == b"\n" else b"\n"
            fh.write(lead + _line(a))
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as e:
        return JournalNote("not_kept", str(path), e.strerror or str(e))
    return None


def restore(attempts: list[Attempt]) -> JournalNote | None:
    """A journal written from the table's attempts (atomically), only where there is none at all (it was
    deleted): an existing journal is never rewritten, so its lines (a newer version's among them) stay as
    they are, and a table row is never copied into it."""
    path = journal_path()
    if os.path.lexists(path):
        return None
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


def table_attempts(h: hs.History) -> list[Attempt]:
    """The attempts the table holds, in the order played; a row whose values are not an attempt's is skipped
    and counted in ``h.skipped`` (said by ``h.notes()``)."""
    out: list[Attempt] = []
    for r in h.run(f"SELECT {COLUMNS} FROM puzzle_attempts ORDER BY n"):
        flags = tuple(bool(x) if type(x) is int and x in (0, 1) else None for x in r[5:8])
        a = _checked(r[0], r[1], r[2], r[3], r[4], *flags)
        if a is None:
            h.skipped += 1
        else:
            out.append(a)
    return out


def sync(h: hs.History, attempts: list[Attempt], outcomes: list[Outcome]) -> None:
    """Make the table hold exactly ``attempts`` in order, each with its outcome: nothing to do when it does, the
    new ones added when it holds the first of them exactly, else filled again, in one transaction (a crash keeps
    the old table)."""
    have = [tuple(r) for r in h.run(f"SELECT {COLUMNS} FROM puzzle_attempts ORDER BY n")]
    want = [_row(a, o) for a, o in zip(attempts, outcomes, strict=True)]
    k = len(have)
    if k <= len(want) and have == want[:k]:  # every value compared: a row changed in place is written again
        if k < len(want):
            h.write(f"INSERT INTO puzzle_attempts ({COLUMNS}) VALUES ({', '.join('?' * 13)})", want[k:])
        return
    try:
        with h.conn:
            h.conn.execute("DELETE FROM puzzle_attempts")
            h.conn.executemany(
                f"INSERT INTO puzzle_attempts (n, {COLUMNS}) VALUES ({', '.join('?' * 14)})",
                ((i, *_row(a, o)) for i, (a, o) in enumerate(zip(attempts, outcomes, strict=True))),
            )
    except sqlite3.Error as e:
        raise h.damaged(e) from None
