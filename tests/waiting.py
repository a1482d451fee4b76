"""Waiting in a test for something the app does in its own time, bounded by a deadline, never by a count.

A loop of N pauses is a clock in disguise: how long it waits depends on how long a pause lasts (Textual's
idle check, the machine's load), so it ran out on a busy machine while the app was still working. Here the
deadline only bounds a failure: an idle machine goes on as soon as the condition holds.

Between two checks ``until`` lets the app process what is queued and sleeps a short while that grows (``poll``),
instead of ``pilot.pause()``: that waits until the process looks idle, and a process that is not (a bot thinking
in a worker, a game server's thread, the other seat's app) made every pause last up to a second, the test asleep
long after the condition held. The growing sleep still leaves a busy worker the CPU: a long wait checks a few
times a second, not hundreds. Once the condition holds, one ``pilot.pause()`` lets the app finish what the
change set off, and the condition is checked again (``settled``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from textual.pilot import Pilot

DEADLINE = 60.0  # seconds: generous, because it is only ever reached by a test that is failing
FIRST_SLEEP = 0.005  # seconds: the first sleep between two checks, then half as long again each time…
LONGEST_SLEEP = 0.1  # …up to this


def rounds(seconds: float = DEADLINE) -> Iterator[int]:
    """Numbered rounds of a waiting loop until the deadline (the caller pauses and checks in each)."""
    end = time.monotonic() + seconds
    i = 0
    while True:
        yield i
        i += 1
        if time.monotonic() > end:
            return


def sleeps() -> Iterator[float]:
    """The sleeps between the checks of a waiting loop: short at first, a tenth of a second at most."""
    sleep = FIRST_SLEEP
    while True:
        yield sleep
        sleep = min(sleep * 1.5, LONGEST_SLEEP)


async def poll(pilots: Iterable[Pilot[Any]], sleep: float) -> None:
    """One round of a waiting loop: each app processes what is queued for its screen, then a sleep."""
    for pilot in pilots:
        await pilot.pause(sleep)


async def settled(pilots: Sequence[Pilot[Any]], test: Callable[[], object], seconds: float = DEADLINE) -> bool:
    """Whether ``test()`` held within ``seconds``. Short sleeps while it does not; once it holds, one
    ``pilot.pause()`` per app (the app done with what the change set off: a screen just pushed has composed its
    widgets) and ``test()`` again, so it is only ever found true just after such a pause, as a loop of pauses
    found it; if it no longer holds, the short sleeps go on."""
    waited = False
    waits = sleeps()
    for _ in rounds(seconds):
        if test():
            if not waited:
                return True
            for pilot in pilots:
                await pilot.pause()
            if test():
                return True
        waited = True
        await poll(pilots, next(waits))
    return False


async def until(pilot: Pilot[Any], test: Callable[[], object], what: str = "the condition") -> None:
    """Pause until ``test()`` holds (is truthy); the deadline only bounds a failure, which then names ``what``."""
    if not await settled([pilot], test):
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
