"""The client side: a connection that only asks, the state it was last told, and a Fight feed over it.

``Connection`` is plain asyncio (tests drive it directly). ``NetClient`` runs one in a background thread
with its own loop, so the Textual app can make a blocking request (a Fight step answers like a local
one) while pushed updates arrive as Textual messages; it reconnects to the same seat after a drop.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field

from tagteam.engine import events as ev
from tagteam.engine.actions import Action, to_dict
from tagteam.engine.view import PlayerView
from tagteam.flow import Facts
from tagteam.net import protocol as p
from tagteam.net.server import TOO_LONG, LineReader

PING_EVERY = 5.0  # seconds between pings, well inside the server's idle timeout
SILENT_HOST = 20.0  # no line at all from the host for this long: the connection is dead
REQUEST_TIMEOUT = 10.0
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 5.0, 5.0)  # about 20 seconds of trying


class HostGone(ConnectionError):
    """The host said goodbye or stopped answering; ``str()`` is the one line to show."""


# ---------------------------------------------------------------------- one connection


class Connection:
    """A joined seat: send a message, receive parsed server messages. Everything incoming is validated."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.lines = LineReader(reader, p.MAX_SERVER_LINE)
        self.ids = itertools.count(1)

    @classmethod
    async def open(cls, host: str, port: int, timeout: float = 5.0) -> Connection:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=p.MAX_SERVER_LINE), timeout
            )
        except TimeoutError:
            raise HostGone(f"no answer from {host}:{port}") from None
        except OSError as e:
            raise HostGone(f"cannot reach {host}:{port} ({e.strerror or e})") from None
        return cls(reader, writer)

    async def send(self, msg: p.ClientMsg) -> int | None:
        """Send one message (its id is filled in when it has none); returns the id."""
        if msg.id is None and not isinstance(msg, p.Ping):
            msg.id = next(self.ids)
        self.writer.write(p.encode(msg))
        await self.writer.drain()
        return msg.id

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are (the hostile-client tests)."""
        self.writer.write(data)
        await self.writer.drain()

    async def recv(self, timeout: float = SILENT_HOST) -> p.ServerMsg:
        """The next message; HostGone at the end of the stream, on silence, or on a malformed line."""
        try:
            line = await self.lines.next(timeout)
        except TimeoutError:
            raise HostGone("the host stopped answering") from None
        except (ConnectionError, OSError):
            raise HostGone("the connection to the host was lost") from None
        if line is None:
            raise HostGone("the connection to the host was lost")
        if line is TOO_LONG or not isinstance(line, bytes):
            raise HostGone("the host sent a message over the size limit")
        try:
            return p.parse_server(line)
        except p.ProtocolError as e:
            raise HostGone(f"the host sent a bad message ({e})") from None

    async def join(self, code: str, seat: int | None = None, token: str | None = None) -> p.Welcome:
        """Say hello; the welcome names the seat (a refusal raises HostGone with the host's reason)."""
        await self.send(p.Hello(type="hello", version=p.PROTOCOL_VERSION, code=code, seat=seat, token=token))
        msg = await self.recv(10.0)
        if isinstance(msg, p.Goodbye):
            raise HostGone(f"refused: {msg.text}")
        if not isinstance(msg, p.Welcome):
            raise HostGone("the host did not welcome us")
        return msg

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)


# ---------------------------------------------------------------------- what this seat was told


@dataclass
class Told:
    """The latest state the host sent, the whole public log in words, and this seat's view rebuilt."""

    state: p.State | None = None
    lines: list[str] = field(default_factory=list)
    view: PlayerView | None = None

    def apply(self, state: p.State) -> None:
        """Take a state; raises ProtocolError when it does not fit (log gap, unknown Fighters)."""
        if state.lines_from == 0:
            lines = list(state.lines)
        elif state.lines_from == len(self.lines):
            lines = self.lines + list(state.lines)
        else:
            raise p.ProtocolError(f"lines_from: {state.lines_from} but {len(self.lines)} lines are known")
        self.view = p.player_view(state.view, state.teams)
        self.lines = lines
        self.state = state


