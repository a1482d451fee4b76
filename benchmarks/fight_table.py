"""The Fight table's speed beside the glossary's opening, as ``ui_latency`` times a screen (key to the first
frame that shows it): the Fight screen opening on a game's table, and each Turn stepped (``n``).

Run: python benchmarks/fight_table.py [--opens 10] [--size 120x40]
Target: the Fight opens, and each Turn steps, within 2x the glossary's opening (issue 40).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from ui_latency import GLOSSARY_FIRST, Frames, on_top, settle, stats


async def measure(opens: int, size: tuple[int, int]) -> dict[str, list[float]]:
    from tagteam.app import TagTeamApp
    from tagteam.play.feeds import FightFeed
    from tagteam.screens.fight import FightScreen
    from tagteam.words import feeds

    app = TagTeamApp(seed=3)
    out: dict[str, list[float]] = {"glossary (k)": [], "Fight screen opening": [], "Fight Turn step (n)": []}
    async with app.run_test(size=size) as pilot:
        app.reduced_motion = True
        await pilot.press("f")
        for _ in range(300):
            await pilot.pause()
            name = type(app.screen).__name__
            if name == "FightScreen" and app.session is not None and app.session.state.round >= 2:
                break
            keys = {"HandoffScreen": ("enter",), "FightScreen": ("s", "enter")}.get(name, ("enter", "c"))
            await pilot.press(*keys)
        frames = Frames(app)
        fight: Any = app.screen
        for _ in range(opens):
            out["glossary (k)"].append(await frames.time("k", on_top(app, "GlossaryScreen", GLOSSARY_FIRST)))
            await settle(app)
            await pilot.press("escape")
            await settle(app)
        assert app.session is not None
        for _ in range(opens):
            screen = FightScreen(FightFeed(app.session), app.palette, True, None)
            heading = feeds.heading(screen.feed.heading())
            ready = on_top(app, "FightScreen", heading)
            frames.hit, frames.want = None, lambda update, s=screen, r=ready: app.screen is s and r(update)
            t0 = time.perf_counter()
            app.push_screen(screen)
            out["Fight screen opening"].append(await frames.until(t0, 30.0, "push"))
            await settle(app)
            app.pop_screen()
            await settle(app)
        while not fight.finished and len(out["Fight Turn step (n)"]) < opens:
            turn = fight.feed.heading().turn

            def stepped(update: Any, turn: int = turn) -> bool:  # the first frame drawn once the Turn is on
                return app.screen is fight and fight.feed.heading().turn != turn and bool(update)

            out["Fight Turn step (n)"].append(await frames.time("n", stepped))
            await settle(app)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--opens", type=int, default=10)
    p.add_argument("--size", default="120x40")
    args = p.parse_args()
    os.environ["TAGTEAM_HOME"] = tempfile.mkdtemp()
    w, h = (int(x) for x in args.size.split("x"))
    rows = asyncio.run(measure(args.opens, (w, h)))
    glossary = statistics.median(rows["glossary (k)"])
    print(f"at {w}x{h}: {'what':28} {'median':>8} {'p95':>8} {'cold':>8} {'x gloss':>7}  n")
    for what, xs in rows.items():
        med, p95, cold = stats(xs)
        print(f"at {w}x{h}: {what:28} {med:6.1f}ms {p95:6.1f}ms {cold:6.1f}ms {med / 1000 / glossary:7.2f}  {len(xs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
