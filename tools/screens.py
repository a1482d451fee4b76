"""Screenshots of the table for the README and ``docs/screens/``: a hot-seat first game played by keys, as a
player plays it, captured as SVG by Textual and turned into PNG by ``rsvg-convert`` (Debian's librsvg2-bin).

    python -m tools.screens [--out docs/screens] [--lang en]

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

SIZES = ((80, 24), (120, 40), (160, 50))
# A hot-seat first game to round 2, Turn 2 of the Fight: the title's first game (f), both hand-overs and Starting
# Cards, the round-1 Fight skipped, each Build keeping card 1, then two Turns.
TO_FIGHT = ["f", "enter", "enter", "c", "enter", "enter", "c"]
TO_ROUND_2 = ["s", "enter", "enter", "1", "c", "enter", "1", "c"]
TWO_TURNS = ["n", "n"]


async def _shoot(out: Path, lang: str, size: tuple[int, int]) -> list[Path]:
    from tagteam.app import TagTeamApp

    app = TagTeamApp(seed=3, lang=lang, reduced_motion=True)
    shots: list[Path] = []
    async with app.run_test(size=size) as pilot:

        async def press(keys: list[str]) -> None:
            for key in keys:
                await pilot.press(key)
                await pilot.pause(0.2)

        def shot(name: str) -> None:
            svg = out / f"{name}-{lang}-{size[0]}x{size[1]}.svg"
            app.save_screenshot(filename=svg.name, path=str(out))
            png = svg.with_suffix(".png")
            subprocess.run(["rsvg-convert", "-o", str(png), str(svg)], check=True)
            svg.unlink()
            shots.append(png)

        await press(TO_FIGHT)
        await press(TO_ROUND_2)
        await press(TWO_TURNS)
        await pilot.pause(0.5)
        shot("table-fight")
    return shots


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screens")
    parser.add_argument("--out", default="docs/screens")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    if shutil.which("rsvg-convert") is None:
        print("tools.screens: rsvg-convert is needed (Debian: librsvg2-bin)")
        return 2
    os.environ.setdefault("TAGTEAM_HOME", tempfile.mkdtemp(prefix="tagteam-screens-"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for png in asyncio.run(_shoot(out, args.lang, size)):
            print(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
