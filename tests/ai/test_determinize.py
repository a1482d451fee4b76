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


def _round_four_view() -> tuple[object, list[int]]:
    """Seat 0's view at the Build of round 4 of an Easy game, and seat 1's real Build deck then."""
    from tagteam.ai import make_bot
    from tagteam.engine.state import BUILD

    st = new_game(11, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    bots = (make_bot("easy", 1), make_bot("easy", 2))
    found: list[tuple[object, list[int]]] = []

    def choose(state: GameState, s: int) -> object:
        v = view_for(state, s)
        if state.phase == BUILD and s == 0 and state.round == 4 and not found:
            found.append((v, list(state.drawn[1]) + list(state.build[1])))
        return bots[s].decide(v)

    play_out(st, choose)  # type: ignore[arg-type]
    return found[0]


def test_inferred_samples_keep_the_view_and_put_the_passed_over_cards_last() -> None:
    """With ``infer`` the opponent's 6 passed-over cards (3 Builds) are its Build deck's bottom and never in
    its hand; the view is still exactly the view."""
    from tagteam.engine.view import PlayerView

    v, _ = _round_four_view()
    assert isinstance(v, PlayerView)
    h = Hidden(v, infer=True)
    assert h.under == 6 and len(h.opp_pool) == 15
    rng = random.Random(2)
    for _ in range(50):
        st = sample(h, rng)
        assert view_for(st, 0) == v
        hand, deck = st.drawn[1], st.build[1]
        assert len(hand) == 3 and sorted(hand + deck) == sorted(h.opp_pool)
        assert len(deck) == 12  # 6 never drawn on top, then the 6 passed over


def test_inference_favours_the_cards_the_opponent_keeps_and_is_off_by_default() -> None:
    """A card it keeps gladly (low pass weight) turns up in its hand more often with ``infer`` than without;
    without it every unseen card is as likely, and the samples are the ones Hard always drew."""
    from collections import Counter

    from tagteam.engine.view import PlayerView

    v, _ = _round_four_view()
    assert isinstance(v, PlayerView)
    plain, inferred = Hidden(v), Hidden(v, infer=True)
    assert plain.under == 0
    a, b = random.Random(3), random.Random(3)
    for _ in range(5):
        x, y = sample(plain, a), sample(Hidden(v, infer=False), b)
        assert (x.drawn, x.build, x.fight) == (y.drawn, y.build, y.fight)
    counts: dict[bool, Counter[int]] = {False: Counter(), True: Counter()}
    rng = random.Random(5)
    for _ in range(3000):
        counts[False].update(sample(plain, rng).drawn[1])
        counts[True].update(sample(inferred, rng).drawn[1])
    keeper = min(inferred.passed, key=lambda c: inferred.passed[c])
    passer = max(inferred.passed, key=lambda c: inferred.passed[c])
    assert counts[True][keeper] > 1.2 * counts[False][keeper]
    assert counts[True][passer] < counts[False][passer]
