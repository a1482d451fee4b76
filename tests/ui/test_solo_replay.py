"""Solo play against an injected bot, the replay viewer, small terminals, NO_COLOR and the command palette."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from uihelp import choose_solo, make_app, name, opponent_selector, random_finished_session, screen_text

from tagteam.ai.levels import OFFERED
from tagteam.app import TagTeamApp
from tagteam.engine.session import Session
from tagteam.render.board import PALETTES
from tagteam.store import records

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


class StandInBot:
    """The teammate's interface (decide(view) -> Action), choosing at random among the legal actions."""

    def __init__(self, seed: int, gate: threading.Event | None = None) -> None:
        self.rng = random.Random(seed)
        self.seats: list[int] = []
        self.gate = gate
        self.cancelled = False

    def decide(self, view: Any) -> Any:
        self.seats.append(view.seat)
        if self.gate is not None:
            self.gate.wait(10)
        return self.rng.choice(view.legal)

    def cancel(self) -> None:
        """Like the real bots: a search that is thinking stops soon (here: the gate opens)."""
        self.cancelled = True
        if self.gate is not None:
            self.gate.set()


def bot_factory(made: list[StandInBot], gate: threading.Event | None = None) -> Any:
    def make_bot(level: str, seed: int) -> StandInBot:
        made.append(StandInBot(seed, gate))
        return made[-1]

    return make_bot


def test_title_offers_every_level_at_once() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            select = await opponent_selector(app, pilot)
            assert [v for _label, v in select._options] == ["", *OFFERED]  # every offered level, weakest first

    asyncio.run(run())


def test_solo_game_against_the_bot_needs_no_hand_over() -> None:
    made: list[StandInBot] = []

    async def run() -> None:
        # a whole game of 3 Builds by the player (seed 4 took 5): every screen costs, the checks are the same
        app = TagTeamApp(seed=23, bot_factory=bot_factory(made))
        async with app.run_test(size=(100, 30)) as pilot:
            await choose_solo(app, pilot, "easy")
            await pilot.press("f")
            for _ in range(300):
                await app.workers.wait_for_complete()
                await pilot.pause()
                current = name(app)
                if current == "GameOverScreen":
                    break
                if current == "HandoffScreen":
                    assert app.screen.thinking  # type: ignore[attr-defined]
                    continue
                assert getattr(app.screen, "seat", 0) == 0
                keys = {"SetupScreen": ("enter", "c"), "BuildScreen": ("c",), "FightScreen": ("s", "enter")}
                await pilot.press(*keys[current])
            assert name(app) == "GameOverScreen"
            solo = app.session.record.solo if app.session is not None else None
            assert solo is not None and (solo.seat, solo.level) == (1, "easy")

    asyncio.run(run())
    assert made and made[0].seats and set(made[0].seats) == {1}


def test_quitting_while_the_bot_thinks_cancels_it() -> None:
    """Quitting cancels the bot's one worker and tells the bot to stop (it is not left thinking)."""
    gate = threading.Event()
    workers: list[Any] = []
    made: list[StandInBot] = []

    async def run() -> None:
        app = TagTeamApp(seed=4, bot_factory=bot_factory(made, gate))
        async with app.run_test(size=(100, 30)) as pilot:
            await choose_solo(app, pilot, "hard")
            await pilot.press("f", "enter", "c")  # Setup of the human seat; then the bot thinks
            await pilot.pause()
            assert name(app) == "HandoffScreen" and "thinking" in screen_text(app)
            workers.extend(app.workers)
            await pilot.press("ctrl+q")

    asyncio.run(run())
    assert made and made[0].cancelled
    assert workers and all(w.is_cancelled for w in workers)


def _finished_record(path: Path) -> None:
    records.save(random_finished_session(12).record, path)


def test_replay_viewer_steps_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    _finished_record(path)
    rec = records.load(path)

    async def run() -> None:
        app = make_app(replay_record=rec)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert name(app) == "FightScreen"
            await pilot.press("n", "n")
            for _ in range(60):
                if app.screen.finished:  # type: ignore[attr-defined]
                    break
                await pilot.press("s")
            await pilot.pause()
            assert "GAME OVER" in screen_text(app)
            lines = app.screen.feed.lines()  # type: ignore[attr-defined]
            assert any(" adds " in line and "Fight deck" in line for line in lines)
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) == "GameOverScreen"

    asyncio.run(run())


def test_small_terminal_shows_a_message_instead_of_the_screen() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "too small" in text and "New game" not in text
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            text = screen_text(app)
            assert "too small" not in text and "New game" in text

    asyncio.run(run())


def test_no_color_uses_plain_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    assert app.palette is PALETTES["plain"]


def test_reduced_motion_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAGTEAM_REDUCED_MOTION", "1")
    assert make_app().reduced_motion is True


def test_palette_commands_exist() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            titles = {c.title for c in app.get_system_commands(app.screen)}
            assert {"New game", "Save game", "Load game", "Toggle animations", "Theme"} <= titles
            app.action_toggle_motion()
            assert app.reduced_motion is True

    asyncio.run(run())


def test_rules_and_gallery_open_and_close() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert name(app) == "HelpScreen" and "Block" in screen_text(app)
            await pilot.press("g")
            await pilot.pause()
            assert name(app) == "GalleryScreen" and "Base Power" in screen_text(app)
            await pilot.press("escape", "escape")
            await pilot.pause()
            assert name(app) == "TitleScreen"

    asyncio.run(run())


def test_replay_of_an_unfinished_game_never_opens_a_decision(tmp_path: Path) -> None:
    s = Session.new(12, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    rng = random.Random(12)
    while not (s.state.phase == "build" and s.state.round == 2):
        if s.needs_advance():
            s.advance()
        else:
            for seat in s.seats_owing():
                s.act(seat, rng.choice(s.view(seat).legal))
    seen: list[str] = []

    async def run() -> None:
        app = make_app(replay_record=s.record)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "REPLAY" in screen_text(app)
            for _ in range(80):
                seen.append(name(app))
                if app.screen.finished:  # type: ignore[attr-defined]
                    break
                await pilot.press("s")
            assert "not finished" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            seen.append(name(app))
            assert app.game is None  # nothing of the replayed game can be decided

    asyncio.run(run())
    assert not {"BuildScreen", "HandoffScreen", "SetupScreen"} & set(seen)
    assert seen[-1] == "TitleScreen"
