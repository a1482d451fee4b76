"""A stranger on the path: a TCP proxy between a joiner and the host that records every byte both ways, and may
change what it forwards once the key exchange is over (a flipped byte, a replayed message)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

CLEAR_LINES = 2  # each way: the opening and the answer up; the offer and the proof down. Then all is sealed.
Edit = Callable[[str, int, bytes], bytes]  # (direction "up" or "down", offset after the exchange, chunk) -> chunk


class Way:
    """One direction of one connection: every byte, and where the sealed part starts."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.sealed_at: int | None = None

    def sealed(self) -> bytes:
        return b"" if self.sealed_at is None else bytes(self.data[self.sealed_at :])

    def clear(self) -> bytes:
        return bytes(self.data if self.sealed_at is None else self.data[: self.sealed_at])


class Proxy:
    """Listens on a free loopback port and forwards each connection to ``port``; ``ways`` records them."""

    def __init__(self, port: int, edit: Edit | None = None) -> None:
        self.port = port
        self.edit = edit
        self.ways: list[tuple[Way, Way]] = []  # (up, down) per connection
        self.server: asyncio.Server | None = None
        self.listen = 0
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._conn, "127.0.0.1", 0)
        self.listen = self.server.sockets[0].getsockname()[1]
        return self.listen

    async def _conn(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        h_reader, h_writer = await asyncio.open_connection("127.0.0.1", self.port)
        up, down = Way(), Way()
        self.ways.append((up, down))
        pumps = [
            asyncio.ensure_future(self._pump("up", reader, h_writer, up)),
            asyncio.ensure_future(self._pump("down", h_reader, writer, down)),
        ]
        await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        for task in pumps:
            task.cancel()
        for w in (writer, h_writer):
            w.close()

    async def _pump(self, way: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, rec: Way) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while chunk := await reader.read(65_536):
                start = len(rec.data)
                rec.data += chunk
                if rec.sealed_at is None and rec.data.count(b"\n") >= CLEAR_LINES:
                    at = -1
                    for _ in range(CLEAR_LINES):
                        at = rec.data.index(b"\n", at + 1)
                    rec.sealed_at = at + 1
                if self.edit is not None and rec.sealed_at is not None and len(rec.data) > rec.sealed_at:
                    cut = max(0, rec.sealed_at - start)
                    chunk = chunk[:cut] + self.edit(way, start + cut - rec.sealed_at, chunk[cut:])
                writer.write(chunk)
                await writer.drain()

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 1.0)
