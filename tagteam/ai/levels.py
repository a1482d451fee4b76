"""The bot levels, one table: each level's id, in order from the weakest, and what it is for.

Everything else that lists or checks a level reads this table: the levels a player is offered (the title, the
practice chooser, the settings, the command line), the bots ``make_bot`` builds, the bots that rate a Build
puzzle. Its words (a level's name, how it plays) are in ``tagteam.words.levels``, keyed by these ids. It imports
nothing of the game, so the title screen and the settings read it without loading the bots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["random", "beginner", "easy", "normal", "hard", "expert"]


@dataclass(frozen=True, slots=True)
class BotLevel:
    """``offered``: a player may choose it (solo practice); ``rates_puzzles``: a Build puzzle is rated by how
    often this bot solves it; ``learns``: it needs the whole game's views, in order (an opponent model learnt
    during the game), so one fresh bot plays one game."""

    id: Level
    offered: bool
    rates_puzzles: bool
    learns: bool = False


TABLE: tuple[BotLevel, ...] = (
    BotLevel("random", offered=False, rates_puzzles=False),  # the baseline every level must beat
    BotLevel("beginner", offered=True, rates_puzzles=False),  # a newcomer's first wins: Easy's rules, slipping
    BotLevel("easy", offered=True, rates_puzzles=True),
    BotLevel("normal", offered=True, rates_puzzles=True),
    BotLevel("hard", offered=True, rates_puzzles=True),
    BotLevel("expert", offered=True, rates_puzzles=False, learns=True),  # Hard plus an opponent model
)
IDS: tuple[Level, ...] = tuple(lv.id for lv in TABLE)  # every level make_bot knows, weakest first
OFFERED: tuple[Level, ...] = tuple(lv.id for lv in TABLE if lv.offered)  # the levels a player chooses from
PUZZLE_RATERS: tuple[Level, ...] = tuple(lv.id for lv in TABLE if lv.rates_puzzles)
DEFAULT: Level = "normal"  # a fresh install's practice level


def level(code: str) -> BotLevel | None:
    """The level of this id, None for an id no bot has (a damaged settings file, a measurement opponent)."""
    return next((lv for lv in TABLE if lv.id == code), None)
