"""A rematch over the network is asked of both players (issue 25): one asks, the other accepts with the same."""

from __future__ import annotations

import random

from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.play.modes import FIRST_GAME
from tests.net.helpers import pair, play_until, run, serve


def test_one_seat_asks_the_other_accepts_and_only_then_the_next_game_starts() -> None:
    async def go() -> None:
        server = await serve(Session.new(2, teams=FIRST_GAME))
        a, b = await pair(server)
        await play_until(a, b, random.Random(4))
        finished = server.session
        await a.conn.send(p.RematchMsg(type="rematch", same_teams=True))
        sa, sb = await a.state(), await b.state()
        assert server.session is finished  # asked, not started
        for st in (sa, sb):
            assert st.over and st.rematch_asked == p.RematchAsked(seat=a.seat, same_teams=True)
        await a.conn.send(p.RematchMsg(type="rematch", same_teams=True))  # asking twice is not accepting
        await a.state(), await b.state()
        assert server.session is finished
        await b.conn.send(p.RematchMsg(type="rematch", same_teams=False))  # another rematch: b now asks a
        sa, sb = await a.state(), await b.state()
        assert server.session is finished and sa.rematch_asked == p.RematchAsked(seat=b.seat, same_teams=False)
        await a.conn.send(p.RematchMsg(type="rematch", same_teams=False))  # a accepts that one
        sa, sb = await a.state(), await b.state()
        assert server.session is not finished and not sa.over and sa.rematch_asked is None
        assert sa.events_from == 0 and sb.events_from == 0  # a new game's log
        await server.close()

    run(go(), 60)
