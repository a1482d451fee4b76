"""A game in progress with its record and event log: what the app, the replay viewer and bots drive."""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.engine.actions import Action, to_dict
from tagteam.engine.game import (
    Teams,
    advance_inplace,
    apply_action_inplace,
    is_over,
    needs_advance,
    new_game,
    pending_seats,
)
from tagteam.engine.record import Decision, GameRecord, replay
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView, view_for


class Session:
    """Owns the authoritative state. Every decision goes through ``act`` so the record is complete."""

    def __init__(self, record: GameRecord, state: GameState, log: list[ev.Event]) -> None:
        self.record = record
        self.state = state
        self.log = log

    @classmethod
    def new(
        cls,
        seed: int,
        teams: Teams | None = None,
        draft: str = "free",
        players: tuple[str, str] = ("Player 1", "Player 2"),
    ) -> Session:
        log: list[ev.Event] = []
        st = new_game(seed, teams=teams, draft=draft, log=log)
        rec = GameRecord(seed=seed, draft=draft, teams=teams, players=players)  # type: ignore[arg-type]
        return cls(rec, st, log)

    @classmethod
    def from_record(cls, rec: GameRecord) -> Session:
        """Exactly the saved position: every decision, then the Turns already resolved after the last one."""
        log: list[ev.Event] = []
        st = replay(rec, log)
        return cls(rec, st, log)

    def act(self, seat: int, action: Action) -> list[ev.Event]:
        """Take a decision (raises IllegalAction) and record it."""
        out: list[ev.Event] = []
        apply_action_inplace(self.state, seat, action, out)
        self.record.decisions.append(Decision(seat=seat, action=to_dict(action)))
        self.record.turns_after = 0
        self.log.extend(out)
        return out

    def replay_decision(self, seat: int, action: Action) -> list[ev.Event]:
        """Apply a decision that the record already holds (a replay viewer stepping through it)."""
        out: list[ev.Event] = []
        apply_action_inplace(self.state, seat, action, out)
        self.log.extend(out)
        return out

    def advance(self) -> list[ev.Event]:
        """Resolve the next Turn."""
        out: list[ev.Event] = []
        advance_inplace(self.state, out)
        self.record.turns_after += 1
        self.log.extend(out)
        return out

    def needs_advance(self) -> bool:
        return needs_advance(self.state)

    def seats_owing(self) -> list[int]:
        """The seats that owe a decision now (``state.pending[seat]`` says which kind each owes)."""
        return pending_seats(self.state)

    def over(self) -> bool:
        return is_over(self.state)

    def view(self, seat: int) -> PlayerView:
        return view_for(self.state, seat)
