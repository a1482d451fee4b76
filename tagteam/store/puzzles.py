"""The player's puzzle attempts: a journal file and the history database's ``puzzle_attempts`` table.

Every answer (and a hint taken before the first) is one line appended to ``puzzle-attempts.jsonl`` in the data
folder, then one row of ``puzzle_attempts`` in ``history.sqlite3`` (created by its own migration in
``tagteam.store.history``, never in ``DERIVED``: ``tagteam history rebuild`` leaves it alone). The table holds
each attempt with what it did (rated or not, the rating and the streak after it), read back to show the
progress; the journal is what makes it recomputable: a database moved aside (garbage, a broken image) or
unusable this time loses nothing, as the table is filled again from the journal in the order played. Both
ways: rows the journal lacks (it was deleted, or an old copy put back) are written back to it.

Faults are notes, never exceptions: the history's own ``Note`` for the database (locked, read-only, full,
garbage, newer schema) and a ``JournalNote`` for the file (not kept, unreadable, lines skipped). The puzzles
always play: with no database the progress is read from the journal, with neither it starts from nothing.
Textual-free; the words are ``tagteam.words.puzzles``'s.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from tagteam.ground.atomic import write_atomic
from tagteam.puzzles.progress import Attempt, Scored, Tally, tally
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


def _rewrite(attempts: list[Attempt]) -> JournalNote | None:
    """The whole journal written again (atomically): only when the database held attempts it lacked."""
    path = journal_path()
    try:
        write_atomic(path, b"".join(_line(a) for a in attempts))
    except OSError as e:
        return JournalNote("not_restored", str(path), e.strerror or str(e))
    return None


# ---------------------------------------------------------------------------------------------- the table


def _row(s: Scored) -> tuple[object, ...]:
    a, r = s.attempt, s.after
    return (
        a.id, a.at, a.day, a.puzzle, a.puzzle_rating, a.right, a.hint, a.first,
        s.rated, r.rating, r.rd, r.volatility, s.streak,
    )  # fmt: skip


def _from_row(r: Any) -> Attempt:
    return Attempt(str(r[0]), float(r[1]), str(r[2]), str(r[3]), int(r[4]), bool(r[5]), bool(r[6]), bool(r[7]))


def table_attempts(h: hs.History) -> list[Attempt]:
    """The attempts the table holds, in the order played."""
    return [_from_row(r) for r in h.conn.execute(f"SELECT {COLUMNS} FROM puzzle_attempts ORDER BY n")]


def _sync(h: hs.History, attempts: list[Attempt], scored: list[Scored]) -> None:
    """Make the table hold exactly ``attempts`` in order: nothing to do when it does, the new ones added when
    it holds the first of them, else filled again, in one transaction (a crash keeps the old table)."""
    ids = [str(r[0]) for r in h.conn.execute("SELECT id FROM puzzle_attempts ORDER BY n")]
    k = len(ids)
    if k <= len(attempts) and ids == [a.id for a in attempts[:k]]:
        if k == len(attempts):
            return
        rows = [_row(s) for s in scored[k:]]
        with h.conn:
            h.conn.executemany(f"INSERT INTO puzzle_attempts ({COLUMNS}) VALUES ({', '.join('?' * 13)})", rows)
        return
    with h.conn:
        h.conn.execute("DELETE FROM puzzle_attempts")
        h.conn.executemany(
            f"INSERT INTO puzzle_attempts (n, {COLUMNS}) VALUES ({', '.join('?' * 14)})",
            ((i, *_row(s)) for i, s in enumerate(scored)),
        )


# ---------------------------------------------------------------------------------------------- the two together


@dataclass(slots=True)
class Progress:
    """The player's progress and what happened on the way (one line each): ``indexed`` when the database
    holds it (else it was read from the journal alone)."""

    tally: Tally
    notes: list[Note] = field(default_factory=list)
    indexed: bool = False


def _merge(journal: list[Attempt], table: list[Attempt]) -> list[Attempt]:
    """Both lists as one, in the order played (the journal's order first; an attempt only the table has
    falls in by its time)."""
    known = {a.id for a in journal}
    extra = [a for a in table if a.id not in known]
    if not extra:
        return journal
    return sorted([*journal, *extra], key=lambda a: a.at)


def _open() -> hs.Opened:
    """The history database, as every feature opens it; a fresh one (just created, or made again after a
    broken one was moved aside) gets its games from the saves first, as ``record_finished`` does, so opening it
    here never leaves the game history empty."""
    from tagteam.play import history as ph

    opened = hs.open_history()
    h = opened.history
    if h is not None and opened.fresh:
        try:
            files = hs.record_files()
            if files:
                h.replace_all([g for g in ph.read_games(files) if isinstance(g, hs.Game)])
        except sqlite3.Error as e:
            opened.notes.append(hs.fault(e, h.path))
    return opened


def load() -> Progress:
    """The progress: the journal read, the table brought in step with it, read from the database when it can
    be used and from the journal when not. Never raises."""
    journal, jnotes = read_journal()
    notes: list[Note] = list(jnotes)
    opened = _open()
    notes += opened.notes
    attempts = journal
    indexed = False
    if opened.history is not None:
        with opened.history as h:
            try:
                merged = _merge(journal, table_attempts(h))
                if len(merged) != len(journal) and not any(n.code == "unreadable" for n in jnotes):
                    note = _rewrite(merged)  # the table held attempts the journal lost: put them back
                    if note is not None:
                        notes.append(note)
                attempts = merged
                _t, scored = tally(attempts)
                _sync(h, attempts, scored)
                attempts = table_attempts(h)  # what the database holds is what is shown
                indexed = True
            except sqlite3.Error as e:
                notes.append(hs.fault(e, h.path))
    t, _scored = tally(attempts)
    return Progress(t, notes, indexed)


def keep(a: Attempt) -> list[Note]:
    """Keep one attempt (already counted in the player's ``Tally``, so the screen shows at once what it did):
    the journal first, then the table (a database that fails this time catches up from the journal next
    time). When the journal cannot be written the database is not touched either, and the one note says the
    attempt was not kept. At most one note; never raises."""
    note = append(a)
    if note is not None:
        return [note]
    journal, _jnotes = read_journal()
    opened = _open()
    notes: list[Note] = list(opened.notes)
    if opened.history is not None:
        with opened.history as h:
            try:
                attempts = _merge(journal, table_attempts(h))
                _t, scored = tally(attempts)
                _sync(h, attempts, scored)
            except sqlite3.Error as e:
                notes.append(hs.fault(e, h.path))
    return notes[:1]
