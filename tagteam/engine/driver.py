"""The one loop that drives a game: resolve Turns, ask for every decision owed, until the game ends.

Random play (the bench and the soak tests), bot matches and the test helpers all go through
``play_out``, so there is one place that knows how decisions and Turns interleave. Seats that owe a
decision at the same moment are asked before either choice is applied: neither sees the other lock in.
"""

from __future__ import annotations

from collections.abc import Callable

from tagteam.engine import events as ev
from tagteam.engine.actions import Action
from tagteam.engine.game import advance_inplace, apply_action_inplace
from tagteam.engine.session import Session
from tagteam.engine.state import FIGHT, OVER, GameState

Chooser = Callable[[GameState, int], Action]
"""``choose(state, seat)``: the seat's decision. Bots wrap this with ``view_for(state, seat)``."""

MAX_STEPS = 100_000  # a game is ~25 Turns and ~15 decisions; this only stops a runaway loop


def play_out(
    game: GameState | Session,
    choose: Chooser,
    *,
    log: list[ev.Event] | None = None,
    on_turn: Callable[[GameState], None] | None = None,
    until: Callable[[GameState], bool] | None = None,
) -> int:
    """Play ``game`` to its end (or until ``until(state)`` holds before a step); returns Turns resolved.

    A Session records every decision and keeps its own log; a bare GameState takes the fast path, with
    events only when ``log`` is given. ``on_turn`` sees the state after each Turn (soak invariants).
    """
    session = game if isinstance(game, Session) else None
    st = session.state if session is not None else game
    assert isinstance(st, GameState)
    turns = 0
    for _ in range(MAX_STEPS):
        pending = st.pending  # read afresh: setup and the end of a Fight step replace the list
        if st.phase == OVER or (until is not None and until(st)):
            return turns
        if st.phase == FIGHT and pending[0] is None and pending[1] is None:
            if session is not None:
                out = session.advance()
                if log is not None:
                    log.extend(out)
            else:
                advance_inplace(st, log)
            turns += 1
            if on_turn is not None:
                on_turn(st)
            continue
        owed = [(s, choose(st, s)) for s in (0, 1) if pending[s] is not None]
        if not owed:
            raise RuntimeError(f"nobody owes a decision in phase {st.phase!r} and nothing to advance")
        for s, action in owed:
            if session is not None:
                out = session.act(s, action)
                if log is not None:
                    log.extend(out)
            else:
                apply_action_inplace(st, s, action, log)
    raise RuntimeError(f"game {st.seed} did not finish in {MAX_STEPS} steps")
