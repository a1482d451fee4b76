"""The flow: which screen comes next, for which seat, and what it says, for every kind of game.

Nothing here imports Textual. A terminal asks its flow for the next ``Step`` and maps it to a screen
(``tagteam.screens.route``). The rule that decides is written once (``public_step`` for the public
screens, then who decides): ``LiveFlow`` reads it from a local Session (hot-seat, solo, the guided game),
``SeatFlow`` from what a network host told one seat. The only state kept beside the game record is
what this terminal has already shown (where the Fight's closing pause was read, which hand-over was
acknowledged), never a second copy of what happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, get_args

from tagteam.engine.actions import Action
from tagteam.engine.game import Teams
from tagteam.engine.session import Session
from tagteam.engine.state import DecisionKind
from tagteam.facts.flow import Locked, Waiting
from tagteam.play.feeds import announcements
from tagteam.play.modes import BOT_LEVELS, FIRST_GAME, MODES, Mode

__all__ = ["BOT_LEVELS", "FIRST_GAME", "MODES", "Locked", "Mode", "Teams", "Waiting"]

if TYPE_CHECKING:
    from tagteam.engine import events as ev
    from tagteam.engine.view import PlayerView

DECISION_KINDS: tuple[str, ...] = get_args(DecisionKind)

# ---------------------------------------------------------------------- steps: what a terminal shows next


@dataclass(frozen=True, slots=True)
class ShowTitle:
    """No game: the title screen."""


@dataclass(frozen=True, slots=True)
class ShowFight:
    """The public Fight screen: Turns to resolve, or a pause to read (``FightSource.pause``)."""


@dataclass(frozen=True, slots=True)
class ShowHandoff:
    """An opaque screen before ``seat``'s secret screen, so the other player can look away: the decision
    ``kind`` owed (in ``round``) and what the other player just locked here, if anything (``locked``).
    Data only: the screen words it (``tagteam.words.flow.what`` and ``locked``)."""

    seat: int
    name: str
    kind: DecisionKind
    round: int = 0
    locked: Locked | None = None


@dataclass(frozen=True, slots=True)
class ShowDecision:
    """``seat``'s secret decision screen."""

    seat: int
    kind: DecisionKind


