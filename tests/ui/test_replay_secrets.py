"""The replay viewer shows where each card went only once a game is over (a save holds both players' secrets)."""

from __future__ import annotations

import random

from tagteam.app import ReplayDriver
from tagteam.engine.randomplay import random_action
from tagteam.engine.session import Session


def _record(stop_after_builds: int | None):
    s = Session.new(8, teams=(("joan", "golem"), ("milady", "shango")))
    r = random.Random(8)
    builds = 0
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        for seat in s.pending():
            if s.view(seat).pending == "build":
                builds += 1
            s.act(seat, random_action(s.state, seat, r))  # type: ignore[arg-type]
        if stop_after_builds is not None and builds >= stop_after_builds:
            break
    return s.record


def _notes(rec) -> list[str]:
    d = ReplayDriver(rec)
    notes = []
    while d.has_next():
        _events, note = d.step()
        if note:
            notes.append(note)
    return notes


def test_unfinished_game_keeps_build_choices_secret() -> None:
    notes = _notes(_record(stop_after_builds=4))
    assert notes and not any(" adds " in n for n in notes)
    assert any("kept secret" in n for n in notes)


def test_finished_game_shows_every_choice() -> None:
    notes = _notes(_record(stop_after_builds=None))
    assert any(" adds " in n for n in notes)
