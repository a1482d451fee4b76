"""What the coach and the what-if answer: an option's line, its cases per place the opponent may insert,
and the coming Fight slot by slot, each with its numbers (from ``tagteam.ai.coach``'s study) and its
sentence (written by ``tagteam.words.coach``, in the player's language)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tagteam.ai.coach_play import Playthrough
from tagteam.ai.coach_story import Story
from tagteam.engine.actions import BuildChoice


@dataclass(frozen=True, slots=True)
class Case:
    """One place the opponent may insert, for one option: the win chance there (the share of its
    playthroughs won), how ``likely`` they are to insert there, and one sentence on what the player's
    card meets, told by ``count`` of the ``total`` playthroughs (``story`` None when the card meets the
    one they keep, which the player cannot know)."""

    place: str
    position: int
    win: float
    text: str
    story: Story | None
    count: int
    total: int
    example: Playthrough | None = field(default=None, compare=False, repr=False)
    likely: float = 1.0


@dataclass(frozen=True, slots=True)
class CoachLine:
    """One Build option: ``win`` its win chance against their likely reply (0..1, see ``SCALE``: each
    playthrough counted by the odds of its place in its sample), ``value`` the same as a score
    in [-1, 1], ``cases`` per place, ``reason`` the cases (and for the suggestion ``why`` first) in one
    line, ``selected`` whether it is the player's selection."""

    action: BuildChoice
    card: str
    position: int
    value: float
    win: float
    text: str
    reason: str = ""
    selected: bool = False
    cases: tuple[Case, ...] = ()
    why: str = ""


@dataclass(frozen=True, slots=True)
class Meeting:
    """Slot ``slot`` (1-based) of the coming Fight: my card against theirs ("their new card" if unknown)."""

    slot: int
    mine: str
    theirs: str
    new: bool  # my card here is the one being kept


@dataclass(frozen=True, slots=True)
class WhatIfLine:
    """The line-up if the opponent inserts their new card at ``place``, and the coach's case for it
    (``win``, ``value`` and ``text`` are the coach's own for this option)."""

    place: str
    position: int
    meetings: tuple[Meeting, ...]
    value: float
    text: str
    win: float = 0.0
    case: Case | None = None
