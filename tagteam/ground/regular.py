"""Whether a file the game keeps may be opened at all, asked without opening it: absent (it will be created), a
regular file, or a link to a regular file inside the same folder. Never a folder, a FIFO (opening one waits
for a writer forever), a device (``/dev/zero`` never ends), a dangling link or a link out of the data folder.
The history database and the puzzle journal ask it before SQLite or the bounded reader ever sees the path."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def openable(path: Path) -> bool:
    """True when ``path`` is absent, a regular file, or a link to a regular file inside its own folder."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if stat.S_ISREG(st.st_mode):
        return True
    if not stat.S_ISLNK(st.st_mode):
        return False
    try:
        real = path.resolve(strict=True)
        return real.is_relative_to(path.parent.resolve(strict=True)) and stat.S_ISREG(os.stat(real).st_mode)
    except (OSError, RuntimeError):
        return False
