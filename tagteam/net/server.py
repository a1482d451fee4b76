"""The game server: it holds the one Session, checks every message, and sends each seat only its own view.

One asyncio loop owns the Session, so no lock is needed: every change happens in a message handler and
is followed by a broadcast of each seat's own state. A client can only ask (a decision for its own
seat, a Turn, a rematch); whatever it sends, the worst outcome is one error line or being dropped.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hmac
import json
import math
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from tagteam.engine import events as ev
from tagteam.engine.actions import IllegalAction, from_dict
from tagteam.engine.record import MAX_SEED, GameRecord, dump
from tagteam.engine.session import Session
from tagteam.ground import problems as pr
from tagteam.net import protocol as p
from tagteam.net.guard import Bucket, Guard, Limits, address_of, peer_text
from tagteam.net.seal import Exchange, Keys, OpenedReader, Opener, Reader, SealBroken, Sealer
from tagteam.play.feeds import heading_of, mid_fight_choice, pause_of, revealed
from tagteam.play.games import rematch_session
from tagteam.words.lang import _
from tagteam.words.net import host_line
from tagteam.words.seal import seal_host_line

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: codes are read aloud and typed
MAX_SKIP = 500  # Turns in one skip: a Fight step is a few dozen
CLOSE_GRACE = 5.0  # seconds a dropped client has to read its last lines before its connection is aborted
Problem = tuple[int | None, str, dict[str, int | str]]  # a refused message: request id, reason code, its fields


def new_code() -> str:
    """A short random join code, e.g. ``K7QF-M2XD`` (40 bits: guessing it over one socket is hopeless)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def secret_seed() -> int:
    """A game seed nobody can compute: fresh random bits over the record's whole range (63 bits, so no seat can
    search the seeds for the one that deals what it was dealt)."""
    return secrets.randbelow(MAX_SEED + 1)


def normal_code(code: str) -> str:
    """Codes compare without case, spaces or dashes, so ``k7qf m2xd`` joins ``K7QF-M2XD``."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


class OverBudget(Exception):
    """The client sent more bytes than its budget allows (an endless line, a flood without newlines)."""


class _TooLong:
    """Stands for a line that passed the size limit (its bytes were discarded up to the next newline)."""


TOO_LONG = _TooLong()


class LineReader:
    """Bounded lines from a stream: a line over ``limit`` is reported once and skipped, never buffered."""

    def __init__(self, reader: Reader, limit: int) -> None:
        self.reader = reader
        self.limit = limit
        self.buf = bytearray()
        self.discarding = False
        self.eof = False
        self.budget: Bucket | None = None  # bytes a second, once set: past it ``next`` raises OverBudget

    async def next(self, timeout: float) -> bytes | _TooLong | None:
        """The next line (without its newline), TOO_LONG, or None at the end of the stream.

        Raises TimeoutError when nothing completes a line in ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line = bytes(self.buf[:nl])
                del self.buf[: nl + 1]
                if self.discarding:
                    self.discarding = False
                    continue
                if len(line) > self.limit:
                    return TOO_LONG
                return line
            if len(self.buf) > self.limit:
                self.buf.clear()
                if not self.discarding:
                    self.discarding = True
                    return TOO_LONG
            if self.eof:
                return None
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError
            chunk = await asyncio.wait_for(self.reader.read(65_536), left)
            if self.budget is not None and not self.budget.spend(len(chunk)):
                raise OverBudget
            if not chunk:
                self.eof = True
                if self.buf and not self.discarding:
                    line = bytes(self.buf)
                    self.buf.clear()
                    return line if len(line) <= self.limit else TOO_LONG
                return None
            self.buf.extend(chunk)


