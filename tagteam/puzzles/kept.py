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
    journal, jnotes = store.read_journal()
    notes: list[store.Note] = list(jnotes)
    opened = _open()
    notes += opened.notes
    attempts = journal
    indexed = False
    if opened.history is not None:
        with opened.history as h:
            try:
                merged = _merge(journal, store.table_attempts(h))
                if len(merged) != len(journal) and not any(n.code == "unreadable" for n in jnotes):
                    note = store.rewrite(merged)  # the table held attempts the journal lost: put them back
                    if note is not None:
                        notes.append(note)
                attempts = merged
                _t, scored = tally(attempts)
                store.sync(h, attempts, _outcomes(scored))
                attempts = store.table_attempts(h)  # what the database holds is what is shown
                indexed = True
            except sqlite3.Error as e:
                notes.append(hs.fault(e, h.path))
    t, _scored = tally(attempts)
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
            except sqlite3.Error as e:
                notes.append(hs.fault(e, h.path))
    return notes[:1]
