"""The tutorial's Build lessons say what the suggested card meets from the engine playing the next Fight out
(with the tutor's own Build): here the whole guided game is played as suggested and every such lesson is
held to what then happened."""

from __future__ import annotations

from tagteam import recap, tutorial
from tagteam.engine import events as ev
from tagteam.engine.actions import BuildChoice, OrderStart
from tagteam.engine.session import Session


def _owing(s: Session) -> list[int]:
    """The seats that owe a decision, read from the state."""
    return [seat for seat in (0, 1) if s.state.pending[seat] is not None]


def _met_in(events: list[ev.Event], seat: int, kept: int) -> tuple[int, bool]:
    """From the events: the card the other seat revealed with ``kept``, and whether ``kept`` Blocked an Attack."""
    turns: list[list[ev.Event]] = []
    for e in events:
        if isinstance(e, ev.TurnStarted):
            turns.append([])
        elif turns:
            turns[-1].append(e)
    for t in turns:
        shown = {e.seat: e for e in t if isinstance(e, ev.CardRevealed)}
        if seat in shown and shown[seat].inst == kept:
            other = shown[1 - seat].inst if 1 - seat in shown else -1
            return other, any(isinstance(e, ev.AttackBlocked) and e.blocker == shown[seat].fighter for e in t)
    return -1, False


def _check_shift(s: Session, plan: BuildChoice, text: str) -> None:
    """The 'their insert moves your line-up' lesson: replay the game so far, the tutor inserting on top."""
    assert s.state.pending[1] is not None  # the tutor has not built yet (seat 0 is asked first here)
    copy = Session.from_record(s.record.model_copy(deep=True))
    kept = copy.state.drawn[0][plan.card]
    start = len(copy.log)
    copy.act(0, plan)
    copy.act(1, BuildChoice(0, 0, (1, 2)))
    while copy.needs_advance() and copy.state.phase == "fight":
        copy.advance()
    met, _ = _met_in(copy.log[start:], 0, kept)
    tab = s.state.table
    assert tab is not None
    assert (
        f"it would meet {tab.cards[met].cdef.name} instead." in text
        or f"it would still meet {tab.cards[met].cdef.name}" in text
    )


def test_build_lessons_say_what_the_engine_then_does() -> None:
    s: Session = tutorial.new_session("Ada")
    tut = tutorial.Tutorial()
    tab = s.state.table
    assert tab is not None
    checked = shifts = 0
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        for seat in _owing(s):
            view = s.view(seat)
            if view.pending is None:  # the other seat's decision already moved the game on
                continue
            if seat == 1:
                s.act(1, tutorial.Tutor().decide(view))
                continue
            lessons = tut.due(s, view.pending or "")
            plan = tutorial.PLAN.get(s.state.round)
            if view.pending != "build" or plan is None:
                s.act(0, OrderStart(tutorial.FIRST) if view.pending == "order_start" else view.legal[0])
                continue
            if any(x.key == "shift" for x in lessons):
                _check_shift(s, plan, next(x for x in lessons if x.key == "shift").text)
                shifts += 1
            ahead = tutorial.planned(s, plan)
            plan_round = s.state.round
            kept = view.drawn[plan.card]
            start = len(s.log)
            s.act(0, plan)
            while s.needs_advance() or _owing(s) == [1]:
                if s.needs_advance():
                    s.advance()
                else:
                    s.act(1, tutorial.Tutor().decide(s.view(1)))
                if s.state.phase != "fight":
                    break
            met, negated = _met_in(s.log[start:], 0, kept)
            assert (met, negated) == (ahead.met, ahead.negated)
            text = " ".join(x.text for x in lessons)
            if "where it meets" in text:
                assert f"where it meets {tab.cards[met].cdef.name}." in text
            if "knocks Bödvar out" in text:
                assert s.state.winner == 0 and s.state.round == plan_round + 1
            checked += 1
            break  # the game moved on: ask again who owes what
    assert checked == len(tutorial.PLAN) and shifts == 1 and s.state.winner == 0


def test_their_top_insert_reads_the_same_before_and_after_the_tutor_built() -> None:
    """The what-if behind the 'their insert' lesson moves the tutor's card on a copy when it has built."""
    s = tutorial.new_session("Ada")
    while s.state.round < 2 or s.state.phase != "build":
        if s.needs_advance():
            s.advance()
            continue
        seat = _owing(s)[0]
        view = s.view(seat)
        if seat == 1:
            s.act(1, tutorial.Tutor().decide(view))
        else:
            plan = tutorial.PLAN.get(s.state.round)
            s.act(0, OrderStart(tutorial.FIRST) if view.pending == "order_start" else plan or view.legal[0])
    plan = tutorial.PLAN[2]
    before = tutorial.if_they_insert_at_top(s, plan)
    s.act(1, tutorial.Tutor().decide(s.view(1)))
    assert tutorial.if_they_insert_at_top(s, plan) == before
    assert before.met >= 0 and before.met != tutorial.planned(s, plan).met  # it does move the line-up


def test_a_wrong_last_build_shows_its_cost_in_the_recap() -> None:
    """The last lesson is a real decision: put the card elsewhere, and the game-over recap says what the
    engine found better for that Build."""
    s = tutorial.new_session("Ada")
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        seat = _owing(s)[0]
        view = s.view(seat)
        if seat == 1:
            s.act(1, tutorial.Tutor().decide(view))
        elif view.pending == "order_start":
            s.act(0, OrderStart(tutorial.FIRST))
        elif view.pending == "build" and s.state.round == 3:
            s.act(0, BuildChoice(0, 0, (1, 2)))  # not the engine's pick: on top, before Terror of the Seas
        else:
            s.act(0, tutorial.PLAN.get(s.state.round) or view.legal[0])
    assert s.state.table is not None
    lines = recap.game_claims(s.log, s.state.table, ("Ada", tutorial.TUTOR), record=s.record)
    taught = [x for x in lines if x.regrets]
    assert taught and all(x.regrets[0].seat == 0 for x in taught)  # the tutor's Builds are not taught
    assert taught[0].regrets[0].round == 4 and "Ada, your Build for round 4" in taught[0].text
    assert taught[0].regrets[0].better.winner == 0 and s.state.round == 5  # it cost a round


def test_the_setup_lessons_say_what_the_data_and_the_engine_do() -> None:
    """'Terror of the Seas first (it Attacks)' and 'your tutor's Fighters have no Stops', held to the
    engine and the boards."""
    s = tutorial.new_session("Ada")
    lessons = tutorial.Tutorial().due(s, "order_start")
    assert "Terror of the Seas first (it Attacks)" in " ".join(x.text for x in lessons)
    s.act(1, tutorial.Tutor().decide(s.view(1)))
    s.act(0, OrderStart(tutorial.FIRST))
    first = s.advance()
    tab = s.state.table
    assert tab is not None
    shih = tab.kinds.index("ching_shih")
    assert any(isinstance(e, ev.CardRevealed) and e.seat == 0 and e.fighter == shih for e in first)
    assert any(isinstance(e, ev.AttackDeclared) and e.attacker == shih for e in first)
    for f in (2, 3):  # "Your tutor's Fighters have no Stops" (the round-2 lesson)
        assert not any(any(t.stop) for t in tab.fighters[f].tracks)
