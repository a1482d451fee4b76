"""Record files: read through the bounded reader (``tagteam.ground.jsonfile``: regular files only, size, depth
and number limits) and parsed by the engine (``tagteam.engine.record.parse``), written with the engine's text
(``dump``) by the one atomic write, so a failed or killed save never destroys the previous one."""

from __future__ import annotations

from pathlib import Path

from tagteam.engine.record import MAX_RECORD_BYTES, GameRecord, RecordError, dump, parse, replay
from tagteam.engine.state import GameState
from tagteam.ground.atomic import write_atomic
from tagteam.ground.jsonfile import InputError, display, read_json


def read(path: str | Path) -> GameRecord:
    """Read and validate a record file without replaying it (fast: for listings and summaries)."""
    try:
        data = read_json(path, max_bytes=MAX_RECORD_BYTES)
    except InputError as e:
        raise RecordError(e.problems) from None
    return parse(data, display(path))


def load_with_state(path: str | Path) -> tuple[GameRecord, GameState]:
    """A validated record and the position it replays to."""
    rec = read(path)
    try:
        st = replay(rec)
    except RecordError as e:
        raise RecordError([p.at(display(path)) for p in e.problems]) from None
    return rec, st


def load(path: str | Path) -> GameRecord:
    """Read and validate a record file, and check that it replays."""
    return load_with_state(path)[0]


def save(rec: GameRecord, path: str | Path) -> None:
    """Atomic and durable (``tagteam.ground.atomic``): the old file or the new one, never half of one."""
    write_atomic(path, dump(rec))