def facts(state: p.State) -> Facts:
    """The flow's facts (``tagteam.flow.Facts``) from what the host told this seat."""
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
        on_message: Callable[[p.ServerMsg | HostGone | str], None],
        *,
        seat: int | None = None,
        token: str | None = None,
    ) -> None:
        self.host, self.port, self.code = host, port, code
        self.seat, self.token = seat, token
        self.on_message = on_message
        self.told = Told()
        self.lock = threading.Lock()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="tagteam-client", daemon=True)
        self.conn: Connection | None = None
        self.waiting: dict[int, asyncio.Future[p.ServerMsg]] = {}
        self.closing = False
        self.runner: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Connect and join (blocking, up to a few seconds); HostGone with one line when it cannot."""
        self.thread.start()
        fut = asyncio.run_coroutine_threadsafe(self._connect(), self.loop)
        try:
            fut.result(15)
        except BaseException:
            self.loop.call_soon_threadsafe(self.loop.stop)
            raise
        asyncio.run_coroutine_threadsafe(self._start_runner(), self.loop).result(5)

    async def _start_runner(self) -> None:
        self.runner = asyncio.get_running_loop().create_task(self._run())

    async def _connect(self) -> None:
        conn = await Connection.open(self.host, self.port)
        try:
            welcome = await conn.join(self.code, self.seat if self.token is None else None, self.token)
        except BaseException:
            await conn.close()
            raise
        self.seat = welcome.seat
        self.conn = conn

    async def _run(self) -> None:
        """Read, dispatch and ping; after a drop, rejoin the same seat a few times before giving up."""
        while not self.closing:
            conn = self.conn
            assert conn is not None
            pinger = asyncio.get_running_loop().create_task(self._ping(conn))
            goodbye: str | None = None
            try:
                while goodbye is None:
                    msg = await conn.recv()
                    if isinstance(msg, p.Goodbye):
                        goodbye = msg.text
                    else:
                        self._dispatch(msg)
                lost = goodbye
            except HostGone as e:
                lost = str(e)
            pinger.cancel()
            await conn.close()
            self._fail_waiting(lost)
            if self.closing:
                return
            if goodbye is not None:  # the host said why: no point in knocking again
                self.on_message(HostGone(goodbye))
                return
            if not await self._reconnect():
                self.on_message(HostGone(f"{lost}; could not rejoin"))
                return

    async def _reconnect(self) -> bool:
        self.on_message("Connection lost: rejoining…")
        for delay in RECONNECT_DELAYS:
            await asyncio.sleep(delay)
            if self.closing:
                return False
            try:
                await self._connect()
            except HostGone as e:
                if str(e).startswith("refused"):
                    self.on_message(HostGone(str(e)))
                    return False
                continue
            self.on_message("Rejoined the game.")
            return True
        return False

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
                    raise HostGone(f"the host sent a bad state ({e})") from None
        re = getattr(msg, "re", None)
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
            raise HostGone("not connected")
        msg.id = next(conn.ids)
        fut: asyncio.Future[p.ServerMsg] = asyncio.get_running_loop().create_future()
        self.waiting[msg.id] = fut
        try:
            await conn.send(msg)
        except (ConnectionError, OSError):
            self.waiting.pop(msg.id, None)
            raise HostGone("the connection to the host was lost") from None
        return await fut

    def request(self, msg: p.ClientMsg, timeout: float = REQUEST_TIMEOUT) -> p.ServerMsg:
        """Send and wait for the answer (a state or an error line); HostGone when none comes."""
        if not self.thread.is_alive():
            raise HostGone("not connected")
        fut: Future[p.ServerMsg] = asyncio.run_coroutine_threadsafe(self._request(msg), self.loop)
        try:
            return fut.result(timeout)
        except TimeoutError:
            fut.cancel()
            raise HostGone("the host did not answer in time") from None

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
        """Say bye and stop the thread (quitting: the host keeps the seat for a rejoin)."""
        if not self.thread.is_alive():
            return
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
        with self.lock:
            return self.told.state, self.told.lines, self.told.view


# ---------------------------------------------------------------------- the Fight over the network


class RemoteFeed:
    """The Fight screen's feed (``tagteam.feeds.FightSource``) read from what the host sent.

    ``step`` asks the host for the next Turn and waits for the answer, so the Fight screen steps as it
    does over a local Session; the returned events are only the markers the screen looks for (the end
    of the Fight step or of the game): the words of every event, the pause and the recap arrive as
    lines the host computed with the same functions as a local game (``tagteam.feeds``)."""

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
        return self._state().names

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
            answer = self.client.request(p.Step(type="step", at=state.version, skip=skip))
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

    def revealed(self) -> dict[int, tuple[int, bool]]:
        return {seat: (inst, flipped) for seat, inst, flipped in self._state().revealed}

    def pause(self) -> str:
        return self._state().pause

    def recap(self) -> list[str]:
        return list(self._state().recap)

    def heading(self) -> str:
        return self._state().heading

    def problem(self) -> str:
        text, self.error = self.error, ""
        return text
