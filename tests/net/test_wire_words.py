"""The wire carries data, not sentences: a host in French and a player in English over a real socket each read
the same game in their own language; no state holds a sentence; a peer of another version is refused in one line."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tagteam.cli import net as cli
from tagteam.engine import events as ev
from tagteam.engine.actions import to_dict
from tagteam.engine.session import Session
from tagteam.engine.table import build_table, library
from tagteam.net import protocol as p
from tagteam.net.client import HostGone
from tagteam.net.guard import Limits
from tagteam.words.lang import set_language
from tagteam.words.log import describe_log
from tests.net.helpers import CODE, LOOPBACK, Player, connect, raw, run, serve

ROOT = Path(__file__).resolve().parents[2]
# ``autoplay`` answers each state at once, far faster than a person: past the usual 20 messages a second the
# host would rightly drop it (``too many messages``), so these games lift the message limits (words, not the door)
FAST = Limits(rate=10_000.0, burst=10_000.0, bad_budget=1_000.0, bad_refill=1_000.0)

pytestmark = pytest.mark.slow


async def autoplay(me: Player, rng: random.Random, steps: bool, limit: int = 4000) -> None:
    """One seat plays on its own from what it is told: a random legal choice when it owes one, and a Turn
    when ``steps``; until the game is over. Works across processes (each seat only reacts to its states)."""
    acted_at = -1
    for _ in range(limit):
        st = me.told.state
        view = me.told.view
        assert st is not None and view is not None
        if st.over:
            return
        if view.pending is not None and st.decisions != acted_at:
            acted_at = st.decisions
            await me.conn.send(p.Act(type="act", action=to_dict(rng.choice(view.legal))))
        elif steps and st.can_step:
            await me.conn.send(p.StepMsg(type="step", at=st.version))
        msg = await me.recv(20)
        if isinstance(msg, p.Error):
            acted_at = -1  # a choice made on a stale screen: choose again from what is known now
    raise AssertionError("the game did not end")


HOST = """
import asyncio, json, random, sys
from tagteam.engine.session import Session
from tagteam.words.lang import set_language
from tests.net.helpers import Player, serve
from tests.net.test_wire_words import FAST, autoplay

