"""The client side: a connection that only asks, the state it was last told, and a Fight feed over it.

``Connection`` is plain asyncio (tests drive it directly). ``NetClient`` runs one in a background thread
with its own loop, so the Textual app can make a blocking request (a Fight step answers like a local
one) while pushed updates arrive as Textual messages; it reconnects to the same seat after a drop.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from tagteam.engine import events as ev
from tagteam.engine.actions import Action, to_dict
from tagteam.engine.view import PlayerView
from tagteam.ground import problems as pr
from tagteam.ground.jsonfile import printable
from tagteam.net import protocol as p
from tagteam.net.guard import host_port
from tagteam.net.oserrors import connect_reason, why
from tagteam.net.seal import Exchange, OpenedReader, Opener, SealBroken, Sealer
from tagteam.net.server import TOO_LONG, LineReader, normal_code, run_loop
from tagteam.play.feeds import Heading, Pause
from tagteam.play.flow import Facts
from tagteam.words import inputs
from tagteam.words import log as wl
from tagteam.words.lang import language
from tagteam.words.names import player_name, player_names
from tagteam.words.net import gone
from tagteam.words.seal import seal_gone

PING_EVERY = 5.0  # seconds between pings, well inside the server's idle timeout
SILENT_HOST = 20.0  # no line at all from the host for this long: the connection is dead
REQUEST_TIMEOUT = 10.0
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 5.0, 5.0)  # about 20 seconds of trying


class HostGone(ConnectionError):
    """The host said goodbye or stopped answering; ``str()`` is the one line to show (in this player's words).
    ``refused``: the host turned the join down (the exit status says so: 2), rather than being lost."""

    def __init__(
        self, text: str, refused: bool = False, retry_in: int | None = None, bye: p.Goodbye | None = None
    ) -> None:
        super().__init__(text)
        self.refused = refused
        self.retry_in = retry_in  # the host said "try again in N s": a refusal for now, not for good
        self.bye = bye  # the host's own goodbye, when it gave one

    @property
    def code(self) -> str | None:
        """The host's reason code ("wrong_code"), when it gave one."""
        return None if self.bye is None else self.bye.code


RETRY_CODES = ("wait_codes", "wait_wrong_codes", "busy")  # refusals that end with "try again"
FINAL_CODES = ("tampered", "bad_exchange")  # goodbyes that end the game for this seat: no rejoin, exit status 2
PATIENCE = 120.0  # seconds of "try again in N s" a client waits through before it gives up


@dataclass(frozen=True)
class Retrying:
    """The host said to try again later: ``seconds`` left before the next try (a countdown to show)."""

    reason: str
    seconds: int

    @property
    def text(self) -> str:
        return gone("retrying", seconds=self.seconds)


# ---------------------------------------------------------------------- one connection


def _refused(msg: p.Goodbye) -> HostGone:
    """The host turned the join down: its reason, and when it said to try again, in how many seconds."""
    retry = None
    if msg.code in RETRY_CODES:
        seconds = msg.fields.get("seconds", 1)
        retry = max(1, min(int(seconds), 300)) if isinstance(seconds, int) else 1
    return HostGone(gone("refused", reason=msg.text), refused=True, retry_in=retry, bye=msg)



class Connection:
    """A joined seat: send a message, receive parsed server messages. Everything incoming is validated.

    ``join`` runs the key exchange (``tagteam.net.seal``): from then on everything sent and received is sealed.
    ``tap``, when set before ``join``, sees every byte of plaintext received after the exchange (the tests)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.reader = reader
        self.lines = LineReader(reader, p.MAX_SERVER_LINE)
        self.ids = itertools.count(1)
        self.sealer: Sealer | None = None
        self.tap: Callable[[bytes], None] | None = None

    @classmethod
    async def open(cls, host: str, port: int, timeout: float = 5.0) -> Connection:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=p.MAX_SERVER_LINE), timeout
            )
        except TimeoutError:
            raise HostGone(gone("no_answer", where=host_port(host, port))) from None
        except OSError as e:  # refused, no such name, no route: said in words, not asyncio's sentence
            where = host_port(host, port)
            raise HostGone(gone(connect_reason(e), where=where, host=printable(host, 64), why=why(e))) from None
        return cls(reader, writer)

    def _write(self, data: bytes) -> None:
        self.writer.write(data if self.sealer is None else self.sealer.seal(data))

    async def send(self, msg: p.ClientMsg | p.PakeAnswer) -> int | None:
        """Send one message (its id is filled in when it has none); returns the id. Sealed once joined."""
        if isinstance(msg, p.PakeAnswer):
            self._write(p.encode(msg))
            await self.writer.drain()
            return None
        if msg.id is None and not isinstance(msg, p.Ping):
            msg.id = next(self.ids)
        self._write(p.encode(msg))
        await self.writer.drain()
        return msg.id

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are (the hostile-client tests), sealed once joined, as any message."""
        self._write(data)
        await self.writer.drain()

    async def send_clear(self, data: bytes) -> None:
        """Bytes on the wire as they are, never sealed (the tests of a stranger on the path)."""
        self.writer.write(data)
        await self.writer.drain()

    async def _line(self, timeout: float) -> bytes:
        try:
            line = await self.lines.next(timeout)
        except TimeoutError:
            raise HostGone(gone("silent_host")) from None
        except SealBroken:
            raise HostGone(seal_gone("tampered"), refused=True) from None
        except (ConnectionError, OSError):
            raise HostGone(gone("lost")) from None
        if line is None:
            raise HostGone(gone("lost"))
        if line is TOO_LONG or not isinstance(line, bytes):
            raise HostGone(gone("host_too_long"))
        return line

    async def recv(self, timeout: float = SILENT_HOST) -> p.ServerMsg:
        """The next message; HostGone at the end of the stream, on silence, or on a malformed line (refused: a
        sealed message that failed its check)."""
        line = await self._line(timeout)
        try:
            return p.parse_server(line)
        except p.ProtocolError as e:
            raise HostGone(gone("host_bad", detail=inputs.line(e))) from None

    async def _exchange(self, step: Any, timeout: float) -> Any:
        """One clear line of the key exchange (``p.OFFER`` or ``p.PROOF``); a ``bye`` raises HostGone (refused)."""
        line = await self._line(timeout)
        try:
            msg = p.parse_exchange(line, step)
        except p.ProtocolError as e:
            raise HostGone(gone("host_bad", detail=inputs.line(e))) from None
        if isinstance(msg, p.Goodbye):
            raise _refused(msg)
        return msg

    async def join(self, code: str, seat: int | None = None, token: str | None = None) -> p.Welcome:
        """Say hello, agree the key from the code, and ask for a seat, sealed; the welcome names the seat (a
        refusal raises HostGone with the host's reason). The code never travels: only the exchange proves it."""
        self.writer.write(p.encode(p.Hello(type="hello", version=p.PROTOCOL_VERSION, code=p.OPENING_CODE)))
        await self.writer.drain()
        offer: p.PakeOffer = await self._exchange(p.OFFER, 10.0)
        exchange = Exchange(normal_code(code), joiner=True)
        try:
            keys = exchange.finish(base64.b64decode(offer.msg), p.PROTOCOL_VERSION)
        except SealBroken:
            raise HostGone(seal_gone("bad_exchange"), refused=True) from None
        mine = base64.b64encode(exchange.message).decode()
        await self.send(p.PakeAnswer(type="pake", msg=mine, proof=base64.b64encode(keys.proof("joiner")).decode()))
        self.sealer = Sealer(keys.up)
        await self.send(p.Hello(type="hello", version=p.PROTOCOL_VERSION, seat=seat, token=token))
        proof: p.PakeProof = await self._exchange(p.PROOF, 15.0)  # the door may hold a code a few seconds
        if not keys.check("host", base64.b64decode(proof.proof)):
            raise HostGone(seal_gone("unproven"), refused=True)
        opened = OpenedReader(self.reader, Opener(keys.down), bytes(self.lines.buf))
        opened.tap = self.tap
        self.lines = LineReader(opened, p.MAX_SERVER_LINE)
        msg = await self.recv(10.0)
        if isinstance(msg, p.Goodbye):
            raise _refused(msg)
        if not isinstance(msg, p.Welcome):
            raise HostGone(gone("not_welcomed"))
        return msg

    async def close(self) -> None:
        """Close and wait (a second at most) for the transport to be gone; one that lingers is aborted."""
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)
        except TimeoutError:
            self.writer.transport.abort()
        except Exception:  # reset or already closed: gone all the same
            pass


