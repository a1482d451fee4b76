"""The one atomic, durable file write: a temporary file beside the target, fsynced, renamed, then the folder.

Saves, settings, the puzzle set, the journal's rewrite and the compiled catalogs all go through here, so a
process killed at any instant leaves either the old file or the new one under a name, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".tmp"  # what a staged file's name ends with (a sweep of stale temporaries looks for it)


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new name in ``folder`` durable, where the platform lets a folder be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def stage(data: str | bytes, target: Path) -> Path:
    """``data`` written in full and fsynced beside ``target`` under a temporary name, not yet under its own:
    a process killed now leaves only a temporary file. Text is written as UTF-8."""
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_atomic(target: str | Path, data: str | bytes, mode: int | None = None) -> None:
    """Replace ``target`` with ``data`` atomically and durably (the folder is created when missing). The file is
    private to its owner, as a player's saves should be, unless ``mode`` says otherwise (a data file we ship)."""
    path = Path(target)
    tmp = stage(data, path)
    try:
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
