"""A puzzle's difficulty: how often each bot level, shown only the player's view, keeps an answer.

Each level decides ``TRIES`` times with different seeds. A known line-up's bot is not shown the opponent's
deck (a bot reads a PlayerView, which never holds it): it decides as a player who knows only that they have
built, so a known line-up rates as hard as it is without the help the puzzle gives. The rating is
1000 + 1000 x the share of all tries that missed; the bands cut the rating at 1400 and 1750.
"""

from __future__ import annotations

from tagteam.ai import make_bot
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import view_for
from tagteam.puzzles.board import Built
from tagteam.puzzles.model import BOT_LEVELS, Difficulty
from tagteam.puzzles.prove import Answer

TRIES = 2
EASY_BELOW = 1400
MEDIUM_BELOW = 1750


def band(rating: int) -> str:
    return "easy" if rating < EASY_BELOW else "medium" if rating < MEDIUM_BELOW else "hard"


def finds(built: Built, answer: Answer, level: str, seed: int) -> bool:
    """Whether the bot of ``level`` keeps the answer's card at its place (the order under is free)."""
    view = view_for(built.state, built.me)
    a = make_bot(level, seed).decide(view)
    return isinstance(a, BuildChoice) and any((a.card, a.position) == (o.card, o.position) for o in answer.options)


def rate(built: Built, answer: Answer, seed: int, tries: int = TRIES) -> Difficulty:
    solved: dict[str, float] = {}
    for level in BOT_LEVELS:
        hits = sum(finds(built, answer, level, seed * 31 + t) for t in range(tries))
        solved[level] = hits / tries
    miss = 1.0 - sum(solved.values()) / len(solved)
    rating = round(1000 + 1000 * miss)
    return Difficulty.model_validate({"solved": solved, "tries": tries, "rating": rating, "band": band(rating)})