# ---------------------------------------------------------------------- what this seat was told


@dataclass
class Told:
    """The latest state the host sent, the whole public log as events, and this seat's view rebuilt.

    The host sends data; ``lines`` words the log here, in this player's language (worded again when the
    language changes)."""

    state: p.State | None = None
    events: list[ev.Event] = field(default_factory=list)
    view: PlayerView | None = None
    _words: list[str] = field(default_factory=list)
    _lang: str = ""

    def apply(self, state: p.State) -> None:
        """Take a state; raises ProtocolError when it does not fit (log gap, unknown Fighters, a bad event)."""
        try:
            new = [p.event_of(e) for e in state.events]
        except pr.ProblemError as e:
            raise p.ProtocolError(e.problem.under("events")) from None
        except ValueError:
            raise p.ProtocolError(pr.problem(pr.Code.INVALID, "events")) from None
        if state.events_from == 0:
            events = new
            self._words = []
        elif state.events_from == len(self.events):
            events = self.events + new
        else:
            gap = pr.problem(pr.Code.EVENTS_GAP, "events_from", got=state.events_from, known=len(self.events))
            raise p.ProtocolError(gap)
        self.view = p.player_view(state.view, state.teams)
        self.events = events
        self.state = state

    @property
    def lines(self) -> list[str]:
        """The log in this player's words, one line per event (memoised: the log only grows)."""
        if self._lang != language():
            self._words, self._lang = [], language()
        if len(self._words) < len(self.events):
            table = self.view.table if self.view is not None else None
            names = self.state.names if self.state is not None else None
            self._words.extend(wl.describe_log(self.events, len(self._words), table, names))
        return self._words


