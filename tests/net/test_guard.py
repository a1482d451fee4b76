"""The host's door and log, without sockets: time is a number the test moves, a pipe nobody reads is real."""

from __future__ import annotations

import contextlib
import os
import select
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from tagteam.net.guard import Bucket, Guard, Limits, Quiet, address_of
from tagteam.net.hostlog import HostLog


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def guard(**kw: float) -> tuple[Guard, Clock, list[str]]:
    clock = Clock()
    said: list[str] = []
    return Guard(Limits(**kw), said.append, clock), clock, said  # type: ignore[arg-type]


def test_an_address_is_held_after_a_few_wrong_codes_twice_as_long_each_time_but_never_long() -> None:
    g, clock, _ = guard(free_wrong=3, first_wait=2.0, max_wait=50.0, max_hold=5.0)
    for _ in range(3):
        assert g.hold("10.0.0.1") == 0.0
        g.wrong("10.0.0.1")
    assert g.hold("10.0.0.1") == 0.0  # three were free; the fourth is checked at once, then it is held
    g.wrong("10.0.0.1")
    assert g.hold("10.0.0.1") == 2.0
    assert g.hold("10.0.0.2") == 0.0  # another address is not slowed
    clock.now += 2.0
    assert g.hold("10.0.0.1") == 0.0
    g.wrong("10.0.0.1")
    clock.now += 3.0
    assert g.hold("10.0.0.1") == 1.0  # 4 s now, 3 of them gone
    clock.now += 1.0
    g.wrong("10.0.0.1")
    assert g.hold("10.0.0.1") == 5.0  # 8 s, but a code is never held longer than max_hold
    g.right("10.0.0.1")  # the right code: the typos are forgiven
    g.wrong("10.0.0.1")
    assert g.hold("10.0.0.1") == 0.0


def test_all_addresses_together_get_a_budget_of_codes_checked() -> None:
    g, clock, said = guard(codes_burst=5, codes_rate=1.0, free_wrong=1_000)
    waits = [g.take_code() for _ in range(8)]
    assert waits[:5] == [0.0] * 5
    assert all(0.9 <= w <= 1.0 for w in waits[5:])  # seconds until the next code may be checked
    clock.now += 1.0
    assert g.take_code() == 0.0
    assert g.take_code() > 0.0
    assert sum("too many join codes" in line for line in said) == 1  # said once, not per attempt


def test_the_default_budget_makes_guessing_take_more_than_a_year() -> None:
    """The arithmetic of docs/network.md: half the codes, on average, at the budget's sustained rate."""
    from tagteam.net.server import CODE_ALPHABET

    codes = len(CODE_ALPHABET) ** 8
    limits = Limits()
    seconds = codes / 2 / limits.codes_rate + limits.codes_burst / limits.codes_rate
    assert seconds / (365.25 * 24 * 3600) > 1.0


def test_too_many_silent_connections_drop_the_oldest_and_the_log_says_so_once() -> None:
    g, clock, said = guard(max_waiting=3, max_burst=6, hello_grace=1.0)
    conns = [object() for _ in range(10)]
    dropped = [g.arrived(c) for c in conns]  # all in the same instant: a burst
    assert dropped[:6] == [[]] * 6  # each new one has a moment to say hello
    assert dropped[6:] == [[c] for c in conns[:4]]  # past the burst limit the oldest goes
    assert len(g.waiting) == 6
    clock.now += 1.0  # they had their moment and said nothing
    late = object()
    assert g.arrived(late) == conns[4:8]  # down to max_waiting, oldest first
    assert list(g.waiting) == [conns[8], conns[9], late]
    g.spoke(conns[9])
    assert g.arrived(object()) == []  # one had its hello read: there is room again
    assert len(said) == 1 and "without a hello" in said[0]


def test_the_quiet_log_counts_what_it_did_not_say() -> None:
    clock = Clock()
    said: list[str] = []
    q = Quiet(said.append, clock, every=60.0)
    for _ in range(100):
        q.say("x", "a thing")
    q.say("y", "another thing")
    clock.now += 60.0
    q.say("x", "a thing")
    assert said == ["a thing", "another thing", "a thing (99 more like it since the last such line)"]


def test_a_byte_budget_cuts_an_endless_line_but_not_a_steady_player() -> None:
    clock = Clock()
    budget = Bucket(1_000, 100, clock)
    for _ in range(100):  # 100 bytes a second for 100 seconds: always within the budget
        assert budget.spend(100)
        clock.now += 1.0
    budget = Bucket(1_000, 100, clock)
    assert budget.spend(900)
    assert not budget.spend(200)  # one burst too many: cut


def test_memory_stays_bounded_whatever_the_number_of_addresses() -> None:
    g, _, _ = guard(addresses=50, codes_burst=1e9)
    for i in range(5_000):
        g.hold(f"10.{i // 250}.{i % 250}.1")
        g.wrong(f"10.{i // 250}.{i % 250}.1")
    assert len(g.tries) == 50
    log = HostLog(None)
    for i in range(5_000):
        log(f"line {i}")
    assert len(log.tail) == 20 and log.tail[-1] == "line 4999"


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.ip_addresses().map(str), st.text(max_size=80)), st.integers(0, 65535))
def test_any_peer_name_gives_one_short_address(host: str, port: int) -> None:
    addr = address_of((host, port))
    assert 0 < len(addr) <= 64 or host == ""
    assert address_of((host, port + 1)) == addr  # a new port is the same stranger


def test_ipv6_addresses_count_by_their_64_bit_prefix() -> None:
    assert address_of(("2001:db8::1", 1, 0, 0)) == address_of(("2001:db8::ffff:1", 2, 0, 0)) == "2001:db8::/64"
    assert address_of(("::ffff:10.1.2.3", 5)) == "10.1.2.3"
    assert address_of(("127.0.0.1", 5)) == "127.0.0.1"


def test_the_log_never_blocks_on_a_pipe_nobody_reads_and_counts_what_it_dropped() -> None:
    r, w = os.pipe()
    try:
        os.set_blocking(w, False)
        with contextlib.suppress(BlockingIOError):
            while True:  # the pipe is full before the log starts: a reader that went away
                os.write(w, b"." * 4096)
        os.set_blocking(w, True)
        log = HostLog(w, capacity=10)
        log.start()
        done = threading.Event()

        def flood() -> None:
            for i in range(20_000):  # ~600 KB: far past what the pipe holds
                log(f"refused ('127.0.0.1', {i}): a line of some length like the real ones")
            done.set()

        threading.Thread(target=flood, daemon=True).start()
        assert done.wait(30), "logging blocked on the unread pipe"
        text, ended = b"", False
        for _ in range(10_000):  # now read: the writer catches up and says how many it dropped
            if not ended and log.lines.empty():
                log("the end")  # room again: the next line goes out with the count before it
                ended = True
            ready, _, _ = select.select([r], [], [], 5)
            assert ready, "the log writer stopped writing"
            text += os.read(r, 65_536)
            if b"the end" in text:
                break
        lines = text.decode().lstrip(".").splitlines()
        written = sum(line.startswith("refused") for line in lines)
        reports = [line for line in lines if "log lines dropped: the output was not being read" in line]
        dropped = sum(int(line[1:].split()[0].replace(",", "")) for line in reports)
        assert written + dropped == 20_000  # every line is written or counted, none lost silently
        assert dropped >= 20_000 - 11 - 1_000 and reports
        log.close()
    finally:
        os.close(r)
        os.close(w)
