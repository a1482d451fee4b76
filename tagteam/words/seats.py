"""The seat names a record holds when nobody typed one, and the guided game's opponent: data (the engine's and the
tutor's defaults), said in the reader's language by ``tagteam.words.names.player_name``. Their own module, below
the catalog (``tagteam.words.lang``), which hands the French grammar their translations."""

from __future__ import annotations

DEFAULT_SEATS = ("Player 1", "Player 2")  # a record's seat names when nobody typed one (the engine's default)
TUTOR_NAME = "Tutor"  # the guided game's opponent, as its record names it (tagteam.play.modes.TUTOR)
