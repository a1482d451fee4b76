"""The tutorial's Build lessons say what the suggested card meets from the engine playing the next Fight out
(with the tutor's own Build): here the whole guided game is played as suggested and every such lesson is
held to what then happened."""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.engine.actions import BuildChoice, OrderStart, from_dict
from tagteam.engine.hindsight import meetings, regrets
from tagteam.engine.session import Session
from tagteam.play import recap, tutorial


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


def _fight_after(s: Session, builds: dict[int, BuildChoice]) -> tuple[Session, list[ev.Event]]:
    """A copy of ``s`` at its Build step with these Builds taken (by seat; the copy's own replay of the
    record, no lesson code), and the events of the Fight step that follows."""
    copy = Session.from_record(s.record.model_copy(deep=True))
    start = len(copy.log)
    for seat in (0, 1):
        if copy.state.pending[seat] is not None:
            copy.act(seat, builds[seat])
    while copy.needs_advance():
        copy.advance()
        if copy.state.phase != "fight":
            break
    return copy, copy.log[start:]


def _name(s: Session, inst: int) -> str:
    assert s.state.table is not None
    return s.state.table.cards[inst].cdef.name


def _said(s: Session, inst: int) -> str:
    """How a lesson may name a card the player's card meets: by name only if the player saw it in their
    last Fight (the tutor's new card is hidden until revealed)."""
    if inst in s.view(0).last_played[1]:
        return _name(s, inst)
    return "their new card (hidden until it is revealed)"


def _tutor_at(s: Session, top: bool) -> BuildChoice:
    return BuildChoice(0, 0 if top else len(s.state.fight[1]), (1, 2))


def _play(
    at_decide: BuildChoice | None = None, titles: list[str] | None = None, first: str = tutorial.FIRST
) -> tuple[Session, list[tuple[str, str, object, Session]]]:
    """The guided game as the lessons suggest (``at_decide``: the player's own Build for the decision),
    with every lesson shown, where, and a copy of the game when it was shown (taken before any decision
    that follows, so a test replays from exactly that point); ``titles`` gets each lesson's title."""
    s: Session = tutorial.new_session("Ada")
    tut = tutorial.Tutorial()
    shown: list[tuple[str, str, object, Session]] = []

    def due(where: str) -> None:
        snap = Session.from_record(s.record.model_copy(deep=True))
        for x in tut.due(s, where):
            shown.append((x.key, x.text, where, snap))
            if titles is not None:
                titles.append(x.title)

    due("order_start")
    while not s.over():
        if s.needs_advance():
            was = s.state.phase
            s.advance()
            if was == "fight" and s.state.phase != "fight" and not s.over():
                due("pause")
            continue
        seat = _owing(s)[0]
        view = s.view(seat)
        if view.pending == "build" and seat == 0:
            due("build")
        if seat == 1:
            s.act(1, tutorial.Tutor().decide(view))
        elif view.pending == "order_start":
            s.act(0, OrderStart(first))
        elif view.pending == "build":
            plan = tutorial.PLAN.get(s.state.round)
            if s.state.round == tutorial.DECIDE and at_decide is not None:
                plan = at_decide
            s.act(0, plan or BuildChoice(0, len(view.my_fight_deck), (1, 2)))
        else:
            s.act(0, view.legal[0])
    due("over")
    return s, shown


