"""The solo opponent: bots that decide from a PlayerView only, and the Build coach's study
(``tagteam.ai.coach``; its lines are written by ``tagteam.words.coach``).

The bots are imported when one is made, not with this package: ``tagteam.ai.levels`` (the table of levels)
is read by the title screen and the settings, which must not wait for the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tagteam.ai.levels import IDS, PUZZLE_RATERS

if TYPE_CHECKING:
    from tagteam.ai.base import Bot

LEVELS = PUZZLE_RATERS  # the core levels: easy, normal, hard
NAMES = IDS  # every level make_bot builds, weakest first

__all__ = ["LEVELS", "NAMES", "Bot", "make_bot"]


def make_bot(level: str, seed: int) -> Bot:
    """A fresh bot; the same level, seed and sequence of views always give the same decisions."""
    from tagteam.ai.base import RandomBot
    from tagteam.ai.beginner import BeginnerBot
    from tagteam.ai.easy import EasyBot
    from tagteam.ai.expert import ExpertBot
    from tagteam.ai.hard import HardBot
    from tagteam.ai.normal import NormalBot

    match level:
        case "random":
            return RandomBot(seed)
        case "beginner":
            return BeginnerBot(seed)
        case "easy":
            return EasyBot(seed)
        case "normal":
            return NormalBot(seed)
        case "hard":
            return HardBot(seed)
        case "expert":
            return ExpertBot(seed)
    raise ValueError(f"level: unknown bot {level!r} (expected one of: {', '.join(NAMES)})")


def __getattr__(name: str) -> Any:
    """``Bot`` (the protocol every bot follows) is loaded with the bots, on first use."""
    if name == "Bot":
        from tagteam.ai.base import Bot

        return Bot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
