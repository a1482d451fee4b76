"""The choices a game starts from, importable without the engine (the title screen must paint fast)."""

from __future__ import annotations

from typing import Literal, get_args

from tagteam.content.choices import BOT_LEVELS

__all__ = ["BOT_LEVELS", "FIRST_GAME", "MODES", "TUTOR", "Mode", "Teams"]

Teams = tuple[tuple[str, str], tuple[str, str]]
FIRST_GAME: Teams = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))  # the rulebook's suggested first game
Mode = Literal["first", "free", "standard", "competitive"]
MODES: tuple[str, ...] = get_args(Mode)
TUTOR = "Tutor"  # the guided game's scripted opponent (seat 2): it has nothing to learn from a recap