def test_build_lessons_say_what_the_engine_then_does() -> None:
    """Each "where it meets X" is held to an independent replay with the tutor's card at the bottom, and the
    shift lesson's "if they put their card on top, it meets Y" to one with it on top."""
    s, shown = _play()
    checked = 0
    for key, text, _where, snap in shown:
        if key not in ("block", "shift", "build2"):
            continue
        plan = tutorial.PLAN[snap.state.round]
        kept = snap.state.drawn[0][plan.card]
        for top in (False, True):
            _copy, events = _fight_after(snap, {0: plan, 1: _tutor_at(snap, top)})
            met, negated = _met_in(events, 0, kept)
            if key == "block" and not top:
                assert f"where it meets {_said(snap, met)}." in text
                assert ("(here it will)" in text) == negated
                checked += 1
            if key == "shift":
                bottom_met = _met_in(_fight_after(snap, {0: plan, 1: _tutor_at(snap, False)})[1], 0, kept)[0]
                if top:
                    assert (
                        f"it meets {_said(snap, met)} instead." in text
                        if met != bottom_met
                        else f"it still meets {_said(snap, met)}" in text
                    )
                else:
                    assert f"meets {_said(snap, met)} if they add at the bottom again" in text
                    hidden = [i for i in snap.state.drawn[1] if i not in snap.view(0).last_played[1]]
                    assert not any(
                        _name(snap, i) in text
                        for i in hidden
                        if _name(snap, i) not in {_name(snap, j) for j in snap.view(0).last_played[1]}
                    )
                checked += 1
    assert checked == 3 and s.state.winner == 0


def test_the_block_lesson_says_when_no_attack_will_come() -> None:
    """With the other Starting Card on top (not the one the lesson asked for) the suggested Block meets no
    Attack: the lesson's title and text say it will not succeed, held to an independent replay; with the
    script's order its title promises the Attack, and the replay finds it."""
    for first, negated_expected in ((tutorial.FIRST, True), ("joan", False)):
        titles: list[str] = []
        _s, shown = _play(titles=titles, first=first)
        (i, (_key, text, _where, snap)) = next((i, x) for i, x in enumerate(shown) if x[0] == "block")
        plan = tutorial.PLAN[snap.state.round]
        kept = snap.state.drawn[0][plan.card]
        _met, negated = _met_in(_fight_after(snap, {0: plan, 1: _tutor_at(snap, False)})[1], 0, kept)
        assert negated is negated_expected, first
        if negated:
            assert titles[i] == "A Block, where an Attack will come" and "(here it will)" in text
        else:
            assert titles[i] == "A Block succeeds only against an Attack"
            assert "Here no Attack will come in that Turn, so this Block will not succeed" in text


def test_the_round_lessons_say_what_the_events_say() -> None:
    """Who an Attack hits, the token, the insert that moved the line-up, and the decision's "your tutor put
    its new card on top", each held to the events or to an independent replay."""
    s, shown = _play()
    tab = s.state.table
    assert tab is not None
    lessons = {key: (text, snap) for key, text, _w, snap in shown}
    # who: Turn 1's reveals name the Active Fighters; the Attack's target lost what the lesson says
    text, snap = lessons["who"]
    first = recap.turns(snap.log, tab)[0]
    hit = next(e for e in first.events if isinstance(e, ev.AttackDeclared))
    a, b = first.hp[hit.target]
    assert f"made {tab.fighters[first.active[0]].name} yours" in text
    assert f"made {tab.fighters[first.active[1]].name} theirs" in text
    assert f"that is why {tab.fighters[hit.target].name} lost {a - b} HP" in text and hit.target == first.active[1]
    # tokens: the Turn that put the first token, and the card's own text
    text, snap = lessons["tokens"]
    t = next(t for t in recap.turns(snap.log, tab) if any(isinstance(e, ev.TokenMoved) for e in t.events))
    moved = next(e for e in t.events if isinstance(e, ev.TokenMoved))
    assert moved.old == -1 and f"on {tab.fighters[moved.new].name}:" in text and f"In Turn {t.turn}," in text
    assert tab.cards[t.cards[1]].cdef.model.text in text
    # moved: the Fight as played, and replayed from the Build before it with the tutor's card at the bottom
    text, snap = lessons["moved"]
    before = Session.from_record(snap.record.model_copy(deep=True))
    rec = before.record
    i = max(k for k, d in enumerate(rec.decisions) if d.seat == 1 and d.action.get("type") == "build")
    head = rec.model_copy(update={"decisions": rec.decisions[:i], "turns_after": 0}, deep=True)
    base = Session.from_record(head)
    mine = next((from_dict(d.action) for d in rec.decisions[i:] if d.seat == 0), None)  # if not built before
    theirs = from_dict(rec.decisions[i].action)
    assert isinstance(theirs, BuildChoice) and theirs.position == 0 and "on top of its Fight deck" in text
    assert isinstance(mine, BuildChoice) or base.state.pending[0] is None
    played_copy, played = _fight_after(base, {0: mine, 1: theirs})  # type: ignore[dict-item]
    alt_copy, alt = _fight_after(base, {0: mine, 1: _tutor_at(base, False)})  # type: ignore[dict-item]
    rows = 0
    for n, (x, y) in enumerate(zip(meetings(played), meetings(alt), strict=False), 1):
        if x[0] == y[0] and x[1] != y[1]:
            assert f"Turn {n}: your {_name(s, x[0])} met {_name(s, x[1])}, not {_name(s, y[1])}." in text
            rows += 1
    assert rows >= 2 and text.count("\nTurn ") == rows
    for f in range(4):
        then, now = alt_copy.state.hp(f), played_copy.state.hp(f)
        said = f"{tab.fighters[f].name} at {then} HP (not {now})"
        assert (said in text) == (then != now)
        then, now = alt_copy.state.power[f], played_copy.state.power[f]
        said = f"{tab.fighters[f].name} at {then} Power (not {now})"
        assert (said in text) == (then != now)
    # the decision: where the tutor's card went for the Fight just seen, from the record
    text, snap = lessons[f"tip{tutorial.DECIDE}"]
    last = [from_dict(d.action) for d in snap.record.decisions if d.seat == 1 and d.action.get("type") == "build"][-1]
    assert isinstance(last, BuildChoice) and last.position == 0 and "put its new card on top" in text
    assert "keep " not in text.lower()  # no suggestion: the decision is the player's


