"""Seats that cannot be taken away (issue 25): a seated player's rejoin passes the guessing limits, the right code
gets in within seconds while strangers guess from the same address, and "try again in N s" is waited through."""

from __future__ import annotations

import asyncio
import time

import pytest

from tagteam.net import protocol as p
from tagteam.net.client import Connection, HostGone, NetClient, Retrying
from tagteam.net.guard import Limits
from tagteam.net.server import GameServer, ServerThread
from tagteam.play.games import new_session
from tests.net.helpers import CODE, LOOPBACK, Player, connect, run, serve

WRONG = "ZZZZ-ZZZZ"


async def guess(port: int, code: str = WRONG, token: str | None = None) -> str:
    """One join with ``code`` (the key exchange, then the sealed hello); what the host answered (a goodbye's code,
    or "welcome")."""
    conn = await Connection.open(LOOPBACK, port)
    try:
        return (await conn.join(code, token=token)).type
    except HostGone as e:
        return e.code or "lost"
    finally:
        await conn.close()


async def flood(port: int, workers: int, stop: asyncio.Event, answers: list[str]) -> None:
    """Strangers on 127.0.0.1 guessing as fast as the host answers, until ``stop``."""

    async def worker() -> None:
        while not stop.is_set():
            answers.append(await guess(port))

    await asyncio.gather(*(worker() for _ in range(workers)))


def test_a_seated_players_rejoin_with_its_token_is_never_refused_by_the_guessing_limits() -> None:
    async def go() -> None:
        server = await serve(limits=Limits(codes_burst=2, codes_rate=0.001, code_patience=0.1, free_wrong=1))
        conn = await connect(server.port)
        welcome = await conn.join(CODE)
        assert welcome.token is not None and len(welcome.token) >= 32  # the joiner's own seat token
        for _ in range(3):  # strangers spend the budget: any code is now refused with "try again"
            await guess(server.port)
        assert await guess(server.port, CODE) == "wait_codes"
        again = await connect(server.port)  # the seated player's line dropped (not yet noticed by the host)
        back = await again.join(CODE, token=welcome.token)
        assert back.seat == welcome.seat
        assert isinstance(await again.recv(5), p.State)
        assert await guess(server.port, CODE, token="0" * 32) == "wait_codes"  # a made-up token is a guess
        await server.close()

    run(go())


@pytest.mark.slow
def test_the_right_code_gets_in_within_5_s_while_strangers_guess_from_the_same_address() -> None:
    async def go() -> None:
        server = await serve()  # the default limits, as `tagteam host` has them
        stop, answers = asyncio.Event(), list[str]()
        strangers = asyncio.create_task(flood(server.port, 16, stop, answers))
        await asyncio.sleep(1.0)  # the flood is on: 127.0.0.1 is held after its wrong codes
        # Welcomed, not told "try again" (a refusal raises): its code is held 2 s at most. How soon is the
        # benchmark's to say (benchmarks/net_hostile.py seats): a loaded machine may stretch any clock here.
        player = await asyncio.wait_for(Player.join(server), 45)
        stop.set()
        await strangers
        assert player.seat == 0
        assert len(answers) >= 16 and set(answers) <= {"wrong_code", "wait_codes"}, set(answers)
        await server.close()

    run(go(), 60)


@pytest.mark.slow
def test_told_to_try_again_the_client_counts_down_and_gets_in() -> None:
    server = GameServer(new_session("free", 3), CODE, limits=Limits(codes_burst=1, codes_rate=0.5, code_patience=0))
    runner = ServerThread(server)
    port = runner.start(LOOPBACK, 0)
    client = NetClient(LOOPBACK, port, CODE, lambda item: None)
    try:
        run(guess(port))  # a stranger spends the one code of the budget: the next is checked 2 s later
        waits: list[Retrying] = []
        client.start(on_wait=waits.append, patience=20)
        seconds = [w.seconds for w in waits]  # the countdown, one a second, from 2 s (1 s on a slow machine)
        assert seconds in ([2, 1], [1]), seconds
        told = f"try again in {seconds[0]} s"
        assert all(told in w.reason and f"{w.seconds} s" in Retrying(w.reason, w.seconds).text for w in waits)
        assert client.seat == 0
    finally:
        client.close()
        runner.stop()


def test_a_refused_rejoin_says_the_hosts_reason_last_and_is_not_overwritten() -> None:
    def vanish(server: GameServer) -> None:
        """The host's machine drops off: no goodbye, the connections just end."""
        assert server.server is not None
        server.server.close()
        for conn in list(server.conns):
            conn.writer.transport.abort()

    said: list[object] = []
    first = GameServer(new_session("free", 3), CODE)
    runner = ServerThread(first)
    port = runner.start(LOOPBACK, 0)
    client = NetClient(LOOPBACK, port, CODE, said.append)
    try:
        client.start()
        runner.loop.call_soon_threadsafe(vanish, first)  # the client rejoins by itself...
        deadline = time.monotonic() + 10
        while "Connection lost: rejoining…" not in said and time.monotonic() < deadline:
            time.sleep(0.02)
        runner.stop()
        again = ServerThread(GameServer(new_session("free", 4), "OTHR-CODE"))  # ...a host with another code
        again.start(LOOPBACK, port)
        try:
            deadline = time.monotonic() + 20
            while not any(isinstance(x, HostGone) for x in said) and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            again.stop()
        last = said[-1]
        assert isinstance(last, HostGone) and last.refused, said
        assert str(last) == "refused: wrong join code" and "could not rejoin" not in str(last)  # another game
        assert sum(isinstance(x, HostGone) for x in said) == 1
    finally:
        client.close()
