"""Where a Fight screen stands and why it stopped, as data: ``tagteam.play.feeds`` fills them, the network
carries them and ``tagteam.words.feeds`` words them in each player's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Heading:
    """Where the Fight screen stands: round 0 is the Draft and setup, Turn 0 is before the first Turn; a
    replay says so. Data the network can carry; ``tagteam.words.feeds.heading`` words it."""

    round: int
    turn: int
    replay: bool = False


PauseWhy = Literal["over", "replay_over", "replay_stop", "character", "build"]


@dataclass(frozen=True, slots=True)
class Pause:
    """Why the Fight screen stopped resolving Turns: the game is over (``outcome``: how it ended, the log's
    line), a replay ended, the Fey Folk's Character is out (``player`` chooses who steps in), or the Build
    step is next. Data the network can carry; ``tagteam.words.feeds.pause`` words it."""

    why: PauseWhy
    player: str = ""
    outcome: str = ""
