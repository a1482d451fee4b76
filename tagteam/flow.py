"""The app's flow as a function of the game: which screen comes next, for which seat, and what it says.

Nothing here imports Textual. The app asks ``LiveFlow.step()`` what to show and maps the answer to a
screen; every answer is derived from the engine Session and its record. The only state kept beside the
record is what this terminal has already shown (how many decisions and events existed when the game was
opened here, and which hand-over was acknowledged), never a second copy of what happened.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, get_args

from tagteam.engine import events as ev
from tagteam.engine.actions import Action, BuildChoice, ChooseCharacter, DraftPick, OrderStart, PickTeam, from_dict
from tagteam.engine.game import legal_actions
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session
from tagteam.engine.state import DecisionKind
from tagteam.modes import BOT_LEVELS, FIRST_GAME, MODES, Mode, Teams

__all__ = ["BOT_LEVELS", "FIRST_GAME", "MODES", "Mode", "Teams"]

if TYPE_CHECKING:
    from tagteam.engine.view import PlayerView

DECISION_KINDS: tuple[str, ...] = get_args(DecisionKind)

WHAT: dict[str, str] = {
    "pick_team": "pick your team",
    "draft_pick": "make your Draft pick",
    "order_start": "order your Starting Cards",
    "character": "choose the Fey Folk's Character",
    "build": "the Build step",
}
CHOICE: dict[str, str] = {
    "pick_team": "team",
    "draft_pick": "Draft pick",
    "order_start": "Starting Card order",
    "character": "Character choice",
    "build": "Build choice",
}


# ---------------------------------------------------------------------- steps: what the app shows next


@dataclass(frozen=True, slots=True)
class ShowTitle:
    """No game: the title screen."""


@dataclass(frozen=True, slots=True)
class ShowFight:
    """The public Fight screen: Turns to resolve, or a pause to read (``FightFeed.pause``)."""


@dataclass(frozen=True, slots=True)
class ShowHandoff:
    """An opaque screen before ``seat``'s secret screen, so the other player can look away."""

    seat: int
    name: str
    what: str
    note: str


@dataclass(frozen=True, slots=True)
class ShowDecision:
    """``seat``'s secret decision screen."""

    seat: int
    kind: DecisionKind


@dataclass(frozen=True, slots=True)
class BotThinking:
    """The bot owes a decision and no human does: a public "thinking" screen while it decides."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class ShowGameOver:
    """The game has ended."""


Step = ShowTitle | ShowFight | ShowHandoff | ShowDecision | BotThinking | ShowGameOver


# ---------------------------------------------------------------------- words derived from the record


def decision_kind(session: Session, seat: int) -> DecisionKind:
    kind = session.state.pending[seat]
    if kind is None:
        raise ValueError(f"seat {seat} owes no decision")
    return kind


def fighter_name(fid: str) -> str:
    """A Fighter's printed name from its id (the card library, not the game table: drafts have none yet)."""
    from tagteam.engine.table import library

    fd = library().get(fid)
    return fd.name if fd is not None else fid


def describe_decision(session: Session, seat: int, action: Action) -> str:
    """A spectator's line for a decision, in player words (replays of finished games only)."""
    who = session.record.players[seat]
    tab = session.state.table
    match action:
        case PickTeam(fighters=(a, b)):
            return f"{who} picks {fighter_name(a)} and {fighter_name(b)}."
        case DraftPick(fighter=f, discard=d):
            extra = f", and discards {fighter_name(d)} face down" if d else ""
            return f"{who} keeps {fighter_name(f)}{extra}."
        case OrderStart(first=f):
            return f"{who} puts {fighter_name(f)}'s Starting Card on top of the Fight deck."
        case ChooseCharacter(index=i):
            if tab is not None:
                fey = next((fd for fd in tab.fighters if fd.id == "fey_folk"), None)
                if fey is not None and 0 <= i < len(fey.tracks):
                    return f"{who} chooses {fey.tracks[i].name} as the Fey Folk's Character."
            return f"{who} chooses the Fey Folk's Character."
        case BuildChoice(card=c, position=p, bottom=(x, y)):
            drawn = session.state.drawn[seat]
            if tab is None or not all(0 <= i < len(drawn) for i in (c, x, y)):
                return f"{who} makes a Build choice."
            names = [tab.cards[drawn[i]].cdef.name for i in (c, x, y)]
            size = len(session.state.fight[seat])
            where = "on top" if p == 0 else "at the bottom" if p >= size else f"at position {p + 1}"
            return (
                f"{who} adds {names[0]} {where} of their Fight deck, "
                f"and puts {names[1]} then {names[2]} under the Build deck."
            )
    return f"{who} makes a choice."


def revealed(log: Sequence[ev.Event]) -> dict[int, tuple[int, bool]]:
    """The cards on the table now: each seat's latest reveal since the round began (instance, flipped)."""
    out: dict[int, tuple[int, bool]] = {}
    for e in reversed(log):
        if isinstance(e, ev.RoundStarted):
            break
        if isinstance(e, ev.CardRevealed) and e.seat not in out:
            out[e.seat] = (e.inst, e.flipped)
            if len(out) == 2:
                break
    return out


