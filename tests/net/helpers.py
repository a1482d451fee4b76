"""Shared pieces of the network tests: a server on a free loopback port and scripted clients over it."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.net.client import Connection, Told
from tagteam.net.guard import Limits
from tagteam.net.server import GameServer

CODE = "TEST-CODE"
LOOPBACK = "127.0.0.1"
T = TypeVar("T")


OPENED: list[Connection | GameServer | asyncio.StreamWriter] = []  # what the running test opened: ``run`` closes it


def run(coro: Awaitable[T], timeout: float = 30.0) -> T:
    """Run a test coroutine with a hard time limit (a hung socket fails the test, never the suite); whatever it
    opened through these helpers is closed after it, passed or failed, so no socket waits for the garbage collector."""

    async def bounded() -> T:
        OPENED.clear()
        try:
            return await asyncio.wait_for(coro, timeout)
        finally:
            await close_all()

    return asyncio.run(bounded())


async def close_all() -> None:
    """Close every connection, raw stream and server the test opened (clients first, then the servers)."""
    opened = list(OPENED)
    OPENED.clear()
    for item in opened:
        if isinstance(item, Connection):
            await item.close()
        elif isinstance(item, asyncio.StreamWriter):
            item.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(item.wait_closed(), 1.0)
    for item in opened:
        if isinstance(item, GameServer) and not item.closing:
            await item.close()


async def connect(port: int) -> Connection:
    """A client connection to ``port`` that ``run`` closes after the test."""
    conn = await Connection.open(LOOPBACK, port)
    OPENED.append(conn)
    return conn


async def raw(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A plain stream to ``port`` (for bytes no client would send); ``run`` closes it after the test."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port)
    OPENED.append(writer)
    return reader, writer


async def serve(session: Session | None = None, server_cls: type[GameServer] = GameServer, **kw: Any) -> GameServer:
    s = session or Session.new(7, draft="standard")
    server = server_cls(s, CODE, limits=kw.pop("limits", Limits()), **kw)
    await server.start(LOOPBACK, 0)
    OPENED.append(server)
    return server


class Player:
    """A scripted client: every byte it reads after the key exchange, opened, is kept in ``raw``."""

    def __init__(self, conn: Connection, seat: int) -> None:
        self.conn = conn
        self.seat = seat
        self.told = Told()
        self.raw = bytearray()  # every byte of plaintext received after the key exchange
        conn.tap = self.raw.extend

    @classmethod
    async def join(cls, server: GameServer, seat: int | None = None, code: str = CODE) -> Player:
        conn = await connect(server.port)
        player = cls(conn, -1)
        welcome = await conn.join(code, seat)
        player.seat = welcome.seat
        await player.state()
        return player

    async def recv(self, timeout: float = 5.0) -> p.ServerMsg:
        msg = await self.conn.recv(timeout)
        if isinstance(msg, p.State):
            self.told.apply(msg)
        return msg

    async def state(self) -> p.State:
        msg = await self.recv()
        assert isinstance(msg, p.State), msg
        return msg

    async def error(self) -> p.Error:
        msg = await self.recv()
        assert isinstance(msg, p.Error), msg
        return msg


async def pair(server: GameServer) -> tuple[Player, Player]:
    """Two players joined; the first has also read the state that says the second arrived."""
    a = await Player.join(server)
    b = await Player.join(server)
    assert (await a.state()).opponent_here
    return a, b


async def play_until(
    a: Player, b: Player, rng: random.Random, stop: Callable[[Player, Player], bool] | None = None, limit: int = 3000
) -> None:
    """Both clients play random legal choices (and step Turns) until the game ends or ``stop`` holds."""
    players = {a.seat: a, b.seat: b}
    for i in range(limit):
        st = a.told.state
        assert st is not None
        if st.over or (stop is not None and stop(a, b)):
            return
        if st.can_step:
            stepper = players[i % 2]
            await stepper.conn.send(p.StepMsg(type="step", at=st.version, skip=rng.random() < 0.2))
            await a.state()
            await b.state()
            continue
        for seat in (0, 1):
            me = players[seat]
            view = me.told.view
            assert view is not None
            if view.pending is not None:
                action = rng.choice(view.legal)
                from tagteam.engine.actions import to_dict

                await me.conn.send(p.Act(type="act", action=to_dict(action)))
                await a.state()
                await b.state()
                break
        else:
            raise AssertionError("nobody can act and nothing to step")
    raise AssertionError("game did not end")
