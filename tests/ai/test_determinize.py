"""The determinizer builds states whose view is exactly the view it started from."""

from __future__ import annotations

import random

from tagteam.ai.determinize import Hidden, sample
from tagteam.engine.driver import play_out
from tagteam.engine.game import legal_actions, new_game
from tagteam.engine.state import GameState
from tagteam.engine.table import library
from tagteam.engine.view import view_for


def test_sampled_states_show_the_same_view() -> None:
    rng = random.Random(4)
    ids = sorted(library())
    checked = 0
    for g in range(40):
        f = rng.sample(ids, 4)
        st = new_game(g, teams=((f[0], f[1]), (f[2], f[3])))

        def look(state: GameState) -> bool:
            nonlocal checked
            for s in (0, 1):
                if state.pending[s] is not None or rng.random() < 0.1:
                    v = view_for(state, s)
                    if v.table is not None:
                        assert view_for(sample(Hidden(v), rng), s) == v
                        checked += 1
            return False  # never stops the game: only looks at every step

        play_out(st, lambda state, s: rng.choice(legal_actions(state, s)), until=look)
    assert checked > 500
