"""No secret follows from a public number (issue 25 item 2): a rematch is dealt from a seed no seat can compute.

Game 1 is hosted as ``tagteam host --seed 5`` hosts it; at its end both seats receive its whole record, seed
included. Seat 1 then tries every seed that could follow from what it was sent and deals each one as the
rematch would be dealt: none gives seat 2's real Draft hand (a new Standard Draft) or Build deck (same teams)."""

from __future__ import annotations

import json
import random

import pytest

from tagteam.engine.record import MAX_SEED
from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.play.games import new_session, rematch_session
from tests.net.helpers import Player, pair, play_until, run, serve

HOST_SEED = 5  # tagteam host --seed 5


def candidates(sent: list[bytes]) -> set[int]:
    """Every seed seat 1 could derive from its bytes: each number it was sent, and a few steps either side."""
    numbers: set[int] = set()

    def walk(node: object) -> None:
        if isinstance(node, bool):
            return
        if isinstance(node, int):
            numbers.add(node)
        elif isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for line in sent:
        walk(json.loads(line))
    return {n + d for n in numbers for d in range(-3, 4) if 0 <= n + d <= MAX_SEED}


async def game_one(same_teams: bool) -> tuple[Player, Session, Session]:
    """Game 1 to its end, then seat 1 asks the rematch; the finished game and the host's rematch session."""
    server = await serve(new_session("standard", HOST_SEED))
    a, b = await pair(server)
    await play_until(a, b, random.Random(8))
    st = a.told.state
    assert st is not None and st.over and st.record is not None and st.record["seed"] == HOST_SEED  # public now
    finished = server.session
    await a.conn.send(p.RematchMsg(type="rematch", same_teams=same_teams))
    await b.conn.send(p.RematchMsg(type="rematch", same_teams=same_teams))  # both agree
    for _ in range(10):
        if server.session is not finished:
            break
        await a.recv(5)
    assert server.session is not finished
    rematch = server.session
    await server.close()
    return a, finished, rematch


@pytest.mark.parametrize("same_teams", [False, True])
def test_one_seat_cannot_compute_the_other_seats_hidden_draws_in_the_rematch(same_teams: bool) -> None:
    a, finished, rematch = run(game_one(same_teams), 120)
    other = 1 - a.seat
    guesses = candidates([bytes(line) for line in bytes(a.raw).splitlines() if line.strip()])
    assert HOST_SEED in guesses and HOST_SEED + 1 in guesses  # the old rematch seed was among them
    truth = rematch.state
    for seed in guesses:
        dealt = rematch_session(finished, same_teams, seed).state
        if same_teams:
            assert dealt.build[other] != truth.build[other], f"seat {other + 1}'s Build deck follows from {seed}"
        else:
            assert dealt.draft is not None and truth.draft is not None
            assert dealt.draft.hands[other] != truth.draft.hands[other], f"the Draft hand follows from {seed}"
    assert rematch.record.seed.bit_length() > 40  # nor found by trying the 31-bit seeds one by one
