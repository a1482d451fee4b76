"""What the sealed connection (protocol 5) costs the host, beside what a wrong code cost it before.

    python benchmarks/net_seal.py cost [--rounds 40]              CPU time of one wrong-code key exchange, host
                                                                  side, beside protocol 4's check of a code
    python benchmarks/net_seal.py guesses [--seconds 20] [--conns 300]
                                                                  a real `tagteam host --serve-only`, strangers on
                                                                  one address with N connections guessing: codes
                                                                  checked a second, the host's CPU, and how soon
                                                                  the right code gets in from another address
    python benchmarks/net_seal.py all

The guessers are as cheap as a guesser can be: one SPAKE2 message computed once and sent on every connection with
a made-up confirmation, so the host's side, not theirs, is what is measured. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hmac
import os
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from net_hostile import Host, attempt  # the same host child as the other hostile measurements

from tagteam.net import protocol as p
from tagteam.net.seal import Exchange
from tagteam.net.server import normal_code

LOOPBACK = "127.0.0.1"
SECONDS_A_YEAR = 31_557_600
CODES = 32**8


def _per_call(fn: object, rounds: int) -> float:
    """CPU seconds per call of ``fn`` (process time, so a loaded machine's waiting is not counted)."""
    assert callable(fn)
    fn()
    t = time.process_time()
    for _ in range(rounds):
        fn()
    return (time.process_time() - t) / rounds


def bench_cost(rounds: int) -> None:
    joiner = Exchange("ZZZZZZZZ", joiner=True)  # a guesser's message: the host cannot tell it from a player's
    code = normal_code("K7QF-M2XD")
    proof = os.urandom(32)

    def host_side() -> None:
        keys = Exchange(code, joiner=False).finish(joiner.message, p.PROTOCOL_VERSION)
        assert not keys.check("joiner", proof)

    hello = p.encode(p.Hello(type="hello", version=4, code="ZZZZ-ZZZZ"))[:-1]

    def version_4() -> None:  # what a wrong code cost before: the hello parsed, the code compared
        msg = p.parse_client(hello)
        assert isinstance(msg, p.Hello) and msg.code is not None
        hmac.compare_digest(normal_code(msg.code).encode(), code.encode())

    sealed = _per_call(host_side, rounds)
    before = _per_call(version_4, rounds * 50)
    print(f"cost: one wrong-code key exchange, host side: {sealed * 1000:.1f} ms of CPU "
          f"({1 / sealed:,.0f} a second on one core); reference, protocol 4's check of a code: "
          f"{before * 1e6:.0f} us ({1 / before:,.0f} a second); {sealed / before:,.0f} times as much")
    offer = Exchange(code, joiner=False).message
    joining = _per_call(lambda: Exchange(code, joiner=True).finish(offer, p.PROTOCOL_VERSION), rounds)
    print(f"cost: a joiner's own side of the exchange: {joining * 1000:.1f} ms of CPU, once per join")


async def _guesser(port: int, answer: bytes, stop: float, seen: Counter[str]) -> None:
    """Wrong codes, one connection after another, until ``stop``: the opening, the host's offer, a fixed SPAKE2
    message with a made-up confirmation, and the host's verdict."""
    opening = p.encode(p.Hello(type="hello", version=p.PROTOCOL_VERSION, code=p.OPENING_CODE))
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.open_connection(LOOPBACK, port)
        except OSError:
            seen["no connection"] += 1
            await asyncio.sleep(0.05)
            continue
        try:
            writer.write(opening)
            offer = await asyncio.wait_for(reader.readline(), 15)
            if b'"pake"' not in offer:
                seen[_kind(offer)] += 1
                continue
            writer.write(answer)
            seen[_kind(await asyncio.wait_for(reader.readline(), 15))] += 1
        except (OSError, TimeoutError):
            seen["lost"] += 1
        finally:
            writer.close()


def _kind(line: bytes) -> str:
    try:
        msg = p.parse_exchange(line.rstrip(b"\n"), p.PROOF)
    except p.ProtocolError:
        return "lost" if not line else "other"
    return msg.code or "other" if isinstance(msg, p.Goodbye) else msg.type


def bench_guesses(seconds: float, conns: int) -> None:
    joiner = Exchange("ZZZZZZZZ", joiner=True)
    answer = p.encode(p.PakeAnswer(type="pake", msg=base64.b64encode(joiner.message).decode(),
                                   proof=base64.b64encode(os.urandom(32)).decode()))
    host = Host(serve_only=True)
    try:
        seen: Counter[str] = Counter()
        cpu0, t0 = host.cpu_seconds(), time.monotonic()

        async def flood() -> None:
            stop = time.monotonic() + seconds
            await asyncio.gather(*(_guesser(host.port, answer, stop, seen) for _ in range(conns)))

        asyncio.run(flood())
        dt, cpu = time.monotonic() - t0, host.cpu_seconds() - cpu0
        checked = seen["wrong_code"]
        rate = checked / dt
        print(f"guesses from one address with {conns} connections: {sum(seen.values()):,} attempts in {dt:.1f} s; "
              f"codes checked {checked:,} ({rate:,.1f} a second); host CPU {cpu / dt:.0%} of a core; "
              f"answers {dict(seen.most_common(4))}")
        if rate > 0:
            years = CODES / 2 / rate / SECONDS_A_YEAR
            print(f"guesses: at {rate:,.1f} codes a second, finding a code takes {years:,.0f} years on average "
                  f"(protocol 4, measured the same way: 654 a second, 27 years)")
        t = time.monotonic()
        right = asyncio.run(attempt(host.port, host.code, timeout=20, source="127.0.0.254"))
        print(f"guesses: the right code from another address right after: {right} in {time.monotonic() - t:.1f} s")
    finally:
        host.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("cost", "guesses", "all"))
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--conns", type=int, default=300)
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.conns + 512)), hard))
    if args.what in ("cost", "all"):
        bench_cost(args.rounds)
    if args.what in ("guesses", "all"):
        bench_guesses(args.seconds, args.conns)


if __name__ == "__main__":
    main()
