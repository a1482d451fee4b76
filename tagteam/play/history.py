"""The history's rows derived from saved records: what a finished game's row says (``derive``), each file read
(``read_games``), the index rebuilt from the saves (``rebuild``) and a game added as it ends (``record_finished``).

The index itself, its database and its faults are ``tagteam.store.history``'s: it keeps what it is given and
derives nothing; the derivation replays the record with the engine and reads the play summary, so it is here.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tagteam.ground.problems import Code, Problem, printable, problem
from tagteam.play.modes import TUTOR
from tagteam.store import history as hs
from tagteam.store.history import Kind

if TYPE_CHECKING:  # the command line builds its parser with this module loaded: the engine waits for a game
    from tagteam.engine.record import GameRecord


def kind_of(rec: GameRecord, file: Path | str | None = None) -> tuple[Kind, str, int]:
    """(kind, bot level, your seat) of a record: solo names its bot; the guided game's seat 2 is the tutor; a
    network game is told by the name its machine kept it under (the record itself does not say)."""
    seat = hs.network_seat(file) if file is not None else None
    if seat is not None and rec.solo is None:
        return "network", "", seat
    if rec.solo is not None:
        return "solo", rec.solo.level, 1 - rec.solo.seat
    if rec.players[1] == TUTOR:
        return "guided", "", 0
    return "hotseat", "", 0


def derive(rec: GameRecord, file: Path, ended: float | None = None) -> hs.PastGame | None:
    """The row of a record: None when its game is not over (an unfinished game is no history yet)."""
    from tagteam.engine import events as ev
    from tagteam.engine.game import is_over
    from tagteam.engine.record import compute_digest, replay
    from tagteam.play.games import mode_of
    from tagteam.play.summary import hp_by_round

    log: list[ev.Event] = []
    st = replay(rec, log)
    table = st.table
    if not is_over(st) or table is None:
        return None
    start, rows = hp_by_round(log, table)
    kind, level, you = kind_of(rec, file)
    kinds = table.kinds
    if ended is None:
        try:
            ended = file.stat().st_mtime
        except OSError:
            ended = time.time()
    winner = st.winner if st.winner is not None and st.winner in (0, 1) else -1
    return hs.PastGame(
        digest=compute_digest(rec),
        file=hs.relative(file),
        ended=ended,
        kind=kind,
        level=level,
        mode=mode_of(rec),
        seed=rec.seed,
        you=you,
        players=(rec.players[0], rec.players[1]),
        fighters=(kinds[0], kinds[1], kinds[2], kinds[3]),
        winner=winner,
        reason=st.over_reason,
        rounds=st.round,
        hp=(tuple(start), *(tuple(r) for r in rows)),
        assisted=rec.solo is not None and rec.solo.assisted,
    )


@dataclass(slots=True)
class Rebuilt:
    """What a rebuild read: games indexed, saves skipped (unfinished), files refused (name, why: a Problem)."""

    indexed: int = 0
    unfinished: int = 0
    refused: list[tuple[str, Problem]] = field(default_factory=list)
    notes: list[hs.Note] = field(default_factory=list)
    ok: bool = True


def read_games(
    files: Sequence[Path], progress: Callable[[int, int], None] | None = None
) -> Iterator[hs.PastGame | Problem | None]:
    """Each file's row (a hs.PastGame), None for an unfinished game, or why it cannot be used (worded by the words)."""
    from tagteam.engine.record import RecordError
    from tagteam.ground.jsonfile import display
    from tagteam.store.records import read

    total = len(files)
    for i, p in enumerate(files):
        try:
            rec = read(p)
            yield derive(rec, p)
        except RecordError as e:
            yield e.problem.at(display(p))
        except Exception as e:  # one odd file never stops the rebuild (the engine refused it some other way)
            yield problem(Code.INVALID, "", display(p), detail=printable(f"{type(e).__name__}: {e}"))
        if progress is not None:
            progress(i + 1, total)


def rebuild(progress: Callable[[int, int], None] | None = None) -> Rebuilt:
    """Recreate the index from the saves (the saves are only read). A broken or newer-schema database is
    moved aside first; one that cannot be written leaves ``ok`` False with its note."""
    out = Rebuilt()
    opened = hs.open_history(create=True, newer_aside=True)
    out.notes += opened.notes
    if opened.history is None:
        out.ok = False
        return out
    games: list[hs.PastGame] = []
    with opened.history as h:
        for found in read_games(hs.record_files(), progress):
            if isinstance(found, hs.PastGame):
                games.append(found)
            elif found is None:
                out.unfinished += 1
            else:
                out.refused.append((found.file, found))
        try:
            out.indexed = h.replace_all(games)
        except sqlite3.Error as e:
            out.notes.append(hs.fault(e, h.path))
            out.ok = False
    return out


def record_finished(rec: GameRecord, file: Path) -> tuple[hs.PastGame | None, list[hs.Note]]:
    """Index a game that has just ended (its record is in ``file``): the row, and what went wrong, if anything.

    A fresh index is first filled from the saves, so the first game after the database went missing does not
    start the history again from nothing."""
    opened = hs.open_history()
    notes = list(opened.notes)
    if opened.history is None:
        return None, notes
    try:
        game = derive(rec, file, None if os.path.exists(file) else time.time())
    except Exception:  # the record the app just played always replays; an engine bug must not stop the game
        opened.history.close()
        return None, notes
    with opened.history as h:
        try:
            if opened.fresh:
                found = [g for g in read_games(hs.record_files()) if isinstance(g, hs.PastGame)]
                h.replace_all(found)
            if game is not None:
                h.add(game)
                hs.relocate(h, game)
        except sqlite3.Error as e:
            notes.append(hs.fault(e, h.path))
    return game, notes
