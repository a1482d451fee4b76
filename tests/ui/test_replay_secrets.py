"""The replay viewer shows where each card went only once a game is over (a save holds both players' secrets)."""

from __future__ import annotations

import random

from tagteam.engine.actions import Action
from tagteam.engine.driver import play_out
from tagteam.engine.randomplay import random_chooser
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session
from tagteam.engine.state import GameState
from tagteam.play.feeds import ReplayFeed


def _record(stop_after_builds: int | None) -> GameRecord:
    s = Session.new(8, teams=(("joan", "golem"), ("milady", "shango")))
    builds: list[int] = []
    pick = random_chooser(random.Random(8))

    def choose(st: GameState, seat: int) -> Action:
        if st.pending[seat] == "build":
            builds.append(seat)
        return pick(st, seat)

    play_out(s, choose, until=lambda _st: stop_after_builds is not None and len(builds) >= stop_after_builds)
    return s.record


def _notes(rec: GameRecord) -> list[str]:
    feed = ReplayFeed(rec)
    while feed.can_step():
        feed.step()
    return [line for notes in feed.notes.values() for line in notes]


def test_unfinished_game_keeps_build_choices_secret() -> None:
    notes = _notes(_record(stop_after_builds=4))
    assert notes and not any(" adds " in n for n in notes)
    assert any("kept secret" in n for n in notes)


def test_finished_game_shows_every_choice() -> None:
    notes = _notes(_record(stop_after_builds=None))
    assert any(" adds " in n for n in notes)
