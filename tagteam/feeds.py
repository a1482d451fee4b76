"""What a Fight screen reads and steps: one typed protocol, a local Session or a replay behind it here,
and the network client's feed (``tagteam.net.client.RemoteFeed``) implementing the same protocol.

Textual-free. The words of the log, the pause line, the recap and the announcements are computed here
once, and the network host sends what these same functions compute, so a remote screen says what a
local one would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from tagteam.engine import events as ev
from tagteam.engine.actions import Action, BuildChoice, ChooseCharacter, DraftPick, OrderStart, PickTeam, from_dict
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session

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

    def pause(self) -> str: ...

    def recap(self) -> list[str]: ...

    def heading(self) -> str: ...

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
            new = ev.describe_log(log, len(self.words), table, names)  # an Attack on the Partner says so
            self.words.extend(self.clean(w) for w in new) if self.clean else self.words.extend(new)
        return self.words


def announcements(
    log: Sequence[ev.Event], since: int, table: GameTable | None, names: tuple[str, str]
) -> list[str]:
    """Lines to pop up for the events after ``since`` that deserve it (Draft reveals, Instant bonuses)."""
    return [
        ev.describe(e, table, names) for e in log[since:] if isinstance(e, ev.DraftRevealed | ev.InstantBonus)
    ]


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


def mid_fight_choice(session: Session) -> int | None:
    """The seat that must choose the Fey Folk's next Character while the Fight step is stopped, if any."""
    if session.state.phase != "fight":
        return None
    return next((s for s in session.seats_owing() if session.state.pending[s] == "character"), None)


def pause_text(session: Session, replay: bool = False) -> str:
    """Why the Fight screen stopped resolving Turns, and what Enter does next.

    The log has just said "End of the Fight step of round N." (an event), so this does not say it again."""
    if session.over():
        return f"GAME OVER. {game_over_line(session)} Press Enter for the summary."
    if replay:
        return "End of the replay: this game is not finished, so it stops here. Press Enter for the title screen."
    seat = mid_fight_choice(session)
    if seat is not None:
        return (
            f"Play stops: the Fey Folk's Character is out, so {session.record.players[seat]} "
            "chooses who steps in. Press Enter."
        )
    return "Next: the Build step. Press Enter."


def pause_recap(session: Session, view: PlayerView) -> list[str]:
    """A few lines on why this Fight step went as it did (``tagteam.recap``), at the end of a Fight step
    or of the game only: a mid-Fight stop (the Fey Folk's Character) is not the end of anything."""
    from tagteam.recap import fight_recap

    st = session.state
    if st.table is None or st.round == 0 or session.needs_advance() or mid_fight_choice(session) is not None:
        return []
    names = (session.record.players[0], session.record.players[1])
    lines = fight_recap(session.log, st.table, view, names)
    return [f"Recap: {line}" if i == 0 else line for i, line in enumerate(lines)]


def heading(session: Session) -> str:
    st = session.state
    if st.round == 0:
        return "Draft and setup"
    if st.turn == 0:
        return f"Round {st.round} · before Turn 1"
    return f"Round {st.round} · Turn {st.turn}"


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
        p = self.session.record.players
        return p[0], p[1]

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

    def pause(self) -> str:
        return pause_text(self.session)

    def recap(self) -> list[str]:
        return pause_recap(self.session, self.view())

    def heading(self) -> str:
        return heading(self.session)

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
