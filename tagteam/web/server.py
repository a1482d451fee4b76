"""The page server: textual-serve's ``Server``, narrowed to two fixed pages, a cap, and checks on who asks.

textual-serve gives the terminal in the page (xterm.js), the websocket and one app process per page. What
it leaves open, and this module closes (see docs/web.md, "What the page can reach"):

- the command: textual-serve runs a shell command string; here each page runs ``pages.argv(kind)`` with
  no shell, and the page only picks the kind by its address (``/`` or ``/join``);
- a cap: textual-serve starts a process for every websocket; here ``pages.Slots`` allows ``max_pages``;
- the end of a page: textual-serve asks the app to quit and waits for ever, and stops reading the app's
  output when a write to the page fails; here the page's connection is bounded both ways (``link.Link``:
  a write that stalls for ``link.STALL`` s or fails ends the page, and the app's output is read and thrown
  away from then on, so the app always reaches its quit), a page that stops answering pings is dropped
  after ``HEARTBEAT`` s and a half, and a process that has not ended ``GRACE`` seconds later is killed;
- what a page sends: one known message at a time, bounded in size, its terminal size clamped as the
  query's is (``link.read_messages``); a malformed ``Host`` is a 400;
- who may open a page: a websocket from another site's page (its ``Origin`` differs) is refused, and on a
  loopback bind so is a request whose ``Host`` is not a loopback name (DNS rebinding);
- the static folder is served without its file listing, and the page loads nothing from elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import ssl
from asyncio.subprocess import PIPE, Process
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from yarl import URL

from tagteam.store.paths import home_in_use
from tagteam.web import notices
from tagteam.web.link import MAX_MESSAGE, Link, cells, read_messages
from tagteam.web.pages import ADDRESS_ENV, ADDRESS_META, KINDS, Slots, address, argv

GRACE = 6.0  # seconds a closed page's process has to autosave and end before it is killed
HEARTBEAT = 4.0  # seconds of silence before a ping; no pong within half of it and the page is dropped
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?")
TITLE = "Tag Team"

log = logging.getLogger("tagteam.web")


class PageService(AppService):
    """One page's app process, started from a fixed argument list (never a shell) and killable."""

    def __init__(self, kind: str, join_address: str | None = None, **kw: Any) -> None:
        self.argv = argv(kind)
        self.join_address = join_address  # checked (pages.address): the address a reloaded /join page kept
        super().__init__(" ".join(self.argv), **kw)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        env = self._build_environment(width=width, height=height)
        env.pop(ADDRESS_ENV, None)
        if self.join_address is not None:
            env[ADDRESS_ENV] = self.join_address
        process = await asyncio.create_subprocess_exec(*self.argv, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=env)
        assert process.stdin is not None
        self._process, self._stdin = process, process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def exited(self) -> None:
        """Until the process has exited (its exit status collected)."""
        if self._process is not None:
            await self._process.wait()

    async def on_meta(self, data: bytes) -> None:
        """The join page's app says which address it joined: the page keeps it in its own address bar."""
        try:
            meta = json.loads(data)
        except ValueError:
            return
        if isinstance(meta, dict) and meta.get("type") == ADDRESS_META:
            said = address(meta.get("address"))
            if said is not None:
                await self.remote_write_str(json.dumps([ADDRESS_META, said]))
            return
        await super().on_meta(data)

    def kill(self) -> None:
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()


