"""The server's end of one page's websocket: bounded both ways, and one ``gone`` however the page went.

textual-serve writes each frame of the page's app to the websocket and waits for it; a page that stops
reading (a stalled or half-open connection) made that wait endless, and a reset made its reader stop
reading the app's output at all, so the app blocked in a pipe write, never saw the request to quit, and
kept its home lock. Here a write that has not gone through in ``STALL`` seconds, or that fails, ends the
page: the connection is cut and every later frame is thrown away, so the app can always write, read the
quit, autosave and exit. What the page sends is checked the same way: one known message at a time, of a
bounded size, a size clamped as the page's query is (``read_messages``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any, Protocol

from aiohttp import WSMsgType, web

STALL = 5.0  # seconds a frame may take to go out before the page counts as gone
MAX_MESSAGE = 64 * 1024  # bytes in one message from the page (a key, a paste, a size); aiohttp closes on more
MAX_PING = 64  # characters of the page's ping token echoed back
MAX_CELLS = 1000  # the widest or tallest terminal a page may ask for, in its query or a resize

log = logging.getLogger("tagteam.web")


def cells(value: object, default: int) -> int:
    """A terminal size from the page, kept sane (the app draws a 'too small' notice below 80x24)."""
    if isinstance(value, bool):
        return default
    try:
        number = int(value) if isinstance(value, (int, str)) else default
    except ValueError:
        return default
    return min(max(number, 1), MAX_CELLS)


class Link:
    """Writes to the page that wait at most ``stall`` seconds; ``gone`` is set once the page cannot be reached."""

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.BaseTransport | None, stall: float = STALL):
        self.ws = ws
        self.transport = transport
        self.stall = stall
        self.gone = asyncio.Event()

    async def write_bytes(self, data: bytes) -> None:
        await self._send(self.ws.send_bytes(data))

    async def write_str(self, text: str) -> None:
        await self._send(self.ws.send_str(text))

    async def _send(self, sending: Any) -> None:
        if self.gone.is_set():
            sending.close()  # the coroutine never runs: the frame is dropped, the app is not held up
            return
        try:
            async with asyncio.timeout(self.stall):
                await sending
        except Exception as error:  # a timeout, a reset, a closing transport: the page is gone either way
            self.drop(f"a write to the page failed: {error!r}")

    async def close(self) -> None:
        """A websocket close if the page still answers within ``stall`` seconds; the connection is cut after."""
        if not self.ws.closed and not self.gone.is_set():
            with contextlib.suppress(Exception):
                async with asyncio.timeout(self.stall):
                    await self.ws.close()
        self.drop("")

    def drop(self, why: str) -> None:
        """From now on frames are thrown away and the connection is cut (at once, without a close handshake)."""
        if why and not self.gone.is_set():
            log.info("page gone: %s", why)
        self.gone.set()
        if self.transport is not None and not self.transport.is_closing():
            abort = getattr(self.transport, "abort", None)
            if callable(abort):
                abort()
            else:
                self.transport.close()


class Process(Protocol):
    """What ``read_messages`` passes the page's messages on to (textual-serve's ``AppService``)."""

    async def send_bytes(self, data: bytes) -> bool: ...
    async def set_terminal_size(self, width: int, height: int) -> None: ...
    async def focus(self) -> None: ...
    async def blur(self) -> None: ...


async def read_messages(ws: web.WebSocketResponse, app: Process, link: Link, size: tuple[int, int]) -> None:
    """Pass the page's messages to its app until the page closes: keys, sizes (clamped), focus, pings.

    Anything else (binary frames, bad JSON, unknown kinds, wrong shapes) is ignored, without a traceback."""
    width, height = size
    async for message in ws:
        if message.type != WSMsgType.TEXT or len(message.data) > MAX_MESSAGE:
            continue
        try:
            envelope = json.loads(message.data)
        except ValueError:
            continue
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            continue
        kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
        if kind == "stdin" and isinstance(data, str):
            await app.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            asked = (cells(data.get("width"), width), cells(data.get("height"), height))
            if asked != (width, height):
                width, height = asked
                await app.set_terminal_size(width, height)
        elif kind == "ping" and isinstance(data, str) and len(data) <= MAX_PING:
            await link.write_str(json.dumps(["pong", data]))
        elif kind == "focus":
            await app.focus()
        elif kind == "blur":
            await app.blur()
