"""One bot-against-bot game on the engine's fast path, timing every decision each bot makes."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from tagteam.ai.base import Bot
from tagteam.engine.game import Teams, advance_inplace, apply_action_inplace, is_over, needs_advance, new_game
from tagteam.engine.view import view_for

MAX_STEPS = 10_000  # a game is ~25 Turns; this only guards against a runaway loop


@dataclass(slots=True)
class GameResult:
    """Winner (0, 1, or -1 for a draw), why it ended, and each seat's think times in seconds by decision kind."""

    winner: int
    reason: str
    rounds: int
    times: tuple[list[tuple[str, float]], list[tuple[str, float]]] = field(default_factory=lambda: ([], []))


def play(bots: tuple[Bot, Bot], seed: int, teams: Teams | None = None, draft: str = "free") -> GameResult:
    """Each seat's bot sees only its own view; the game's RNG never reaches a bot."""
    st = new_game(seed, teams=teams, draft=draft)
    res = GameResult(-1, "", 0)
    for _ in range(MAX_STEPS):
        if is_over(st):
            break
        if needs_advance(st):
            advance_inplace(st)
            continue
        # simultaneous decisions: neither seat sees the other lock in
        views = [view_for(st, s) for s in (0, 1) if st.pending[s] is not None]
        for view in views:
            t0 = time.perf_counter()
            a = bots[view.seat].decide(view)
            res.times[view.seat].append((view.pending or "", time.perf_counter() - t0))
            apply_action_inplace(st, view.seat, a)
    else:
        raise RuntimeError(f"game {seed} did not finish in {MAX_STEPS} steps")
    res.winner = st.winner if st.winner is not None else -1
    res.reason = st.over_reason
    res.rounds = st.round
    return res
