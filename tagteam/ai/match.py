"""One bot-against-bot game on the engine's fast path, timing every decision each bot makes."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from tagteam.ai.base import Bot
from tagteam.engine.actions import Action
from tagteam.engine.driver import play_out
from tagteam.engine.game import Teams, new_game
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for


@dataclass(slots=True)
class GameResult:
    """Winner (0, 1, or -1 for a draw), why it ended, and each seat's think times in seconds by decision kind:
    ``times`` on the wall clock, ``cpu`` in this process's CPU time, which other programs sharing the machine
    do not inflate."""

    winner: int
    reason: str
    rounds: int
    times: tuple[list[tuple[str, float]], list[tuple[str, float]]] = field(default_factory=lambda: ([], []))
    cpu: tuple[list[tuple[str, float]], list[tuple[str, float]]] = field(default_factory=lambda: ([], []))


def play(bots: tuple[Bot, Bot], seed: int, teams: Teams | None = None, draft: str = "free") -> GameResult:
    """Each seat's bot sees only its own view; the game's RNG never reaches a bot."""
    st = new_game(seed, teams=teams, draft=draft)
    res = GameResult(-1, "", 0)

    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        t0, c0 = time.perf_counter(), time.process_time()
        a = bots[seat].decide(view)
        res.times[seat].append((view.pending or "", time.perf_counter() - t0))
        res.cpu[seat].append((view.pending or "", time.process_time() - c0))
        return a

    play_out(st, choose)
    res.winner = st.winner if st.winner is not None else -1
    res.reason = st.over_reason
    res.rounds = st.round
    return res
