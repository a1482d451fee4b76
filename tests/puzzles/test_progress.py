"""The player's side of the puzzles: the puzzle of the day, the rating, the streak, the hint and the next puzzle
(tagteam.puzzles.progress), over the shipped set."""

from __future__ import annotations

import random
from collections import Counter
from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tagteam.play.stats import Rating, update
from tagteam.puzzles import progress as pp
from tagteam.puzzles.model import Puzzle
from tests.puzzles.helpers import shipped


def attempt(p: Puzzle, right: bool, hint: bool = False, first: bool = True, day: str = "2026-01-01") -> pp.Attempt:
    return pp.Attempt(pp.new_id(), 0.0, day, p.id, p.difficulty.rating, right, hint, first)


# ------------------------------------------------------------------------------------------------ the day's


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2200, 12, 31)))
def test_the_same_date_gives_the_same_puzzle_whatever_the_order(day: date) -> None:
    ps = list(shipped())
    shuffled = ps[:]
    random.Random(day.toordinal()).shuffle(shuffled)
    assert pp.daily(ps, day) == pp.daily(shuffled, day) == pp.daily(ps, day.isoformat())


def test_the_days_spread_over_the_set() -> None:
    ps = shipped()
    start = date(2027, 1, 1)
    year = [pp.daily(ps, start + timedelta(days=i)).id for i in range(365)]
    counts = Counter(year)
    assert len(counts) > 200  # 365 draws from 320 puzzles: about 217 distinct expected at random
    assert max(counts.values()) <= 6
    assert len({year[i] for i in range(7)}) >= 6  # a week is (nearly) a new puzzle every day


def test_the_daily_index_is_the_documented_hash() -> None:
    import hashlib

    digest = hashlib.sha256(b"tagteam-daily:2027-03-14").digest()
    assert pp.daily_index("2027-03-14", 320) == int.from_bytes(digest[:8], "big") % 320


# ------------------------------------------------------------------------------------------------ the rating


def test_a_solve_moves_the_rating_up_and_a_miss_down() -> None:
    p = shipped()[0]
    up, down = pp.Tally(), pp.Tally()
    s = up.add(attempt(p, True))
    m = down.add(attempt(p, False))
    assert s.rated and m.rated
    assert s.after.rating > Rating().rating > m.after.rating
    assert s.after.rd < Rating().rd and m.after.rd < Rating().rd  # each answer tells something
    # Glicko-2 as the history's, the puzzle a fixed opponent with the puzzles' deviation
    assert s.after == update(Rating(), [(float(p.difficulty.rating), pp.PUZZLE_RD, 1.0)])


def test_a_retry_never_moves_the_rating() -> None:
    p, q = shipped()[:2]
    t = pp.Tally()
    t.add(attempt(p, True))
    after = t.rating
    again = t.add(attempt(p, True))  # the puzzle opened again and solved again
    assert not again.rated and t.rating == after
    t.add(attempt(q, False))
    low = t.rating
    later = t.add(attempt(q, True, first=False))  # the second answer after a miss
    retry = t.add(attempt(q, True))  # and another opening, solved
    assert not later.rated and not retry.rated and t.rating == low
    assert t.rated == 2 and t.rated_right == 1


def test_a_hint_counts_as_not_solved_and_ends_the_streak() -> None:
    p, q, r = shipped()[:3]
    t = pp.Tally()
    t.add(attempt(p, True))
    t.add(attempt(q, True))
    assert t.streak == 2
    before = t.rating
    hinted = t.add(attempt(r, False, hint=True))  # the hint is counted when taken, before any answer
    assert hinted.rated and t.rating.rating < before.rating and t.streak == 0
    found = t.add(attempt(r, True, hint=True, first=False))
    assert not found.rated and t.streak == 0 and t.best_streak == 2
    assert t.done(r.id, "2026-01-01")  # its answer was found that day (the puzzle of the day is done)


def test_the_streak_counts_first_answers_in_a_row() -> None:
    ps = shipped()[:6]
    t = pp.Tally()
    for p in ps[:3]:
        t.add(attempt(p, True))
    assert (t.streak, t.best_streak) == (3, 3)
    t.add(attempt(ps[0], True))  # a puzzle solved before: no new puzzle, the streak stays
    assert t.streak == 3
    t.add(attempt(ps[3], False))
    assert t.streak == 0
    t.add(attempt(ps[3], True, first=False))  # right at the second answer: not at the first
    assert t.streak == 0
    t.add(attempt(ps[4], True))
    assert (t.streak, t.best_streak) == (1, 3)


@given(st.lists(st.tuples(st.integers(0, 9), st.booleans(), st.booleans(), st.booleans()), max_size=40))
def test_only_a_puzzles_first_attempt_is_rated(moves: list[tuple[int, bool, bool, bool]]) -> None:
    ps = shipped()[:10]
    t, scored = pp.tally(attempt(ps[i], right, hint, first) for i, right, hint, first in moves)
    rated = [s.attempt.puzzle for s in scored if s.rated]
    assert rated == list(dict.fromkeys(ps[i].id for i, *_rest in moves))
    for s in scored:
        if not s.rated:
            assert s.after == s.before
    assert t.streak <= t.best_streak <= len(moves)


# ------------------------------------------------------------------------------------------------ choosing


def test_the_next_puzzle_is_near_the_rating_in_the_theme() -> None:
    ps = shipped()
    t = pp.Tally()
    for theme in ("finish", "block", None):
        for seed in range(5):
            p = pp.next_puzzle(ps, t, theme, random.Random(seed))
            assert p is not None and (theme is None or theme in p.themes)
            pool = sorted(abs(q.difficulty.rating - t.rating.rating) for q in pp.in_theme(ps, theme))
            assert abs(p.difficulty.rating - t.rating.rating) <= pool[pp.NEAR - 1]
    strong = pp.Tally(rating=Rating(2000.0, 60.0))
    hard = pp.next_puzzle(ps, strong, None, random.Random(1))
    easy = pp.next_puzzle(ps, pp.Tally(rating=Rating(1000.0, 60.0)), None, random.Random(1))
    assert hard is not None and easy is not None and hard.difficulty.rating > easy.difficulty.rating


def test_the_next_puzzle_is_one_not_tried_yet() -> None:
    ps = [p for p in shipped() if "defence" in p.themes]
    t = pp.Tally()
    seen = set()
    for _ in range(len(ps)):
        p = pp.next_puzzle(ps, t, "defence", random.Random(0))
        assert p is not None and p.id not in seen
        seen.add(p.id)
        t.add(attempt(p, False))
    p = pp.next_puzzle(ps, t, "defence", random.Random(0))  # all tried, none solved: one not solved
    assert p is not None and p.id in seen


def test_the_hint_names_the_answers_card() -> None:
    for p in shipped()[:20]:
        assert pp.hint_card(p) == p.answer.card


def test_the_themes_list_counts_each_theme() -> None:
    ps = shipped()
    found = dict(pp.themes(ps))
    assert set(found) == {t for p in ps for t in p.themes}
    assert all(found[t] == len(pp.in_theme(ps, t)) for t in found)
