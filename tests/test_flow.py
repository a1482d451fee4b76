"""The app's flow as a function of the game (``tagteam.play.flow``): resume, hand-overs, rematches, replays.

These run without Textual: each builds a Session, plays it to a point with random decisions, and asks
the flow what a terminal would show.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tagteam.engine import events as ev
from tagteam.engine.actions import BuildChoice
from tagteam.engine.driver import play_out
from tagteam.engine.game import legal_actions
from tagteam.engine.randomplay import random_chooser
from tagteam.engine.record import GameRecord, SoloInfo
from tagteam.engine.session import Session
from tagteam.engine.state import GameState
from tagteam.play.feeds import FightFeed, ReplayFeed, revealed
from tagteam.play.flow import (
    FIRST_GAME,
    BotThinking,
    LiveFlow,
    Locked,
    ShowDecision,
    ShowFight,
    ShowGameOver,
    ShowHandoff,
)
from tagteam.play.games import Seeds, fallback_action, mode_of, new_draft_mode
from tagteam.words import feeds as fw
from tagteam.words.flow import locked, what
from tagteam.words.replay import decision

NAMES = ("Ann", "Bob")


def _played(
    seed: int = 3,
    until: Callable[[GameState], bool] | None = None,
    draft: str = "free",
    teams: tuple[tuple[str, str], tuple[str, str]] | None = FIRST_GAME,
) -> Session:
    s = Session.new(seed, teams=teams, draft=draft, players=NAMES)
    play_out(s, random_chooser(random.Random(seed)), until=until)
    return s


def _mid_fight(st: GameState) -> bool:
    return st.phase == "fight" and st.round == 2 and st.turn == 2


def _resumed(s: Session) -> Session:
    return Session.from_record(GameRecord.model_validate_json(s.record.model_dump_json()))


# ---------------------------------------------------------------------- resume


def test_resume_mid_fight_shows_the_fight_once_with_the_revealed_cards() -> None:
    s = _played(until=_mid_fight)
    assert s.record.turns_after > 0
    flow = LiveFlow(_resumed(s))
    assert flow.step() == ShowFight()
    feed = FightFeed(flow.session)
    lines = feed.lines()
    assert len(lines) == len(flow.session.log)  # every event once, not twice
    start = next(i for i, e in enumerate(flow.session.log) if isinstance(e, ev.RoundStarted) and e.round == 2)
    assert lines.count(lines[start]) == 1
    shown = feed.revealed()
    assert set(shown) == {0, 1}  # Turn 2's cards are on the table, not "no card revealed yet"
    last = [e for e in flow.session.log if isinstance(e, ev.CardRevealed)][-2:]
    assert {e.seat: (e.inst, e.flipped) for e in last} == shown


def test_resume_announces_nothing_again() -> None:
    s = _played(seed=5, draft="standard", teams=None, until=lambda st: st.phase == "setup")
    assert any(isinstance(e, ev.DraftRevealed) for e in s.log)
    flow = LiveFlow(_resumed(s))
    assert flow.announcements() == []


def test_new_draft_reveals_are_announced_once() -> None:
    s = Session.new(5, draft="standard", players=NAMES)
    flow = LiveFlow(s)
    pick = random_chooser(random.Random(5))
    for seat in (0, 1):
        flow.act(seat, pick(s.state, seat))
    first = flow.announcements()
    assert len(first) == 1 and first[0].startswith("Draft pick 1 revealed")
    assert flow.announcements() == []


def test_resume_mid_build_hands_over_before_any_secret() -> None:
    s = _played(until=lambda st: st.phase == "build" and st.round == 2)
    flow = LiveFlow(_resumed(s))
    assert flow.step() == ShowFight()  # the Fight that just ended, with its closing line
    flow.fight_done()
    step = flow.step()
    assert isinstance(step, ShowHandoff) and step.seat == 0 and locked(step.locked) == ""
    flow.acknowledge(0)
    assert flow.step() == ShowDecision(0, "build")


def test_resume_after_one_seat_locked_its_build() -> None:
    s = _played(until=lambda st: st.phase == "build" and st.round == 2)
    s.act(0, legal_actions(s.state, 0)[0])
    flow = LiveFlow(_resumed(s))
    step = flow.step()
    assert isinstance(step, ShowHandoff) and step.seat == 1
    assert locked(step.locked) == ""  # nothing was locked in front of this terminal


# ---------------------------------------------------------------------- hand-overs


def test_hot_seat_build_hands_over_with_a_note() -> None:
    s = _played(until=lambda st: st.phase == "build" and st.round == 2)
    flow = LiveFlow(s)
    flow.fight_done()
    flow.acknowledge(0)
    flow.act(0, legal_actions(s.state, 0)[0])
    step = flow.step()
    assert step == ShowHandoff(1, "Bob", "build", 2, Locked("Ann", "build"))  # data: the screen words it
    assert isinstance(step, ShowHandoff)
    assert what(step.kind, step.round) == "the Build step of round 2"
    assert locked(step.locked) == "Ann's Build choice is locked."


def test_a_new_hot_seat_game_after_a_solo_game_has_no_stale_note() -> None:
    solo = Session.new(1, teams=FIRST_GAME, players=("Ann", "Bot (Normal)"))
    solo.record.solo = SoloInfo(level="normal", bot_seed=1)
    flow = LiveFlow(solo, bot_seat=1)
    flow.act(0, legal_actions(solo.state, 0)[0])
    assert flow.step() == BotThinking(1, "Bot (Normal)")
    hot = LiveFlow(Session.new(2, teams=FIRST_GAME, players=NAMES))
    step = hot.step()
    assert isinstance(step, ShowHandoff) and locked(step.locked) == "" and "Bot" not in step.name


def test_solo_never_hands_over() -> None:
    s = Session.new(1, teams=FIRST_GAME, players=("Ann", "Bot (Easy)"))
    flow = LiveFlow(s, bot_seat=1)
    assert flow.step() == ShowDecision(0, "order_start")


def test_the_same_player_deciding_twice_needs_no_second_hand_over() -> None:
    s = Session.new(4, draft="free", players=NAMES)
    flow = LiveFlow(s)
    flow.acknowledge(0)
    assert flow.step() == ShowDecision(0, "pick_team")
    flow.act(0, legal_actions(s.state, 0)[0])
    step = flow.step()
    assert isinstance(step, ShowHandoff) and step.seat == 1  # the other player: hand-over
    assert locked(step.locked) == "Ann's team is locked."


def test_a_character_owed_mid_fight_is_announced_as_such() -> None:
    for seed in range(200):
        s = Session.new(seed, teams=(("fey_folk", "joan"), ("golem", "shango")), players=NAMES)
        owed = lambda st: st.phase == "fight" and "character" in st.pending  # noqa: E731
        play_out(s, random_chooser(random.Random(seed)), until=owed)
        if not s.over():
            break
    else:
        pytest.skip("no seed gave a mid-Fight Character choice")
    flow = LiveFlow(_resumed(s))
    assert flow.step() == ShowFight()
    pause = fw.pause(FightFeed(flow.session).pause())
    assert "Character is out" in pause and "End of the Fight step" not in pause
    flow.fight_done()
    step = flow.step()
    assert isinstance(step, ShowHandoff) and what(step.kind) == "choose the Fey Folk's Character"


def test_game_over_is_the_last_step() -> None:
    s = _played()
    assert LiveFlow(s).step() == ShowGameOver()


# ---------------------------------------------------------------------- rematches and bots


def test_seeds_never_repeat_a_game() -> None:
    seeds = Seeds(7)
    assert [seeds.next() for _ in range(3)] == [7, 8, 9]
    unseeded = Seeds(None)
    drawn = [unseeded.next() for _ in range(5)]
    assert len(set(drawn)) > 1
    assert max(drawn).bit_length() > 40  # fresh bits over the record's range: no seed to search for (issue 25)


@pytest.mark.parametrize(
    ("draft", "teams", "mode", "again"),
    [
        ("free", FIRST_GAME, "first", "standard"),
        ("free", None, "free", "free"),
        ("standard", None, "standard", "standard"),
        ("competitive", None, "competitive", "competitive"),
        ("free", (("milady", "golem"), ("joan", "shango")), "free", "free"),
    ],
)
def test_new_draft_keeps_the_recorded_mode(draft: str, teams: object, mode: str, again: str) -> None:
    rec = GameRecord(seed=1, draft=draft, teams=teams)  # type: ignore[arg-type]
    assert mode_of(rec) == mode
    assert new_draft_mode(rec) == again


def test_bot_fallback_is_legal_and_reproducible() -> None:
    s = _played(until=lambda st: st.phase == "build")
    a = fallback_action(s, 1)
    assert a in legal_actions(s.state, 1)
    assert fallback_action(s, 1) == a


# ---------------------------------------------------------------------- replays


def test_replay_of_an_unfinished_game_stops_read_only() -> None:
    s = _played(until=lambda st: st.phase == "build" and st.round == 3)
    feed = ReplayFeed(s.record)
    while feed.can_step():
        feed.step()
    assert not feed.session.over()
    assert "not finished" in fw.pause(feed.pause())
    assert feed.rec.decisions == s.record.decisions  # stepping never changed the loaded record
    assert len(feed.session.log) == len(s.log)  # exactly the saved position: no Turn beyond it is revealed
    assert any("kept secret" in line for line in feed.lines())


def test_replay_of_a_finished_game_says_each_decision_in_words() -> None:
    s = _played()
    feed = ReplayFeed(s.record)
    assert fw.heading(feed.heading()).startswith("REPLAY")
    while feed.can_step():
        feed.step()
    lines = feed.lines()
    text = "\n".join(lines)
    assert "Ann puts" in text and "Starting Card on top" in text
    assert " adds " in text and "under the Build deck" in text
    assert "OrderStart(" not in text and "BuildChoice(" not in text
    assert "GAME OVER" in fw.pause(feed.pause())


def test_describe_build_choice_names_the_cards() -> None:
    s = _played(until=lambda st: st.phase == "build")
    line = decision(s, 0, BuildChoice(0, 0, (1, 2)))
    tab = s.state.table
    assert tab is not None
    names = [tab.cards[i].cdef.name for i in s.state.drawn[0]]
    assert line.startswith("Ann adds " + names[0] + " on top")
    assert line.endswith(f"puts {names[1]} then {names[2]} under the Build deck.")


def test_revealed_is_empty_at_the_start_of_a_round() -> None:
    s = _played(until=lambda st: st.phase == "fight" and st.round == 2 and st.turn == 0)
    assert revealed(s.log) == {}


def test_after_the_last_draft_pick_no_starting_card_order_is_called_locked() -> None:
    """Hot-seat, Standard Draft: the hand-over after the last Draft pick says nothing is locked yet (nobody
    has ordered Starting Cards); after one player's order, it says that order is locked."""
    s = Session.new(5, draft="standard", players=NAMES)
    flow = LiveFlow(s)
    rng = random.Random(5)
    while s.state.phase == "draft" or any(s.state.pending[x] == "draft_pick" for x in s.seats_owing()):
        seat = s.seats_owing()[0]
        flow.act(seat, rng.choice(s.view(seat).legal))
    step = flow.step()
    assert isinstance(step, ShowHandoff) and what(step.kind) == "order your Starting Cards"
    assert locked(step.locked) == ""
    flow.acknowledge(step.seat)
    flow.act(step.seat, s.view(step.seat).legal[0])
    nxt = flow.step()
    assert isinstance(nxt, ShowHandoff) and locked(nxt.locked) == f"{NAMES[step.seat]}'s Starting Card order is locked."


def test_the_end_of_a_fight_step_is_said_once_and_a_mid_fight_stop_has_no_recap() -> None:
    from tagteam.play.feeds import mid_fight_choice, pause_of, pause_recap

    s = _played(until=lambda st: st.phase == "build" and st.round == 2)
    lines = FightFeed(s).lines()
    assert sum("End of the Fight step of round 2" in line for line in lines) == 1
    assert "End of the Fight step" not in fw.pause(pause_of(s))  # the log's event already says it
    assert pause_recap(s, s.view(0))  # at the end of a Fight step: a recap
    # the Fey Folk's Character out mid-Fight: play stops, and it is not the end of anything
    for seed in range(40):
        fey = Session.new(seed, teams=(("fey_folk", "joan"), ("bodvar", "mordred")), players=NAMES)
        play_out(fey, random_chooser(random.Random(seed)), until=lambda st: mid_fight(st))
        if mid_fight_choice(fey) is not None:
            assert pause_recap(fey, fey.view(0)) == []
            assert "chooses who steps in" in fw.pause(pause_of(fey))
            return
    raise AssertionError("no mid-Fight Character choice in 40 games")


def mid_fight(st: GameState) -> bool:
    return st.phase == "fight" and any(k == "character" for k in st.pending)