def facts(state: p.State) -> Facts:
    """The flow's facts (``tagteam.play.flow.Facts``) from what the host told this seat."""
    owed = ((state.seat, state.view.pending),) if state.view.pending is not None else ()
    return Facts(state.over, state.can_step, (state.decisions, state.turns_after), owed)


# ---------------------------------------------------------------------- the threaded client


class NetClient:
    """A connection on its own loop and thread. ``on_message`` gets every server message (in that thread)."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        on_message: Callable[[p.ServerMsg | HostGone | Retrying | str], None],
        *,
        seat: int | None = None,
        token: str | None = None,
    ) -> None:
        self.host, self.port, self.code = host, port, code
        self.seat, self.token = seat, token
        self.on_message = on_message
        self.told = Told()
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop  # made by ``start``: a client never started holds no loop to close
        self.thread = threading.Thread(target=lambda: run_loop(self.loop), name="tagteam-client", daemon=True)
        self.conn: Connection | None = None
        self.waiting: dict[int, asyncio.Future[p.ServerMsg]] = {}
        self.closing = False
        self.runner: asyncio.Task[None] | None = None

    def start(self, on_wait: Callable[[Retrying], None] | None = None, patience: float = PATIENCE) -> None:
        """Connect and join (blocking); HostGone with one line when it cannot. Told to try again in N s, it
        waits and tries again, for ``patience`` seconds at most, calling ``on_wait`` each second of the wait."""
        self.loop = asyncio.new_event_loop()
        self.thread.start()
        fut = asyncio.run_coroutine_threadsafe(self._connect_patiently(on_wait, patience), self.loop)
        try:
            fut.result(patience + 30)
        except BaseException:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(2)
            raise
        asyncio.run_coroutine_threadsafe(self._start_runner(), self.loop).result(5)

    async def _start_runner(self) -> None:
        self.runner = asyncio.get_running_loop().create_task(self._run())

    async def _connect_patiently(self, on_wait: Callable[[Retrying], None] | None, patience: float) -> None:
        """``_connect``, again after each "try again in N s" (counting the seconds down), while patience lasts."""
        deadline = asyncio.get_running_loop().time() + patience
        while True:
            try:
                await self._connect()
                return
            except HostGone as e:
                if e.retry_in is None or asyncio.get_running_loop().time() + e.retry_in > deadline or self.closing:
                    raise
                await self._count_down(Retrying(str(e), e.retry_in), on_wait)

    async def _count_down(self, wait: Retrying, tell: Callable[[Retrying], None] | None) -> None:
        for left in range(wait.seconds, 0, -1):
            if self.closing:
                return
            if tell is not None:
                tell(Retrying(wait.reason, left))
            await asyncio.sleep(1.0)

    async def _connect(self) -> None:
        conn = await Connection.open(self.host, self.port)
        try:
            welcome = await conn.join(self.code, self.seat if self.token is None else None, self.token)
        except BaseException:
            await conn.close()
            raise
        self.seat = welcome.seat
        self.token = welcome.token or self.token  # a rejoin with it is never refused by the guessing limits
        self.conn = conn

    async def _run(self) -> None:
        """Read, dispatch and ping; after a drop, rejoin the same seat a few times before giving up."""
        while not self.closing:
            conn = self.conn
            assert conn is not None
            pinger = asyncio.get_running_loop().create_task(self._ping(conn))
            goodbye: p.Goodbye | None = None
            final: HostGone | None = None
            try:
                while goodbye is None:
                    msg = await conn.recv()
                    if isinstance(msg, p.Goodbye):
                        goodbye = msg
                    else:
                        self._dispatch(msg)
                lost = goodbye.text
            except HostGone as e:
                lost = str(e)
                final = e if e.refused else None  # a sealed message that failed its check: no rejoin
            pinger.cancel()
            await conn.close()
            self._fail_waiting(lost)
            if self.closing:
                return
            if goodbye is not None:  # the host said why: no point in knocking again
                self.on_message(HostGone(goodbye.text, refused=goodbye.code in FINAL_CODES))
                return
            if final is not None:
                self.on_message(final)
                return
            failed = await self._reconnect(lost)
            if failed is not None:
                if not self.closing:
                    self.on_message(failed)  # the one last word: the host's refusal, or why it was lost
                return

    async def _reconnect(self, lost: str) -> HostGone | None:
        """Rejoin the same seat: None once back in, else why not (the host's own refusal when it gave one).
        "Try again in N s" is waited through with a countdown, within ``PATIENCE``."""
        self.on_message(gone("rejoining"))
        deadline = asyncio.get_running_loop().time() + PATIENCE
        delays = iter(RECONNECT_DELAYS)
        while (delay := next(delays, None)) is not None:
            await asyncio.sleep(delay)
            if self.closing:
                return HostGone(gone("no_rejoin", why=lost))
            try:
                await self._connect()
            except HostGone as e:
                if e.retry_in is not None and asyncio.get_running_loop().time() + e.retry_in <= deadline:
                    await self._count_down(Retrying(str(e), e.retry_in), self.on_message)
                    delays = iter(RECONNECT_DELAYS)  # told to wait: not the host lost, so start over
                    continue
                if e.refused:
                    return e
                continue
            self.on_message(gone("rejoined"))
            return None
        return HostGone(gone("no_rejoin", why=lost))

    async def _ping(self, conn: Connection) -> None:
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(PING_EVERY)
                await conn.send(p.Ping(type="ping"))

    def _dispatch(self, msg: p.ServerMsg) -> None:
        if isinstance(msg, p.State):
            with self.lock:
                try:
                    self.told.apply(msg)
                except p.ProtocolError as e:
                    raise HostGone(gone("host_bad_state", detail=inputs.line(e))) from None
        re = None if isinstance(msg, p.Goodbye) else msg.re  # an answer names the request it answers
        if re is not None and re in self.waiting:
            fut = self.waiting.pop(re)
            if not fut.done():
                fut.set_result(msg)
        self.on_message(msg)

    def _fail_waiting(self, text: str) -> None:
        for fut in self.waiting.values():
            if not fut.done():
                fut.set_exception(HostGone(text))
        self.waiting.clear()

    # ------------------------------------------------------------------ asking (from the UI thread)

    async def _request(self, msg: p.ClientMsg) -> p.ServerMsg:
        conn = self.conn
        if conn is None:
            raise HostGone(gone("not_connected"))
        msg.id = next(conn.ids)
        fut: asyncio.Future[p.ServerMsg] = asyncio.get_running_loop().create_future()
        self.waiting[msg.id] = fut
        try:
            await conn.send(msg)
        except (ConnectionError, OSError):
            self.waiting.pop(msg.id, None)
            raise HostGone(gone("lost")) from None
        return await fut

    def request(self, msg: p.ClientMsg, timeout: float = REQUEST_TIMEOUT) -> p.ServerMsg:
        """Send and wait for the answer (a state or an error line); HostGone when none comes."""
        if not self.thread.is_alive():
            raise HostGone(gone("not_connected"))
        fut: Future[p.ServerMsg] = asyncio.run_coroutine_threadsafe(self._request(msg), self.loop)
        try:
            return fut.result(timeout)
        except TimeoutError:
            fut.cancel()
            raise HostGone(gone("no_answer_in_time")) from None

    def ask(self, msg: p.ClientMsg) -> None:
        """Send without waiting; the answer arrives through ``on_message``."""
        if self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(self._ask(msg), self.loop)

    async def _ask(self, msg: p.ClientMsg) -> None:
        with contextlib.suppress(HostGone):
            await self._request(msg)

    def act(self, action: Action) -> None:
        self.ask(p.Act(type="act", action=to_dict(action)))

    def close(self) -> None:
        """Say bye, stop the thread and close its loop (quitting: the host keeps the seat for a rejoin)."""
        if not self.thread.is_alive():
            return  # never started (no loop), or stopped (its thread closed its loop)
        self.closing = True

        async def bye() -> None:
            if self.conn is not None:
                with contextlib.suppress(Exception):
                    await self.conn.send(p.Bye(type="bye"))
                await self.conn.close()
            if self.runner is not None:
                self.runner.cancel()
                with contextlib.suppress(BaseException):
                    await self.runner

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(bye(), self.loop).result(2)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(2)

    def snapshot(self) -> tuple[p.State | None, list[str], PlayerView | None]:
        """The latest state, the log in this player's words, and the seat's view (read together)."""
        with self.lock:
            return self.told.state, list(self.told.lines), self.told.view

    def events(self) -> list[ev.Event]:
        with self.lock:
            return list(self.told.events)


# ---------------------------------------------------------------------- the Fight over the network


class RemoteFeed:
    """The Fight screen's feed (``tagteam.play.feeds.FightSource``) read from what the host sent.

    ``step`` asks the host for the next Turn and waits for the answer, so the Fight screen steps as it
    does over a local Session; the returned events are only the markers the screen looks for (the end
    of the Fight step or of the game). The host sends data (the events, where the Fight stands, why it
    stopped); the words of every event, the heading, the pause and the recap are written here, in this
    player's language, with the same functions as a local game (``tagteam.play.feeds``, ``tagteam.words``)."""

    label = ""

    def __init__(self, client: NetClient) -> None:
        self.client = client
        self.error = ""
        self.gone = False  # the host is unreachable: nothing can be stepped (ends any stepping loop)

    def _state(self) -> p.State:
        state = self.client.snapshot()[0]
        assert state is not None  # the app shows no game screen before the first state
        return state

    @property
    def names(self) -> tuple[str, str]:
        return player_names(self._state().names)  # "Player 1" in this screen's language

    def view(self) -> PlayerView:
        view = self.client.snapshot()[2]
        assert view is not None
        return view

    def can_step(self) -> bool:
        return self._state().can_step and not self.gone

    def step(self) -> list[ev.Event]:
        return self._ask(skip=False)

    def skip(self) -> None:
        """The rest of the Fight step in one message (one round trip, not one per Turn)."""
        self._ask(skip=True)

    def _ask(self, skip: bool) -> list[ev.Event]:
        state = self._state()
        try:
            answer = self.client.request(p.StepMsg(type="step", at=state.version, skip=skip))
        except HostGone as e:
            self.error = str(e)
            self.gone = True
            return [ev.FightEnded(round=state.view.round)]  # stops a skip loop: nothing more will come
        if isinstance(answer, p.Error):
            self.error = answer.text
            return []
        if isinstance(answer, p.State) and answer.ended:
            if answer.over:
                v = answer.view
                return [ev.GameOver(winner=v.winner if v.winner is not None else -1, reason="")]
            return [ev.FightEnded(round=answer.view.round)]
        return []

    def lines(self) -> list[str]:
        return list(self.client.snapshot()[1])

    def events(self) -> list[ev.Event]:
        return self.client.events()

    def revealed(self) -> dict[int, tuple[int, bool]]:
        return {seat: (inst, flipped) for seat, inst, flipped in self._state().revealed}

    def pause(self) -> Pause | None:
        """The host's pause as ``tagteam.play.feeds.Pause`` (the game's outcome read from the log's last event)."""
        state = self._state()
        wire = state.pause
        if wire is None:
            return None
        if wire.why == "character":
            return Pause("character", player=player_name(state.names[wire.seat]) if wire.seat is not None else "")
        if wire.why == "over":
            events = self.client.events()
            over = next((e for e in reversed(events) if isinstance(e, ev.GameOver)), None)
            detail = wl.over_detail(over, self.view().table) if over is not None else ""
            return Pause("over", outcome=detail or state.view.over_reason)
        return Pause("build")

    def recap(self) -> list[str]:
        """The Fight's recap at the end of a Fight step or of the game, from the log and this seat's view, as a
        local game says it (``tagteam.play.feeds.pause_recap``): the same events and view give the same claims."""
        from tagteam.play.recap import fight_recap

        why = self.pause()
        view = self.view()
        if why is None or why.why == "character" or view.table is None or view.round == 0:
            return []
        return fight_recap(self.client.events(), view.table, view, self.names)

    def heading(self) -> Heading:
        h = self._state().heading
        return Heading(h.round, h.turn)

    def notices(self, state: p.State) -> list[str]:
        """A state's notices in this player's words (the events it names, as a local game announces them)."""
        events = self.client.events()
        table = self.client.snapshot()[2]
        tab = table.table if table is not None else None
        return [wl.describe(events[n.event], tab, state.names) for n in state.notices if n.event < len(events)]

    def problem(self) -> str:
        text, self.error = self.error, ""
        return text
