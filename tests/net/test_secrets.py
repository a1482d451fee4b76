"""Every byte sent to each client, checked against the other seat's secrets at the moment it was sent."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from tagteam.engine import events as ev
from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.net.client import HostGone
from tagteam.net.server import Conn, GameServer
from tests.net.helpers import pair, play_until, run, serve

INST_KEYS = {"my_fight_deck", "drawn", "played", "last_played", "removed", "flipped"}


@dataclass
class Secrets:
    """What seat ``opp`` keeps from the other seat at one moment."""

    never_shown: set[int]  # card instances the other seat has never seen (Build decks, drawn, unrevealed adds)
    runs: list[list[int]]  # orders that must not appear: unrevealed Fight deck, Build decks, drawn cards
    hand: list[str]  # the Draft hand


def secrets_of(s: Session, opp: int) -> Secrets:
    st = s.state
    shown = {e.inst for e in s.log if isinstance(e, ev.CardRevealed)}
    build = [list(st.build[0]), list(st.build[1])]
    drawn = list(st.drawn[opp])
    future = list(st.fight[opp][st.cursor[opp] :])
    never = set(build[0]) | set(build[1]) | set(drawn) | {i for i in st.fight[opp] if i not in shown}
    # the Fight deck's order is public but for where the new card went: a run holding a hidden card is secret
    future = future if set(future) & never else []
    runs = [r for r in (future, *build, drawn) if len(r) >= 3]
    hand = list(st.draft.hands[opp]) if st.draft is not None else []
    return Secrets(never, runs, hand)


class Spy(GameServer):
    """Notes, for every line sent, the receiving seat and the other seat's secrets at that moment."""

    snaps: list[tuple[int, bytes, bytes, Secrets]]  # seat, bytes sent, bytes checked, secrets then

    def _send(self, conn: Conn, msg: Any) -> bool:
        if not hasattr(self, "snaps"):
            self.snaps = []
        if conn.seat is not None:
            sent = p.encode(msg)
            self.snaps.append((conn.seat, sent, self.checked(conn.seat, msg), secrets_of(self.session, 1 - conn.seat)))
        return super()._send(conn, msg)

    def checked(self, seat: int, msg: Any) -> bytes:
        return p.encode(msg)


class Leaky(Spy):
    """What a broken server would send: each seat the other seat's view. The check must catch it.

    (The clients still get the true state, so they can play on; only the checked bytes are leaky.)"""

    def checked(self, seat: int, msg: Any) -> bytes:
        if isinstance(msg, p.State):
            msg = msg.model_copy(update={"view": p.view_data(self.session.view(1 - seat))})
        return p.encode(msg)


def collect(node: Any, key: str, inst: bool, ints: set[int], lists: list[list[int]], strs: list[list[str]]) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            collect(v, k, inst or k in INST_KEYS, ints, lists, strs)
    elif isinstance(node, list):
        if key == "revealed" and all(isinstance(x, list) and len(x) == 3 for x in node):
            ints.update(x[1] for x in node)  # [seat, instance, flipped]
        if node and all(type(x) is int for x in node):
            lists.append(node)
        if node and all(isinstance(x, str) for x in node):
            strs.append(node)
        for x in node:
            collect(x, key, inst, ints, lists, strs)
    elif type(node) is int and inst:
        ints.add(node)


def check(seat: int, line: bytes, sec: Secrets) -> None:
    data = json.loads(line)
    if data.get("type") == "state" and data["over"]:
        return  # a finished game's record is sent whole: nothing in it is secret any more
    ints: set[int] = set()
    lists: list[list[int]] = []
    strs: list[list[str]] = []
    collect(data, "", False, ints, lists, strs)
    leaked = ints & sec.never_shown
    assert not leaked, f"seat {seat} was sent card instances {sorted(leaked)} of hidden cards"
    for run_ in sec.runs:
        n = len(run_)
        for lst in lists:
            for i in range(len(lst) - n + 1):
                assert lst[i : i + n] != run_, f"seat {seat} was sent a secret order {run_}"
                assert n != 3 or sorted(lst[i : i + 3]) != sorted(run_), f"seat {seat} was sent {run_}"
    if len(sec.hand) >= 2:
        assert sec.hand not in strs and sorted(sec.hand) not in [sorted(x) for x in strs], "Draft hand leaked"


async def play_and_check(server_cls: type[Spy], draft: str, seed: int) -> None:
    server = await serve(Session.new(seed, draft=draft), server_cls=server_cls)
    assert isinstance(server, Spy)
    a, b = await pair(server)
    await play_until(a, b, random.Random(seed))
    await server.close()
    for pl in (a, b):
        try:
            while True:
                await pl.recv(2)
        except HostGone:
            pass
        sent = b"".join(line for seat, line, _, _ in server.snaps if seat == pl.seat)
        assert bytes(pl.raw) == sent  # the check below reads every byte the client received
    assert len(server.snaps) > 50
    for seat, _, line, sec in server.snaps:
        check(seat, line, sec)


@pytest.mark.parametrize(("draft", "seed"), [("free", 1), ("standard", 2), ("competitive", 3)])
def test_no_byte_sent_to_a_client_holds_the_other_seats_secrets(draft: str, seed: int) -> None:
    run(play_and_check(Spy, draft, seed))


def test_the_check_catches_a_server_that_leaks() -> None:
    with pytest.raises(AssertionError, match=r"hidden cards|secret order|Draft hand"):
        run(play_and_check(Leaky, "standard", 2))