async def main():
    set_language("fr")
    server = await serve(Session.new(21, draft="standard"), limits=FAST)
    print(server.port, flush=True)
    me = await Player.join(server, seat=0)
    await autoplay(me, random.Random(1), steps=True)
    print(json.dumps({"lines": me.told.lines, "events": [e.to_dict() for e in me.told.events]}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # the player has read it all
    await server.close()

asyncio.run(asyncio.wait_for(main(), 120))
"""


def test_a_host_in_french_and_a_player_in_english_read_the_same_game_each_in_their_own_language() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(
        [sys.executable, "-c", HOST],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert host.stdout is not None
        port = int(host.stdout.readline())

        async def play() -> Player:
            conn = await connect(port)
            me = Player(conn, -1)
            me.seat = (await conn.join(CODE, 1)).seat
            await me.state()
            await autoplay(me, random.Random(2), steps=False)
            return me

        me = run(play(), 90)
        told = json.loads(host.stdout.readline())
        assert host.stdin is not None
        host.stdin.write("done\n")
        host.stdin.flush()
        host.wait(30)
    finally:
        host.kill()
        host.wait(10)
        for pipe in (host.stdin, host.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
    events = [ev.event_from_dict(d) for d in told["events"]]
    assert events == me.told.events and len(events) > 50  # the same game, event for event
    assert any(isinstance(e, ev.GameOver) for e in events)
    st = me.told.state
    assert st is not None and st.teams is not None
    table, names = build_table(st.teams, library()), st.names
    english = describe_log(events, 0, table, names)
    set_language("fr")
    french = describe_log(events, 0, table, names)
    set_language("en")
    assert me.told.lines == english  # the player's screen, in English
    assert told["lines"] == french  # the host's, in French
    differ = sum(a != b for a, b in zip(english, french, strict=True))
    assert differ > len(english) // 2, "the French host's log should not read as the English one"
    assert any("Manche" in line for line in french) and not any("Manche" in line for line in english)


def strings(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from strings(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from strings(v, f"{path}[{i}]")
    elif isinstance(node, str):
        yield path, node


def test_no_state_message_carries_a_sentence() -> None:
    """Every string value of every state a seat received in a whole game (but the finished game's record,
    sent once it is over) is a name, an id or a code: fewer than four words."""

    async def go() -> list[bytes]:
        server = await serve(Session.new(9, draft="competitive"), limits=FAST)
        a = await Player.join(server)
        b = await Player.join(server)
        await a.state()

        async def both() -> None:
            await asyncio.gather(autoplay(a, random.Random(3), steps=True), autoplay(b, random.Random(4), steps=False))

        await both()
        await server.close()
        return bytes(a.raw).splitlines() + bytes(b.raw).splitlines()

    lines = run(go(), 90)
    states = [json.loads(line) for line in lines if json.loads(line).get("type") == "state"]
    assert len(states) > 50
    assert sum(len(list(strings(state))) for state in states) > 1000
    for state in states:
        assert sentences(state) == []
    # the check can fail: version 1's state carried the log as lines of words
    last = max(states, key=lambda state: len(state["events"]))
    log = describe_log([p.event_of(p.EVENT.validate_python(e)) for e in last["events"]])
    assert sentences({**last, "lines": log}) != []


def sentences(state: dict[str, Any]) -> list[str]:
    """The string values of a state (but the finished game's record) that read as a sentence: four words or more."""
    return [f"{path}: {text!r}" for path, text in strings({**state, "record": None}) if len(text.split()) >= 4]


def test_an_old_version_hello_is_refused_in_one_line_naming_both_versions() -> None:
    async def go() -> bytes:
        server = await serve()
        r, w = await raw(server.port)
        w.write(b'{"type": "hello", "version": 1, "code": "TEST-CODE", "seat": null, "token": null, "id": 1}\n')
        await w.drain()
        data = await asyncio.wait_for(r.read(), 5)  # everything until the host closes the connection
        await server.close()
        return data

    data = run(go())
    assert data.count(b"\n") == 1
    bye = json.loads(data)
    assert set(bye) == {"type", "text"} and bye["type"] == "bye"  # the shape version 1 reads
    assert "version 1" in bye["text"] and f"version {p.PROTOCOL_VERSION}" in bye["text"]
    assert p.PROTOCOL_VERSION > 1
    said = p.parse_server(data)
    assert isinstance(said, p.Goodbye) and said.text == bye["text"]


class OldHost:
    """A host of version 1 on a thread: it answers any hello as version 1 does to another version."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.port = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        async def answer(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            await r.readline()
            w.write(b'{"type":"bye","text":"protocol version %d is not spoken here (this host speaks version 1; '
                    b'update tagteam on both machines)"}\n' % p.PROTOCOL_VERSION)
            await w.drain()
            w.close()

        async def main() -> None:
            self.done = asyncio.Event()
            srv = await asyncio.start_server(answer, LOOPBACK, 0)
            self.port = srv.sockets[0].getsockname()[1]
            self.ready.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.done.wait(), 30)
            srv.close()
            await srv.wait_closed()

        try:
            self.loop.run_until_complete(main())
        finally:
            self.loop.close()

    def stop(self) -> None:
        """Stop listening, end the thread and close its loop."""
        self.loop.call_soon_threadsafe(self.done.set)
        self.thread.join(5)


def test_joining_a_host_of_another_version_prints_its_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    old = OldHost()
    old.thread.start()
    assert old.ready.wait(5)
    try:
        status = cli.join(f"{LOOPBACK}:{old.port}", CODE, None)
    finally:
        old.stop()
    err = capsys.readouterr().err.strip().splitlines()
    assert status == cli.EXIT_BAD_INPUT
    assert err == [
        f"tagteam: error: refused: protocol version {p.PROTOCOL_VERSION} is not spoken here "
        "(this host speaks version 1; "
        "update tagteam on both machines)"
    ]


def test_a_reason_is_a_code_the_client_words_in_its_own_language() -> None:
    """The host sends a code and fields; the same bytes read in French on a French screen."""
    line = p.encode(p.Goodbye(type="bye", code="seat_taken", fields={"number": 2}))
    assert b"Player" not in line and b"playing" not in line
    said = p.parse_server(line)
    assert isinstance(said, p.Goodbye)
    assert said.text == "Player 2 is already playing"
    set_language("fr")
    assert said.text != "Player 2 is already playing" and "2" in said.text
    set_language("en")
    with pytest.raises(HostGone) as refused:
        raise HostGone(said.text, refused=True)
    assert refused.value.refused
