"""UI latency: start-up beside a bare Textual app, a key to an updated Fight screen, and every screen and
panel opening (rules, glossary, gallery, load, game over, coach, what-if) beside a bare Textual app
pushing a trivial screen.

Run: python benchmarks/ui_latency.py [--runs 5] [--samples 40] [--opens 15]
Targets: start-up within 1.5x of the bare app; key to Fight screen under 50 ms median; any screen or panel
within 2x the glossary; the coach's answer within 1 s p95.

How an opening is timed: the key goes in as the terminal driver sends it (a Key message to the app, no
waiting between keys), and the clock stops at the first frame the app hands to the terminal in which the
screen shows its content (the terminal write itself is skipped: the app runs headless). Each screen opens
``--opens`` times in one process: the first open (cold, nothing cached yet) is printed on its own too.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Footer, Static

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

SIZE = (100, 30)
KEYS = {"?": "question_mark"}
GLOSSARY_FIRST = "Your cards in the order they will be revealed"  # the first term's meaning, under the filter


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


# ---------------------------------------------------------------------- timing a frame


def frame_text(update: Any) -> str:
    """The characters of one frame handed to the terminal (a whole screen, or the changed parts of one)."""
    lines = [line.text for line in getattr(update, "strips", ()) if isinstance(line, Strip)]
    for chop in getattr(update, "chops", ()):
        lines.append("".join(strip.text for strip in chop.values() if strip is not None))
    return "\n".join(lines)


Ready = Callable[[Any], bool]


class Frames:
    """Records when the app hands a frame to the terminal, so the clock stops at the first that shows X."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.hit: float | None = None
        self.seen = ""  # the text of the frame that stopped the clock
        self.want: Ready = lambda update: False
        original = app._display

        def display(screen: Screen[Any], renderable: Any) -> None:
            original(screen, renderable)
            if renderable is not None and self.hit is None and self.want(renderable):
                self.hit = time.perf_counter()
                self.seen = frame_text(renderable)

        app._display = display  # type: ignore[method-assign]

    async def time(self, key: str, ready: Ready, limit: float = 10.0) -> float:
        """Seconds from the key sent (as the driver sends it) to the first frame for which ``ready`` holds."""
        self.hit, self.want = None, ready
        t0 = time.perf_counter()
        self.app.post_message(events.Key(KEYS.get(key, key), key if len(key) == 1 else None))
        return await self.until(t0, limit, key)

    async def next(self, ready: Ready, t0: float, limit: float = 30.0) -> float:
        """Seconds from ``t0`` to the first frame from now on for which ``ready`` holds."""
        self.hit, self.want = None, ready
        return await self.until(t0, limit, "")

    async def until(self, t0: float, limit: float, key: str) -> float:
        while self.hit is None:
            if time.perf_counter() - t0 > limit:
                raise TimeoutError(f"nothing ready {limit} s after {key!r} (on {type(self.app.screen).__name__})")
            await asyncio.sleep(0.0005)
        return self.hit - t0


def on_top(app: App[Any], cls: str, *texts: str) -> Ready:
    """Ready when screen ``cls`` is on top and mounted, and the frame shows one of ``texts`` (if any given)."""

    def ready(update: Any) -> bool:
        screen = app.screen
        if type(screen).__name__ != cls or not screen.is_mounted:
            return False
        if not texts:
            return True
        shown = frame_text(update)
        return any(t in shown for t in texts)

    return ready


async def settle(app: App[Any]) -> None:
    """Let every pending message and worker finish, so one opening does not time the end of the last."""
    await app.workers.wait_for_complete()
    for _ in range(3):
        await asyncio.sleep(0.01)


# ---------------------------------------------------------------------- the bare baseline


