"""Where the player's files live, found without loading the engine (the title screen reads settings first)."""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    """``$TAGTEAM_HOME`` or the platform's user data folder (so tests and portable installs can relocate it)."""
    env = os.environ.get("TAGTEAM_HOME")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tagteam", appauthor=False))
