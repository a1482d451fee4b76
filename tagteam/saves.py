"""Where games are saved: the autosave and named saves; a file that is not a valid record is never overwritten."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tagteam.engine import record
from tagteam.engine.record import GameRecord, RecordError

AUTOSAVE = "autosave.json"

# Files this process wrote, by (mtime_ns, size): known good, so they need no re-validation before overwriting.
_written: dict[Path, tuple[int, int]] = {}


def home() -> Path:
    """``$TAGTEAM_HOME`` or the platform's user data folder (so tests and portable installs can relocate it)."""
    env = os.environ.get("TAGTEAM_HOME")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tagteam", appauthor=False))


def autosave_path() -> Path:
    return home() / AUTOSAVE


def saves_dir() -> Path:
    return home() / "saves"


def load(path: str | Path) -> GameRecord:
    """A validated record (raises ``RecordError`` with one line naming the file and the field)."""
    return record.load(path)


def _signature(p: Path) -> tuple[int, int] | None:
    try:
        st = p.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def safe_to_overwrite(path: str | Path) -> bool:
    """True when nothing is there or it is a valid Tag Team record: a foreign or corrupt file is left alone."""
    p = Path(path)
    sig = _signature(p)
    if sig is None:
        return not p.exists()
    if _written.get(p) == sig:
        return True
    try:
        record.load(p)
    except RecordError:
        return False
    return True


def write(rec: GameRecord, path: str | Path) -> str | None:
    """Save atomically; return one line explaining why not, or None on success."""
    p = Path(path)
    if not safe_to_overwrite(p):
        return f"{p}: left untouched, it is not a valid Tag Team record (move it away to save here)"
    try:
        record.save(rec, p)
    except OSError as e:
        return f"{p}: cannot save ({e.strerror or e})"
    sig = _signature(p)
    if sig is not None:
        _written[p] = sig
    return None


def autosave(rec: GameRecord) -> str | None:
    return write(rec, autosave_path())


def new_save_path(prefix: str = "game") -> Path:
    """A fresh file name in the saves folder, dated so saves sort by time."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = saves_dir() / f"{prefix}-{stamp}.json"
    n = 1
    while base.exists():
        n += 1
        base = saves_dir() / f"{prefix}-{stamp}-{n}.json"
    return base


def list_saves() -> list[Path]:
    """The autosave (if any) then saved games, newest first."""
    out: list[Path] = []
    if autosave_path().exists():
        out.append(autosave_path())
    d = saves_dir()
    if d.is_dir():
        out.extend(sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True))
    return out
