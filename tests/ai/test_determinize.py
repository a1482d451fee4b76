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


def test_the_cards_i_slid_under_are_my_build_decks_bottom_in_order(build_state: GameState) -> None:
    """What a player remembers: the cards it put under its Build deck come back last, oldest first (a card
    slid under twice where it went last); the rest of the deck is shuffled. The view stays the same."""
    v = view_for(build_state, 0)
    pool = Hidden(v).my_pool
    assert len(pool) >= 4
    a, b, c = pool[0], pool[1], pool[2]
    gone = next(ci.inst for ci in build_state.tab().cards if ci.seat == 0 and ci.inst in v.my_fight_deck)
    h = Hidden(v, [a, b, gone, c, a])  # a went under twice; a card now in my Fight deck is not in the deck
    assert h.my_tail == [b, c, a]
    tops = set()
    for seed in range(6):
        st = sample(h, random.Random(seed))
        assert st.build[0][-3:] == [b, c, a] and sorted(st.build[0]) == sorted(pool)
        assert view_for(st, 0) == v
        tops.add(tuple(st.build[0][:-3]))
    assert len(tops) > 1  # the rest is still shuffled
    plain = sample(Hidden(v), random.Random(0))
    assert sorted(plain.build[0]) == sorted(pool)


def test_hard_remembers_what_it_slid_under(build_state: GameState) -> None:
    from tagteam.ai.hard import Budget, HardBot
    from tagteam.engine.actions import BuildChoice

    bot = HardBot(3)
    bot.budget = Budget(samples=2, mine=3, theirs=2, iters=10, memory=True)
    v = view_for(build_state, 0)
    choice = bot.decide(v)
    assert isinstance(choice, BuildChoice)
    assert bot.under == [v.drawn[i] for i in choice.bottom] and len(bot.under) == 2
