"""The guided game's advisers know what the tutor announced: in round 1 the lesson says the tutor adds its
new card at the bottom, so the coach and the what-if play that place out alone (no case prices in a top
insert the tutor has ruled out); from round 2 nothing is announced and every place is weighed."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

from tagteam.ai.coach import forget
from tagteam.engine.actions import OrderStart
from tagteam.engine.session import Session
from tagteam.play import recap
from tagteam.play import tutorial as T
from tagteam.play.modes import TUTOR
from tagteam.words.coach import coach, what_if


def at_build(rnd: int) -> Session:
    """The tutorial's game with the lessons followed, at the player's Build of round ``rnd``."""
    s = T.new_session("Ann")
    tutor = T.Tutor()
    while True:
        if s.needs_advance():
            s.advance()
            continue
        owing = s.seats_owing()
        if 0 in owing and s.view(0).pending == "build" and s.state.round == rnd:
            return s
        for seat in owing:
            v = s.view(seat)
            if seat == 1:
                s.act(1, tutor.decide(v))
            elif v.pending == "order_start":
                s.act(0, OrderStart(T.FIRST))
            else:
                s.act(0, T.PLAN.get(v.round, v.legal[0]))


def test_round_one_plays_out_the_announced_bottom_only() -> None:
    s = at_build(1)
    v, seed = s.view(0), s.record.seed + 7919
    assert T.tutor_place(1) == "bottom" and T.tutor_place(2) == ""
    forget()
    told = coach(v, seed, T.PLAN[1], announced="bottom")
    assert told and all({c.place for c in line.cases} == {"bottom"} for line in told)
    assert all(c.likely == 1.0 and "as they announced" in c.text for line in told for c in line.cases)
    cases = what_if(v, seed, T.PLAN[1], announced="bottom")
    assert [c.place for c in cases] == ["bottom"]
    forget()
    free = what_if(v, seed, T.PLAN[1])
    assert [c.place for c in free] == ["top", "middle", "bottom"]  # a real opponent: every place weighed


def test_a_regret_of_a_suggested_build_says_a_lesson_suggested_it() -> None:
    rec: Any = SimpleNamespace(players=("Ann", TUTOR))
    plan = T.PLAN[1]
    followed: Any = SimpleNamespace(seat=0, round=2, actual=SimpleNamespace(choice=plan))
    own: Any = SimpleNamespace(seat=0, round=2, actual=SimpleNamespace(choice=plan.__class__(1, 0, (0, 2))))
    assert recap._suggested(rec, followed) and not recap._suggested(rec, own)
    human: Any = SimpleNamespace(players=("Ann", "Bob"))
    assert not recap._suggested(human, followed)  # only the guided game has lessons


def test_an_options_only_case_shows_the_options_own_chance() -> None:
    """Round 1 of the guided game: each option has one case (the tutor's announced bottom), so the case is the
    option; it showed "95% to win" over its one case's "90% to win" (two maps for one number)."""
    s = at_build(1)
    v, seed = s.view(0), s.record.seed + 7919
    forget()
    told = coach(v, seed, T.PLAN[1], announced="bottom", against="tutor")
    assert told
    for line in told:
        (case,) = line.cases
        assert case.win == line.win
        head = re.search(r"(\d+)% to win", line.text)
        tail = re.search(r"(\d+)% to win\)$", case.text)
        assert head and tail and head.group(1) == tail.group(1), (line.text, case.text)
