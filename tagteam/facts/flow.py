"""What a hand-over or a waiting screen reports, as data: ``tagteam.play.flow`` fills them in its steps and
``tagteam.words.flow`` words them."""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine.state import DecisionKind


@dataclass(frozen=True, slots=True)
class Locked:
    """``player`` just locked a choice of ``kind`` at this keyboard (the hand-over says so)."""

    player: str
    kind: DecisionKind


@dataclass(frozen=True, slots=True)
class Waiting:
    """Why a network seat waits beyond the other player's turn: ``player`` has not joined yet (``code`` is
    the join code to give them) or is not connected (``code`` "")."""

    player: str
    code: str = ""
