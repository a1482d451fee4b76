"""The sealed connection (issue 44): a stranger on the path between host and joiner reads nothing, and a wrong
code, a flipped byte or a replayed message each end the connection in one line (exit status 2 for ``join``)."""

from __future__ import annotations

import asyncio
import base64
import random
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagteam.engine.session import Session
from tagteam.engine.table import library
from tagteam.net import protocol as p
from tagteam.net.client import Connection, HostGone
from tagteam.net.seal import Exchange, OpenedReader, Opener, SealBroken, Sealer
from tagteam.net.server import GameServer, LineReader, normal_code
from tagteam.words.seal import seal_gone
from tests.net.helpers import CODE, OPENED, Player, play_until, run, serve
from tests.net.proxy import Edit, Proxy

LOOPBACK = "127.0.0.1"
JSON_KEY = re.compile(rb'[{,]"[a-z_]{2,}":')


async def seat_via(port: int, code: str = CODE) -> Player:
    """A player joined through ``port`` (the proxy)."""
    conn = await Connection.open(LOOPBACK, port)
    OPENED.append(conn)
    player = Player(conn, -1)
    player.seat = (await conn.join(code)).seat
    await player.state()
    return player


async def game_through_proxy(seed: int, twist: int) -> tuple[Proxy, GameServer, list[Player]]:
    """A whole game between two joiners through a recording proxy; ``twist`` changes seat 0's first choice (hidden
    from the other seat: a Draft pick), every other choice being the same random ones."""
    server = await serve(Session.new(seed, draft="standard"))
    proxy = Proxy(server.port)
    port = await proxy.start()
    a = await seat_via(port)
    b = await seat_via(port)
    await a.state()
    view = a.told.view
    assert view is not None and view.pending is not None and len(view.legal) > twist
    await a.conn.send(p.Act(type="act", action=_dict(view.legal[twist])))
    await a.state()
    await b.state()
    await play_until(a, b, random.Random(seed))
    await server.close()
    await proxy.close()
    return proxy, server, [a, b]


def _dict(action: object) -> dict[str, object]:
    from tagteam.engine.actions import to_dict

    return to_dict(action)  # type: ignore[arg-type]


def _needles(server: GameServer) -> list[bytes]:
    """What must never be read on the path: the join code (as typed and normalised), every Fighter's and card's id
    and name of this game's teams (5 letters or more: shorter ones turn up in random bytes), and JSON itself."""
    table = server.session.state.table
    assert table is not None
    lib = library()
    words = {CODE, normal_code(CODE)}
    for fid in (*table.team(0), *table.team(1)):
        fighter = lib[fid]
        words |= {fighter.id, fighter.name} | {c.id for c in fighter.cards} | {c.name for c in fighter.cards}
    return [*sorted({w.encode() for w in words if len(w) >= 5}), b'{"type"', b'"type":', b'"seat":', b'"view":']


def test_a_listener_on_the_path_reads_no_card_no_code_and_no_json() -> None:
    async def go() -> None:
        proxy, server, players = await game_through_proxy(5, 0)
        needles = _needles(server)
        plain = b"".join(bytes(pl.raw) for pl in players)
        assert sum(n in plain for n in needles) >= 5  # the check can fail: the game itself is full of them
        assert len(proxy.ways) == 2
        for up, down in proxy.ways:
            for way in (up, down):
                assert way.sealed_at is not None and len(way.sealed()) > 1_000
                found = [n for n in needles if n in way.sealed()]
                assert not found, found
                assert not JSON_KEY.search(way.sealed())  # no JSON object's start anywhere
                assert CODE.encode() not in way.clear() and normal_code(CODE).encode() not in way.clear()
            assert b'"type":"hello","version":5,"code":"sealed"' in up.clear().splitlines()[0]  # no code in it

    run(go(), 120)


def _same(x: bytes, y: bytes) -> tuple[float, int]:
    """The share of positions where two streams hold the same byte, and the longest run of them."""
    n = min(len(x), len(y))
    run_, longest, same = 0, 0, 0
    for i in range(n):
        if x[i] == y[i]:
            same += 1
            run_ += 1
            longest = max(longest, run_)
        else:
            run_ = 0
    return same / n, longest


def test_two_games_that_differ_in_one_hidden_choice_differ_in_every_byte_after_the_exchange() -> None:
    async def go() -> None:
        first, _, _ = await game_through_proxy(6, 0)
        second, _, _ = await game_through_proxy(6, 1)
        for (up1, down1), (up2, down2) in zip(first.ways, second.ways, strict=True):
            assert up1.clear().count(b"\n") == up2.clear().count(b"\n") == 2
            for x, y in ((up1.sealed(), up2.sealed()), (down1.sealed(), down2.sealed())):
                share, longest = _same(x, y)
                # random bytes agree at 1 position in 256; a plaintext length or a message's start in clear
                # would agree far more often, and in runs
                assert share < 0.012 and longest < 5, (share, longest)

    run(go(), 180)


