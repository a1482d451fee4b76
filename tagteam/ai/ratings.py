"""Fighter strength for the draft, from bot-against-bot play (0 = average); unknown ids count as average."""

from __future__ import annotations

from tagteam.ai.tables import FIGHTER_RATING


def single(fighter: str) -> float:
    return FIGHTER_RATING.get(fighter, 0.0)


def pair(team: tuple[str, str]) -> float:
    return single(team[0]) + single(team[1])
