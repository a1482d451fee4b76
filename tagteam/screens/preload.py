"""What the apps' worker threads import, imported on the UI thread before any of them starts.

Python locks each module while its first import runs. Two threads making first imports of the game's modules
at once can take those locks in opposite orders (``tagteam.engine``'s ``__init__`` imports its submodules
while another thread imports one of them directly, or two modules import each other), and Python then hands
one of them a half-made module: ``ImportError`` ("partially initialized module") and ``KeyError:
'tagteam.engine'``. The title's read-ahead threads and a player's first key crashed the app that way. So no
worker thread makes a first import of the game's modules: a screen imports what its workers reach (through
``preload``) on the UI thread before it starts them. ``tests/ui/test_worker_imports.py`` runs the title and a
solo game in a fresh process and fails if a worker thread imports one of our modules.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

# The title's read-aheads: the autosave's state (reading a game needs the engine) and the rules text (with
# what its examples import inside functions).
TITLE = (
    "tagteam.store.saves",
    "tagteam.screens.help",
    "tagteam.engine.now",
    "tagteam.render.cards",
    "tagteam.render.lineup",
)

# A game's workers: the coach and its what-if, the finished game's indexing in the history (with what
# store.history imports inside its functions), a bot's search.
GAME = (
    "tagteam.words.coach",
    "tagteam.ai.calibration_table",
    "tagteam.play.tutorial",
    "tagteam.store.saves",
    "tagteam.store.history",
    "tagteam.store.paths",
    "tagteam.screens.history",
    "tagteam.engine.events",
    "tagteam.engine.game",
    "tagteam.engine.record",
    "tagteam.play.games",
    "tagteam.play.summary",
    "tagteam.play.stats",
    "tagteam.ai.tables",
    "tagteam.ai.predict_weights",
)


def preload(modules: Iterable[str]) -> None:
    """Import ``modules`` now, on this (the UI) thread; those already imported cost a look-up each."""
    for name in modules:
        importlib.import_module(name)