class PageServer(Server):
    """Serves ``/`` (the whole app) and ``/join`` (a seat in a hosted game), ``max_pages`` at a time."""

    def __init__(
        self, host: str, port: int, max_pages: int, loopback: bool, ssl_context: ssl.SSLContext | None = None
    ) -> None:
        super().__init__(" ".join(argv("play")), host=host, port=port, title=TITLE)
        self.ssl_context = ssl_context  # the page over HTTPS and WSS (``tagteam serve --tls-cert --tls-key``)
        self.slots = Slots(max_pages)
        self.loopback = loopback
        self.sockets: set[web.WebSocketResponse] = set()
        self.pids: dict[int, int] = {}  # a live page's slot -> its process id (the tests watch these)

    # ------------------------------------------------------------------ routes

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.add_routes(
            [
                web.get("/", self.handle_page),
                web.get("/join", self.handle_page),
                web.get("/ws/{kind}", self.handle_websocket),
                web.get("/ws/{kind}/{address}", self.handle_websocket),  # a reloaded /join page's address
                web.get("/download/{key}", self.handle_download),  # a file the app itself offers (a screenshot)
                web.static("/static", self.statics_path, show_index=False),
            ]
        )
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """A ``Host`` that is one name and a port, else 400; on a loopback bind, a loopback name only (another
        site's name pointed at 127.0.0.1 gets nothing)."""
        name = host_name(request.headers.get("Host", ""))
        if name is None:
            raise web.HTTPBadRequest(text=notices.bad_host() + "\n")
        if self.loopback and name not in LOOPBACK_NAMES:
            raise web.HTTPForbidden(text=notices.localhost_only() + "\n")
        return await handler(request)

    async def handle_page(self, request: web.Request) -> web.Response:
        kind = "join" if request.path == "/join" else "play"
        font = min(max(cells(request.query.get("fontsize"), 16), 8), 40)
        return web.Response(text=page_html(kind, font), content_type="text/html")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        kind = request.match_info["kind"]
        if kind not in KINDS:
            raise web.HTTPNotFound()
        origin = request.headers.get("Origin")
        if origin is not None and not same_site(origin, request.host):
            raise web.HTTPForbidden(text="A page from another site cannot open a game here.\n")
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        link = Link(ws, request.transport)
        self.sockets.add(ws)
        try:
            slot = await self.slots.take(kind)
            if slot is None:
                await _say(link, notices.all_pages_open(self.slots.cap))
                return ws
            try:
                if kind == "play" and home_in_use():  # told at once, and the slot is free again at once
                    await _say(link, notices.already_running())
                    return ws
                await self._run_page(ws, request, link, kind, slot)
            finally:
                await self.slots.release(slot)
        finally:
            link.drop("")
            self.sockets.discard(ws)
        return ws

    async def _run_page(
        self, ws: web.WebSocketResponse, request: web.Request, link: Link, kind: str, slot: int
    ) -> None:
        """Run the page's app until the page goes (closed, reset, silent, stalled) or the app ends."""
        size = (cells(request.query.get("width"), 80), cells(request.query.get("height"), 24))
        said = address(request.match_info.get("address")) if kind == "join" else None
        service = PageService(
            kind, join_address=said, write_bytes=link.write_bytes, write_str=link.write_str, close=link.close,
            download_manager=self.download_manager,
        )
        try:
            await service.start(*size)
            if service.pid is not None:
                self.pids[slot] = service.pid
            waits = [
                asyncio.ensure_future(read_messages(ws, service, link, size)),
                asyncio.ensure_future(link.gone.wait()),
                asyncio.ensure_future(service.exited()),
            ]
            try:
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in waits:
                    waiting.cancel()
                for waiting in waits:
                    with contextlib.suppress(BaseException):
                        await waiting
        except Exception as error:  # a page that misbehaves ends its own game only
            log.warning("page %s ended: %r", slot, error)
        finally:
            await link.close()  # from here on the app's frames are thrown away: it can always reach its quit
            await self.slots.closing(slot)
            await _end(service)
            self.pids.pop(slot, None)

    # ------------------------------------------------------------------ running

    async def run(self, ready: Callable[[list[tuple[str, int]]], None], stop: asyncio.Event) -> None:
        """Listen until ``stop`` is set, then close every page (each process autosaves and ends)."""
        runner = web.AppRunner(
            await self._make_app(), access_log=None, handle_signals=False, shutdown_timeout=GRACE + 5
        )
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port, ssl_context=self.ssl_context).start()
            ready([(str(a[0]), int(a[1])) for a in runner.addresses])
            await stop.wait()
            for ws in list(self.sockets):
                await ws.close()  # each page's handler ends its process; cleanup waits for the handlers
        finally:
            await runner.cleanup()


