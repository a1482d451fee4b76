"""Addresses and connection failures as a person reads them, in English and in French.

The host's log printed a peer as a Python tuple ("Player 2 joined from ('127.0.0.1', 47756)"), and a failed join
printed asyncio's own sentence ("cannot reach localhost:8999 (Connect call failed ('127.0.0.1', 8999))").
"""

from __future__ import annotations

import errno
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagteam.engine.session import Session
from tagteam.net.client import Connection, HostGone
from tagteam.net.guard import Limits, host_port, peer_text
from tagteam.net.oserrors import connect_reason, errno_of, listen_reason
from tagteam.net.server import GameServer
from tagteam.words.lang import set_language
from tagteam.words.net import cannot_listen, gone
from tests.net.helpers import CODE, LOOPBACK, Player, run, serve
from tests.words.spaces import plain


def test_a_peer_reads_as_host_colon_port_and_an_ipv6_one_in_brackets() -> None:
    assert peer_text(("127.0.0.1", 47756)) == "127.0.0.1:47756"
    assert peer_text(("::1", 47756, 0, 0)) == "[::1]:47756"
    assert host_port("localhost", 8210) == "localhost:8210"
    assert host_port("::", 8210) == "[::]:8210"


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.ip_addresses().map(str), st.text(max_size=80)), st.integers(0, 65535))
def test_any_peer_reads_as_one_short_printable_address_never_a_tuple(host: str, port: int) -> None:
    text = peer_text((host, port))
    assert text.endswith(f":{port}") and text.isprintable() and len(text) <= 64 + 3 + 5
    assert f"{host!r}, {port}" not in text  # never the tuple's spelling ("('127.0.0.1', 47756)"), whatever the host


def free_port() -> int:
    """A loopback port nothing listens on (bound a moment, then closed)."""
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
    return port


def joined_line(lang: str, bind: str) -> str:
    set_language(lang)
    lines: list[str] = []

    async def go() -> None:
        server = await serve(log=lines.append) if bind == LOOPBACK else await _serve_on(bind, lines)
        player = await Player.join(server) if bind == LOOPBACK else await _join(server, bind)
        await player.conn.close()

    run(go())
    joined = [line for line in lines if "1" in line and ("joined" in line or "rejoint" in line)]
    assert len(joined) == 1, lines
    return joined[0]


async def _serve_on(bind: str, lines: list[str]) -> GameServer:
    server = GameServer(Session.new(7, draft="standard"), CODE, limits=Limits(), log=lines.append)
    await server.start(bind, 0)
    from tests.net.helpers import OPENED

    OPENED.append(server)
    return server


async def _join(server: GameServer, bind: str) -> Player:
    conn = await Connection.open(bind, server.port)
    player = Player(conn, -1)
    welcome = await conn.join(CODE)
    player.seat = welcome.seat
    await player.state()
    return player


@pytest.mark.parametrize(("lang", "start"), [("en", "Player 1 joined from "), ("fr", "Le Joueur 1 a rejoint depuis ")])
def test_the_hosts_log_names_a_joined_peer_by_its_address_and_port(lang: str, start: str) -> None:
    line = joined_line(lang, LOOPBACK)
    assert re.fullmatch(re.escape(start) + r"127\.0\.0\.1:\d{1,5}", line), line


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="no IPv6 loopback here")
def test_an_ipv6_peer_is_in_brackets_in_the_log() -> None:
    line = joined_line("en", "::1")
    assert re.fullmatch(r"Player 1 joined from \[::1\]:\d{1,5}", line), line


def refused_text(lang: str) -> str:
    set_language(lang)
    port = free_port()

    async def go() -> str:
        try:
            await Connection.open(LOOPBACK, port)
        except HostGone as e:
            return str(e)
        raise AssertionError("something answered")

    return run(go()).replace(str(port), "P")


def test_a_join_with_nothing_listening_says_so_in_words_in_each_language() -> None:
    english = refused_text("en")
    assert english == "nothing answered at 127.0.0.1:P: the connection was refused (no game is hosted on that port)"
    french = refused_text("fr")
    assert plain(french).startswith("aucune réponse de 127.0.0.1:P : connexion refusée"), french
    for text in (english, french):
        assert "Connect call" not in text and "('" not in text