@dataclass(eq=False)
class Conn:
    """One client connection; ``events_sent`` is how much of the public log it already has."""

    writer: asyncio.StreamWriter
    peer: str
    addr: str = ""  # what the guard counts wrong codes by (the IP, an IPv6 address's /64)
    seat: int | None = None
    events_sent: int = 0
    closed: bool = False
    sent: list[bytes] = field(default_factory=list)  # filled only when the server records (tests)
    seal: Sealer | None = None  # once the key exchange is done: everything sent is sealed

    def send(self, data: bytes, max_unsent: int) -> bool:
        """Queue a line (sealed after the key exchange); False (and the connection aborted) when the client
        stopped reading."""
        if self.closed or self.writer.is_closing():
            return False
        self.writer.write(data if self.seal is None else self.seal.seal(data))
        transport = self.writer.transport
        if transport.get_write_buffer_size() > max_unsent:
            self.closed = True
            transport.abort()
            return False
        return True


async def _closed(writers: list[asyncio.StreamWriter], timeout: float = 1.0) -> None:
    """Wait (bounded) until these writers' transports are closed; one that does not is aborted."""

    async def one(writer: asyncio.StreamWriter) -> None:
        writer.close()
        try:
            await asyncio.wait_for(writer.wait_closed(), timeout)
        except TimeoutError:
            writer.transport.abort()
        except Exception:  # a reset connection: closed all the same
            pass

    await asyncio.gather(*(one(w) for w in writers), return_exceptions=True)


