"""The door on real sockets: silent crowds, code guessing, endless lines and the hello's fields."""

from __future__ import annotations

import asyncio
import random

import pytest

from tagteam.net import protocol as p
from tagteam.net.client import Connection, HostGone
from tagteam.net.guard import Limits
from tests.net.helpers import CODE, LOOPBACK, Player, connect, pair, play_until, raw, run, serve


async def hello(port: int, code: str) -> p.Welcome | p.Goodbye:
    """A join with ``code`` (the key exchange and the sealed hello): the welcome, or the host's goodbye."""
    conn = await Connection.open(LOOPBACK, port)
    try:
        return await conn.join(code)
    except HostGone as e:
        assert e.bye is not None, e
        return e.bye
    finally:
        await conn.close()


def test_silent_connections_cannot_keep_a_player_out_and_the_log_says_so_once() -> None:
    async def go() -> None:
        said: list[str] = []
        limits = Limits(max_waiting=4, max_burst=8)
        server = await serve(limits=limits, log=said.append)
        a = await Player.join(server)
        silent = [await raw(server.port) for _ in range(30)]
        b = await Player.join(server)  # however many wait in silence, a hello is read
        assert (a.seat, b.seat) == (0, 1)
        assert len(server.guard.waiting) <= limits.max_burst and len(server.conns) <= limits.max_burst + 2
        reader, _ = silent[0]  # the oldest silent one was dropped, with a reason
        msg = p.parse_server((await asyncio.wait_for(reader.readline(), 5)).rstrip(b"\n"))
        assert isinstance(msg, p.Goodbye) and "busy" in msg.text
        assert sum("without a hello" in line for line in said) == 1
        await b.conn.close()  # and a player who drops rejoins the same seat
        again = await Player.join(server, seat=1)
        assert again.seat == 1
        for _, w in silent:
            w.close()
        await server.close()

    run(go())


@pytest.mark.slow
def test_an_address_that_guesses_is_held_but_the_right_code_still_gets_in() -> None:
    async def go() -> None:
        server = await serve(limits=Limits(free_wrong=2, first_wait=200, max_hold=0.5))
        for _ in range(3):
            msg = await hello(server.port, "WRONG-ONE")
            assert isinstance(msg, p.Goodbye) and msg.text == "wrong join code"
        loop = asyncio.get_running_loop()
        began = loop.time()
        msg = await hello(server.port, "WRONG-TWO")  # held, then checked
        assert isinstance(msg, p.Goodbye) and msg.text == "wrong join code"
        assert loop.time() - began >= 0.45
        msg = await hello(server.port, CODE)  # held as long, never refused: the player may share the address
        assert isinstance(msg, p.Welcome)
        await server.close()

    run(go())


def test_all_guesses_together_are_capped() -> None:
    async def go() -> None:
        server = await serve(limits=Limits(codes_burst=4, codes_rate=0.001, free_wrong=1_000, code_patience=0.5))
        answers = [await hello(server.port, f"WRONG-{i:03d}") for i in range(6)]
        texts = [m.text if isinstance(m, p.Goodbye) else "" for m in answers]
        assert texts[:4] == ["wrong join code"] * 4
        assert all("too many join codes tried here" in t for t in texts[4:])
        await server.close()

    run(go())


def test_an_endless_line_is_cut_by_the_byte_budget_and_the_game_goes_on() -> None:
    async def go() -> None:
        server = await serve(limits=Limits(bytes_burst=20_000, bytes_rate=1_000))
        a, b = await pair(server)
        chunk = b"x" * 4_000  # no newline, ever
        try:
            for _ in range(100):  # 400 KB at most: far past the budget
                await a.conn.send_raw(chunk)
        except (ConnectionError, OSError):
            pass
        text = ""
        for _ in range(20):  # a few "message too long" errors, then the goodbye
            try:
                msg = await a.recv(5)
            except HostGone:
                break
            if isinstance(msg, p.Goodbye):
                text = msg.text
                break
        assert "too much data" in text
        again = await Player.join(server, seat=a.seat)  # the seat waits for its player
        await b.state()
        moves = len(server.session.record.decisions)
        await play_until(again, b, random.Random(3), stop=lambda x, y: len(server.session.record.decisions) > moves)
        await server.close()

    run(go())


def test_a_name_in_the_hello_is_refused_in_one_line() -> None:
    async def go() -> None:
        server = await serve()
        conn = await connect(server.port)
        await conn.send_raw(b'{"type": "hello", "version": 1, "code": "TEST-CODE", "name": "Ann"}\n')
        msg = await conn.recv(5)
        assert isinstance(msg, p.Goodbye) and "(name: " in msg.text and "\n" not in msg.text
        assert msg.text.startswith("a message the host could not read")  # the parser's line, said in words
        assert not server.seats
        await conn.close()
        await server.close()

    run(go())
