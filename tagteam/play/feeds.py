"""What a Fight screen reads and steps: one typed protocol, a local Session or a replay behind it here,
and the network client's feed (``tagteam.net.client.RemoteFeed``) implementing the same protocol.

Textual-free. Where the Fight stands (``Heading``) and why it stopped (``Pause``) are data here, which the
Fight screen words (``tagteam.words.feeds``) in its player's language; the log, the recap and the
announcements are worded once, and the network host sends what these same functions compute, so a remote
screen says what a local one would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from tagteam.engine import events as ev
from tagteam.engine.actions import from_dict
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session
from tagteam.facts.feeds import Heading as Heading
from tagteam.facts.feeds import Pause as Pause
from tagteam.facts.feeds import PauseWhy as PauseWhy
from tagteam.words import log as wl
from tagteam.words.names import player_name, player_names
from tagteam.words.replay import decision, hidden_decision

if TYPE_CHECKING:
    from tagteam.engine.table import GameTable
    from tagteam.engine.view import PlayerView


class FightSource(Protocol):
    """What the Fight screen needs: the public table now, the log in words, and a way to step it."""

    label: str

    @property
    def names(self) -> tuple[str, str]: ...

    def view(self) -> PlayerView: ...

    def can_step(self) -> bool: ...

    def step(self) -> list[ev.Event]:
        """One Turn (or, in a replay, one recorded decision); the events it caused."""
        ...

    def skip(self) -> None:
        """The rest of this Fight step (one request over the network, not one per Turn)."""
        ...

    def lines(self) -> list[str]: ...

    def revealed(self) -> dict[int, tuple[int, bool]]: ...

    def events(self) -> Sequence[ev.Event]:
        """The public log as typed events: what the table draws (what each revealed card did)."""
        ...

    def pause(self) -> Pause | None:
        """Why the Fight stopped resolving Turns (None while the network has not said)."""
        ...

    def recap(self) -> list[str]:
        """The Fight's recap at a pause (the screen marks its first line as the recap)."""
        ...

    def heading(self) -> Heading: ...

    def problem(self) -> str:
        """One line about a failed step (a lost host) to show once, or ""."""
        ...


# ---------------------------------------------------------------------- words read from the log


class LogWords:
    """The log in words, one line per event, memoised (the log only grows). ``clean`` filters each line
    (the host makes them printable before they cross the network)."""

    def __init__(self, clean: Callable[[str], str] | None = None) -> None:
        self.clean = clean
        self.words: list[str] = []

    def of(self, log: Sequence[ev.Event], table: GameTable | None, names: tuple[str, str]) -> list[str]:
        if len(self.words) < len(log):
            new = wl.describe_log(log, len(self.words), table, names)  # an Attack on the Partner says so
            self.words.extend(self.clean(w) for w in new) if self.clean else self.words.extend(new)
        return self.words


def announcements(log: Sequence[ev.Event], since: int, table: GameTable | None, names: tuple[str, str]) -> list[str]:
    """Lines to pop up for the events after ``since`` that deserve it (Draft reveals, Instant bonuses)."""
    return [wl.describe(e, table, names) for e in log[since:] if isinstance(e, ev.DraftRevealed | ev.InstantBonus)]


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
    over = next((e for e in reversed(session.log) if isinstance(e, ev.GameOver)), None)
    detail = wl.over_detail(over, session.state.table) if over is not None else ""
    return detail or session.state.over_reason


def mid_fight_choice(session: Session) -> int | None:
    """The seat that must choose the Fey Folk's next Character while the Fight step is stopped, if any."""
    if session.state.phase != "fight":
        return None
    return next((s for s in session.seats_owing() if session.state.pending[s] == "character"), None)


def pause_of(session: Session, replay: bool = False) -> Pause:
    """Why the Fight screen stopped resolving Turns, as data.

    The log has just said "End of the Fight step of round N." (an event), so the pause does not say it again."""
    if session.over():
        return Pause("replay_over" if replay else "over", outcome=game_over_line(session))
    if replay:
        return Pause("replay_stop")
    seat = mid_fight_choice(session)
    if seat is not None:
        return Pause("character", player=player_name(session.record.players[seat]))
    return Pause("build")


def pause_recap(session: Session, view: PlayerView) -> list[str]:
    """A few lines on why this Fight step went as it did (``tagteam.play.recap``), at the end of a Fight step
    or of the game only: a mid-Fight stop (the Fey Folk's Character) is not the end of anything."""
    from tagteam.play.recap import fight_recap

    st = session.state
    if st.table is None or st.round == 0 or session.needs_advance() or mid_fight_choice(session) is not None:
        return []
    names = player_names(session.record.players)
    return fight_recap(session.log, st.table, view, names)


def heading_of(session: Session, replay: bool = False) -> Heading:
    st = session.state
    return Heading(st.round, st.turn, replay)


# ---------------------------------------------------------------------- feeds over a local Session


class FightFeed:
    """A Session's Fight, read-only apart from stepping: the live game's feed, and the base of the replay's.
    Stepping a live game advances its Session, whose record counts the Turns resolved."""

    label = ""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._words = LogWords()

    @property
    def names(self) -> tuple[str, str]:
        return player_names(self.session.record.players)

    def view(self) -> PlayerView:
        return self.session.view(0)  # the Fight screen is public: seat 0's view holds nothing secret shown here

    def can_step(self) -> bool:
        return self.session.needs_advance()

    def step(self) -> list[ev.Event]:
        return self.session.advance()

    def skip(self) -> None:
        """Resolve Turns until this Fight step (in a replay: the next one) ends or nothing is left."""
        while self.can_step():
            if any(isinstance(e, ev.FightEnded | ev.GameOver) for e in self.step()):
                return

    def described(self) -> list[str]:
        """One line of words per event of the Session's log."""
        return self._words.of(self.session.log, self.session.state.table, self.names)

    def lines(self) -> list[str]:
        """The whole log in words, as the Fight screen shows it."""
        return list(self.described())

    def revealed(self) -> dict[int, tuple[int, bool]]:
        return revealed(self.session.log)

    def events(self) -> Sequence[ev.Event]:
        return self.session.log

    def pause(self) -> Pause:
        return pause_of(self.session)

    def recap(self) -> list[str]:
        return pause_recap(self.session, self.view())

    def heading(self) -> Heading:
        return heading_of(self.session)

    def problem(self) -> str:
        return ""


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
        who = player_name(s.record.players[d.seat])
        note = decision(s, d.seat, action) if self.finished else hidden_decision(who)
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

    def pause(self) -> Pause:
        return pause_of(self.session, replay=True)

    def heading(self) -> Heading:
        return heading_of(self.session, replay=True)