def test_a_wrong_last_build_shows_its_cost_in_the_last_lesson() -> None:
    """The last decision is real: lock the Build screen's default (the bottom) and the game lasts a round
    longer; the game-over lesson says so in the recap's words, from the engine's replay of that Build."""
    s, shown = _play(at_decide=BuildChoice(0, 4, (1, 2)))
    tab = s.state.table
    assert tab is not None and s.state.winner == 0 and s.state.round == tutorial.DECIDE + 2  # it cost a round
    over = next(text for key, text, _w, _s in shown if key == "over")
    found = [r for r in regrets(s.record, 0, top=99) if r.round == tutorial.DECIDE + 1]
    assert found and found[0].better.winner == 0 and found[0].actual.winner is None
    assert recap.regret_words(found[0], tab, "Ada") in over


def test_a_good_last_build_is_said_to_be_good() -> None:
    """Put the card on top instead: Terror of the Seas moves to slot 2, past their Block, and wins at once."""
    s, shown = _play(at_decide=BuildChoice(0, 0, (1, 2)))
    assert s.state.winner == 0 and s.state.round == tutorial.DECIDE + 1
    over = next(text for key, text, _w, _s in shown if key == "over")
    assert not [r for r in regrets(s.record, 0, top=99) if r.round == tutorial.DECIDE + 1]
    assert f"The Build you decided alone (for round {tutorial.DECIDE + 1}) was as good as the engine found" in over


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


def test_lessons_leave_screen_directions_to_the_card() -> None:
    """Where a card sits (and so whether its target is above or below it) depends on the terminal's size:
    the card's own last line says it. A lesson's text naming a part of the screen "below" or "above" was
    false at other sizes."""
    import re

    parts = r"(recap|line-up|log|boards?|cards?|choices|screen)"
    for key, text, _w, _s in _play()[1] + _play(at_decide=BuildChoice(0, 0, (1, 2)))[1]:
        assert not re.search(r"(^|\. )(Below|Above)\b", text), key
        assert not re.search(rf"\b{parts} (below|above)\b(?! it| that)", text), (key, text)
