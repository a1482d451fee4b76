"""``tagteam host`` and ``tagteam join``: check the flags, start the server and/or the player's app.

Every problem a person can cause (a taken port, a bad address, a wrong code, no autosave) is one line
on stderr. Exit statuses: 0 the player quit (or the host was stopped by Ctrl-C, SIGTERM or SIGHUP, after
its goodbye and autosave); 1 the host could not be reached, was lost, or quit during the game; 2 a bad
flag or input, or the join was refused; 3 the game stopped on an unexpected error (a crash).
"""

from __future__ import annotations

import contextlib
import ipaddress
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TextIO

from tagteam.ground.jsonfile import printable
from tagteam.net import protocol as p
from tagteam.net.guard import host_port
from tagteam.net.hostlog import HostLog
from tagteam.net.oserrors import listen_reason, why
from tagteam.words import inputs
from tagteam.words.lang import _
from tagteam.words.lists import error_line
from tagteam.words.net import cannot_listen, host_said, terminal_line
from tagteam.words.net import gone as gone_words

if TYPE_CHECKING:
    from textual.app import App

    from tagteam.net.client import Retrying
    from tagteam.net.server import ServerThread

EXIT_OK = 0
EXIT_NO_HOST = 1
EXIT_BAD_INPUT = 2
EXIT_CRASH = 3
LOOPBACK = "127.0.0.1"
QUIT = "quit"  # the goodbye's reason codes (tagteam.words.net.REASONS): each player reads them in their words
CRASHED = "crashed"


def _err(text: str) -> None:
    print(error_line(printable(text, 300)), file=sys.stderr)  # "tagteam : erreur : ..." in French


