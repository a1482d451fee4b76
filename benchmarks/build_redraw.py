"""Time of one Build screen redraw: ``python benchmarks/build_redraw.py [N]``.

The Build screen at 100x30 (in a bare Textual app, no title or game flow), for the first Build (3 slots) and
for a long line-up (12 slots, both Fight decks filled up). Prints the median and worst of N redraws each for:
the slot moved (``_refresh_side``), the slot stepped through the whole line-up (``_refresh_side`` at each new
position, nothing measured before), the kept card changed (``_refresh_all``), and a side panel opened
(``_open``: the one-line note, so no coach runs). The position comes from the Pilot tests' helper
(``tests/ui/buildhost.py``), so both measure the same screen.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "ui"))

from buildhost import Host, context, padded, position_at

from tagteam.screens.build import BuildScreen


def timed(fn: Callable[[], object], n: int) -> str:
    xs = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        xs.append((time.perf_counter() - t) * 1000)
    return f"median {statistics.median(xs):6.1f} ms, worst {max(xs):6.1f} ms"


def stepped(screen: BuildScreen) -> str:
    """The ↓ key's work, slot after slot through the whole line-up, on a screen that has measured nothing yet
    (each new position is a line-up never drawn before)."""
    screen._measured.clear()
    screen._lineup_memo = None
    xs = []
    for position in [*range(len(screen._v.my_fight_deck) + 1)][1:]:
        t = time.perf_counter()
        screen.position = position
        screen._refresh_side()
        xs.append((time.perf_counter() - t) * 1000)
    return f"median {statistics.median(xs):6.1f} ms, worst {max(xs):6.1f} ms"


async def measure(slots: int, n: int) -> None:
    view = position_at("build") if slots <= 3 else padded(position_at("build", rounds=2), slots)
    app = Host(BuildScreen(context(view)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BuildScreen)
        print(f"{slots:2} slots, slot moved:       {timed(screen._refresh_side, n)}")
        print(f"{slots:2} slots, slot stepped:     {stepped(screen)}")
        print(f"{slots:2} slots, kept card changed: {timed(screen._refresh_all, n)}")
        print(f"{slots:2} slots, panel opened:     {timed(lambda: screen._open('note', 'x'), n)}")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for slots in (3, 12, 17):
        asyncio.run(measure(slots, n))


if __name__ == "__main__":
    main()