class GameServer:
    """A hosted game. ``reserved`` maps a seat to a token only the host's own client knows."""

    def __init__(
        self,
        session: Session,
        code: str,
        *,
        reserved: dict[int, str] | None = None,
        autosave: Callable[[GameRecord], str | None] | None = None,
        limits: Limits | None = None,
        log: Callable[[str], None] | None = None,
        record_bytes: bool = False,
    ) -> None:
        self.session = session
        self.code = normal_code(code)
        self.reserved = dict(reserved or {})
        self.autosave = autosave
        self.limits = limits or Limits()
        self.log = log or (lambda line: None)
        self.record_bytes = record_bytes
        self.seats: dict[int, Conn] = {}
        self.conns: set[Conn] = set()
        self.version = 0
        self.announced = len(session.log)
        self.server: asyncio.Server | None = None
        self.port = 0
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False
        self.guard = Guard(self.limits, log=self.log)  # the door: connections before a hello, code guesses
        self.tokens: dict[int, str] = {}  # seat -> the token given to whoever joined it with the code
        self.held = 0  # join codes held at the door right now (``_door``)
        self.rematch_asked: p.RematchAsked | None = None  # at game over: who asked for which rematch
        # the key exchanges' arithmetic (pure Python, milliseconds each) runs here, one at a time, off the loop:
        # the game's messages keep flowing between two of them
        self.pake = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tagteam-pake")

    # ------------------------------------------------------------------ start and stop

    async def start(self, host: str = "127.0.0.1", port: int = p.DEFAULT_PORT) -> int:
        """Listen; returns the port (pass 0 for any free one). Raises OSError when the address is taken."""
        self.server = await asyncio.start_server(self._handle, host, port, limit=p.MAX_CLIENT_LINE)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def close(self, code: str = "quit") -> None:
        """Say goodbye to every client (a reason code each words for its player), save, and stop listening."""
        self.closing = True
        if self.server is not None:
            self.server.close()
        writers = [conn.writer for conn in self.conns]
        for conn in list(self.conns):
            self._send(conn, p.Goodbye(type="bye", code=code))
            self._drop(conn)
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._save()
        self.pake.shutdown(wait=False, cancel_futures=True)
        await _closed(writers)  # every transport really closed, none left for the garbage collector
        if self.server is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.server.wait_closed(), 1.0)

    # ------------------------------------------------------------------ connections

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self.tasks.add(task)
        peer = writer.get_extra_info("peername")
        conn = Conn(writer, peer_text(peer), address_of(peer))  # "127.0.0.1:47756" in the log
        self.conns.add(conn)
        for crowded in self.guard.arrived(conn):
            if isinstance(crowded, Conn):
                self._refuse(crowded, "busy")
        try:
            await self._serve(conn, LineReader(reader, p.MAX_CLIENT_LINE))
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        finally:
            self.guard.spoke(conn)
            self._drop(conn)
            if task is not None:
                self.tasks.discard(task)

    async def _serve(self, conn: Conn, lines: LineReader) -> None:
        lim = self.limits
        try:
            opened = await self._open(conn, lines)
        finally:
            self.guard.spoke(conn)
        if opened is None:
            return
        sealed, hello = opened
        if not await self._admit(conn, hello):
            return
        clock = asyncio.get_running_loop().time
        rate = Bucket(lim.burst, lim.rate, clock)
        bad = Bucket(lim.bad_budget, lim.bad_refill, clock)
        sealed.budget = self.guard.byte_budget()
        while not conn.closed:
            try:
                line = await sealed.next(lim.idle_timeout)
            except TimeoutError:
                self._refuse(conn, "silent")
                return
            except OverBudget:
                self.guard.quiet.say("bytes", host_line("bytes", address=conn.peer, rate=round(lim.bytes_rate)))
                self._refuse(conn, "too_much_data", rate=round(lim.bytes_rate))
                return
            except SealBroken:
                self._broken(conn)
                return
            if line is None:
                return
            if not rate.take():
                self._refuse(conn, "too_many_messages")
                return
            problem = self._message(conn, line)
            if problem is not None:
                if not bad.take():
                    self._refuse(conn, "too_many_bad")
                    return
                re, code, fields = problem
                self._send(conn, p.Error(type="error", code=code, fields=fields, re=re))

    async def _line(self, conn: Conn, lines: LineReader, deadline: float) -> bytes | None:
        """The next line before ``deadline`` (the whole exchange has ``hello_timeout``), or None once refused."""
        try:
            line = await lines.next(deadline - asyncio.get_running_loop().time())
        except TimeoutError:
            self._refuse(conn, "no_hello")
            return None
        if line is None:
            return None
        if not isinstance(line, bytes):
            self._refuse(conn, "too_long", limit=p.MAX_CLIENT_LINE)
            return None
        return line

    async def _open(self, conn: Conn, lines: LineReader) -> tuple[LineReader, p.Hello] | None:
        """The opening hello within ``hello_timeout``, then the key exchange and the sealed hello within as long
        again: the sealed stream's reader and the sealed hello, or None once refused (in one line).

        A code is checked only through the exchange, and the door (``_door``: the hold after an address's wrong
        codes, the budget of codes checked) comes before the host says anything that depends on it, so a
        guesser learns nothing sooner than before. A valid seat token, inside the sealed hello, passes the door."""
        deadline = asyncio.get_running_loop().time() + self.limits.hello_timeout
        first = await self._line(conn, lines, deadline)
        if first is None:
            return None
        try:
            opening = p.parse_client(first)
        except p.ProtocolError as e:
            self._refuse(conn, "bad_message", **p.problem_fields(e.problem))
            return None
        if not isinstance(opening, p.Hello):
            self._refuse(conn, "not_hello")
            return None
        if opening.version != p.PROTOCOL_VERSION:
            self._send(conn, p.version_refusal(opening.version))  # the one shape an older client reads
            self._drop(conn)
            return None
        if not await self._budget(conn, self.guard.take_exchange) or conn.closed:
            return None  # refused, or dropped while it waited (a crowd of silent ones): no exchange for it
        loop = asyncio.get_running_loop()
        exchange = await loop.run_in_executor(self.pake, Exchange, self.code, False)
        self._send(conn, p.PakeOffer(type="pake", msg=base64.b64encode(exchange.message).decode()))
        deadline = loop.time() + self.limits.hello_timeout  # the joiner's turn: the host's own time is not its
        line = await self._line(conn, lines, deadline)
        if line is None:
            return None
        try:
            answer = p.parse_answer(line)
            theirs = base64.b64decode(answer.msg)
            keys = await loop.run_in_executor(self.pake, exchange.finish, theirs, p.PROTOCOL_VERSION)
        except p.ProtocolError as e:
            self._refuse(conn, "bad_message", **p.problem_fields(e.problem))
            return None
        except SealBroken:
            self._refuse(conn, "bad_exchange")
            return None
        right = keys.check("joiner", base64.b64decode(answer.proof))
        self.guard.spoke(conn)  # it spoke: from now on the door's limits count it, not the silent ones'
        sealed = LineReader(OpenedReader(lines.reader, Opener(keys.up), bytes(lines.buf)), p.MAX_CLIENT_LINE)
        hello = await self._sealed_hello(conn, sealed, deadline) if right else None
        if right and hello is None:
            return None
        seated = hello is not None and hello.token is not None and self._seat_by_token(hello.token) is not None
        if not seated:
            if not await self._door(conn):
                return None
            if hello is None or hello.token is not None:  # a token nobody was given is a guess too
                self.guard.wrong(conn.addr)
                if hello is not None:
                    self._proved(conn, keys)  # the right code: the refusal is sealed
                self._refuse(conn, "wrong_code" if hello is None else "unknown_token")
                return None
            self.guard.right(conn.addr)
        self._proved(conn, keys)
        assert hello is not None
        return sealed, hello

    def _proved(self, conn: Conn, keys: Keys) -> None:
        """The host's key confirmation, in clear, then everything it sends this client is sealed."""
        if conn.seal is None:
            self._send(conn, p.PakeProof(type="proof", proof=base64.b64encode(keys.proof("host")).decode()))
            conn.seal = Sealer(keys.down)

    async def _sealed_hello(self, conn: Conn, sealed: LineReader, deadline: float) -> p.Hello | None:
        """The first sealed message, which must be a hello (version, seat, token: never a code)."""
        try:
            line = await self._line(conn, sealed, deadline)
        except SealBroken:
            self._broken(conn)
            return None
        if line is None:
            return None
        try:
            hello = p.parse_client(line)
        except p.ProtocolError as e:
            self._refuse(conn, "bad_message", **p.problem_fields(e.problem))
            return None
        if not isinstance(hello, p.Hello) or hello.code is not None:
            self._refuse(conn, "not_hello")
            return None
        return hello

    def _broken(self, conn: Conn) -> None:
        """A sealed message failed its check (tampered with, replayed, out of order): logged once a minute at
        most, and the connection ends in one line (the seat, if any, waits for a rejoin)."""
        self.guard.quiet.say("seal", seal_host_line(conn.peer))
        self._refuse(conn, "tampered")

    def _refuse(self, conn: Conn, code: str, **fields: int | str) -> None:
        """End a connection with why, as a code and fields (``tagteam.words.net.REASONS``) the client words."""
        self._send(conn, p.Goodbye(type="bye", code=code, fields=fields))
        self._drop(conn)

    async def _admit(self, conn: Conn, hello: p.Hello) -> bool:
        """Give the client a seat (its own, when it rejoins with its token): the code was proven by the exchange
        (``_open``), and the door was passed there."""
        seat = self._seat_by_token(hello.token) if hello.token is not None else None
        given = self._seat_for(hello, seat)
        if isinstance(given, tuple):
            self._refuse(conn, given[0], **({"number": given[1] + 1} if given[1] >= 0 else {}))
            return False
        conn.seat = given
        self.seats[given] = conn
        token = self.reserved.get(given) or self._issue(given, hello.token)
        # TRANSLATORS: the host's terminal log; {number} is the seat's number, {peer} an address
        self.log(_("Player {number} joined from {peer}").format(number=given + 1, peer=conn.peer))
        welcome = p.Welcome(
            type="welcome",
            version=p.PROTOCOL_VERSION,
            seat=given,
            re=hello.id,
            token=None if given in self.reserved else token,
        )
        self._send(conn, welcome)
        self._send_state(conn, re=hello.id)
        other = self.seats.get(1 - given)
        if other is not None:
            self._send_state(other)  # the opponent is back
        return True

    async def _door(self, conn: Conn) -> bool:
        """Hold a join code as the guard says, then wait for the budget of codes checked; False when refused
        (the client is told to try again in so many seconds, and does)."""
        lim = self.limits
        hold = self.guard.hold(conn.addr)
        if hold > 0 and self.held < lim.max_held:
            await self._held(hold)
        return await self._budget(conn, self.guard.take_code)

    async def _budget(self, conn: Conn, take: Callable[[], float]) -> bool:
        """Wait for a budget (codes checked, key exchanges) up to ``code_patience`` s; False when refused with
        "try again in N s" (the client counts down and does)."""
        lim = self.limits
        clock = asyncio.get_running_loop().time
        deadline = clock() + lim.code_patience
        while (wait := take()) > 0:
            if clock() + wait > deadline or self.held >= lim.max_held:
                self._refuse(conn, "wait_codes", seconds=max(1, math.ceil(min(wait, lim.max_wait))))
                return False
            await self._held(wait)
        return True

    async def _held(self, seconds: float) -> None:
        self.held += 1
        try:
            await asyncio.sleep(seconds)
        finally:
            self.held -= 1

    def _seat_by_token(self, token: str) -> int | None:
        """The seat this token was given for (the host's reserved seat, or one issued at a join), if any."""
        for seat, known in (*self.reserved.items(), *self.tokens.items()):
            if hmac.compare_digest(known.encode(), token.encode()):
                return seat
        return None

    def _issue(self, seat: int, token: str | None) -> str:
        """The seat's token for its rejoins: kept when it came back with it, a new one when it came with the code
        (a player whose client was killed lost it; the old one is then worth nothing)."""
        if token is None or self.tokens.get(seat) != token:
            self.tokens[seat] = secrets.token_hex(16)
        return self.tokens[seat]

    def _seat_for(self, hello: p.Hello, by_token: int | None) -> int | tuple[str, int]:
        """The seat to give, or why not: a reason code and the seat it is about (-1 for none)."""
        if by_token is not None:
            stale = self.seats.get(by_token)
            if stale is not None:  # its old connection is dead but not yet noticed: the token's holder is back
                self._drop(stale)
            return by_token
        free = [s for s in (0, 1) if s not in self.reserved and s not in self.seats]
        if hello.seat is not None:
            if hello.seat in self.reserved:
                return "host_seat", hello.seat
            if hello.seat in self.seats:
                return "seat_taken", hello.seat
            return hello.seat
        return free[0] if free else ("full", -1)

    def _drop(self, conn: Conn) -> None:
        if conn.seat is not None and self.seats.get(conn.seat) is conn:
            del self.seats[conn.seat]
            self.log(_("Player {number} left").format(number=conn.seat + 1))
            other = self.seats.get(1 - conn.seat)
            if other is not None and not self.closing:
                self._send_state(other)
        self.conns.discard(conn)
        if not conn.closed:
            conn.closed = True
            with contextlib.suppress(Exception):
                conn.writer.close()
                transport = conn.writer.transport
                if transport.get_write_buffer_size():  # a client that stopped reading: its goodbye waits a while
                    asyncio.get_running_loop().call_later(CLOSE_GRACE, transport.abort)

    # ------------------------------------------------------------------ messages

    def _message(self, conn: Conn, line: bytes | _TooLong) -> Problem | None:
        """Handle one line; returns (request id, reason code, its fields) for a bad one, None when it was fine."""
        if not isinstance(line, bytes):
            return None, "too_long", {"limit": p.MAX_CLIENT_LINE}
        try:
            msg = p.parse_client(line)
        except p.ProtocolError as e:
            return None, "bad_message", p.problem_fields(e.problem)
        seat = conn.seat
        assert seat is not None
        s = self.session
        match msg:
            case p.Ping():
                self._send(conn, p.Pong(type="pong", re=msg.id))
            case p.Bye():
                self._drop(conn)
            case p.Hello():
                return msg.id, "already_joined", {}
            case p.Act(action=data):
                if seat not in s.seats_owing():
                    return msg.id, "not_your_turn", {}
                try:
                    action = from_dict(data)
                    s.act(seat, action)
                except IllegalAction as e:  # not an action's shape (from_dict), or not legal now
                    return msg.id, "illegal", p.problem_fields(e.problem)
                except ValueError:  # the engine's last word: refused, with nothing more to say
                    return msg.id, "illegal", p.problem_fields(pr.problem(pr.Code.INVALID, "action"))
                self._changed(re=(conn, msg.id))
                self._save()
            case p.StepMsg(at=at, skip=skip):
                if at != self.version:
                    self._send_state(conn, re=msg.id)  # pressed on a screen already out of date: no Turn
                    return None
                if not s.needs_advance():
                    return msg.id, "no_turn", {}
                ended = False
                for _ in range(MAX_SKIP if skip else 1):
                    out = s.advance()
                    ended = any(isinstance(e, ev.FightEnded | ev.GameOver) for e in out)
                    if ended or not s.needs_advance():
                        break
                self._changed(re=(conn, msg.id), ended=ended)
                if ended:
                    self._save()
            case p.RematchMsg(same_teams=same):
                if not s.over():
                    return msg.id, "not_over", {}
                asked = self.rematch_asked
                if asked is None or asked.seat == seat or asked.same_teams != same:
                    self.rematch_asked = p.RematchAsked(seat=seat, same_teams=same)  # the other seat is asked
                    self._changed(re=(conn, msg.id), moved=False)
                    return None
                self._rematch(same)  # both asked for the same: play again
                self._changed(re=(conn, msg.id), restart=True)
                self._save()
        return None

    def _rematch(self, same_teams: bool) -> None:
        """A new game for the same two seats (``tagteam.play.games``, as the local app), on a secret seed: the
        finished game's record, which both seats receive, holds its seed, so a seed that followed from it
        (``--seed N`` gave N+1) let one seat compute the other's Draft hand and Build draws in the rematch."""
        self.session = rematch_session(self.session, same_teams, secret_seed())
        self.announced = len(self.session.log)
        self.rematch_asked = None

    def _changed(
        self, re: tuple[Conn, int | None], ended: bool = False, restart: bool = False, moved: bool = True
    ) -> None:
        """The game moved (or, ``moved`` False, only what the seats are told): every connected seat gets its
        own new state (and the public notices)."""
        if moved:
            self.version += 1
        log = self.session.log
        news = [i for i in range(self.announced, len(log)) if isinstance(log[i], ev.DraftRevealed | ev.InstantBonus)]
        notices = [p.Notice(code="event", event=i) for i in news][:50]  # each client words them
        self.announced = len(log)
        for conn in list(self.seats.values()):
            if restart:
                conn.events_sent = 0
            self._send_state(conn, re=re[1] if conn is re[0] else None, ended=ended, notices=notices)

    # ------------------------------------------------------------------ what a seat receives

    def _names(self) -> tuple[str, str]:
        players = self.session.record.players
        return players[0], players[1]

    def state_for(
        self,
        seat: int,
        events_from: int,
        re: int | None = None,
        ended: bool = False,
        notices: list[p.Notice] | None = None,
    ) -> p.State:
        """Seat ``seat``'s state: its own ``view_for``, and only public things beside it (the log is public: the
        engine logs a Build choice as "locked", never which card or where). Data only: no sentence."""
        s = self.session
        tab = s.state.table
        over = s.over()
        view = s.view(seat)
        record = json.loads(dump(s.record)) if over else None  # a finished game keeps no secrets
        return p.State(
            type="state",
            seat=seat,
            version=self.version,
            names=self._names(),
            teams=(tab.team(0), tab.team(1)) if tab is not None else None,
            view=p.view_data(view),
            events_from=events_from,
            events=[p.event_data(e) for e in s.log[events_from:]],
            revealed=[(k, inst, flipped) for k, (inst, flipped) in sorted(revealed(s.log).items())],
            can_step=s.needs_advance(),
            decisions=len(s.record.decisions),
            turns_after=s.record.turns_after,
            pause=None if s.needs_advance() else self._pause(),
            heading=p.HeadingData(round=(h := heading_of(s)).round, turn=h.turn),
            over=over,
            record=record,
            opponent_here=(1 - seat) in self.seats,
            rematch_asked=self.rematch_asked if over else None,
            re=re,
            ended=ended,
            notices=notices or [],
        )

    def _send_state(
        self, conn: Conn, re: int | None = None, ended: bool = False, notices: list[p.Notice] | None = None
    ) -> None:
        if conn.seat is None:
            return
        state = self.state_for(conn.seat, conn.events_sent, re=re, ended=ended, notices=notices or [])
        if self._send(conn, state):
            conn.events_sent = len(self.session.log)

    def _pause(self) -> p.PauseData:
        """Why the Fight stopped, as ``tagteam.play.feeds.pause_of`` says, as data (the outcome is in the log)."""
        why = pause_of(self.session).why
        if why == "character":
            return p.PauseData(why="character", seat=mid_fight_choice(self.session))
        return p.PauseData(why="over" if why == "over" else "build")

    def _send(
        self,
        conn: Conn,
        msg: p.State | p.Welcome | p.Error | p.Pong | p.Goodbye | p.PakeOffer | p.PakeProof | dict[str, object],
    ) -> bool:
        data = p.encode(msg)
        if self.record_bytes:
            conn.sent.append(data)
        return conn.send(data, self.limits.max_unsent)

    def _save(self) -> None:
        if self.autosave is not None:
            problem = self.autosave(self.session.record)
            if problem:
                self.log(host_line("autosave", problem=problem))


