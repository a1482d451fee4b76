"""Play the coming Fight step of a sampled state on the engine's fast path (no events)."""

from __future__ import annotations

from tagteam.engine.actions import BuildChoice
from tagteam.engine.game import BUILD_DECISION, advance_inplace, apply_action_inplace
from tagteam.engine.standing import default_character, step_in
from tagteam.engine.state import FIGHT, OVER, GameState

__all__ = ["default_character", "play_builds", "run_fight", "settle"]


def run_fight(st: GameState) -> None:
    """Resolve Turns until the Fight step ends or the game does; Fey Folk choices use the default."""
    while st.phase == FIGHT:
        p = st.pending
        if p[0] is None and p[1] is None:
            advance_inplace(st)
            continue
        step_in(st)


def settle(st: GameState) -> None:
    """Answer owed Fey Folk choices outside a Build (setup, or before a Build) with the default (the
    sturdiest left: ``tagteam.engine.standing``, the same choice every valuation counts)."""
    step_in(st)


def play_builds(st: GameState, choice: dict[int, BuildChoice]) -> None:
    """Lock the given Build choices (Fey Folk choices first), then fight the round out."""
    settle(st)
    for s in (0, 1):
        if st.pending[s] == BUILD_DECISION and s in choice:
            apply_action_inplace(st, s, choice[s])
    if st.phase != OVER:
        run_fight(st)
