"""Hot-seat games played with the keyboard from the title screen, checking secrets at every hand-over."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen
from uihelp import SECRET_SCREENS, make_app, mounted_screens, name, play, screen_text

from tagteam.app import TagTeamApp
from tagteam.engine.actions import BuildChoice, from_dict

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


class SecretWatch:
    """Remembers what the last player kept secret and checks that no hand-over shows it."""

    def __init__(self) -> None:
        self.secret: list[str] = []
        self.handoffs = 0

    def record_build(self, app: TagTeamApp) -> None:
        screen: Any = app.screen
        assert app.session is not None
        view = app.session.view(screen.seat)
        assert view.table is not None
        self.secret = [view.table.cards[i].cdef.name for i in view.drawn]

    def check(self, app: TagTeamApp) -> None:
        self.handoffs += 1
        assert mounted_screens(app) == ["Screen", "HandoffScreen"], mounted_screens(app)
        assert not isinstance(app.screen, ModalScreen)  # opaque, never translucent
        assert not any(type(s).__name__ in SECRET_SCREENS for s in app.screen_stack)
        text = screen_text(app)
        for card in self.secret:
            assert card not in text, f"{card!r} visible at the hand-over"


def test_first_game_teams_to_game_over_inserting_top_middle_bottom() -> None:
    expected: list[tuple[str, int, int]] = []
    watch = SecretWatch()

    async def on_build(app: TagTeamApp, pilot: Pilot[Any], k: int) -> None:
        watch.record_build(app)
        screen: Any = app.screen
        n = len(app.session.view(screen.seat).my_fight_deck)  # type: ignore[union-attr]
        where = ("top", "middle", "bottom")[k % 3]
        if where == "top":
            await pilot.press("home")
        elif where == "middle":
            await pilot.press("home", *(["down"] * (n // 2)))
        else:
            await pilot.press("end")
        await pilot.press(str(1 + k % 3))
        if k % 2:
            await pilot.press("o")
        await pilot.pause()
        want = {"top": 0, "middle": n // 2, "bottom": n}[where]
        assert screen.position == want and screen.card == k % 3
        text = screen_text(app)
        assert "INSERT HERE" in text and "NEW ▶" in text
        expected.append((where, want, k % 3))

    async def run() -> None:
        app = make_app(seed=6)  # a whole game of 8 Builds (seed 11 took 14): each screen costs, the checks are the same
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert name(app) == "TitleScreen"
            await pilot.press("f")
            builds = await play(pilot, app, on_build=on_build, on_handoff=watch.check)
            assert builds >= 6
            text = screen_text(app)
            assert "GAME OVER" in text
            assert ("wins" in text) or ("Draw" in text)
            assert "HP at the end of each round" in text
            s = app.session
            assert s is not None and s.over()
            chosen = [from_dict(d.action) for d in s.record.decisions if d.action["type"] == "build"]
            assert [(c.position, c.card) for c in chosen if isinstance(c, BuildChoice)] == [
                (p, c) for _, p, c in expected
            ]
            assert {w for w, _, _ in expected} == {"top", "middle", "bottom"}
            assert watch.handoffs == builds + 2  # one before each Setup and each Build screen

    asyncio.run(run())


def _menu(app_key_downs: int) -> list[str]:
    return ["down"] * app_key_downs + ["enter"]


def test_standard_draft_full_game() -> None:
    watch = SecretWatch()

    async def on_build(app: TagTeamApp, pilot: Pilot[Any], k: int) -> None:
        watch.record_build(app)

    async def run() -> None:
        app = make_app(seed=9)  # a whole game of 6 Builds after the draft (seed 5 took 10)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press(*_menu(2))
            await play(pilot, app, on_build=on_build, stop="DraftScreen")
            assert "Standard Draft" in screen_text(app)
            await play(pilot, app, on_build=on_build, on_handoff=watch.check)
            s = app.session
            assert s is not None and s.over() and s.record.draft == "standard"
            assert len(s.state.table.kinds) == 4  # type: ignore[union-attr]

    asyncio.run(run())


def test_competitive_draft_keeps_and_discards_then_plays_on() -> None:
    watch = SecretWatch()

    async def on_build(app: TagTeamApp, pilot: Pilot[Any], k: int) -> None:
        watch.record_build(app)

    async def run() -> None:
        app = make_app(seed=9)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press(*_menu(3))
            for _ in range(2):  # first pick of each player: keep one, discard another
                await play(pilot, app, stop="HandoffScreen")
                hand_text = screen_text(app)
                assert "Pick" not in hand_text or "Pass the keyboard" in hand_text
                await pilot.press("enter")
                await pilot.pause()
                assert name(app) == "DraftScreen" and "discard" in screen_text(app)
                await pilot.press("enter", "down", "enter", "c")
                await pilot.pause()
            s = app.session
            assert s is not None
            assert all(len(s.view(seat).draft_discards) == 1 for seat in (0, 1))
            await play(pilot, app, stop="FightScreen")
            assert s.record.draft == "competitive" and s.state.table is not None
            # the drafted teams play on: Setup and the first Build behind hand-overs (whole games in every
            # draft mode are played by tests/net/test_apps_end_to_end.py and test_standard_draft_full_game)
            await play(pilot, app, on_build=on_build, on_handoff=watch.check, stop="BuildScreen")
            assert s.state.phase == "build" and watch.handoffs >= 1  # the hand-over before the first Build

    asyncio.run(run())


def test_free_pick_then_plays_on() -> None:
    watch = SecretWatch()

    async def on_build(app: TagTeamApp, pilot: Pilot[Any], k: int) -> None:
        watch.record_build(app)

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press(*_menu(1))
            for _ in range(2):
                await play(pilot, app, stop="HandoffScreen")
                await pilot.press("enter")
                await pilot.pause()
                assert name(app) == "DraftScreen"
                await pilot.press("space", "down", "space", "c")
                await pilot.pause()
            await play(pilot, app, stop="FightScreen")
            s = app.session
            assert s is not None and s.state.table is not None
            assert len(set(s.state.table.kinds)) == 4
            await play(pilot, app, on_build=on_build, on_handoff=watch.check, stop="BuildScreen")
            assert s.state.phase == "build" and watch.handoffs >= 1  # the hand-over before the first Build

    asyncio.run(run())
