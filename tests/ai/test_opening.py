"""Hard's searched Starting Card order: off by default (today's Hard keeps Easy's rule), legal and repeatable
when on, and a policy that follows the sampled payoffs."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tagteam.ai.easy import EasyBot
from tagteam.ai.hard import Budget, HardBot
from tagteam.ai.opening import order_matrix, policy, rule_of_thumb
from tagteam.cli.arena import deal_of
from tagteam.engine.actions import OrderStart
from tagteam.engine.game import apply_action_inplace, new_game
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView, view_for


class _Searching(HardBot):
    budget = dataclasses.replace(Budget(), opening=64)


def _state(deal: int) -> GameState:
    teams, game_seed, _seeds = deal_of(12, deal)
    return new_game(game_seed, teams=teams)


def _setup_view(deal: int, seat: int = 0) -> PlayerView:
    return view_for(_state(deal), seat)


@pytest.mark.parametrize("deal", range(6))
def test_default_hard_keeps_easys_rule(deal: int) -> None:
    v = _setup_view(deal)
    assert HardBot(deal).decide(v) == EasyBot(deal).decide(v)


def test_searched_order_is_legal_and_repeatable() -> None:
    v = _setup_view(3)
    a, b = _Searching(7).decide(v), _Searching(7).decide(v)
    assert isinstance(a, OrderStart) and a in v.legal and a == b


def test_both_orders_open_then_one_column_once_the_opponent_has_ordered() -> None:
    teams, game_seed, _seeds = deal_of(12, 3)
    st = new_game(game_seed, teams=teams)
    mine, mat = order_matrix(view_for(st, 0), random.Random(1), 8, 1, None, lambda: False)
    assert len(mine) == 2 and all(len(row) == 2 for row in mat)
    assert all(-1.0 <= v <= 1.0 for row in mat for v in row)
    apply_action_inplace(st, 0, OrderStart(teams[0][0]))
    mine, mat = order_matrix(view_for(st, 1), random.Random(1), 8, 1, None, lambda: False)
    assert len(mine) == 2 and all(len(row) == 1 for row in mat)


def test_the_order_matters_in_some_line_ups() -> None:
    """Which Starting Card faces which changes the first Fight: over a few deals some pairing of orders
    moves my value by more than a tenth (else searching the order would be pointless)."""
    spreads = []
    for deal in (3, 12, 13):
        _mine, mat = order_matrix(_setup_view(deal), random.Random(deal), 48, 1, None, lambda: False)
        spreads.append(max(v for row in mat for v in row) - min(v for row in mat for v in row))
    assert max(spreads) > 0.1


def test_policy_takes_a_dominant_order() -> None:
    assert policy([[0.3, 0.2], [0.1, 0.0]], 0.02, 0.03, 0.5)[0] > 0.99


def test_policy_mixes_evenly_against_an_equilibrium_opponent_in_matching_pennies() -> None:
    x = policy([[0.5, -0.5], [-0.5, 0.5]], 0.02, 0.03, 0.0)
    assert x[0] == pytest.approx(0.5, abs=0.02)


def test_policy_exploits_the_opponent_it_predicts() -> None:
    """Their second order looks better to them on average, so the Normal-like half of the prediction plays
    it; my best answer to that is my second order."""
    x = policy([[0.4, -0.6], [-0.2, 0.2]], 0.02, 0.03, 0.5)
    assert x[1] > 0.99


def test_rule_of_thumb_leads_with_the_only_attacking_starting_card() -> None:
    decided = 0
    for deal in range(8):
        v = _setup_view(deal)
        easy = EasyBot(deal).decide(view_for(_state(deal), 1))  # the opponent's own rule, from its seat
        y = rule_of_thumb(v)
        assert sum(y) == pytest.approx(1.0)
        if max(y) == 1.0:
            assert isinstance(easy, OrderStart)
            assert v.table is not None and v.table.team(1)[y.index(1.0)] == easy.first
            decided += 1
    assert decided >= 2  # the rule decides in some of these line-ups, so the check above ran


def test_the_rule_in_the_prediction_moves_my_answer() -> None:
    """Matching pennies: against an equilibrium I mix evenly; told they lead with their first order, I take
    the row that beats it."""
    mat = [[-0.5, 0.5], [0.5, -0.5]]
    assert policy(mat, 0.02, 0.03, 0.0, [1.0, 0.0], 0.5)[1] > 0.99
