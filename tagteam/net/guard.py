"""What a stranger may cost the host: connections before the hello, join-code guesses, bytes a second.

Pure bookkeeping with a clock passed in (the server gives its loop's time, tests a number they move by
hand): no sockets and no asyncio here, so every limit is tested without waiting. The server asks
``Guard`` before it reads a hello or checks a code; each refusal is one short ``bye`` line, and the
log hears about each kind of refusal once a minute at most (``Quiet``), never once per attempt.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from tagteam.words.net import host_line

Clock = Callable[[], float]


@dataclass
class Limits:
    """How much a client may cost the host before it is refused or dropped (tests shrink them)."""

    hello_timeout: float = 10.0  # seconds to say hello after connecting
    idle_timeout: float = 60.0  # seconds of silence (clients ping every few seconds)
    rate: float = 20.0  # messages a second, sustained
    burst: float = 60.0  # messages at once
    bad_budget: float = 10.0  # bad messages tolerated at once; one more comes back every 2 seconds
    bad_refill: float = 0.5
    max_unsent: int = 8_000_000  # bytes queued to a client that does not read
    max_waiting: int = 64  # connections without a hello; past it, one waiting over ``hello_grace`` is dropped
    hello_grace: float = 1.0  # seconds a new connection has to say hello before it may be dropped for room
    max_burst: int = 256  # connections without a hello, however new: one more drops the oldest
    free_wrong: int = 5  # wrong codes from one address before its codes are held before being checked
    first_wait: float = 2.0  # the hold after the first wrong code past ``free_wrong``; doubles each time
    max_wait: float = 300.0
    max_hold: float = 2.0  # but a code is never held longer than this: the player may share that address
    max_held: int = 256  # codes held (or waiting for the budget) at once; past it one is checked, or refused
    addresses: int = 4_096  # addresses remembered for their wrong codes (the oldest is forgotten)
    codes_burst: float = 2_000.0  # join codes checked at once, from all addresses together
    codes_rate: float = 2_000.0  # join codes checked a second, sustained: guessing takes years (docs/network.md)
    code_patience: float = 3.0  # seconds a code may wait for the budget before it is refused with "try again"
    exchange_burst: float = 20.0  # key exchanges at once, all addresses together (each costs the host CPU time)
    exchange_rate: float = 10.0  # key exchanges a second, sustained: at most a fraction of one core (network.md)
    bytes_burst: float = 262_144.0  # bytes a seated client may send at once
    bytes_rate: float = 65_536.0  # bytes a second, sustained (a message is ~100 bytes, a hello ~200)
    quiet: float = 60.0  # seconds between two log lines about the same kind of refusal


class Bucket:
    """A token bucket: ``take(n)`` is False once the client spent more than it earned."""

    def __init__(self, size: float, refill: float, clock: Clock) -> None:
        self.size, self.refill, self.clock = size, refill, clock
        self.level = size
        self.at = clock()

    def _fill(self) -> None:
        now = self.clock()
        self.level = min(self.size, self.level + (now - self.at) * self.refill)
        self.at = now

    def take(self, n: float = 1.0) -> bool:
        """Spend ``n`` if there are at least ``n`` tokens (a message, a guess)."""
        self._fill()
        if self.level < n:
            return False
        self.level -= n
        return True

    def spend(self, n: float) -> bool:
        """Spend ``n`` even into debt (bytes already read); False once in debt, so the sender is cut."""
        self._fill()
        self.level -= n
        return self.level >= 0

    def wait(self, n: float = 1.0) -> float:
        """Seconds until ``n`` tokens are there again."""
        self._fill()
        return max(0.0, (n - self.level) / self.refill) if self.refill > 0 else float("inf")


class Quiet:
    """A log that says each kind of thing once, then at most once per ``every`` seconds with a count."""

    def __init__(self, log: Callable[[str], None], clock: Clock, every: float) -> None:
        self.log, self.clock, self.every = log, clock, every
        self.last: dict[str, float] = {}
        self.muted: dict[str, int] = {}

    def say(self, kind: str, text: str) -> None:
        now = self.clock()
        at = self.last.get(kind)
        if at is not None and now - at < self.every:
            self.muted[kind] = self.muted.get(kind, 0) + 1
            return
        more = self.muted.pop(kind, 0)
        self.last[kind] = now
        self.log(text if not more else host_line("more", line=text, count=more))


def host_port(host: str, port: object) -> str:
    """An address as a person reads and types it: "127.0.0.1:8210", "[::1]:8210" (an IPv6 host in brackets, so
    its colons are not read as the port's); the host is cut to 64 printable characters."""
    text = "".join(ch for ch in host if ch.isprintable())[:64]
    return f"[{text}]:{port}" if ":" in text else f"{text}:{port}"


def peer_text(peer: object) -> str:
    """A peer name (the socket's ``(host, port, ...)`` tuple) in the host's log: "127.0.0.1:47756", never the
    tuple's Python spelling; anything else (a Unix socket's path, nothing) as short printable text."""
    if isinstance(peer, tuple) and len(peer) >= 2 and isinstance(peer[1], int):
        return host_port(str(peer[0]), peer[1])
    return "".join(ch for ch in str(peer) if ch.isprintable())[:64]


def address_of(peer: object) -> str:
    """The part of a peer name a stranger cannot change at will: the IP (an IPv6 address's /64)."""
    host = peer[0] if isinstance(peer, tuple) and peer else peer
    text = str(host)
    try:
        ip = ipaddress.ip_address(text.split("%")[0])
    except ValueError:
        return text[:64]
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip)


