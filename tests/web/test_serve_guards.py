"""What ``tagteam serve`` lets a page reach, checked over real sockets without a browser: the cap on pages,
a closed page's process ending, other sites' pages and names refused, no file listing, one line for a bad
address. (The pages themselves are played in Chromium in ``test_serve_browser.py``.)"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from tagteam.cli.serve import banner
from tagteam.web.pages import SLOT_WAIT
from tagteam.web.server import same_site
from tests.web.browser import children, serve, wait_until

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


async def _first_bytes(ws: aiohttp.ClientWebSocketResponse, timeout: float) -> bytes:
    msg = await ws.receive(timeout)
    assert msg.type == aiohttp.WSMsgType.BINARY, msg
    return bytes(msg.data)


def _answering(ws: aiohttp.ClientWebSocketResponse) -> asyncio.Task[None]:
    """Read a page's socket in the background, as a browser does: aiohttp answers the server's pings only
    while its socket is read, and the server drops a page that answers none for a few seconds."""

    async def read() -> None:
        while not ws.closed:
            if (await ws.receive()).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                return

    return asyncio.ensure_future(read())


def test_the_cap_refuses_a_page_over_it_and_a_closed_pages_process_ends(tmp_path: Path) -> None:
    with serve(tmp_path, "--max-pages", "1") as (proc, port):
        base = f"http://localhost:{port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                first = await http.ws_connect(f"{base}/ws/join", origin=base)
                assert await _first_bytes(first, 20)  # the join app's first frame
                reading = _answering(first)
                assert len(children(proc.pid)) == 1
                second = await http.ws_connect(f"{base}/ws/play", origin=base)
                refused = await _first_bytes(second, SLOT_WAIT + 10)
                assert b"The 1 page this server allows is open" in refused
                assert (await second.receive(5)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert len(children(proc.pid)) == 1  # no process was started for the refused page
                await first.close()
                reading.cancel()
                await asyncio.to_thread(wait_until, lambda: not children(proc.pid), "the page's process to end")

        asyncio.run(asyncio.wait_for(go(), 60))
    assert proc.stdout is not None
    said = proc.stdout.read()
    assert "killed" not in said, said  # the app ended by itself within its grace (a clock would fail under load)


async def _shown(ws: aiohttp.ClientWebSocketResponse, *wants: bytes, timeout: float = 60) -> bytes:
    """What the page's terminal was sent, once it holds one of ``wants`` (bounded only to fail, not to pace)."""
    seen = b""
    async with asyncio.timeout(timeout):
        while not any(w in seen for w in wants):
            msg = await ws.receive()
            assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), (msg, seen[-2000:])
            seen += msg.data if isinstance(msg.data, bytes) else msg.data.encode()
    return seen


TITLE, TAKEN = b"First game", b"already running"


def test_a_reload_read_new_page_first_plays_and_a_second_tab_is_told_the_game_is_running(tmp_path: Path) -> None:
    """A reload's new socket may reach the server before the old one's close: the new page still gets the
    game, not the lock of the page it replaces. A second tab (the first stays open) is told why it cannot."""
    with serve(tmp_path) as (proc, port):
        base = f"http://localhost:{port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                first = await http.ws_connect(f"{base}/ws/play", origin=base)
                assert TITLE in await _shown(first, TITLE)  # its process holds the home now
                reading = _answering(first)
                tab = await http.ws_connect(f"{base}/ws/play", origin=base)
                assert TAKEN in await _shown(tab, TITLE, TAKEN)
                await tab.close()
                reload = await http.ws_connect(f"{base}/ws/play", origin=base)
                await first.close()  # only now: the order a loaded server may read a reload's two sockets in
                reading.cancel()
                shown = await _shown(reload, TITLE, TAKEN)
                assert TITLE in shown and TAKEN not in shown
                await reload.close()
                await asyncio.to_thread(wait_until, lambda: not children(proc.pid), "the pages' processes to end")

        asyncio.run(asyncio.wait_for(go(), 180))


def test_other_sites_pages_and_names_and_the_file_listing_are_refused(tmp_path: Path) -> None:
    with serve(tmp_path) as (proc, port):
        base = f"http://localhost:{port}"

        async def go() -> None:
            async with aiohttp.ClientSession() as http:
                async with http.get(f"{base}/join") as r:
                    assert r.status == 200 and "/ws/" in await r.text()
                async with http.get(f"{base}/", headers={"Host": f"attacker.example:{port}"}) as r:
                    assert r.status == 403  # a rebound name pointed at 127.0.0.1 gets nothing
                async with http.get(f"{base}/static/") as r:
                    assert r.status in (403, 404)  # no listing of the server's files
                async with http.get(f"{base}/static/js/textual.js") as r:
                    assert r.status == 200
                for path, origin, status in (
                    ("/ws/play", "http://attacker.example", 403),  # another site's page
                    ("/ws/sh", base, 404),  # only the two fixed pages exist
                ):
                    try:
                        await http.ws_connect(f"{base}{path}", origin=origin)
                    except aiohttp.WSServerHandshakeError as e:
                        assert e.status == status
                    else:
                        raise AssertionError(f"{path} from {origin} was accepted")
            assert not children(proc.pid)  # none of these started a process

        asyncio.run(asyncio.wait_for(go(), 30))


def test_same_site_is_this_servers_own_page_only() -> None:
    assert same_site("http://localhost:8000", "localhost:8000")
    assert same_site("https://example.org", "example.org")
    assert not same_site("http://localhost:8001", "localhost:8000")
    assert not same_site("http://evil.example", "localhost:8000")
    assert not same_site("null", "localhost:8000")
    assert not same_site("file:///x", "localhost:8000")


def test_a_bind_beyond_this_machine_is_said_in_one_line() -> None:
    local = banner("127.0.0.1", 8000, 4)
    assert local[0].startswith("Tag Team in the browser: http://localhost:8000/")
    assert not any("not encrypted" in line for line in local)
    wide = banner("0.0.0.0", 8000, 4)
    notes = [line for line in wide if "not encrypted" in line]
    assert len(notes) == 1 and "anyone who can reach port 8000" in notes[0] and "join code" in notes[0]


def test_a_taken_port_is_one_line_and_status_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run(
            [sys.executable, "-m", "tagteam", "serve", "--port", str(port)],
            capture_output=True, text=True, timeout=30, env={"TAGTEAM_HOME": str(tmp_path), "PATH": ""},
        )
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and f"cannot listen on 127.0.0.1:{port}" in r.stderr
    assert "Traceback" not in r.stderr