def game_over_line(session: Session) -> str:
    detail = next((e.detail for e in reversed(session.log) if isinstance(e, ev.GameOver)), "")
    return detail or session.state.over_reason


def pause_text(session: Session, replay: bool = False) -> str:
    """Why the Fight screen stopped resolving Turns, and what Enter does next."""
    if session.over():
        return f"GAME OVER. {game_over_line(session)} Press Enter for the summary."
    if replay:
        return "End of the replay: this game is not finished, so it stops here. Press Enter for the title screen."
    kinds = {session.state.pending[s] for s in session.pending()}
    if "character" in kinds and session.state.phase == "fight":
        seat = next(s for s in session.pending() if session.state.pending[s] == "character")
        return (
            f"Play stops: the Fey Folk's Character is out, so {session.record.players[seat]} "
            "chooses who steps in. Press Enter."
        )
    return "End of the Fight step; next, the Build step. Press Enter."


def mode_of(rec: GameRecord) -> Mode:
    """How a recorded game was started, so "new draft" after a resume keeps the table's choice."""
    if rec.draft != "free":
        return rec.draft
    if rec.teams is None:
        return "free"
    return "first" if rec.teams == FIRST_GAME else "free"


def new_draft_mode(rec: GameRecord) -> Mode:
    """A rematch with a new draft: the same draft mode; after the first-game teams, the Standard Draft."""
    mode = mode_of(rec)
    return "standard" if mode == "first" else mode


class Seeds:
    """Game seeds for this run: ``--seed N`` gives N, N+1, ... (reproducible, never the same game twice)."""

    def __init__(self, base: int | None) -> None:
        self.base = base

    def next(self) -> int:
        if self.base is None:
            import secrets

            return secrets.randbelow(2**31)
        seed, self.base = self.base, self.base + 1
        return seed


def fallback_action(session: Session, seat: int) -> Action:
    """A legal choice when the bot fails, drawn reproducibly from the record (never a frozen game)."""
    options = legal_actions(session.state, seat)
    if not options:
        raise ValueError(f"seat {seat} has no legal action")
    rng = random.Random(session.record.seed * 7919 + len(session.record.decisions))
    return rng.choice(options)


# ---------------------------------------------------------------------- the live game


class LiveFlow:
    """The flow of one game at this terminal: derived from the Session, plus what was shown here."""

    def __init__(self, session: Session, bot_seat: int | None = None) -> None:
        self.session = session
        self.bot_seat = bot_seat
        self.opened_at = len(session.record.decisions)  # decisions made before this terminal opened the game
        self.announced = len(session.log)  # events already announced (a resume announces nothing again)
        self.ready: int | None = None  # the seat whose hand-over was acknowledged for its pending decision
        self.pause_read = False  # Enter pressed on the Fight screen's closing pause since the last Turn

    @property
    def names(self) -> tuple[str, str]:
        p = self.session.record.players
        return p[0], p[1]

    # -------------------------------------------------- the next screen

    def step(self) -> Step:
        s = self.session
        if s.over():
            return ShowGameOver()
        if s.needs_advance():
            return ShowFight()
        pending = s.pending()
        if s.record.turns_after > 0 and not self.pause_read:
            return ShowFight()  # Turns were resolved since the last decision: the Fight screen says why it stopped
        humans = [p for p in pending if p != self.bot_seat]
        if not humans:
            seat = pending[0]
            return BotThinking(seat, self.names[seat])
        seat = humans[0]
        if self._needs_handoff(seat):
            return ShowHandoff(seat, self.names[seat], self.what(seat), self.handoff_note(seat))
        return ShowDecision(seat, decision_kind(s, seat))

    def fight_done(self) -> None:
        """Enter on the Fight screen's pause: go on to the decision (or the summary) it announced."""
        self.pause_read = True

    def _needs_handoff(self, seat: int) -> bool:
        if self.bot_seat is not None or self.ready == seat:
            return False
        decisions = self.session.record.decisions
        just_decided = (
            len(decisions) > self.opened_at and decisions[-1].seat == seat and self.session.record.turns_after == 0
        )
        return not just_decided  # the same player deciding again, with no public screen since: no hand-over

    def what(self, seat: int) -> str:
        kind = decision_kind(self.session, seat)
        if kind == "build":
            return f"the Build step of round {self.session.state.round}"
        return WHAT[kind]

    def handoff_note(self, seat: int) -> str:
        """"X's Build choice is locked." when the other human just made the same kind of choice here."""
        rec = self.session.record
        if self.bot_seat is not None or not rec.decisions or rec.turns_after:
            return ""
        last = rec.decisions[-1]
        if last.seat == seat or len(rec.decisions) <= self.opened_at:
            return ""
        kind = decision_kind(self.session, seat)
        return f"{self.names[last.seat]}'s {CHOICE[kind]} is locked."

    # -------------------------------------------------- events

    def acknowledge(self, seat: int) -> None:
        """The player at the keyboard pressed Enter on the hand-over for ``seat``."""
        self.ready = seat

    def act(self, seat: int, action: Action) -> list[ev.Event]:
        """Apply a decision (raises IllegalAction); the next hand-over is owed afresh."""
        out = self.session.act(seat, action)
        self.ready = None
        self.pause_read = False
        return out

    def advance(self) -> list[ev.Event]:
        out = self.session.advance()
        self.pause_read = False
        return out

    def announcements(self) -> list[str]:
        """Lines to pop up for events that are new since the last call (Draft reveals, Instant bonuses)."""
        log = self.session.log
        table = self.session.state.table
        out = [
            ev.describe(e, table, self.names)
            for e in log[self.announced :]
            if isinstance(e, ev.DraftRevealed | ev.InstantBonus)
        ]
        self.announced = len(log)
        return out

    def bot_view(self) -> PlayerView:
        assert self.bot_seat is not None
        return self.session.view(self.bot_seat)