def test_the_common_reasons_are_said_in_words() -> None:
    many = OSError("Multiple exceptions: [Errno 111] Connect call failed ('::1', 8999, 0, 0), "
                   "[Errno 111] Connect call failed ('127.0.0.1', 8999)")
    assert errno_of(many) == errno.ECONNREFUSED and connect_reason(many) == "conn_refused"
    assert connect_reason(socket.gaierror(socket.EAI_NONAME, "Name or service not known")) == "no_name"
    assert connect_reason(OSError(errno.ENETUNREACH, "x")) == "no_route"
    assert connect_reason(OSError(errno.EHOSTUNREACH, "x")) == "no_route"
    assert connect_reason(OSError(errno.ETIMEDOUT, "x")) == "no_answer"
    assert connect_reason(TimeoutError()) == "no_answer"
    assert listen_reason(OSError(errno.EADDRINUSE, "x")) == "port_in_use"
    assert listen_reason(OSError(errno.EACCES, "x")) == "port_forbidden"
    where = "example.invalid:8210"
    lines = {code: gone(code, where=where, host="example.invalid", why="?")
             for code in ("no_answer", "conn_refused", "no_name", "no_route")}
    assert lines["no_name"] == "nothing answered at example.invalid:8210: no machine named example.invalid was found"
    assert "timed out" in lines["no_answer"] and "cannot be reached" in lines["no_route"]
    set_language("fr")
    assert plain(gone("no_name", where=where, host="example.invalid")) == (
        "aucune réponse d'example.invalid:8210 : aucune machine nommée example.invalid n'a été trouvée")
    assert "délai" in gone("no_answer", where=where) and "injoignable" in gone("no_route", where=where)
    in_use = plain(cannot_listen("port_in_use", "127.0.0.1:80"))
    assert in_use.startswith("impossible d'écouter sur 127.0.0.1:80 : ce port")
    assert "administrateur" in cannot_listen("port_forbidden", "127.0.0.1:80")


def tagteam(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tagteam", *args], capture_output=True, text=True, timeout=60,
        env={"TAGTEAM_HOME": str(tmp_path), "PATH": "", "LANG": "C.UTF-8"},
    )


@pytest.mark.parametrize(("lang", "words"), [("en", "nothing answered at 127.0.0.1:P: the connection was refused"),
                                             ("fr", "aucune réponse de 127.0.0.1:P : connexion refusée")])
def test_tagteam_join_with_nothing_listening_is_one_worded_line_and_status_1(
    tmp_path: Path, lang: str, words: str
) -> None:
    port = free_port()
    r = tagteam(tmp_path, "--lang", lang, "join", f"127.0.0.1:{port}", "--code", "ABCD-EFGH")
    assert r.returncode == 1, r.stderr
    line = plain(r.stderr.strip().replace(str(port), "P"))
    assert "\n" not in line and words in line and "Connect call" not in line, line


@pytest.mark.parametrize(("lang", "words"), [("en", "that port is already in use"), ("fr", "ce port est déjà utilisé")])
def test_tagteam_host_on_a_taken_port_is_one_worded_line_and_status_2(tmp_path: Path, lang: str, words: str) -> None:
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = tagteam(tmp_path, "--lang", lang, "host", "--serve-only", "--bind", LOOPBACK, "--port", str(port))
    assert r.returncode == 2, r.stderr
    line = r.stderr.strip()
    assert "\n" not in line and f"127.0.0.1:{port}" in line and words in line, line


def test_the_hosts_own_log_lines_are_in_its_language() -> None:
    from tagteam.net.guard import Guard, Quiet
    from tagteam.words.net import host_line, host_said, terminal_line

    said: list[str] = []
    now = [0.0]
    guard = Guard(Limits(), said.append, lambda: now[0])
    guard.wrong("127.0.0.1")
    assert said == ["wrong join code from 127.0.0.1"]
    set_language("fr")
    said.clear()
    now[0] += 3600
    guard.wrong("127.0.0.1")
    assert said == ["mauvais code pour rejoindre venant de 127.0.0.1"]
    quiet = Quiet(said.append, lambda: now[0], 60)
    said.clear()
    quiet.say("x", "une ligne")
    quiet.say("x", "une ligne")
    now[0] += 61
    quiet.say("x", "une ligne")
    assert said == ["une ligne", "une ligne (1 autre pareille depuis la dernière)"]
    cut = host_line("bytes", address="[::1]:5", rate=40_000)
    assert cut == "[::1]:5 coupé\u00a0: plus de 40\u202f000 octets par seconde"  # French groups with a narrow space
    assert plain(host_said("Le Joueur 2 est parti")) == "hôte : Le Joueur 2 est parti"
    assert plain(terminal_line("la connexion à l'hôte a été perdue")) == "tagteam : la connexion à l'hôte a été perdue"
    assert plain(terminal_line("L'hôte a quitté la partie.")) == "tagteam : l'hôte a quitté la partie."
