"""The solo opponent: bots that decide from a PlayerView only, and the Build coach's study
(``tagteam.ai.coach``; its lines are written by ``tagteam.words.coach``)."""

from __future__ import annotations

from tagteam.ai.base import Bot, RandomBot
from tagteam.ai.easy import EasyBot
from tagteam.ai.expert import ExpertBot
from tagteam.ai.hard import HardBot
from tagteam.ai.normal import NormalBot

LEVELS = ("easy", "normal", "hard")
NAMES = ("random", *LEVELS, "expert")  # expert: Hard plus an opponent model learnt during the game

__all__ = ["LEVELS", "NAMES", "Bot", "make_bot"]


def make_bot(level: str, seed: int) -> Bot:
    """A fresh bot; the same level, seed and sequence of views always give the same decisions."""
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "hard":
        return HardBot(seed)
    if level == "expert":
        return ExpertBot(seed)
    raise ValueError(f"level: unknown bot {level!r} (expected one of: {', '.join(NAMES)})")
