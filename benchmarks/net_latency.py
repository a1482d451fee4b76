"""Latency on localhost: from one client's message (a decision or a Fight step) to the other client
holding the updated state, over real sockets, with the real server. Prints the median and p90.

    python benchmarks/net_latency.py [--games N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tagteam.engine.actions import to_dict
from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.net.client import Connection, Told
from tagteam.net.server import GameServer


async def _state(conn: Connection, told: Told) -> p.State:
    while True:
        msg = await conn.recv(5)
        if isinstance(msg, p.State):
            told.apply(msg)
            return msg


async def one_game(seed: int, decisions: list[float], steps: list[float]) -> None:
    server = GameServer(Session.new(seed, draft="standard"), "BENCH")
    port = await server.start("127.0.0.1", 0)
    conns = [await Connection.open("127.0.0.1", port) for _ in (0, 1)]
    told = [Told(), Told()]
    for i, c in enumerate(conns):
        await c.join("BENCH", seat=i)
        await _state(c, told[i])
    await _state(conns[0], told[0])  # seat 1 arrived
    rng = random.Random(seed)
    for _ in range(5000):
        st = told[0].state
        assert st is not None
        if st.over:
            break
        if st.can_step:
            me = rng.randrange(2)
            t0 = time.perf_counter()
            await conns[me].send(p.StepMsg(type="step", at=st.version))
            await _state(conns[1 - me], told[1 - me])
            steps.append(time.perf_counter() - t0)
            await _state(conns[me], told[me])
            continue
        for me in (0, 1):
            view = told[me].view
            if view is not None and view.pending is not None:
                t0 = time.perf_counter()
                await conns[me].send(p.Act(type="act", action=to_dict(rng.choice(view.legal))))
                await _state(conns[1 - me], told[1 - me])
                decisions.append(time.perf_counter() - t0)
                await _state(conns[me], told[me])
                break
    await server.close()
    for c in conns:
        await c.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    decisions: list[float] = []
    steps: list[float] = []
    for g in range(max(1, min(args.games, 200))):
        asyncio.run(one_game(g, decisions, steps))
    for name, xs in (("decision", decisions), ("fight step", steps), ("all", decisions + steps)):
        q = statistics.quantiles(xs, n=10)
        print(f"{name:>10}: n={len(xs):5d}  median {statistics.median(xs) * 1000:6.2f} ms  p90 {q[-1] * 1000:6.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
