"""The determinizer builds states whose view is exactly the view it started from."""

from __future__ import annotations

import random

from tagteam.ai.determinize import Hidden, sample
from tagteam.engine.game import advance_inplace, apply_action_inplace, is_over, legal_actions, needs_advance, new_game
from tagteam.engine.table import library
from tagteam.engine.view import view_for


def test_sampled_states_show_the_same_view() -> None:
    rng = random.Random(4)
    ids = sorted(library())
    checked = 0
    for g in range(40):
        f = rng.sample(ids, 4)
        st = new_game(g, teams=((f[0], f[1]), (f[2], f[3])))
        while not is_over(st):
            for s in (0, 1):
                if st.pending[s] is not None or rng.random() < 0.1:
                    v = view_for(st, s)
                    if v.table is not None:
                        assert view_for(sample(Hidden(v), rng), s) == v
                        checked += 1
            if needs_advance(st):
                advance_inplace(st)
                continue
            for s in (0, 1):
                if st.pending[s] is not None:
                    apply_action_inplace(st, s, rng.choice(legal_actions(st, s)))
    assert checked > 500