class ServerThread:
    """The server on its own loop in a daemon thread, so the host's Textual app can run beside it."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=run_loop, args=(self.loop,), name="tagteam-server", daemon=True)
        self.loop.set_exception_handler(self._loop_error)

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
        """One quiet log line instead of a traceback per event (e.g. accept() out of file descriptors)."""
        what = context.get("exception") or context.get("message")
        detail = p.printable_line(f"{context.get('message')} ({what})")  # the system's own words: technical
        self.server.guard.quiet.say("loop", host_line("loop", detail=detail))

    def start(self, host: str, port: int) -> int:
        """Bind and serve; raises OSError (address in use, no such address) before any thread is left running."""
        self.thread.start()
        future = asyncio.run_coroutine_threadsafe(self.server.start(host, port), self.loop)
        try:
            return future.result(10)
        except BaseException:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(2)
            self._close_loop()
            raise

    def stop(self, code: str = "quit") -> None:
        """The goodbye to every client and the autosave, then the loop stopped and closed (its sockets with it)."""
        if self.thread.is_alive():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self.server.close(code), self.loop).result(3)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(3)
        self._close_loop()

    def _close_loop(self) -> None:
        """A loop whose thread never ran is closed here (a thread that ran closed its own on the way out)."""
        if not self.thread.is_alive() and not self.loop.is_closed():
            self.loop.close()


def run_loop(loop: asyncio.AbstractEventLoop) -> None:
    """A network thread's body: the loop until it is stopped, then closed in this same thread (``close_loop``)."""
    asyncio.set_event_loop(loop)
    try:
        loop.run_forever()
    finally:
        close_loop(loop)


def close_loop(loop: asyncio.AbstractEventLoop) -> None:
    """A stopped loop closed for good: its leftover tasks cancelled and run out, its async generators and default
    executor shut down, so no socket, transport or self-pipe is left for the garbage collector. Called in the
    loop's own thread (no other loop runs there)."""
    with contextlib.suppress(Exception):
        tasks = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for task in tasks:
            task.cancel()
        if tasks:
            loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    loop.close()
