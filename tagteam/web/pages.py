"""What a page may start, and the cap on pages open at once (no Textual, no web server: plain bookkeeping).

A page never names a command: it picks one of ``KINDS`` by its address, and the process is always this
Python running ``tagteam.web.page KIND``. textual-serve starts one process per page with no limit, so
``Slots`` counts the live ones; a reloaded page's new process may wait a little for the old one to end.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys

KINDS = ("play", "join")  # "/" the whole app (title first); "/join" a seat in a hosted game
DEFAULT_MAX_PAGES = 4
SLOT_WAIT = 5.0  # seconds a new page waits for a slot under the cap before it is refused
SETTLE = 2.0  # seconds a new play page waits for another open play page to close (a reload's old page)
ENDING_WAIT = 30.0  # at most this for a closed play page's process to end (the server kills it after its grace)


ADDRESS_ENV = "TAGTEAM_JOIN_ADDRESS"  # a reloaded /join page's address, for its new process (checked first)
ADDRESS_META = "tagteam-address"  # the join app tells its page the address it joined (server.PageService)
ADDRESS = re.compile(r"(localhost|127\.0\.0\.1|\[::1\]):([0-9]{1,5})", re.IGNORECASE)


def address(text: object) -> str | None:
    """A join address a page may keep and offer again: this machine and a port (``localhost:8210``), else
    None. Only these ever travel between the page, the server and the join app, so a crafted page address
    can neither reach another machine nor put anything but a host and a port into the join screen."""
    if not isinstance(text, str):
        return None
    found = ADDRESS.fullmatch(text.strip())
    if found is None or not 0 < int(found[2]) < 65536:
        return None
    return f"{found[1].lower()}:{int(found[2])}"


def argv(kind: str) -> tuple[str, ...]:
    """The one command a page of this kind runs: fixed, with no shell and nothing taken from the request."""
    if kind not in KINDS:
        raise ValueError(f"unknown page kind {kind!r}")
    return (sys.executable, "-m", "tagteam.web.page", kind)


class Slots:
    """At most ``cap`` page processes alive; a ``play`` page also waits for the previous one to end, so a
    reloaded game's autosave is written and its home let go before the new page's process takes the lock.

    A reload's two sockets can reach the server in either order: the browser closes the old page's socket
    before the new page's script opens its own, but the server may read the new one first. So a ``play``
    page first waits up to ``SETTLE`` seconds for any other open ``play`` page to close (a reload's does at
    once; a second tab's does not, and its page is then told the game is already running), then for every
    closing one's process to have ended (the server kills one that outlives its grace, so this is bounded).
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.live: dict[int, str] = {}  # a page's id -> its kind
        self.ending: set[int] = set()  # closed pages whose process has not ended yet
        self._changed = asyncio.Condition()
        self._ids = iter(range(1, sys.maxsize))

    async def take(
        self, kind: str, wait: float = SLOT_WAIT, settle: float = SETTLE, ending: float = ENDING_WAIT
    ) -> int | None:
        """A slot's id, or None when every slot stayed taken for ``wait`` seconds."""
        async with self._changed:
            if kind == "play":
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait_for(lambda: not self._plays(open_=True)), settle)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait_for(lambda: not self._plays(open_=False)), ending)
            try:
                await asyncio.wait_for(self._changed.wait_for(lambda: len(self.live) < self.cap), wait)
            except TimeoutError:
                return None
            slot = next(self._ids)
            self.live[slot] = kind
            return slot

    def _plays(self, open_: bool) -> bool:
        """Whether a ``play`` page is still open (``open_``), or closed with its process not yet ended."""
        return any(k == "play" and (s in self.ending) != open_ for s, k in self.live.items())

    async def closing(self, slot: int) -> None:
        """The page went away; its process is being ended."""
        async with self._changed:
            self.ending.add(slot)
            self._changed.notify_all()

    async def release(self, slot: int) -> None:
        """The page's process has ended (exited, not only gone quiet): its slot and its home are free."""
        async with self._changed:
            self.live.pop(slot, None)
            self.ending.discard(slot)
            self._changed.notify_all()
