"""The boards' deck counts in the Build step: the other seat's never change when they lock (that would tell
this seat they have built, and it read "Fight 2/3 played": the new deck's size beside the last Fight's
progress), and a seat's own new deck, once locked, reads as not played yet (issue 25)."""

from __future__ import annotations

import random

import pytest

from tagteam.engine.session import Session
from tagteam.engine.view import PlayerView
from tagteam.render.board import deck_counts, deck_status
from tagteam.render.compact import deck_line

TEAMS = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))


def builds(seed: int) -> list[tuple[PlayerView, PlayerView, PlayerView, PlayerView]]:
    """At every Build step of a random game, seat 0 locking first: (seat 1's view before, after seat 0 locked;
    seat 0's view before and after its own lock)."""
    s = Session.new(seed, teams=TEAMS)
    rng = random.Random(seed)
    out = []
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        owing = s.seats_owing()
        if s.view(0).pending == "build" and owing == [0, 1]:
            other_before, mine_before = s.view(1), s.view(0)
            s.act(0, rng.choice(mine_before.legal))
            out.append((other_before, s.view(1), mine_before, s.view(0)))
            continue
        s.act(owing[0], rng.choice(s.view(owing[0]).legal))
    return out


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_lock_changes_no_count_the_other_seat_sees(seed: int) -> None:
    seen = builds(seed)
    assert len(seen) >= 3
    for before, after, _mine, _locked in seen:
        assert deck_counts(after, 0) == deck_counts(before, 0)
        assert deck_line(after, 0).plain == deck_line(before, 0).plain
        assert deck_status(after, 0) == deck_status(before, 0)


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_seats_own_locked_deck_reads_as_not_played(seed: int) -> None:
    for _before, _after, mine, locked in builds(seed):
        size, played, build = deck_counts(locked, 0)
        assert (size, played) == (len(mine.my_fight_deck) + 1, 0)
        assert build == mine.build_sizes[0] - 1  # three drawn: one added, two under the Build deck
        assert played <= size  # never "4/5 played" for a deck not started


@pytest.mark.parametrize("seed", [3, 11])
def test_a_seats_own_build_deck_is_its_true_size_while_it_builds(seed: int) -> None:
    """The three drawn cards are out of the Build deck (the engine's ``drawn``): 15 while building, then the two
    not kept go under it at the lock (17), never 18 then 17."""
    for _before, _after, mine, locked in builds(seed):
        building = deck_counts(mine, 0)[2]
        assert building == mine.build_sizes[0] - len(mine.drawn)
        assert deck_counts(locked, 0)[2] == building + len(mine.drawn) - 1


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_both_build_decks_read_alike_while_both_build(seed: int) -> None:
    """Both seats drew three: the other seat's Build deck is shown without them too, so two decks of the same
    size read the same (it read 18 beside my 15, as if they held three cards more), before and after their lock."""
    for before, after, mine, _locked in builds(seed):
        theirs_mine = deck_counts(before, 0)[2]  # seat 1 looking at seat 0's deck
        assert theirs_mine == mine.build_sizes[0] - len(mine.drawn) == deck_counts(mine, 0)[2]
        assert deck_counts(after, 0)[2] == theirs_mine