@dataclass
class _Tries:
    wrong: int = 0
    until: float = 0.0


class Guard:
    """The host's door: how many connections wait for their hello, and who may try a join code now."""

    def __init__(self, limits: Limits, log: Callable[[str], None], clock: Clock = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.quiet = Quiet(log, clock, limits.quiet)
        self.waiting: OrderedDict[Hashable, float] = OrderedDict()  # connection -> when it arrived
        self.tries: OrderedDict[str, _Tries] = OrderedDict()
        self.codes = Bucket(limits.codes_burst, limits.codes_rate, clock)
        self.exchanges = Bucket(limits.exchange_burst, limits.exchange_rate, clock)

    # ------------------------------------------------------------------ before the hello

    def arrived(self, conn: Hashable) -> list[Hashable]:
        """A new connection waits for its hello; returns the waiting ones to drop to make room.

        Past ``max_waiting``, those that had ``hello_grace`` seconds and said nothing go, oldest first;
        past ``max_burst``, the oldest goes however new. Dropping the oldest (never refusing the newest)
        keeps the door open to a player who says hello at once, however many silent connections a
        stranger keeps opening; the grace keeps that player's connection through a burst of strangers
        accepted in the same instant; and the host's open files stay bounded (autosaves need some)."""
        lim = self.limits
        now = self.clock()
        self.waiting[conn] = now
        drop: list[Hashable] = []
        while len(self.waiting) > lim.max_waiting:
            oldest, since = next(iter(self.waiting.items()))
            if now - since < lim.hello_grace and len(self.waiting) <= lim.max_burst:
                break
            del self.waiting[oldest]
            drop.append(oldest)
        if drop:
            self.quiet.say("crowd", host_line("crowd", limit=lim.max_waiting))
        return drop

    def spoke(self, conn: Hashable) -> None:
        """The connection said its hello (or left): it no longer counts as waiting."""
        self.waiting.pop(conn, None)

    # ------------------------------------------------------------------ join codes

    def hold(self, addr: str) -> float:
        """Seconds a join code from ``addr`` waits before it is checked: what is left of that address's wait,
        never more than ``max_hold``. A hold, not a refusal: a player sharing the address (127.0.0.1 behind
        SSH forwarding or the browser's ``/join``) still gets in a moment later with the right code."""
        mine = self.tries.get(addr)
        left = mine.until - self.clock() if mine is not None else 0.0
        if left <= 0:
            return 0.0
        self.quiet.say("backoff", host_line("backoff", address=addr, count=mine.wrong if mine else 0))
        return min(left, self.limits.max_hold)

    def take_code(self) -> float:
        """0.0 when a join code may be checked now (it is counted), else seconds until one may: the budget of
        codes checked, all addresses together, is what makes guessing take years."""
        if self.codes.take():
            return 0.0
        self.quiet.say("codes", host_line("codes"))
        return max(0.001, self.codes.wait())

    def take_exchange(self) -> float:
        """0.0 when a key exchange may start now (it is counted), else seconds until one may. Each one costs the
        host a few milliseconds of CPU (``benchmarks/net_seal.py``): this keeps a flood of them from the game."""
        if self.exchanges.take():
            return 0.0
        self.quiet.say("codes", host_line("codes"))
        return max(0.001, self.exchanges.wait())

    def wrong(self, addr: str) -> None:
        """A wrong code from ``addr``: past ``free_wrong`` of them its codes are held, twice as long each time."""
        lim = self.limits
        mine = self.tries.pop(addr, None) or _Tries()
        self.tries[addr] = mine  # most recently seen last
        while len(self.tries) > lim.addresses:
            self.tries.popitem(last=False)
        mine.wrong += 1
        past = mine.wrong - lim.free_wrong
        if past > 0:
            mine.until = self.clock() + min(lim.max_wait, lim.first_wait * 2 ** min(past - 1, 30))
            self.quiet.say("wrong", host_line("wrong_held", address=addr, count=mine.wrong))
        else:
            self.quiet.say("wrong", host_line("wrong", address=addr))

    def right(self, addr: str) -> None:
        """The right code: that address's wrong codes are forgotten (a typo is no attack)."""
        self.tries.pop(addr, None)

    # ------------------------------------------------------------------ after the hello

    def byte_budget(self) -> Bucket:
        """What one seated client may send: a burst, then a steady rate (an endless line runs out)."""
        return Bucket(self.limits.bytes_burst, self.limits.bytes_rate, self.clock)
