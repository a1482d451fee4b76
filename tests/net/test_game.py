"""Two clients in one process play over loopback: a whole game, and a rejoin mid-Build."""

from __future__ import annotations

import random

import pytest

from tagteam.engine.record import parse
from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.words.log import describe_log
from tests.net.helpers import Player, pair, play_until, run, serve


@pytest.mark.parametrize("draft", ["free", "standard", "competitive"])
def test_full_game_from_draft_to_game_over(draft: str) -> None:
    async def go() -> None:
        server = await serve(Session.new(11, draft=draft))
        a, b = await pair(server)
        assert (a.seat, b.seat) == (0, 1)
        await play_until(a, b, random.Random(draft))
        for pl in (a, b):
            st = pl.told.state
            assert st is not None and st.over and st.record is not None
            rec = parse(st.record, "record")  # the finished record, digest and all
            assert rec.decisions == server.session.record.decisions
            assert pl.told.events == server.session.log  # every public event, in order, exactly once
            table, names = server.session.state.table, server._names()
            assert pl.told.lines == describe_log(server.session.log, 0, table, names)  # worded as a local game
        await server.close()
        bye = await a.recv()
        assert isinstance(bye, p.Goodbye) and "quit" in bye.text

    run(go())


def test_rejoin_mid_build_carries_on_where_it_was() -> None:
    async def go() -> None:
        server = await serve(Session.new(5, draft="free"))
        a, b = await pair(server)

        def at_build(a: Player, b: Player) -> bool:
            st = a.told.state
            return st is not None and st.view.pending == "build" and st.view.round == 2

        await play_until(a, b, random.Random(3), stop=at_build)
        before = b.told.state
        assert before is not None and before.view.pending == "build"
        await b.conn.close()  # b's machine drops off
        st = await a.state()
        assert not st.opponent_here
        b2 = await Player.join(server)  # same code: the free seat is b's own
        assert b2.seat == b.seat
        again = b2.told.state
        assert again is not None
        assert again.view == before.view  # the same drawn cards, deck and choices
        assert b2.told.lines == b.told.lines
        assert (await a.state()).opponent_here
        await play_until(a, b2, random.Random(4))
        assert server.session.over()
        await server.close()

    run(go())
