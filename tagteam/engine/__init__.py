"""The rules engine: pure Python, no textual or rich. Decisions are data; randomness is seeded."""

from tagteam.engine.actions import (
    Action,
    BuildChoice,
    ChooseCharacter,
    DraftPick,
    IllegalAction,
    OrderStart,
    PickTeam,
)
from tagteam.engine.driver import play_out
from tagteam.engine.game import (
    advance_inplace,
    apply_action_inplace,
    is_over,
    legal_actions,
    needs_advance,
    new_game,
    pending_seats,
    run_until_decision,
)
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView, view_for

__all__ = [
    "Action",
    "BuildChoice",
    "ChooseCharacter",
    "DraftPick",
    "GameState",
    "IllegalAction",
    "OrderStart",
    "PickTeam",
    "PlayerView",
    "advance_inplace",
    "apply_action_inplace",
    "is_over",
    "legal_actions",
    "needs_advance",
    "new_game",
    "pending_seats",
    "play_out",
    "run_until_decision",
    "view_for",
]