# ---------------------------------------------------------------------- one line, exit status 2


async def _join_command(port: int, code: str) -> tuple[int, str]:
    """``tagteam join`` against ``port``: its exit status and its stderr."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tagteam", "join", f"{LOOPBACK}:{port}", "--code", code,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    _out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode is not None
    return proc.returncode, err.decode()


def _one_line(err: str, *words: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("tagteam: error: ") and all(w in err for w in words), err


def test_a_wrong_code_ends_join_in_one_line_with_status_2_after_the_key_confirmation() -> None:
    async def go() -> None:
        server = await serve()
        status, err = await _join_command(server.port, "WRNG-CODE")
        assert status == 2
        _one_line(err, "refused: wrong join code")
        assert server.guard.tries  # the host counted it as a wrong guess, at the door
        await server.close()

    run(go(), 90)


def _flip_first_sealed_byte_down(way: str, at: int, chunk: bytes) -> bytes:
    if way == "down" and at <= 20 < at + len(chunk):
        i = 20 - at
        return chunk[:i] + bytes([chunk[i] ^ 0x01]) + chunk[i + 1 :]
    return chunk


@pytest.mark.parametrize("twist", ["tampered", "replayed"])
def test_a_flipped_byte_or_a_replayed_message_ends_join_in_one_line_with_status_2(twist: str) -> None:
    """Flipped: one bit of the host's first sealed message (the welcome). Replayed: the host's sealed messages to an
    earlier joiner, played again to a new one (a stranger who recorded them)."""

    async def go() -> None:
        server = await serve()
        edit: Edit = _flip_first_sealed_byte_down
        if twist == "replayed":
            earlier = Proxy(server.port)
            first = await seat_via(await earlier.start())
            await first.conn.close()
            await asyncio.sleep(0.2)
            recorded = earlier.ways[0][1].sealed()
            await earlier.close()

            def edit(way: str, at: int, chunk: bytes) -> bytes:
                return recorded[at : at + len(chunk)] if way == "down" else chunk

        proxy = Proxy(server.port, edit)
        status, err = await _join_command(await proxy.start(), CODE)
        assert status == 2
        _one_line(err, "a message from the host failed its check (tampered with, replayed or out of order)")
        await proxy.close()
        await server.close()

    run(go(), 90)


def test_a_message_replayed_or_flipped_to_the_host_ends_the_seat_in_one_line_and_the_game_goes_on() -> None:
    async def go() -> None:
        server = await serve(Session.new(3, draft="standard"))
        replay = {"at": -1, "chunk": b""}

        def edit(way: str, at: int, chunk: bytes) -> bytes:
            if way == "up" and at > 0 and not replay["chunk"]:
                replay["chunk"] = chunk
                return chunk + chunk  # the joiner's second sealed message, sent twice
            return chunk

        proxy = Proxy(server.port, edit)
        a = await seat_via(await proxy.start())
        b = await Player.join(server)
        await a.conn.send(p.Ping(type="ping", id=7))
        said = ""
        for _ in range(10):
            msg = await a.recv(5)
            if isinstance(msg, p.Goodbye):
                said = msg.text
                break
        assert said == "a message failed its check (tampered with, replayed or out of order): connection closed"
        assert a.seat not in server.seats  # dropped; the seat waits for a rejoin, and the game goes on
        again = await Player.join(server, seat=a.seat)
        await b.state()
        await play_until(again, b, random.Random(3))
        assert server.session.over()
        await proxy.close()
        await server.close()

    run(go(), 120)


# ---------------------------------------------------------------------- the pieces


def test_each_frame_opens_once_in_order_and_a_reflected_one_never() -> None:
    joiner, host = Exchange("ABCD2345", joiner=True), Exchange("ABCD2345", joiner=False)
    kj, kh = joiner.finish(host.message, 5), host.finish(joiner.message, 5)
    assert kj == kh and kj.up != kj.down and kj.check("host", kh.proof("host"))
    seal = Sealer(kj.up)
    one, two = seal.seal(b"one\n"), seal.seal(b"two\n")
    assert Opener(kh.up).feed(one + two) == [b"one\n", b"two\n"]
    for stream in (one + one, two + one, two):  # replayed, reordered, one dropped
        with pytest.raises(SealBroken):
            opener = Opener(kh.up)
            opener.feed(stream)
            opener.feed(stream)
    with pytest.raises(SealBroken):
        Opener(kh.down).feed(one)  # a joiner's own message sent back to it as the host's
    wrong = Exchange("ABCD2346", joiner=False)
    other = wrong.finish(joiner.message, 5)
    assert not other.check("joiner", kj.proof("joiner")) and other.up != kj.up


def test_a_long_message_is_cut_into_frames_and_none_is_empty() -> None:
    joiner, host = Exchange("K7QFM2XD", joiner=True), Exchange("K7QFM2XD", joiner=False)
    keys = joiner.finish(host.message, 5)
    assert host.finish(joiner.message, 5) == keys
    big = bytes(range(256)) * 1_000
    sealed = Sealer(keys.down).seal(big)
    assert len(sealed) == len(big) + 4 * 20 and Sealer(keys.down).seal(b"") == b""
    assert b"".join(Opener(keys.down).feed(sealed)) == big


def test_a_joiner_of_an_older_version_meets_the_one_line_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    async def go() -> HostGone:
        server = await serve()
        conn = await Connection.open(LOOPBACK, server.port)
        OPENED.append(conn)
        await conn.send(p.Hello(type="hello", version=4, code=CODE))  # what version 4 sent: the code in clear
        msg = await conn.recv(5)
        assert isinstance(msg, p.Goodbye)
        return HostGone(msg.text)

    said = str(run(go()))
    assert said == (
        "protocol version 4 is not spoken here (this host speaks version 5; update tagteam on both machines)"
    )


# ---------------------------------------------------------------------- Hypothesis on the sealed reader

_J, _H = Exchange("FUZZ2345", joiner=True), Exchange("FUZZ2345", joiner=False)
KEYS = _J.finish(_H.message, 5)
MESSAGES = [b'{"type":"pong","re":%d}\n' % i for i in range(6)]
STREAM = b"".join(Sealer(KEYS.down).seal(m) for m in MESSAGES)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=200), max_size=6))
def test_any_bytes_fed_to_the_opener_open_nothing_or_fail_its_check(chunks: list[bytes]) -> None:
    opener = Opener(KEYS.down)
    try:
        for chunk in chunks:
            assert opener.feed(chunk) == []  # without the key, no frame ever opens
    except SealBroken as e:
        assert e.why == "tampered"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(STREAM) - 1), st.integers(1, 255), st.integers(1, 64))
def test_a_sealed_stream_with_one_byte_changed_yields_only_its_untouched_messages(at: int, bit: int, step: int) -> None:
    """A changed body or tag fails its check; a changed length (encrypted, so it reads as another length) either
    fails at once (over the limit) or waits for the rest of a frame that is not there, whose check then fails
    once more bytes come (or silence ends the connection). Either way no changed message is ever opened."""
    bad = bytearray(STREAM)
    bad[at] ^= bit
    opener, got = Opener(KEYS.down), list[bytes]()
    try:
        for i in range(0, len(bad), step):  # any cut of the stream into reads
            got += opener.feed(bytes(bad[i : i + step]))
        assert opener.buf, "a changed stream opened whole"  # still waiting for a frame's rest
        opener.feed(bytes(opener.max_frame + 16))  # the rest comes: its check fails
        raise AssertionError("a changed frame opened")
    except SealBroken:
        pass
    assert got == MESSAGES[: len(got)] and len(got) < len(MESSAGES)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300) | st.sampled_from([STREAM[:40], STREAM[3:], STREAM + STREAM[:30], b"\n" * 5]))
def test_the_joiners_reader_ends_any_bytes_after_the_exchange_in_one_line(data: bytes) -> None:
    """What a stranger on the path could inject after the key exchange: a message, or HostGone with one line."""

    async def go() -> str:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        conn = Connection(reader, None)  # type: ignore[arg-type]  # never writes
        conn.lines = LineReader(OpenedReader(reader, Opener(KEYS.down)), p.MAX_SERVER_LINE)
        said = []
        try:
            while True:
                said.append(await conn.recv(2))
        except HostGone as e:
            assert said == [p.parse_server(m.rstrip(b"\n")) for m in MESSAGES][: len(said)]
            return str(e)

    line = asyncio.run(go())
    assert line in ("the connection to the host was lost", seal_gone("tampered")), line
    assert "\n" not in line


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=120) | st.builds(lambda s: s.encode(), st.text(max_size=120)))
def test_the_hosts_reader_of_the_exchange_refuses_any_line_in_one_line(line: bytes) -> None:
    try:
        answer = p.parse_answer(line)
    except p.ProtocolError as e:
        assert "\n" not in str(e)
        return
    try:
        Exchange("FUZZ2345", joiner=False).finish(base64.b64decode(answer.msg), 5)
    except SealBroken as e:
        assert e.why == "bad_exchange"
