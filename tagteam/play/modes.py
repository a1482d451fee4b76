"""The choices a game starts from, importable without the engine (the title screen must paint fast)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, get_args

from tagteam.ai.levels import OFFERED

if TYPE_CHECKING:  # the title screen must paint before the engine loads: the type only
    from tagteam.engine.game import Teams

FIRST_GAME: Teams = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))  # the rulebook's suggested first game
BOT_LEVELS = OFFERED  # the levels a player is offered (tagteam.ai.levels: the table of every level)
Mode = Literal["first", "free", "standard", "competitive"]
MODES: tuple[str, ...] = get_args(Mode)
TUTOR = "Tutor"  # the guided game's scripted opponent (seat 2): it has nothing to learn from a recap
