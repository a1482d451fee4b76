"""What a screen tells the app: one typed message per intent, so screens never reach into the app."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # the title screen posts messages too, and must not load the engine to paint
    from tagteam.engine.actions import Action
    from tagteam.engine.record import GameRecord
    from tagteam.play.summary import GameSummary
    from tagteam.store.history import PastGame


@dataclass
class Decided(Message):
    """A secret screen's choice for ``seat`` (the app applies it, or says why it is illegal)."""

    seat: int
    action: Action


@dataclass
class HalfBuilt(Message):
    """The Build screen's choice for ``seat`` changed, not locked yet: the app keeps it, so a reloaded page or
    a rejoined seat finds it as it was (card kept 0-2, its place in the line-up, the order of the two under)."""

    seat: int
    card: int
    position: int
    bottom: tuple[int, int]


@dataclass
class Ready(Message):
    """The player for ``seat`` pressed Enter on the hand-over."""

    seat: int


class FightDone(Message):
    """Enter on the Fight screen's closing pause."""


@dataclass
class StartGame(Message):
    """The title screen starts a game: ``mode`` is first, free, standard or competitive; ``level`` "" = hot-seat."""

    mode: str
    names: tuple[str, str]
    level: str


@dataclass
class Rematch(Message):
    """Game over: play again, with the same teams or a new draft."""

    same_teams: bool


@dataclass
class TableMemory(Message):
    """The Build screen's table-memory option was toggled (a preference kept across screens)."""

    on: bool


@dataclass
class StartTutorial(Message):
    """The title screen starts the guided first game for ``name`` (against a scripted tutor)."""

    name: str


class SkipLessons(Message):
    """The tutorial's lessons are skipped: the game goes on against the tutor without them."""


class FightPaused(Message):
    """The Fight screen reached its closing pause (the tutorial explains the reveals there)."""


class SaveReplay(Message):
    """Game over: save the finished game as a replay file."""


class BackToTitle(Message):
    """Leave this game for the title screen (a live game stays in the autosave)."""


@dataclass
class Command(Message):
    """A title-menu entry that opens something app-wide: ``what`` is continue, load, rules, gallery or quit."""

    what: str


@dataclass(frozen=True, slots=True)
class Reviewed:
    """What a past game's screen shows, worked out off the UI thread (``screens.history.review_game``): the
    record and its summary, or the one line that says why the game cannot be shown."""

    record: GameRecord | None
    summary: GameSummary | None = None
    review: tuple[str, ...] = ()
    draft: tuple[str, ...] = ()
    problem: str = ""


@dataclass
class WatchReplay(Message):
    """Watch this finished game's replay (the app plays it, as ``tagteam replay FILE`` does); from the history,
    ``game`` and what its screen showed, so Esc during the replay comes back to it without replaying it again."""

    record: GameRecord
    game: PastGame | None = None
    reviewed: Reviewed | None = None
