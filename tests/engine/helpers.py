"""Shared test helpers: play a seeded game with seeded random decisions through a Session."""

from __future__ import annotations

import random

from tagteam.engine.randomplay import random_action
from tagteam.engine.session import Session

FIRST_GAME = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))


def play_session(seed: int, teams=FIRST_GAME, draft: str = "free", decide_seed: int = 0) -> Session:
    s = Session.new(seed, teams=teams, draft=draft)
    r = random.Random(decide_seed)
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        for seat in s.pending():
            s.act(seat, random_action(s.state, seat, r))  # type: ignore[arg-type]
    return s
