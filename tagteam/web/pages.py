"""What a page may start, and the cap on pages open at once (no Textual, no web server: plain bookkeeping).

A page never names a command: it picks one of ``KINDS`` by its address, and the process is always this
Python running ``tagteam.web.page KIND``. textual-serve starts one process per page with no limit, so
``Slots`` counts the live ones; a reloaded page's new process may wait a little for the old one to end.
"""

from __future__ import annotations

import asyncio
import sys

KINDS = ("play", "join")  # "/" the whole app (title first); "/join" a seat in a hosted game
DEFAULT_MAX_PAGES = 4
SLOT_WAIT = 5.0  # seconds a new page waits for a slot (a reload: the old page's process is still ending)


def argv(kind: str) -> tuple[str, ...]:
    """The one command a page of this kind runs: fixed, with no shell and nothing taken from the request."""
    if kind not in KINDS:
        raise ValueError(f"unknown page kind {kind!r}")
    return (sys.executable, "-m", "tagteam.web.page", kind)


class Slots:
    """At most ``cap`` page processes alive; ``play`` pages also wait for the previous one to end, so a
    reloaded game's autosave is written and its home let go before the new page takes it."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.live: dict[int, str] = {}  # a page's id -> its kind
        self.ending: set[int] = set()  # closed pages whose process has not ended yet
        self._changed = asyncio.Condition()
        self._ids = iter(range(1, sys.maxsize))

    async def take(self, kind: str, wait: float = SLOT_WAIT) -> int | None:
        """A slot's id, or None when every slot stayed taken for ``wait`` seconds."""
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(lambda: self._free(kind)), wait)
            except TimeoutError:
                return None
            slot = next(self._ids)
            self.live[slot] = kind
            return slot

    def _free(self, kind: str) -> bool:
        if len(self.live) >= self.cap:
            return False
        return kind != "play" or not any(self.live[s] == "play" for s in self.ending)

    async def closing(self, slot: int) -> None:
        """The page went away; its process is being ended."""
        async with self._changed:
            self.ending.add(slot)

    async def release(self, slot: int) -> None:
        async with self._changed:
            self.live.pop(slot, None)
            self.ending.discard(slot)
            self._changed.notify_all()
