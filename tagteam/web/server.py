"""The page server: textual-serve's ``Server``, narrowed to two fixed pages, a cap, and checks on who asks.

textual-serve gives the terminal in the page (xterm.js), the websocket and one app process per page. What
it leaves open, and this module closes (see docs/web.md, "What the page can reach"):

- the command: textual-serve runs a shell command string; here each page runs ``pages.argv(kind)`` with
  no shell, and the page only picks the kind by its address (``/`` or ``/join``);
- a cap: textual-serve starts a process for every websocket; here ``pages.Slots`` allows ``max_pages``;
- the end of a page: textual-serve asks the app to quit and waits for ever; here a process that has not
  ended ``GRACE`` seconds after its page closed is killed;
- who may open a page: a websocket from another site's page (its ``Origin`` differs) is refused, and on a
  loopback bind so is a request whose ``Host`` is not a loopback name (DNS rebinding);
- the static folder is served without its file listing, and the page loads nothing from elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
from asyncio.subprocess import PIPE, Process
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server
from yarl import URL

from tagteam.web.pages import KINDS, Slots, argv

GRACE = 10.0  # seconds a closed page's process has to autosave and end before it is killed
HEARTBEAT = 15.0  # seconds between websocket pings: a page whose browser vanished is noticed
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
TITLE = "Tag Team"

log = logging.getLogger("tagteam.web")


class PageService(AppService):
    """One page's app process, started from a fixed argument list (never a shell) and killable."""

    def __init__(self, kind: str, **kw: Any) -> None:
        self.argv = argv(kind)
        super().__init__(" ".join(self.argv), **kw)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        env = self._build_environment(width=width, height=height)
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

    def kill(self) -> None:
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()


class PageServer(Server):
    """Serves ``/`` (the whole app) and ``/join`` (a seat in a hosted game), ``max_pages`` at a time."""

    def __init__(self, host: str, port: int, max_pages: int, loopback: bool) -> None:
        super().__init__(" ".join(argv("play")), host=host, port=port, title=TITLE)
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
                web.get("/download/{key}", self.handle_download),  # a file the app itself offers (a screenshot)
                web.static("/static", self.statics_path, show_index=False),
            ]
        )
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """On a loopback bind, only a loopback ``Host``: another site's name pointed at 127.0.0.1 gets nothing."""
        if self.loopback and request.url.host not in LOOPBACK_NAMES:
            raise web.HTTPForbidden(text="This server answers pages opened as localhost only.\n")
        return await handler(request)

    async def handle_page(self, request: web.Request) -> web.Response:
        kind = "join" if request.path == "/join" else "play"
        try:
            font = min(max(int(request.query.get("fontsize", "16")), 8), 40)
        except ValueError:
            font = 16
        return web.Response(text=page_html(kind, font), content_type="text/html")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        kind = request.match_info["kind"]
        if kind not in KINDS:
            raise web.HTTPNotFound()
        origin = request.headers.get("Origin")
        if origin is not None and not same_site(origin, request.host):
            raise web.HTTPForbidden(text="A page from another site cannot open a game here.\n")
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT)
        await ws.prepare(request)
        self.sockets.add(ws)
        try:
            slot = await self.slots.take(kind)
            if slot is None:
                full = f"\r\n  All {self.slots.cap} pages this server allows are open: close one, then reload.\r\n"
                await ws.send_bytes(full.encode())
                await ws.close()
                return ws
            try:
                await self._run_page(ws, request, kind, slot)
            finally:
                await self.slots.release(slot)
        finally:
            self.sockets.discard(ws)
        return ws

    async def _run_page(self, ws: web.WebSocketResponse, request: web.Request, kind: str, slot: int) -> None:
        width = _cells(request.query.get("width"), 80)
        height = _cells(request.query.get("height"), 24)
        service = PageService(
            kind, write_bytes=ws.send_bytes, write_str=ws.send_str, close=ws.close,
            download_manager=self.download_manager,
        )
        try:
            await service.start(width, height)
            if service.pid is not None:
                self.pids[slot] = service.pid
            await self._process_messages(ws, service)
        except Exception as error:  # a page that misbehaves ends its own game only
            log.warning("page %s ended: %r", slot, error)
        finally:
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
            await web.TCPSite(runner, self.host, self.port).start()
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


def _cells(text: str | None, default: int) -> int:
    """A terminal size from the page's query, kept sane (the app draws a 'too small' notice below 80x24)."""
    try:
        return min(max(int(text or default), 1), 1000)
    except ValueError:
        return default


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
    the words as that language."""
    from tagteam.words.lang import language

    page = PAGE.replace("{lang}", language()).replace("{title}", html.escape(TITLE))
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
<script src="/static/js/textual.js"></script>
</head>
<body>
<div id="terminal" class="textual-terminal" data-font-size="{font}"></div>
<div id="ended" role="status">This page's game has ended. <a href="">Start again</a></div>
<script>
document.getElementById("terminal").dataset.sessionWebsocketUrl =
  (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/{kind}";
</script>
</body>
</html>
"""
