"""Whether the game has a terminal to draw on and read keys from.

Textual's terminal driver reads keys from stdin and draws on stderr (stdout stays free for a redirect). Started
from a script, a pipe or a service, with either not a terminal, the app would write escape codes into a file and
wait for keys that never come: the commands that open the app say so in one line and exit 2 instead. A browser
page's game runs with Textual's web driver (``TEXTUAL_DRIVER``), which needs no terminal.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # closed
        return False


def missing() -> bool:
    """True when the app could not run here: keys in or screen out is not a terminal."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return False
    screen = sys.__stderr__ if os.name == "posix" else sys.__stdout__
    return not (_is_terminal(sys.__stdin__) and _is_terminal(screen))
