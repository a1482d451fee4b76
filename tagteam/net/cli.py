"""``tagteam host`` and ``tagteam join``: check the flags, start the server and/or the player's app.

Every problem a person can cause (a taken port, a bad address, a wrong code, no autosave) is one line
on stderr; a bad flag or input exits with status 2, a host that cannot be reached with status 1.
"""

from __future__ import annotations

import ipaddress
import secrets
import sys
import time

from tagteam.jsonfile import printable
from tagteam.net import protocol as p

EXIT_BAD_INPUT = 2
EXIT_NO_HOST = 1
LOOPBACK = "127.0.0.1"


def _err(text: str) -> None:
    print(f"tagteam: error: {printable(text, 300)}", file=sys.stderr)


def parse_target(text: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``; raises ValueError with one line."""
    text = text.strip()
    if not text or len(text) > 255:
        raise ValueError("expected HOST or HOST:PORT")
    port = p.DEFAULT_PORT
    host = text
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"{printable(text, 60)!r}: missing ']' after an IPv6 address")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{printable(text, 60)!r}: expected :PORT after ']'")
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _, tail = text.partition(":")
        port = _port(tail)
    if not host or any(ch.isspace() or not ch.isprintable() for ch in host):
        raise ValueError(f"{printable(text, 60)!r}: not a host name")
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or len(text) > 5 or not 1 <= int(text) <= 65535:
        raise ValueError(f"port {printable(text, 20)!r}: expected a whole number from 1 to 65535")
    return int(text)


def _is_loopback(addr: str) -> bool:
    if addr == "localhost":
        return True
    try:
        return ipaddress.ip_address(addr).is_loopback
    except ValueError:
        return False


def host(
    port: int, bind: str, serve_only: bool, seed: int | None, mode: str, resume: bool
) -> int:
    """Serve one game (and play seat 0 here unless ``serve_only``); returns the exit status."""
    from tagteam import saves
    from tagteam.engine.record import RecordError
    from tagteam.engine.session import Session
    from tagteam.games import Seeds, new_session
    from tagteam.net.server import GameServer, ServerThread, new_code

    saves.clean_stale_temps()
    seeds = Seeds(seed)
    if resume:
        path = saves.autosave_path()
        try:
            session = Session.from_record(saves.load(path))
        except RecordError as e:
            _err(str(e) if path.exists() else f"no autosaved game to resume ({path})")
            return EXIT_BAD_INPUT
        if session.record.solo is not None:
            _err("the autosaved game is solo practice against a bot; resume it with: tagteam --resume")
            return EXIT_BAD_INPUT
    else:
        session = new_session(mode, seeds.next())  # the first-game rule lives in tagteam.games, once
    code = new_code()
    token = None if serve_only else secrets.token_hex(16)
    lines: list[str] = []

    def log(line: str) -> None:
        if serve_only:
            print(line, flush=True)
        else:
            lines.append(line)

    server = GameServer(
        session, code, reserved={0: token} if token else None, autosave=saves.autosave, seeds=seeds, log=log
    )
    runner = ServerThread(server)
    try:
        bound = runner.start(bind, port)
    except OSError as e:
        _err(f"cannot listen on {bind}:{port} ({e.strerror or e})")
        return EXIT_BAD_INPUT
    where = bind if not _is_loopback(bind) else "localhost"
    print(f"Hosting Tag Team on {bind}:{bound}. Join code: {code}")
    who = "Both players run" if serve_only else "The other player runs"
    print(f"{who}: tagteam join {where}:{bound} --code {code}")
    if not _is_loopback(bind):
        print("Note: the connection is not encrypted; over the internet, use SSH port forwarding (see README).")
    if serve_only:
        try:
            while runner.thread.is_alive():
                time.sleep(0.5)
        finally:
            runner.stop()
        return 0
    local = LOOPBACK if bind in ("0.0.0.0", "::", "") or _is_loopback(bind) else bind
    try:
        return _play(local, bound, code, None, token, show_code=code)
    finally:
        runner.stop()


def join(target: str, code: str, seat: int | None) -> int:
    """Join a hosted game from this terminal."""
    try:
        where, port = parse_target(target)
    except ValueError as e:
        _err(str(e))
        return EXIT_BAD_INPUT
    if not code.strip() or len(code) > 32:
        _err("--code: expected the join code the host printed (e.g. K7QF-M2XD)")
        return EXIT_BAD_INPUT
    return _play(where, port, code, seat, None)


def _play(where: str, port: int, code: str, seat: int | None, token: str | None, show_code: str = "") -> int:
    from tagteam.net.client import HostGone, NetClient
    from tagteam.net.client_app import NetApp

    holder: list[NetApp] = []

    def deliver(item: p.ServerMsg | HostGone | str) -> None:
        if holder:
            holder[0].deliver(item)

    client = NetClient(where, port, code, deliver, seat=seat, token=token)
    app = NetApp(client, code=show_code)
    holder.append(app)
    try:
        client.start()
    except HostGone as e:
        _err(str(e))
        return EXIT_BAD_INPUT if "refused" in str(e) else EXIT_NO_HOST
    try:
        app.run()
    finally:
        client.close()
    if app.goodbye:
        print(printable(app.goodbye, 300))
    return 0
