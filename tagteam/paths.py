"""Where the player's files live, found without loading the engine (the title screen reads settings first)."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

STALE_TEMP_SECONDS = 60.0
AUTOSAVE = "autosave.json"


def home() -> Path:
    """``$TAGTEAM_HOME`` or the platform's user data folder (so tests and portable installs can relocate it)."""
    env = os.environ.get("TAGTEAM_HOME")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tagteam", appauthor=False))


def saves_dir() -> Path:
    return home() / "saves"


def autosave_path() -> Path:
    """The one autosave, beside the saves folder; the title asks whether it exists before any engine loads."""
    return home() / AUTOSAVE


def clean_stale_temps(max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove temporary files of killed writes (``<name>.json.<random>.tmp``) older than ``max_age`` seconds.

    Only regular files (links are not followed) in the home and saves folders; returns what was removed."""
    removed: list[Path] = []
    now = time.time()
    for folder in (home(), saves_dir()):
        try:
            candidates = list(folder.glob("*.json.*.tmp"))
        except OSError:
            continue
        for p in candidates:
            try:
                st = p.lstat()
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > max_age:
                    p.unlink()
                    removed.append(p)
            except OSError:
                continue
    return removed
