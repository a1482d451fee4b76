"""A hostile or broken client: one error line and nothing changes, or it is dropped; the game goes on."""

from __future__ import annotations

import random

from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.net.client import HostGone
from tagteam.net.guard import Limits
from tagteam.play.modes import FIRST_GAME
from tests.net.helpers import CODE, Player, connect, pair, play_until, run, serve


def snapshot(server: object) -> tuple[object, ...]:
    s = server.session  # type: ignore[attr-defined]
    return (len(s.record.decisions), s.record.turns_after, len(s.log), server.version)  # type: ignore[attr-defined]


async def still_open(pl: Player) -> None:
    await pl.conn.send(p.Ping(type="ping", id=99))
    msg = await pl.recv()
    assert isinstance(msg, p.Pong) and msg.re == 99


def test_bad_messages_get_one_error_line_and_change_nothing() -> None:
    async def go() -> None:
        server = await serve(Session.new(2, teams=FIRST_GAME), limits=Limits(bad_budget=50))
        a, _b = await pair(server)
        before = snapshot(server)
        bad = [
            b"this is not json\n",
            b"\xff\xfe\x00garbage\n",
            b"[1, 2, 3]\n",
            b'{"type": "act"}\n',
            b'{"type": "launch_missiles"}\n',
            b'{"type": "act", "action": {"type": "build", "card": 9, "position": 0, "bottom": [0, 1]}}\n',
            b'{"type": "act", "action": {"type": "order_start", "first": "mordred"}}\n',  # not on this team
            b'{"type": "act", "action": {"type": "order_start", "first": "joan", "extra": 1}}\n',
            b'{"type": "step", "at": 0}\n',  # nothing to step during setup
            b'{"type": "step", "at": true}\n',
            b'{"type": "rematch", "same_teams": true}\n',  # the game is not over
            b'{"type": "hello", "version": 1, "code": "TEST-CODE"}\n',  # already joined
            b'{"type": "ping", "id": 123456789012345678901234567890}\n',
            b"[" * 50 + b"]" * 50 + b"\n",
            b"x" * 10_000 + b"\n",  # over the size limit
        ]
        for line in bad:
            await a.conn.send_raw(line)
            err = await a.error()
            assert err.text and "\n" not in err.text
            assert snapshot(server) == before, line
        await still_open(a)
        assert "too long" in (await _error_for(a, b"y" * 100_000 + b"\n")).text
        await still_open(a)
        await server.close()

    run(go())


async def _error_for(pl: Player, line: bytes) -> p.Error:
    await pl.conn.send_raw(line)
    return await pl.error()


def test_out_of_turn_and_illegal_decisions_are_refused() -> None:
    async def go() -> None:
        server = await serve(Session.new(4, draft="free"))
        a, b = await pair(server)  # free pick: seat 0 picks first
        before = snapshot(server)
        pick = {"type": "pick_team", "fighters": ["joan", "golem"]}
        await b.conn.send(p.Act(type="act", action=pick))
        assert "not your turn" in (await b.error()).text
        await a.conn.send(p.Act(type="act", action={"type": "pick_team", "fighters": ["joan", "joan"]}))
        assert "illegal" in (await a.error()).text
        await a.conn.send(p.Act(type="act", action={"type": "order_start", "first": "joan"}))
        assert "illegal" in (await a.error()).text
        assert snapshot(server) == before
        await play_until(a, b, random.Random(1))  # and the game still plays to its end
        await server.close()

    run(go())


def test_wrong_code_wrong_version_and_taken_seats_are_refused() -> None:
    V = p.PROTOCOL_VERSION

    async def go() -> None:
        server = await serve(reserved={0: "host-secret"})
        conn = await connect(server.port)
        await conn.send(p.Hello(type="hello", version=V + 1, code=CODE))  # the opening of another version
        msg = await conn.recv(5)
        assert isinstance(msg, p.Goodbye) and f"version {V + 1}" in msg.text, msg
        for code, kw, said in (
            ("NOPE-NOPE", {}, "wrong_code"),
            (CODE, {"seat": 0}, "host_seat"),  # the host's seat
            (CODE, {"token": "guess"}, "unknown_token"),
        ):
            conn = await connect(server.port)
            try:
                await conn.join(code, **kw)
                raise AssertionError("joined")
            except HostGone as e:
                assert e.refused and e.code == said, e
            try:
                await conn.recv(5)
                raise AssertionError("still open after a refusal")
            except HostGone:
                pass
        assert not server.seats
        b = await Player.join(server, code="test code")  # case, spaces and dashes do not matter
        assert b.seat == 1
        conn = await connect(server.port)
        try:
            await conn.join(CODE)
            raise AssertionError("a third player joined")
        except HostGone as e:
            assert "full" in str(e)
        await server.close()

    run(go())


def test_flooding_garbage_and_silence_are_dropped_and_the_game_goes_on() -> None:
    async def go() -> None:
        limits = Limits(hello_timeout=1.0, idle_timeout=0.5, rate=50, burst=20, bad_budget=5, bad_refill=0.1)
        server = await serve(Session.new(6, draft="standard"), limits=limits)
        # silent before hello
        conn = await connect(server.port)
        msg = await conn.recv(3)
        assert isinstance(msg, p.Goodbye) and "hello" in msg.text
        # a flood of pings
        a = await Player.join(server)
        await a.conn.send_raw(b'{"type":"ping"}\n' * 200)
        assert await _dropped(a, "too many messages")
        # garbage
        a = await Player.join(server)
        await a.conn.send_raw(b"garbage\n" * 10)
        assert await _dropped(a, "too many bad messages")
        # silence after joining
        a = await Player.join(server)
        assert await _dropped(a, "silent")
        assert not server.seats
        # none of it touched the game: two fresh players play it out
        limits.idle_timeout = 10
        a, b = await pair(server)
        await play_until(a, b, random.Random(2))
        assert server.session.over()
        await server.close()

    run(go())


async def _dropped(pl: Player, why: str) -> bool:
    for _ in range(300):
        try:
            msg = await pl.recv(3)
        except HostGone:
            return False
        if isinstance(msg, p.Goodbye):
            assert why in msg.text, msg.text
            return True
    return False


def test_a_stale_step_resolves_nothing() -> None:
    async def go() -> None:
        server = await serve(Session.new(8, teams=FIRST_GAME))
        a, b = await pair(server)
        await play_until(a, b, random.Random(0), stop=lambda a, b: bool(a.told.state and a.told.state.can_step))
        st = a.told.state
        assert st is not None
        await a.conn.send(p.StepMsg(type="step", at=st.version))
        await b.conn.send(p.StepMsg(type="step", at=st.version))  # both pressed n on the same screen
        await a.state()
        await b.state()
        answer = await b.state()  # b's own press: the current state, no second Turn
        assert answer.version == st.version + 1
        assert server.session.record.turns_after == 1
        await server.close()

    run(go())
