"""Hypothesis: any line a client sends is parsed into a known message or refused with one line, and a
refused message never changes the game."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.net.server import Conn, GameServer
from tagteam.play.modes import FIRST_GAME

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
fields = st.sampled_from(["action", "at", "skip", "same_teams", "id", "code", "version", "seat", "token", "x"])
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["pick_team", "draft_pick", "order_start", "choose_character", "build", "?"])},
    optional={
        "fighters": st.lists(st.sampled_from(["joan", "ching_shih", "bodvar", "golem", ""]), max_size=3),
        "first": st.sampled_from(["joan", "ching_shih", "bodvar", 3]),
        "card": st.integers(-2, 5),
        "position": st.integers(-1, 40),
        "bottom": st.lists(st.integers(-1, 4), max_size=3),
        "index": st.integers(-1, 3) | st.booleans(),
    },
)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from([*p.CLIENT_TYPES, "nope"])},
    optional={"action": actions | json_values, "at": json_values, "skip": json_values, "id": json_values},
) | st.dictionaries(fields, json_values, max_size=4)


@settings(max_examples=60)
@given(st.binary(max_size=300))
def test_any_bytes_parse_or_fail_with_one_line(data: bytes) -> None:
    try:
        msg = p.parse_client(data)
    except p.ProtocolError as e:
        assert "\n" not in str(e) and len(str(e)) < 1200
    else:
        assert msg.type in p.CLIENT_TYPES


class _Writer:
    """Stands in for a socket: keeps what the server wrote."""

    def __init__(self) -> None:
        self.out: list[bytes] = []
        self.transport = self

    def write(self, data: bytes) -> None:
        self.out.append(data)

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return 0

    def close(self) -> None:
        pass


@pytest.mark.slow
@settings(max_examples=80)
@given(st.lists(messages, min_size=1, max_size=5), st.booleans())
def test_refused_messages_change_nothing(batch: list[dict[str, Any]], seat: int) -> None:
    async def go() -> None:
        session = Session.new(3, teams=FIRST_GAME)
        server = GameServer(session, "CODE")
        conn = Conn(_Writer(), "fuzz", seat=int(seat))  # type: ignore[arg-type]
        server.seats[int(seat)] = conn
        def where() -> tuple[int, int, int]:
            rec = server.session.record
            return len(rec.decisions), rec.turns_after, len(server.session.log)

        for data in batch:
            before = where()
            problem = server._message(conn, json.dumps(data).encode())
            if problem is not None:
                assert where() == before
                assert "\n" not in problem[1]

    asyncio.run(go())
