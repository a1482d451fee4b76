"""Waiting in a test for something the app does in its own time, bounded by a deadline, never by a count.

A loop of N pauses is a clock in disguise: how long it waits depends on how long a pause lasts (Textual's
idle check, the machine's load), so it ran out on a busy machine while the app was still working. Here the
deadline only bounds a failure: an idle machine goes on as soon as the condition holds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from textual.pilot import Pilot

DEADLINE = 60.0  # seconds: generous, because it is only ever reached by a test that is failing


def rounds(seconds: float = DEADLINE) -> Iterator[int]:
    """Numbered rounds of a waiting loop until the deadline (the caller pauses and checks in each)."""
    end = time.monotonic() + seconds
    i = 0
    while True:
        yield i
        i += 1
        if time.monotonic() > end:
            return


async def until(pilot: Pilot[Any], test: Callable[[], object], what: str = "the condition") -> None:
    """Pause until ``test()`` holds (is truthy); the deadline only bounds a failure, which then names ``what``."""
    for _ in rounds():
        if test():
            return
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}")


async def answered(pilot: Pilot[Any]) -> None:
    """Until the Build screen's open coach or what-if shows its answer: the question is asked after the next
    refresh ("thinking…" is drawn first), so waiting for the workers at once may find none started yet."""
    from textual.widgets import Static

    def done() -> bool:
        panel = pilot.app.screen.query_one("#coach", Static)
        busy = any(w.group == "coach" and w.is_running for w in pilot.app.workers)
        return "thinking…" not in str(panel.render()) and not busy

    await until(pilot, done, "the coach's answer")
    await pilot.pause()  # a pause ends by drawing the screen: the answer is on it, not only in its widget