class Trivial(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Static("A trivial screen.", id="text")
        yield Footer()


class Bare(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("x", "open", "Open")]

    def compose(self) -> ComposeResult:
        yield Static("bare")
        yield Footer()

    def action_open(self) -> None:
        self.push_screen(Trivial())


async def bare_opens(opens: int) -> list[float]:
    app = Bare()
    out = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frames = Frames(app)
        for _ in range(opens):
            out.append(await frames.time("x", on_top(app, "Trivial", "trivial", "#text")))
            await settle(app)
            await pilot.press("escape")
            await settle(app)
    return out


# ---------------------------------------------------------------------- Tag Team's screens and panels


async def drive(app: App[Any], pilot: Any, until: str, limit: int = 300) -> None:
    """Play on with plain keys (setup confirmed, Fights skipped, first card kept) until screen ``until``."""
    for _ in range(limit):
        await settle(app)
        await pilot.pause()
        current = type(app.screen).__name__
        if current == until:
            return
        keys = {
            "HandoffScreen": ("enter",),
            "SetupScreen": ("enter", "c"),
            "DraftScreen": ("enter", "c"),
            "FightScreen": ("s", "enter"),
            "BuildScreen": ("c",),
        }
        await pilot.press(*keys.get(current, ()))
    raise RuntimeError(f"never reached {until} (on {type(app.screen).__name__})")


async def title_opens(opens: int) -> dict[str, list[float]]:
    """The gallery and the Load screen, from their keys on the title (Load lists ten saved games)."""
    from tagteam.app import TagTeamApp

    app = TagTeamApp(seed=3)
    out: dict[str, list[float]] = {"gallery": [], "load": []}
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await pilot.pause()
        frames = Frames(app)
        for _ in range(opens):
            for what, key, cls, texts in (
                ("gallery", "g", "GalleryScreen", ("Base Power",)),
                ("load", "l", "LoadScreen", ()),  # its first frame lists the saves
            ):
                out[what].append(await frames.time(key, on_top(app, cls, *texts)))
                await settle(app)
                await pilot.press("escape")
                await settle(app)
    return out


async def build_opens(opens: int) -> dict[str, list[float]]:
    """Rules and glossary over a solo Build screen; the coach and the what-if panels on it (first line, answer)."""
    from tagteam.app import TagTeamApp

    app = TagTeamApp(seed=3)
    keys = ("rules", "glossary", "coach: first line", "coach: answer", "what-if: first line", "what-if: answer")
    out: dict[str, list[float]] = {k: [] for k in keys}
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        from textual.widgets import Select

        app.screen.query_one("#solo", Select).value = "normal"
        await pilot.press("f")
        await drive(app, pilot, "BuildScreen")
        frames = Frames(app)
        for _ in range(opens):
            out["rules"].append(await frames.time("?", on_top(app, "HelpScreen", "Tag Team in a nutshell")))
            await settle(app)
            await pilot.press("escape")
            await settle(app)
            out["glossary"].append(await frames.time("k", on_top(app, "GlossaryScreen", GLOSSARY_FIRST)))
            await settle(app)
            await pilot.press("escape")
            await settle(app)
        panels = (
            ("coach", "h", "thinking", "Coach: the best"),
            ("what-if", "w", "playing out", "What if ("),
        )
        for i in range(opens):
            for what, key, first, answer in panels:
                await pilot.press("1" if i % 2 else "2")  # a new selection each time, so nothing is reused
                await asyncio.sleep(0.6)  # the coach re-rates a changed selection after 0.4 s: let it finish
                await settle(app)
                t0 = time.perf_counter()
                shown = on_top(app, "BuildScreen", first, answer)  # a quick answer may come first
                out[f"{what}: first line"].append(await frames.time(key, shown))
                if answer in frames.seen:  # answered before any other line was drawn
                    out[f"{what}: answer"].append(out[f"{what}: first line"][-1])
                else:
                    out[f"{what}: answer"].append(await frames.next(on_top(app, "BuildScreen", answer), t0))
                await settle(app)
                await pilot.press("2" if i % 2 else "1")
                await asyncio.sleep(0.6)
                await settle(app)
    return out


def finished_record(seed: int) -> Any:
    """A first-game line-up played to its end by random legal choices."""
    from tagteam.engine.randomplay import finish_session
    from tagteam.engine.session import Session

    s = Session.new(seed, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    return finish_session(s, random.Random(seed)).record


async def gameover_opens(opens: int) -> list[float]:
    """Enter at the end of a replay's last Fight, to the game-over screen with its summary drawn."""
    from tagteam.app import TagTeamApp

    out = []
    for i in range(opens):
        app = TagTeamApp(replay_record=finished_record(100 + i))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app)
            screen: Any = app.screen
            while not screen.finished:
                await pilot.press("s")
            await settle(app)
            frames = Frames(app)
            out.append(await frames.time("enter", on_top(app, "GameOverScreen")))
    return out


def seed_saves(count: int) -> None:
    """Ten finished games in the saves folder, as after a quarter of an hour of play."""
    from tagteam.store import saves

    for i in range(count):
        saves.write(finished_record(200 + i), saves.home() / "saves" / f"game-bench-{i:02d}.json")


def stats(xs: list[float]) -> tuple[float, float, float]:
    """Median, p95 (nearest rank) and the first (cold) sample, in ms."""
    ordered = sorted(xs)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return statistics.median(xs) * 1000, p95 * 1000, xs[0] * 1000


def opening_table(opens: int) -> list[str]:
    os.environ["TAGTEAM_HOME"] = tempfile.mkdtemp()
    seed_saves(10)
    rows: dict[str, list[float]] = {"bare Textual app: push a trivial screen": asyncio.run(bare_opens(opens))}
    built = asyncio.run(build_opens(opens))
    rows.update({k: v for k, v in built.items() if k in ("rules", "glossary")})
    rows.update(asyncio.run(title_opens(opens)))
    rows["game over"] = asyncio.run(gameover_opens(max(3, opens // 3)))
    rows.update({k: v for k, v in built.items() if k not in ("rules", "glossary")})
    bare = statistics.median(rows["bare Textual app: push a trivial screen"])
    glossary = statistics.median(rows["glossary"])
    lines = [
        f"{'screen or panel (key to first frame showing it)':48} {'median':>8} {'p95':>8} {'cold':>8} "
        f"{'x bare':>7} {'x gloss':>7}  n",
    ]
    for what, xs in rows.items():
        med, p95, cold = stats(xs)
        lines.append(
            f"{what:48} {med:6.1f}ms {p95:6.1f}ms {cold:6.1f}ms {med / 1000 / bare:7.2f} "
            f"{med / 1000 / glossary:7.2f}  {len(xs)}"
        )
    return lines


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
    async with app.run_test(size=SIZE) as pilot:
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
    p.add_argument("--opens", type=int, default=15, help="openings of each screen and panel")
    p.add_argument("--only-screens", action="store_true", help="skip start-up and the Fight key")
    args = p.parse_args()
    if not args.only_screens:
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
    for line in opening_table(args.opens):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
