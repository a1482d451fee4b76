"""UI latency: start-up to the title screen beside a bare Textual app, and key press to an updated Fight screen.

Run: python benchmarks/ui_latency.py [--runs 5]
Targets: start-up within 1.5x of the bare app; key to screen under 50 ms median.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

STARTUP = r"""
import time
t0 = time.perf_counter()
import sys
KIND = sys.argv[1]
if KIND == "bare":
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Footer, OptionList, Static

    class Title(Screen):
        def compose(self):
            yield Static("bare")
            yield OptionList("one", "two", "three")
            yield Footer()

    class Target(App):
        def on_mount(self):
            self.push_screen(Title())
    want = Title
else:
    from tagteam.app import TagTeamApp as Target
    want = None

class Bench(Target):
    def on_ready(self):
        self._timer = self.set_interval(0.001, self._check)

    def _check(self):
        name = type(self.screen).__name__
        if name in ("Title", "TitleScreen") and self.screen.is_mounted and self.screen.query("OptionList"):
            self._timer.stop()
            self.call_after_refresh(self._done)

    def _done(self):
        print(f"{time.perf_counter() - t0:.4f}")
        self.exit()

Bench().run(headless=True, size=(100, 30))
"""


def startup(kind: str, runs: int) -> float:
    """Median wall time from interpreter start of the script to the title screen painted (fresh process each)."""
    times = []
    env = {**os.environ, "TAGTEAM_HOME": tempfile.mkdtemp()}
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", STARTUP, kind], capture_output=True, text=True, env=env, timeout=60, check=True
        )
        times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


async def key_latency(samples: int) -> list[float]:
    """Press n on the Fight screen; time until the screen has refreshed with the new board."""
    os.environ["TAGTEAM_HOME"] = tempfile.mkdtemp()
    from tagteam.app import TagTeamApp
    from tagteam.screens.fight import FightScreen

    stamps: list[float] = []
    original = FightScreen._after

    def after(self: FightScreen) -> None:
        original(self)
        self.call_after_refresh(lambda: stamps.append(time.perf_counter()))

    FightScreen._after = after  # type: ignore[method-assign]
    app = TagTeamApp(seed=5)
    out: list[float] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        while len(out) < samples:
            await pilot.pause()
            name = type(app.screen).__name__
            if name == "GameOverScreen":
                await pilot.press("r")
                continue
            if name == "FightScreen":
                screen: Any = app.screen
                while not screen.finished and len(out) < samples:
                    stamps.clear()
                    t0 = time.perf_counter()
                    await pilot.press("n")
                    while not stamps:
                        await asyncio.sleep(0)
                    out.append(stamps[0] - t0)
                await pilot.press("enter")
            else:
                await pilot.press(*{"HandoffScreen": ("enter",), "SetupScreen": ("enter", "c")}.get(name, ("c",)))
    FightScreen._after = original  # type: ignore[method-assign]
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5, help="start-up runs per app (median)")
    p.add_argument("--samples", type=int, default=40, help="key presses on the Fight screen")
    args = p.parse_args()
    bare = startup("bare", args.runs)
    ours = startup("tagteam", args.runs)
    lat = asyncio.run(key_latency(args.samples))
    print(
        f"start-up to title screen: tagteam {ours * 1000:.0f} ms, bare Textual app {bare * 1000:.0f} ms "
        f"(ratio {ours / bare:.2f}, target <= 1.5)"
    )
    print(
        f"key 'n' to updated Fight screen: median {statistics.median(lat) * 1000:.1f} ms, "
        f"p90 {sorted(lat)[int(len(lat) * 0.9)] * 1000:.1f} ms over {len(lat)} presses (target < 50 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
