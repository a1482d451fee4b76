"""Screenshots of the table for the README and ``docs/screens/``: a hot-seat first game played by keys, as a
player plays it, captured as SVG by Textual and turned into PNG by ``rsvg-convert`` (Debian's librsvg2-bin).

    python -m tools.screens [--out docs/screens] [--lang en] [--lang fr]

Each size (80x24, 120x40, 160x50) and language gives ``{screen}-{lang}-{size}.png`` for the card gallery, a
Standard Draft, the Build of round 2, the Fight mid-Turn (``table-fight``), game over and the statistics.
Not shipped (``tools/`` is outside the wheel): a maintainer runs it after a change to what the table shows.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

SIZES = ((80, 24), (120, 40), (160, 50))
SCREENS = ("gallery", "draft", "build", "table-fight", "gameover", "stats")
# A hot-seat first game to round 2, Turn 2 of the Fight: the title's first game (f), both hand-overs and Starting
# Cards, the round-1 Fight skipped, each Build keeping card 1, then two Turns.
TO_FIGHT = ["f", "enter", "enter", "c", "enter", "enter", "c"]
TO_BUILD = ["s", "enter", "enter"]
BUILD_ON = ["1", "c", "enter", "1", "c"]
TWO_TURNS = ["n", "n"]
STANDARD_DRAFT = ["down", "down", "enter", "enter"]  # the title's third entry, then its hand-over


async def _shoot(out: Path, lang: str, size: tuple[int, int]) -> list[Path]:
    from tagteam.app import TagTeamApp

    app = TagTeamApp(seed=3, lang=lang, reduced_motion=True)
    shots: list[Path] = []
    async with app.run_test(size=size) as pilot:

        async def press(keys: list[str], wait: float = 0.2) -> None:
            for key in keys:
                await pilot.press(key)
                await pilot.pause(wait)

        async def until(screen: str, tries: int = 100) -> None:
            for _ in range(tries):
                if type(app.screen).__name__ == screen:
                    break
                await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            await pilot.pause(0.3)

        def shot(name: str) -> None:
            svg = out / f"{name}-{lang}-{size[0]}x{size[1]}.svg"
            app.save_screenshot(filename=svg.name, path=str(out))
            png = svg.with_suffix(".png")
            subprocess.run(["rsvg-convert", "-o", str(png), str(svg)], check=True)
            svg.unlink()
            shots.append(png)

        await pilot.pause(0.5)
        await press(["g"])
        await until("GalleryScreen")
        await press(["down", "down", "down", "down"])  # Joan: a board and cards a newcomer knows
        shot("gallery")
        await press(["escape"])
        await press(STANDARD_DRAFT)
        await until("DraftScreen")
        await press(["down"])
        shot("draft")
        await press(["escape"])
        await until("TitleScreen")
        await press(TO_FIGHT)
        await press(TO_BUILD)
        await until("BuildScreen")
        shot("build")
        await press(BUILD_ON)
        await press(TWO_TURNS)
        await pilot.pause(0.5)
        shot("table-fight")
        await _to_game_over(app, pilot)
        await until("GameOverScreen")
        await pilot.pause(1.0)  # the game history's line, once the game is indexed
        shot("gameover")
        await press(["t"])
        await until("TitleScreen")
        await press(["h"])
        await until("HistoryScreen")
        await press(["s"])
        await until("StatsScreen")
        await pilot.pause(0.5)
        shot("stats")
    return shots


async def _to_game_over(app: Any, pilot: Any) -> None:
    """The rest of the game by keys: each Fight skipped, each Build keeping its first card."""
    for _ in range(300):
        name = type(app.screen).__name__
        if name == "GameOverScreen":
            return
        keys = {"HandoffScreen": ["enter"], "FightScreen": ["s", "enter"], "BuildScreen": ["1", "c"]}.get(name, [])
        for key in keys or ["enter"]:
            await pilot.press(key)
            await pilot.pause(0.05)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screens")
    parser.add_argument("--out", default="docs/screens")
    parser.add_argument("--lang", action="append", help="en, fr, ... (repeatable; default: en and fr)")
    args = parser.parse_args()
    if shutil.which("rsvg-convert") is None:
        print("tools.screens: rsvg-convert is needed (Debian: librsvg2-bin)")
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang or ["en", "fr"]:
        for size in SIZES:
            os.environ["TAGTEAM_HOME"] = tempfile.mkdtemp(prefix="tagteam-screens-")  # a history of one game
            for png in asyncio.run(_shoot(out, lang, size)):
                print(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