@dataclass(frozen=True, slots=True)
class BotThinking:
    """The bot owes a decision and no human here does: a public "thinking" screen while it decides."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class ShowWaiting:
    """A network seat owes nothing: it waits for the other player (``why``, when it is not simply their
    turn; ``tagteam.words.flow.waiting`` words it)."""

    seat: int
    name: str
    why: Waiting | None = None


@dataclass(frozen=True, slots=True)
class ShowGameOver:
    """The game has ended."""


Step = ShowTitle | ShowFight | ShowHandoff | ShowDecision | BotThinking | ShowWaiting | ShowGameOver


@dataclass(frozen=True, slots=True)
class Facts:
    """What decides the next screen, read from a Session or from a network state.

    ``at`` is (decisions, Turns resolved since the last one): where the game stands. ``owed`` lists the
    seats that owe a decision, as far as this terminal may know, with the kind each owes."""

    over: bool
    can_step: bool
    at: tuple[int, int]
    owed: tuple[tuple[int, DecisionKind], ...]

    @classmethod
    def of(cls, s: Session) -> Facts:
        pending = s.state.pending
        owed = tuple((seat, kind) for seat in s.seats_owing() if (kind := pending[seat]) is not None)
        return cls(s.over(), s.needs_advance(), (len(s.record.decisions), s.record.turns_after), owed)


def public_step(f: Facts, pause_read_at: tuple[int, int] | None) -> ShowGameOver | ShowFight | None:
    """The public screens, for every kind of game: the summary once it is over; the Fight while Turns are
    left, and after they were resolved until its closing pause has been read here."""
    if f.over:
        return ShowGameOver()
    if f.can_step:
        return ShowFight()
    if f.at[1] > 0 and pause_read_at != f.at:
        return ShowFight()  # Turns were resolved since the last decision: the Fight screen says why it stopped
    return None


# ---------------------------------------------------------------------- a local game


class LiveFlow:
    """The flow of one game at this terminal: derived from the Session, plus what was shown here."""

    def __init__(self, session: Session, bot_seat: int | None = None) -> None:
        self.session = session
        self.bot_seat = bot_seat
        self.opened_at = len(session.record.decisions)  # decisions made before this terminal opened the game
        self.announced = len(session.log)  # events already announced (a resume announces nothing again)
        self.ready: int | None = None  # the seat whose hand-over was acknowledged for its pending decision
        self.pause_read_at: tuple[int, int] | None = None  # where Enter was pressed on the Fight's pause

    @property
    def names(self) -> tuple[str, str]:
        from tagteam.words.names import player_names

        return player_names(self.session.record.players)

    def facts(self) -> Facts:
        return Facts.of(self.session)

    # -------------------------------------------------- the next screen

    def step(self) -> Step:
        f = self.facts()
        public = public_step(f, self.pause_read_at)
        if public is not None:
            return public
        humans = [(seat, kind) for seat, kind in f.owed if seat != self.bot_seat]
        if not humans:
            seat = f.owed[0][0]
            return BotThinking(seat, self.names[seat])
        seat, kind = humans[0]
        if self._needs_handoff(seat):
            return ShowHandoff(seat, self.names[seat], kind, self.round(kind), self.handoff_note(seat, kind))
        return ShowDecision(seat, kind)

    def fight_done(self) -> None:
        """Enter on the Fight screen's pause: go on to the decision (or the summary) it announced."""
        self.pause_read_at = self.facts().at

    def _needs_handoff(self, seat: int) -> bool:
        if self.bot_seat is not None or self.ready == seat:
            return False
        decisions = self.session.record.decisions
        just_decided = (
            len(decisions) > self.opened_at and decisions[-1].seat == seat and self.session.record.turns_after == 0
        )
        return not just_decided  # the same player deciding again, with no public screen since: no hand-over

    def round(self, kind: DecisionKind) -> int:
        """The round a Build decision is for (the hand-over names it); 0 for the other kinds."""
        return self.session.state.round if kind == "build" else 0

    def handoff_note(self, seat: int, kind: DecisionKind) -> Locked | None:
        """The other human's choice of the same kind, just locked here ("X's Build choice is locked.")."""
        rec = self.session.record
        if self.bot_seat is not None or not rec.decisions or rec.turns_after:
            return None
        last = rec.decisions[-1]
        if last.seat == seat or len(rec.decisions) <= self.opened_at:
            return None
        last_kind = _kind_of(last.action)
        if last_kind != kind:  # e.g. the last Draft pick, then Starting Cards nobody has ordered yet
            return None
        return Locked(self.names[last.seat], kind)

    # -------------------------------------------------- events

    def acknowledge(self, seat: int) -> None:
        """The player at the keyboard pressed Enter on the hand-over for ``seat``."""
        self.ready = seat

    def act(self, seat: int, action: Action) -> list[ev.Event]:
        """Apply a decision (raises IllegalAction); the next hand-over is owed afresh."""
        out = self.session.act(seat, action)
        self.ready = None
        return out

    def announcements(self) -> list[str]:
        """Lines to pop up for events that are new since the last call (Draft reveals, Instant bonuses), in
        words (the log's own lines)."""
        log = self.session.log
        out = announcements(log, self.announced, self.session.state.table, self.names)
        self.announced = len(log)
        return out

    def bot_view(self) -> PlayerView:
        assert self.bot_seat is not None
        return self.session.view(self.bot_seat)


def _kind_of(action_data: dict[str, object]) -> DecisionKind | None:
    """The decision kind a recorded action answered (the record stores actions as plain data)."""
    from tagteam.engine.actions import BuildChoice, ChooseCharacter, DraftPick, OrderStart, PickTeam, from_dict

    match from_dict(action_data):
        case PickTeam():
            return "pick_team"
        case DraftPick():
            return "draft_pick"
        case OrderStart():
            return "order_start"
        case ChooseCharacter():
            return "character"
        case BuildChoice():
            return "build"
    return None


# ---------------------------------------------------------------------- one seat of a network game


class SeatFlow:
    """The flow at one seat of a hosted game: the same rule as ``LiveFlow``, with no hand-overs (nobody
    shares this screen) and a waiting screen while the other player decides or is away."""

    def __init__(self, seat: int, code: str = "") -> None:
        self.seat = seat
        self.code = code  # the host's own terminal shows the join code while the other seat is empty
        self.pause_read_at: tuple[int, int] | None = None

    def step(self, f: Facts, names: tuple[str, str], opponent_here: bool) -> Step:
        public = public_step(f, self.pause_read_at)
        if public is not None:
            return public
        mine = [kind for seat, kind in f.owed if seat == self.seat]
        if mine:
            return ShowDecision(self.seat, mine[0])
        other = 1 - self.seat
        why = None if opponent_here else Waiting(names[other], self.code)
        return ShowWaiting(other, names[other], why)

    def fight_done(self, f: Facts) -> None:
        self.pause_read_at = f.at
