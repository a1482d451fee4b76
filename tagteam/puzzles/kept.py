"""The player's puzzle progress kept: the journal and the history database's table (``tagteam.store.puzzles``)
brought in step, and the progress counted from them (``tagteam.puzzles.progress``).

The puzzles always play: with no database the progress is read from the journal, with neither it starts from
nothing. A fresh history database is filled from the saves first (``tagteam.play.history``), as a finished
game does, so opening it here never leaves the game history empty.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from tagteam.play import history as ph
from tagteam.puzzles.progress import Scored, Tally, tally
from tagteam.store import history as hs
from tagteam.store import puzzles as store


def _outcomes(scored: list[Scored]) -> list[store.Outcome]:
    return [store.Outcome(s.rated, s.after.rating, s.after.rd, s.after.volatility, s.streak) for s in scored]


@dataclass(slots=True)
class Progress:
    """The player's progress and what happened on the way (one line each): ``indexed`` when the database
    holds it (else it was read from the journal alone)."""

    tally: Tally
    notes: list[store.Note] = field(default_factory=list)
    indexed: bool = False


def _merge(journal: list[store.Attempt], table: list[store.Attempt]) -> list[store.Attempt]:
    """What to count: the journal, which is the truth, followed by the table's later attempts only when the
    table begins with exactly the journal's (an older copy of the journal put back). A table that differs from
    the journal anywhere else (a row edited, skipped or out of place) is made again from the journal: a
    corrupted row never counts as an attempt."""
    if [a.id for a in table[: len(journal)]] == [a.id for a in journal]:
        return [*journal, *table[len(journal) :]]
    return journal


def _open() -> hs.Opened:
    """The history database, as every feature opens it; a fresh one (just created, made again after a broken one
    was moved aside, or a first indexing cut short) gets its games from the saves first, as ``record_finished``
    does, so opening it here never leaves the game history empty."""
    opened = hs.open_history()
    h = opened.history
    if h is not None and opened.fresh:
        try:
            h.replace_all([g for g in ph.read_games(hs.record_files()) if isinstance(g, hs.PastGame)])
        except sqlite3.Error as e:
            opened.notes.append(hs.fault(e, h.path))
    return opened


FAULTS = (sqlite3.Error, ValueError, TypeError, OverflowError)  # what a database's odd values could still raise


def load() -> Progress:
    """The progress: the journal read, the table brought in step with it, read from the database when it can
    be used and from the journal when not. Never raises (the puzzles home waits on it)."""
    journal, jnotes = store.read_journal()
    notes: list[store.Note] = list(jnotes)
    opened = _open()
    notes += opened.notes
    attempts = journal
    indexed = False
    if opened.history is not None:
        with opened.history as h:
            try:
                table = store.table_attempts(h)
                merged = _merge(journal, table)
                if table and not journal and not jnotes:
                    note = store.restore(table)  # the journal was deleted: written again from the table
                    if note is not None:
                        notes.append(note)
                _t, scored = tally(merged)
                store.sync(h, merged, _outcomes(scored))
                attempts = store.table_attempts(h)  # what the database holds is what is shown
                indexed = True
            except FAULTS as e:
                notes.append(hs.fault(e) if isinstance(e, sqlite3.Error) else hs.Note("unusable", str(h.path)))
                attempts = journal
            notes += h.notes()
    try:
        t, _scored = tally(attempts)
    except FAULTS:
        t, _scored = tally([])
    return Progress(t, notes, indexed)


def keep(a: store.Attempt) -> list[store.Note]:
    """Keep one attempt (already counted in the player's ``Tally``, so the screen shows at once what it did):
    the journal first, then the table (a database that fails this time catches up from the journal next
    time). When the journal cannot be written the database is not touched either, and the one note says the
    attempt was not kept. At most one note; never raises."""
    note = store.append(a)
    if note is not None:
        return [note]
    journal, _jnotes = store.read_journal()
    opened = _open()
    notes: list[store.Note] = list(opened.notes)
    if opened.history is not None:
        with opened.history as h:
            try:
                attempts = _merge(journal, store.table_attempts(h))
                _t, scored = tally(attempts)
                store.sync(h, attempts, _outcomes(scored))
            except FAULTS as e:
                notes.append(hs.fault(e) if isinstance(e, sqlite3.Error) else hs.Note("unusable", str(h.path)))
    return notes[:1]
