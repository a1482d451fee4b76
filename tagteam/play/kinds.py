"""What kind of game a terminal is running: one tagged value instead of a field per kind.

Importable without the engine (the title screen asks "is a game running?" before anything loads).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tagteam.engine.actions import Action
    from tagteam.engine.view import PlayerView
    from tagteam.play.feeds import ReplayFeed
    from tagteam.play.flow import LiveFlow
    from tagteam.play.tutorial import Tutorial


class ComputerSeat(Protocol):
    """What a game needs of a computer seat: a decision from its own view only, and a way to hurry it."""

    def decide(self, view: PlayerView) -> Action: ...

    def cancel(self) -> None: ...


# ---------------------------------------------------------------------- what kind of game is running


@dataclass(frozen=True, slots=True)
class HotSeat:
    """Two people at one keyboard: hand-over screens between their secret screens."""

    flow: LiveFlow


@dataclass(frozen=True, slots=True)
class Solo:
    """Practice against a bot that sees only its own seat's view."""

    flow: LiveFlow
    bot: ComputerSeat


@dataclass(frozen=True, slots=True)
class Guided:
    """The guided first game: a solo game against the scripted tutor, with lessons over the screens."""

    flow: LiveFlow
    bot: ComputerSeat
    lessons: Tutorial


@dataclass(frozen=True, slots=True)
class Replay:
    """A saved game played back, read-only: nothing can be decided."""

    feed: ReplayFeed


Game = HotSeat | Solo | Guided | Replay
