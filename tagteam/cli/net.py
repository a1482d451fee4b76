"""``tagteam host`` and ``tagteam join``: check the flags, start the server and/or the player's app.

The server, the protocol and the Textual client load only when a command runs (``tagteam --help`` stays light,
and ``tagteam.net`` never imports the client's app).

Every problem a person can cause (a taken port, a bad address, a wrong code, no autosave) is one line
on stderr. Exit statuses: 0 the player quit (or the host was stopped by Ctrl-C, SIGTERM or SIGHUP, after
its goodbye and autosave); 1 the host could not be reached, was lost, or quit during the game; 2 a bad
flag or input, or the join was refused; 3 the game stopped on an unexpected error (a crash).
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TextIO

from tagteam.cli import parsing
from tagteam.cli.home import EXIT_HOME_IN_USE, hold_home
from tagteam.ground.jsonfile import printable
from tagteam.net.address import BadTarget, is_loopback, parse_target
from tagteam.net.guard import host_port
from tagteam.net.hostlog import HostLog
from tagteam.net.oserrors import listen_reason, why
from tagteam.play.modes import MODES
from tagteam.words import inputs
from tagteam.words.lang import N_, _
from tagteam.words.lists import error_line
from tagteam.words.net import bad_target, cannot_listen, host_said, terminal_line
from tagteam.words.net import gone as gone_words
from tagteam.words.seal import host_sealed

if TYPE_CHECKING:
    from textual.app import App

    from tagteam.net import protocol as p
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


MODE_WORDS = {
    "first": N_("the rulebook's first-game teams, no draft"),
    "free": N_("each player picks two Fighters freely"),
    "standard": N_("the Standard Draft"),
    "competitive": N_("the Competitive Draft"),
}
HOST_PORT = 8765  # tagteam.net.protocol.DEFAULT_PORT, the port join assumes (a test keeps the two equal)


def register(commands: parsing.Commands) -> None:
    """``tagteam host [...]`` and ``tagteam join HOST[:PORT] --code CODE [--seat N]``."""
    host_ = commands.add_parser(
        "host",
        help=_("host a game for a friend on another machine (prints a join code)"),
        description=_(
            "Host a game over the network: prints a join code, and this terminal plays Player 1 "
            "(unless --serve-only). The friend runs tagteam join with this machine's name and the code."
        ),
        epilog=parsing.example(
            "tagteam host --bind 0.0.0.0 --mode standard",
            "tagteam join HOSTNAME --code K7QF-M2XD      " + _("(on the friend's machine)"),
        ),
    )
    host_.add_argument(
        "--port",
        type=parsing.whole(1, 65535),
        default=HOST_PORT,
        metavar="PORT",
        help=_("port to listen on (default: %(default)s)"),
    )
    host_.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDR",
        help=_("address to listen on (default: %(default)s, this machine only; 0.0.0.0: every network, e.g. a LAN)"),
    )
    host_.add_argument(
        "--serve-only", action="store_true", help=_("play no seat here: both players join (default: play Player 1)")
    )
    host_.add_argument(
        "--seed",
        type=parsing.seed,
        default=None,
        dest="host_seed",
        metavar="SEED",
        help=_("seed for a reproducible game (default: a random seed)"),
    )
    host_.add_argument(
        "--mode",
        choices=MODES,
        default="first",
        metavar="MODE",
        help=_("how the teams are chosen: {modes} (default: %(default)s)").format(modes=_modes()),
    )
    host_.add_argument(
        "--resume", action="store_true", dest="host_resume", help=_("host the autosaved game (default: a new game)")
    )
    host_.set_defaults(run=_host)

    join_ = commands.add_parser(
        "join",
        help=_("join a hosted game: tagteam join HOST[:PORT] --code CODE"),
        description=_("Join a game that someone hosts with tagteam host, using the join code it printed."),
        epilog=parsing.example("tagteam join 192.168.1.20 --code K7QF-M2XD"),
    )
    join_.add_argument(
        "target",
        metavar="HOST[:PORT]",
        help=parsing.Late(
            _("the host machine's name or address, and its port (default port: {JOIN_PORT}; IPv6: [ADDR]:PORT)"),
            JOIN_PORT=_join_port,
        ),
    )
    join_.add_argument("--code", required=True, metavar="CODE", help=_("the join code the host printed (required)"))
    join_.add_argument(
        "--seat",
        type=parsing.whole(1, 2),
        default=None,
        metavar="SEAT",
        help=_("rejoin as Player 1 or 2 (default: the free seat)"),
    )
    join_.set_defaults(run=_join)


def _modes() -> str:
    return "; ".join(f"{m} ({_(MODE_WORDS[m]) if m in MODE_WORDS else m})" for m in MODES)


def _join_port() -> str:
    """The port ``join`` assumes when HOST has none."""
    from tagteam.net.protocol import DEFAULT_PORT

    return str(DEFAULT_PORT)


def _host(args: argparse.Namespace) -> int:
    if not hold_home():
        return EXIT_HOME_IN_USE
    port: int = args.port
    bind: str = args.bind
    serve_only: bool = args.serve_only
    seed: int | None = args.host_seed
    mode: str = args.mode
    resume: bool = args.host_resume
    return host(port=port, bind=bind, serve_only=serve_only, seed=seed, mode=mode, resume=resume)


def _join(args: argparse.Namespace) -> int:
    target: str = args.target
    code: str = args.code
    seat: int | None = args.seat
    return join(target, code, None if seat is None else seat - 1)


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
    where = bind if not is_loopback(bind) else "localhost"
    # TRANSLATORS: the host's banner; a test and a benchmark read "Join code: CODE" in English
    print(_("Hosting Tag Team on {where}. Join code: {code}").format(where=host_port(bind, bound), code=code))
    command = f"tagteam join {host_port(where, bound)} --code {code}"
    if serve_only:
        print(_("Both players run: {command}").format(command=command))
    else:
        print(_("The other player runs: {command}").format(command=command))
    if not is_loopback(bind):
        print(host_sealed())
    sys.stdout.flush()
    log.start()
    if serve_only:
        return _serve_until_stopped(runner, log, stop)
    local = LOOPBACK if bind in ("0.0.0.0", "::", "") or is_loopback(bind) else bind
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
    from tagteam.net.protocol import DEFAULT_PORT

    try:
        where, port = parse_target(target, DEFAULT_PORT)
    except BadTarget as e:
        _err(bad_target(e.code, e.text))
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
