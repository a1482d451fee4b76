"""Play the coming Fight step of a sampled state on the engine's fast path (no events)."""

from __future__ import annotations

from tagteam.engine.actions import BuildChoice, ChooseCharacter
from tagteam.engine.fighters.fey_folk import CHOOSE, choices
from tagteam.engine.game import BUILD_DECISION, advance_inplace, apply_action_inplace
from tagteam.engine.state import FIGHT, OVER, GameState


def default_character(st: GameState, seat: int) -> ChooseCharacter:
    """Inside a simulation the Fey Folk bring in their sturdiest Character left."""
    f = 2 * seat if st.tab().rules[2 * seat] == "fey_folk" else 2 * seat + 1
    tracks = st.tab().fighters[f].tracks
    best = max(choices(st, f), key=lambda i: tracks[i].hp[tracks[i].start])
    return ChooseCharacter(best)


def run_fight(st: GameState) -> None:
    """Resolve Turns until the Fight step ends or the game does; Fey Folk choices use the default."""
    while st.phase == FIGHT:
        p = st.pending
        if p[0] is None and p[1] is None:
            advance_inplace(st)
            continue
        for s in (0, 1):
            if p[s] == CHOOSE:
                apply_action_inplace(st, s, default_character(st, s))


def settle(st: GameState) -> None:
    """Answer owed Fey Folk choices outside a Build (setup, or before a Build) with the default."""
    for s in (0, 1):
        if st.pending[s] == CHOOSE:
            apply_action_inplace(st, s, default_character(st, s))


def play_builds(st: GameState, choice: dict[int, BuildChoice]) -> None:
    """Lock the given Build choices (Fey Folk choices first), then fight the round out."""
    settle(st)
    for s in (0, 1):
        if st.pending[s] == BUILD_DECISION and s in choice:
            apply_action_inplace(st, s, choice[s])
    if st.phase != OVER:
        run_fight(st)
