"""The puzzle file's shape, strict: every field typed exactly, nothing unknown, so a hand-edited or damaged
file is refused field by field before the engine is asked to re-prove anything (format: docs/puzzles.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict

from tagteam.ai.levels import PUZZLE_RATERS

Int = Annotated[int, Strict()]
Count = Annotated[int, Strict(), Field(ge=0, le=10**9)]
Bool = Annotated[bool, Strict()]
Name = Annotated[str, Strict(), Field(min_length=1, max_length=60)]
Share = Annotated[float, Strict(), Field(ge=0.0, le=1.0)]
Cards = Annotated[list[Name], Field(max_length=40)]

VERSION = 1
KINDS = ("known", "any")  # "known line-up" (the opponent has built, their deck is shown) / "whatever they do"
GOALS = ("win", "survive", "ahead")
BOT_LEVELS = PUZZLE_RATERS  # the bots a puzzle is rated against (tagteam.ai.levels)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Board(_Strict):
    """One Fighter's public board: the Health track in use and the marker's space on it (0 = top)."""

    id: Name
    track: Name | None  # None only for a Fey Folk with no Character in play (never at a puzzle's Build)
    space: Annotated[Int, Field(ge=0, le=40)]
    power: Annotated[Int, Field(ge=0, le=99)]
    special: Annotated[Int, Field(ge=0, le=99)]
    aflame: Annotated[Int, Field(ge=0, le=4)]
    concentration: Annotated[Int, Field(ge=0, le=2)]
    spirits: Annotated[list[Name], Field(max_length=3)]


class Flip(_Strict):
    """A Summoning card turned upside down, by its place in a Fight deck (copies are told apart by place)."""

    side: Literal["mine", "theirs"]
    index: Annotated[Int, Field(ge=0, le=40)]


class Setting(_Strict):
    """What the player's seat sees at their Build, and, for a known line-up, the opponent's built deck.

    ``theirs`` is the opponent's Fight deck top first: as it stood last Fight for "any", with their new card
    in it for "known" (``their_new`` is its place: its Instant Bonus applies)."""

    teams: tuple[tuple[Name, Name], tuple[Name, Name]]
    seat: Literal[0, 1]
    round: Annotated[Int, Field(ge=1, le=99)]  # the Fight step just played; the puzzle's Fight is round + 1
    boards: Annotated[list[Board], Field(min_length=4, max_length=4)]  # fighters 0-3, seat 1's first
    active: tuple[Name, Name]
    sheriff: Name | None
    serpent: Literal["white", "black"] | None
    presence: Name | None
    presence_ready: Bool
    scheme_pile: Annotated[Int, Field(ge=0, le=11)]
    schemes_planted: Annotated[Int, Field(ge=0, le=11)]
    schemes_gone: Annotated[list[Name], Field(max_length=11)]
    reanimate: tuple[Bool, Bool]
    removed: Cards
    flipped: Annotated[list[Flip], Field(max_length=20)]
    mine: Cards  # the player's Fight deck, top first ("id*" = the starred Starting Card)
    drawn: Annotated[list[Name], Field(min_length=3, max_length=3)]
    theirs: Cards
    their_new: Annotated[Int, Field(ge=0, le=40)] | None


class Goal(_Strict):
    """``win``: the game is won in this Fight; ``survive``: not lost in it (a draw is lost); ``ahead``: not
    lost, and the team's HP ends at least ``margin`` above the opponent's (a win counts as ahead)."""

    kind: Literal["win", "survive", "ahead"]
    margin: Annotated[Int, Field(ge=1, le=99)] | None = None


class Choice(_Strict):
    """A Build as the engine takes it: the drawn card kept (0-2), its place (0 = top), the other two under."""

    card: Annotated[Int, Field(ge=0, le=2)]
    position: Annotated[Int, Field(ge=0, le=40)]
    bottom: tuple[Annotated[Int, Field(ge=0, le=2)], Annotated[Int, Field(ge=0, le=2)]]


class Proof(_Strict):
    """What the engine enumerated: the player's options (card kept x place x order under), the distinct
    Fight decks they make, the opponent's replies (their card x place, distinct decks; 1 for a known line-up),
    the opponent's Fey Folk Character branches met, the Fights played, and how many options reach the goal."""

    options: Count
    answers: Count
    replies: Count
    branches: Count
    fights: Count
    solutions: Count
    best_other: Int  # the runner-up's guaranteed HP margin (-100: it can lose), so the file says how close it is


class Provenance(_Strict):
    """Where the position comes from: a bot-against-bot game replayed exactly from its seed."""

    seed: Annotated[Int, Field(ge=0, le=2**63 - 1)]
    round: Annotated[Int, Field(ge=1, le=99)]
    bots: tuple[Name, Name]
    bot_seeds: tuple[Annotated[Int, Field(ge=0, le=2**63 - 1)], Annotated[Int, Field(ge=0, le=2**63 - 1)]]


class Difficulty(_Strict):
    """How often each bot level, given the player's view, picked an answer (``tries`` seeds each), and a
    rating from it: 1000 + 1000 x the share of tries that missed (every level counted alike)."""

    solved: dict[Literal["easy", "normal", "hard"], Share]
    tries: Annotated[Int, Field(ge=1, le=100)]
    rating: Annotated[Int, Field(ge=0, le=3000)]
    band: Literal["easy", "medium", "hard"]


class Puzzle(_Strict):
    id: Annotated[str, Strict(), Field(pattern=r"^p[0-9a-f]{10}$")]
    kind: Literal["known", "any"]
    goal: Goal
    setting: Setting
    answer: Choice
    equivalents: Annotated[list[Choice], Field(max_length=200)]  # other Builds that make the very same deck
    proof: Proof
    provenance: Provenance
    themes: Annotated[list[Name], Field(min_length=1, max_length=6)]
    difficulty: Difficulty


class PuzzleFile(_Strict):
    version: Literal[1]
    puzzles: Annotated[list[Puzzle], Field(max_length=100_000)]
