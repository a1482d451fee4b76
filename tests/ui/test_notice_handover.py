"""A notice raised during a hot-seat hand-over is said in the hand-over's own notice line, above its card, never
as a toast over it (a toast once covered "Pass the keyboard to ..."); and no notice names an internal file."""

from __future__ import annotations

import asyncio

from uihelp import make_app

from tagteam.screens.handoff import HandoffScreen
from tagteam.widgets.basic import NoticeLine
from tagteam.words import history as wh


def test_a_notice_during_a_hand_over_does_not_cover_it() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            app.push_screen(HandoffScreen(1, "Bea", "the Build"))
            await pilot.pause()
            app.notify(wh.finished_kept(), timeout=5)
            for _ in range(20):
                await pilot.pause()
                line = app.screen.query_one(NoticeLine)
                if line.region.height:
                    break
            card = app.screen.query_one("#card").region
            assert line.region.height > 0 and wh.finished_kept() in str(line.render())
            assert not line.region.overlaps(card)
            toasts = [t for t in app.query("Toast") if t.region.height]
            assert not any(t.region.overlaps(card) for t in toasts)

    asyncio.run(run())


def test_no_notice_of_a_game_set_aside_names_a_file() -> None:
    for said in (wh.finished_kept(), wh.previous_kept(), wh.unusable_kept("seed: not a number")):
        assert ".json" not in said and "autosave-" not in said