async def _end(service: PageService) -> None:
    """Ask the page's app to quit and wait for its process to have exited; kill it after ``GRACE`` seconds.

    textual-serve's ``stop`` returns when the app's output ends, which can be a moment before the process
    has exited and so before the kernel lets its home lock go. The slot is released only after this returns,
    so a reloaded page's new process never meets the lock of the page it replaces."""
    async def ended() -> None:
        await service.stop()
        await service.exited()

    stopping = asyncio.ensure_future(ended())
    done, _ = await asyncio.wait({stopping}, timeout=GRACE)
    if not done:
        log.warning("a page's process did not end in %.0f s: killed", GRACE)
        service.kill()
        with contextlib.suppress(Exception):
            await stopping
    await service.exited()


async def _say(link: Link, text: str) -> None:
    """One notice in the page's terminal instead of a game, then the page is closed."""
    await link.write_bytes(("\r\n  " + text.replace("\n", "\r\n  ") + "\r\n").encode())
    await link.close()


def host_name(header: str) -> str | None:
    """The name a ``Host`` header asks for (``[::1]`` as ``::1``, lower case), or None when the header is not
    one name with an optional port of 1-65535 (``localhost:abc``, ``localhost:99999``, two names)."""
    found = HOST.fullmatch(header.strip())
    if found is None or (found[2] is not None and not 0 < int(found[2]) < 65536):
        return None
    return found[1].strip("[]").lower()


def same_site(origin: str, host: str) -> bool:
    """Whether a websocket's ``Origin`` is this server's own page (the Host it was asked by)."""
    try:
        a = URL(origin)
        if a.scheme not in ("http", "https") or a.host is None:
            return False
        b = URL(f"{a.scheme}://{host}")
    except ValueError:
        return False
    return (a.host, a.port) == (b.host, b.port)


def page_html(kind: str, font: int) -> str:
    """The page: the terminal, sized to the window, connected to this page's own websocket path; its ``lang``
    is the game's language (``--lang``, the setting, the environment), so a browser and a screen reader read
    the words as that language (as HTML writes a tag: "zh-Hans", not CLDR's "zh_Hans")."""
    from tagteam.words.lang import language

    page = PAGE.replace("{lang}", language().replace("_", "-")).replace("{title}", html.escape(TITLE))
    ended, again = notices.page_ended()
    page = page.replace("{ended}", html.escape(ended, quote=False)).replace("{again}", html.escape(again, quote=False))
    page = page.replace("{address_meta}", ADDRESS_META)
    return page.replace("{kind}", kind).replace("{font}", str(font))


PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/css/xterm.css">
<style>
@font-face { font-family: "Roboto Mono"; src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf"); }
html, body { margin: 0; padding: 0; background: #0c181f; color: #f0f0f0; overflow: hidden; }
.textual-terminal { width: 100vw; height: 100vh; }
#ended { display: none; position: fixed; inset: 0; align-items: center; justify-content: center;
  font: 16px "Roboto Mono", monospace; background: rgba(12, 24, 31, 0.85); }
body.-closed #ended { display: flex; }
#ended a { color: #56b4e9; margin-left: 1ch; }
</style>
<script>
// A /join page keeps the address its seat joined in its own URL (?address=localhost:8210), so a reload
// offers it again: the server sends ["tagteam-address", ADDRESS] on the page's socket after a join.
(() => {
  const Native = window.WebSocket;
  function Kept(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string" || !event.data.startsWith('["{address_meta}"')) return;
      const said = JSON.parse(event.data)[1];
      history.replaceState(null, "", location.pathname + "?address=" + encodeURIComponent(said));
    });
    return socket;
  }
  Kept.prototype = Native.prototype;
  Object.assign(Kept, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Kept;
})();
</script>
<script src="/static/js/textual.js"></script>
</head>
<body>
<div id="terminal" class="textual-terminal" data-font-size="{font}"></div>
<div id="ended" role="status">{ended} <a href="">{again}</a></div>
<script>
(() => {
  const kept = "{kind}" === "join" ? new URLSearchParams(location.search).get("address") : null;
  document.getElementById("terminal").dataset.sessionWebsocketUrl =
    (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/{kind}" +
    (kept ? "/" + encodeURIComponent(kept) : "");
})();
</script>
</body>
</html>
"""
