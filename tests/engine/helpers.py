"""Shared test helpers: play a seeded game with seeded random decisions through a Session."""

from __future__ import annotations

import random

from tagteam.engine.driver import play_out
from tagteam.engine.game import Teams
from tagteam.engine.randomplay import random_chooser
from tagteam.engine.session import Session

FIRST_GAME: Teams = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))


def play_session(seed: int, teams: Teams | None = FIRST_GAME, draft: str = "free", decide_seed: int = 0) -> Session:
    s = Session.new(seed, teams=teams, draft=draft)
    play_out(s, random_chooser(random.Random(decide_seed)))
    return s