# ---------------------------------------------------------------------- what a Fight screen reads


class FightFeed:
    """What the Fight screen shows and steps: the live game, or a replay (read-only)."""

    label = ""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._described: list[str] = []  # describe() of each event so far: derived, append-only like the log

    @property
    def names(self) -> tuple[str, str]:
        p = self.session.record.players
        return p[0], p[1]

    def view(self) -> PlayerView:
        return self.session.view(0)  # the Fight screen is public: seat 0's view holds nothing secret shown here

    def can_step(self) -> bool:
        return self.session.needs_advance()

    def step(self) -> list[ev.Event]:
        return self.session.advance()

    def described(self) -> list[str]:
        """One line of words per event of the Session's log (memoised: the log only grows)."""
        log = self.session.log
        if len(self._described) < len(log):
            table = self.session.state.table
            self._described.extend(ev.describe(e, table, self.names) for e in log[len(self._described) :])
        return self._described

    def lines(self) -> list[str]:
        """The whole log in words, as the Fight screen shows it."""
        return list(self.described())

    def revealed(self) -> dict[int, tuple[int, bool]]:
        return revealed(self.session.log)

    def pause(self) -> str:
        return pause_text(self.session)

    def heading(self) -> str:
        st = self.session.state
        if st.round == 0:
            return "Draft and setup"
        if st.turn == 0:
            return f"Round {st.round} · before Turn 1"
        return f"Round {st.round} · Turn {st.turn}"


class LiveFeed(FightFeed):
    """The live game's Fight: stepping resolves Turns through the flow (so the record counts them)."""

    def __init__(self, flow: LiveFlow) -> None:
        super().__init__(flow.session)
        self.flow = flow

    def step(self) -> list[ev.Event]:
        return self.flow.advance()


class ReplayFeed(FightFeed):
    """A saved game played back one step at a time: a Turn, or the next recorded decision, read-only.

    A game still in progress keeps its secrets (its save holds both players' choices), so its decisions
    are announced without saying what they were."""

    label = "REPLAY"

    def __init__(self, rec: GameRecord) -> None:
        from tagteam.engine.record import replay

        self.rec = rec
        self.finished = replay(rec).phase == "over"
        session = Session.new(rec.seed, teams=rec.teams, draft=rec.draft, players=rec.players)
        session.record = rec.model_copy(deep=True)  # stepping never changes the loaded record
        super().__init__(session)
        self.index = 0
        self.turns_since = 0  # Turns since the last decision: after the last one, only the saved count
        self.notes: dict[int, list[str]] = {}  # event index -> decision lines shown before that event

    def can_step(self) -> bool:
        if self.index < len(self.rec.decisions):
            return True
        # past the last decision, only the Turns the save had resolved: the rest of the decks is secret
        return self.session.needs_advance() and self.turns_since < self.rec.turns_after

    def step(self) -> list[ev.Event]:
        s = self.session
        if s.needs_advance() and self.can_step():
            self.turns_since += 1
            return s.advance()
        d = self.rec.decisions[self.index]
        self.index += 1
        self.turns_since = 0
        action = from_dict(d.action)
        if self.finished:
            note = describe_decision(s, d.seat, action)
        else:
            note = f"{s.record.players[d.seat]} makes a choice (kept secret: this game is not finished)."
        self.notes.setdefault(len(s.log), []).append(note)
        return s.replay_decision(d.seat, action)

    def lines(self) -> list[str]:
        """The log with each decision's line just before the events it caused."""
        described = self.described()
        out: list[str] = []
        for i in range(len(described) + 1):
            out.extend(self.notes.get(i, ()))
            if i < len(described):
                out.append(described[i])
        return out

    def pause(self) -> str:
        if self.session.over():
            return f"End of the replay. GAME OVER. {game_over_line(self.session)} Press Enter for the summary."
        return pause_text(self.session, replay=True)

    def heading(self) -> str:
        return f"REPLAY · {super().heading()}"


BotFactory = Callable[[str, int], object]
