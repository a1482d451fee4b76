"""The one table of bot levels: every copy that lists, checks or names a level agrees with it."""

from __future__ import annotations

from typing import get_args

from tagteam.ai import NAMES, make_bot
from tagteam.ai.levels import DEFAULT, IDS, OFFERED, PUZZLE_RATERS, TABLE, Level, level
from tagteam.engine.record import SoloInfo
from tagteam.play.modes import BOT_LEVELS
from tagteam.puzzles.model import BOT_LEVELS as RATED_BY
from tagteam.words import levels as words


def test_the_table_lists_each_level_once_in_the_type_order() -> None:
    assert get_args(Level) == IDS
    assert len(set(IDS)) == len(TABLE)
    assert DEFAULT in OFFERED


def test_every_list_of_levels_derives_from_the_table() -> None:
    assert NAMES == IDS
    assert BOT_LEVELS == OFFERED == ("beginner", "easy", "normal", "hard", "expert")
    assert RATED_BY == PUZZLE_RATERS == ("easy", "normal", "hard")
    assert get_args(SoloInfo.model_fields["level"].annotation) == IDS  # a saved game names a level of the table


def test_every_level_has_a_name_and_every_offered_one_says_how_it_plays() -> None:
    assert set(words.NAMES) == set(IDS)
    assert set(words.HOW) == set(OFFERED)
    assert words.name("hard") == "Hard"
    assert words.name("br:hard") == "Br:hard"  # a measurement opponent, as it is


def test_beginner_is_the_weakest_level_offered_and_rates_no_puzzle() -> None:
    found = level("beginner")
    assert found is not None and found.offered and not found.rates_puzzles
    assert OFFERED[0] == "beginner" and IDS.index("beginner") < IDS.index("easy")
    assert type(make_bot("beginner", 1)).__name__ == "BeginnerBot"


def test_a_level_is_found_by_its_id() -> None:
    found = level("expert")
    assert found is not None and found.learns and found.offered
    assert level("grandmaster") is None