def parse_target(text: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``; raises ValueError with one line."""
    text = text.strip()
    if not text or len(text) > 255:
        raise ValueError(_("expected HOST or HOST:PORT"))
    port = p.DEFAULT_PORT
    host = text
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(_("{target}: missing ']' after an IPv6 address").format(target=repr(printable(text, 60))))
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(_("{target}: expected :PORT after ']'").format(target=repr(printable(text, 60))))
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _colon, tail = text.partition(":")
        port = _port(tail)
    if not host or any(ch.isspace() or not ch.isprintable() for ch in host):
        raise ValueError(_("{target}: not a host name").format(target=repr(printable(text, 60))))
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or len(text) > 5 or not 1 <= int(text) <= 65535:
        raise ValueError(
            _("port {port}: expected a whole number from 1 to 65535").format(port=repr(printable(text, 20)))
        )
    return int(text)


def _is_loopback(addr: str) -> bool:
    if addr == "localhost":
        return True
    try:
        return ipaddress.ip_address(addr).is_loopback
    except ValueError:
        return False


def host(port: int, bind: str, serve_only: bool, seed: int | None, mode: str, resume: bool) -> int:
    """Serve one game (and play seat 0 here unless ``serve_only``); returns the exit status."""
    from tagteam.engine.record import RecordError
    from tagteam.engine.session import Session
    from tagteam.net.server import GameServer, ServerThread, new_code, secret_seed
    from tagteam.play.games import new_session
    from tagteam.store import saves
    from tagteam.words import saves as saves_words

    saves.clean_stale_temps()
    if resume:
        path = saves.autosave_path()
        try:
            session = Session.from_record(saves.load(path))
        except RecordError as e:
            _err(inputs.line(e) if path.exists() else _("no autosaved game to resume ({path})").format(path=path))
            return EXIT_BAD_INPUT
        if session.record.solo is not None:
            _err(_("the autosaved game is solo practice against a bot; resume it with: tagteam --resume"))
            return EXIT_BAD_INPUT
    else:
        # the first-game rule lives in tagteam.play.games, once; --seed N makes this first game reproducible
        # (its host chose it), every rematch is dealt from a secret seed (GameServer._rematch)
        session = new_session(mode, seed if seed is not None else secret_seed())
    code = new_code()
    token = None if serve_only else secrets.token_hex(16)
    log = HostLog(_stdout_fd() if serve_only else None)  # never blocks the server, whatever the terminal does
    server = GameServer(
        session,
        code,
        reserved={0: token} if token else None,
        autosave=lambda rec: saves_words.notice(saves.autosave(rec)),
        log=log,
    )
    runner = ServerThread(server)
    try:
        bound = runner.start(bind, port)
    except OSError as e:  # a taken or forbidden port, an address this machine has not: said in words
        _err(cannot_listen(listen_reason(e), host_port(bind, port), why(e)))
        return EXIT_BAD_INPUT
    stop = Stop()
    with _stop_signals(stop, also_interrupt=serve_only):  # from now on a signal stops it as Ctrl-Q does
        return _run_host(runner, log, bind, bound, code, token, serve_only, stop)


def _run_host(
    runner: ServerThread,
    log: HostLog,
    bind: str,
    bound: int,
    code: str,
    token: str | None,
    serve_only: bool,
    stop: Stop,
) -> int:
    where = bind if not _is_loopback(bind) else "localhost"
    # TRANSLATORS: the host's banner; a test and a benchmark read "Join code: CODE" in English
    print(_("Hosting Tag Team on {where}. Join code: {code}").format(where=host_port(bind, bound), code=code))
    command = f"tagteam join {host_port(where, bound)} --code {code}"
    if serve_only:
        print(_("Both players run: {command}").format(command=command))
    else:
        print(_("The other player runs: {command}").format(command=command))
    if not _is_loopback(bind):
        print(_("Note: the connection is not encrypted; over the internet, use SSH port forwarding (see README)."))
    sys.stdout.flush()
    log.start()
    if serve_only:
        return _serve_until_stopped(runner, log, stop)
    local = LOOPBACK if bind in ("0.0.0.0", "::", "") or _is_loopback(bind) else bind
    status = EXIT_CRASH
    try:
        status = _play(local, bound, code, None, token, stop, show_code=code)
        return status
    finally:
        runner.stop(CRASHED if status == EXIT_CRASH else QUIT)
        log.close()
        for line in list(log.tail)[-5:]:  # what the host saw while the game had the screen
            _say(host_said(line), sys.stdout)


def _stdout_fd() -> int | None:
    try:
        return sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # no real stdout (embedded, captured): keep the tail only
        return None


def _serve_until_stopped(runner: ServerThread, log: HostLog, stop: Stop) -> int:
    """Serve until Ctrl-C, SIGTERM or SIGHUP; then the goodbye to both players and the autosave."""
    try:
        while runner.thread.is_alive() and not stop.asked.wait(0.5):
            pass
    finally:
        runner.stop(QUIT)
        log.close()
    return EXIT_OK


class Stop:
    """A stop asked for by a signal: remembered, and passed on to the player's app once there is one."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.app: App[int] | None = None

    def __call__(self, signum: int) -> None:
        self.asked.set()
        if self.app is not None:  # not from here: a signal handler runs inside the app's own loop
            threading.Thread(target=self._exit_app, args=(self.app,), daemon=True).start()

    def _exit_app(self, app: App[int]) -> None:
        for _attempt in range(100):  # the app may still be starting: try for about 10 s
            try:
                app.call_from_thread(app.exit, 0)
                return
            except RuntimeError:  # not running yet
                threading.Event().wait(0.1)
            except Exception:  # already gone: nothing to stop
                return


@contextlib.contextmanager
def _stop_signals(stop: Callable[[int], None], also_interrupt: bool = False) -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP (and SIGINT with ``also_interrupt``) call ``stop`` instead of
    killing the process, so the players get the goodbye and the game is autosaved, as with Ctrl-Q."""
    names = ["SIGTERM", "SIGHUP"] + (["SIGINT"] if also_interrupt else [])
    sigs = [sig for name in names if (sig := getattr(signal, name, None)) is not None]
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {sig: signal.signal(sig, lambda signum, _frame: stop(signum)) for sig in sigs}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def join(target: str, code: str, seat: int | None) -> int:
    """Join a hosted game from this terminal."""
    try:
        where, port = parse_target(target)
    except ValueError as e:
        _err(str(e))
        return EXIT_BAD_INPUT
    if not code.strip() or len(code) > 32:
        _err(_("--code: expected the join code the host printed (e.g. {example})").format(example="K7QF-M2XD"))
        return EXIT_BAD_INPUT
    stop = Stop()
    with _stop_signals(stop):
        return _play(where, port, code, seat, None, stop)


def _play(
    where: str, port: int, code: str, seat: int | None, token: str | None, stop: Stop, show_code: str = ""
) -> int:
    """One seat's app until it ends; the exit status says how (see the module docstring)."""
    from tagteam.net.client import HostGone, NetClient
    from tagteam.remote.client_app import NetApp

    holder: list[NetApp] = []

    def deliver(item: p.ServerMsg | HostGone | Retrying | str) -> None:
        if holder:
            holder[0].deliver(item)

    client = NetClient(where, port, code, deliver, seat=seat, token=token)
    app = NetApp(client, code=show_code)
    holder.append(app)
    countdown = _Countdown(sys.stderr)
    try:
        client.start(on_wait=countdown)
    except HostGone as e:
        countdown.done()
        _err(str(e))
        return EXIT_BAD_INPUT if e.refused else EXIT_NO_HOST
    countdown.done()
    result: int | None = None
    stop.app = app
    try:
        if not stop.asked.is_set():
            result = app.run()
    except Exception as e:  # the terminal went away under the app (SIGHUP), or a crash
        if not stop.asked.is_set():
            _err(_("the game stopped on an unexpected error: {error}").format(error=repr(e)))
            return EXIT_CRASH
    finally:
        client.close()
    return _status(result, app.return_code, app.goodbye, stop.asked.is_set(), app.refused)


def _status(result: int | None, return_code: int | None, goodbye: str, signalled: bool, refused: bool = False) -> int:
    """The exit status of a seat's app, and its one line on stderr when the game did not end by quitting."""
    from tagteam.remote.client_app import EXIT_HOST_GONE  # what NetApp exits with when the host is gone

    if signalled:
        return EXIT_OK
    gone = EXIT_HOST_GONE in (result, return_code)
    if return_code not in (0, None) and not gone:
        _err(_("the game stopped on an unexpected error (see above)"))
        return EXIT_CRASH
    if gone:
        _say(terminal_line(goodbye or gone_words("lost")), sys.stderr)
        return EXIT_BAD_INPUT if refused else EXIT_NO_HOST
    return EXIT_OK


class _Countdown:
    """ "Trying again in N s" on the terminal before the game's screen is up: one line rewritten each second on a
    terminal, one line per wait elsewhere (a log file gets no carriage returns)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = False
        try:
            self.tty = stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False

    def __call__(self, wait: Retrying) -> None:
        line = printable(terminal_line(wait.text), 300)
        with contextlib.suppress(OSError, ValueError):
            if self.tty:
                self.stream.write(f"\r\x1b[K{line}")
                self.stream.flush()
                self.shown = True
            elif not self.shown or wait.seconds == 1:
                print(line, file=self.stream, flush=True)
                self.shown = wait.seconds != 1

    def done(self) -> None:
        """End the rewritten line, so what comes next starts on its own."""
        if self.tty and self.shown:
            with contextlib.suppress(OSError, ValueError):
                self.stream.write("\n")
                self.stream.flush()
        self.shown = False


def _say(text: str, stream: TextIO) -> None:
    with contextlib.suppress(OSError, ValueError):  # a terminal that is gone (SIGHUP)
        print(printable(text, 300), file=stream, flush=True)
