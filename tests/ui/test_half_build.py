"""A half-made Build choice survives the app's end (a browser page reloaded: the page's app ends, a new one
continues the autosave): the card kept, its place and the order under are as the player left them; once
locked, the next Build starts afresh (issue 25 item 3)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tagteam.app import TagTeamApp
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session
from tagteam.screens.build import BuildScreen
from tagteam.store import saves
from tests.waiting import rounds

TEAMS = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))


def at_build(seed: int = 3) -> GameRecord:
    """A game whose next decision is seat 0's Build, with its default line-up longer than one slot."""
    s = Session.new(seed, teams=TEAMS)
    rng = random.Random(seed)
    while True:
        if s.needs_advance():
            s.advance()
            continue
        owing = s.seats_owing()
        if owing and owing[0] == 0 and s.view(0).pending == "build" and len(s.view(0).my_fight_deck) >= 1:
            return s.record
        s.act(owing[0], rng.choice(s.view(owing[0]).legal))


async def to_build(app: TagTeamApp, pilot: Pilot[Any]) -> BuildScreen:
    """Past the last Fight's pause and the hand-over, to seat 0's Build screen."""
    for _ in rounds():
        await pilot.pause()
        if isinstance(app.screen, BuildScreen):
            return app.screen
        if type(app.screen).__name__ == "HandoffScreen":
            await pilot.press("enter")
        elif type(app.screen).__name__ == "FightScreen":
            await pilot.press("s", "enter")
    raise AssertionError(f"no Build screen: {type(app.screen).__name__}")


def run(rec: GameRecord, keys: list[str], then: str) -> tuple[int, int, tuple[int, int]]:
    """Open ``rec``, reach seat 0's Build, press ``keys``, then ``then`` (a quit, or a lock and a quit)."""
    app = TagTeamApp(record=rec)
    seen: list[tuple[int, int, tuple[int, int]]] = []

    async def go() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await to_build(app, pilot)
            seen.append((screen.card, screen.position, screen.bottom))
            await pilot.press(*keys)
            await pilot.pause()
            await pilot.press(*then.split())
            await pilot.pause()

    asyncio.run(go())
    return seen[0]


@pytest.mark.slow
def test_a_half_made_build_choice_is_found_again_after_the_app_ends(home: Path) -> None:
    rec = at_build()
    first = run(rec, ["3", "o", "home"], "ctrl+q")  # keep the third card, its others swapped, at the top
    assert first == (0, len(Session.from_record(rec).view(0).my_fight_deck), (1, 2))  # the defaults
    again = run(saves.load(saves.autosave_path()), [], "ctrl+q")  # as a reloaded page's Continue
    assert again == (2, 0, (1, 0))


@pytest.mark.slow
def test_after_the_lock_the_next_build_starts_afresh(home: Path) -> None:
    rec = at_build()
    made = len(rec.decisions)
    run(rec, ["3", "o", "home"], "c ctrl+q")  # locked: that choice is spent
    s = Session.from_record(saves.load(saves.autosave_path()))
    assert len(s.record.decisions) == made + 1
    assert saves.half_choice(s.record, 0) is None
