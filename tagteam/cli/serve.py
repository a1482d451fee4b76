"""``tagteam serve``: the game in a browser page, through textual-serve (``tagteam.web``).

textual-serve and its web server come with the ``web`` extra (``pip install 'tagteam-terminal[web]'``); without
them the command says so in one line. Localhost only by default; ``--bind`` says in one line what that opens.
Exit status 0 after Ctrl-C, SIGTERM or SIGHUP (every open page's game is autosaved and its process ended
first), 2 when the address cannot be listened on or the web extra is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import ssl
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from tagteam.cli import parsing
from tagteam.ground.jsonfile import printable
from tagteam.net.address import is_loopback
from tagteam.net.guard import host_port
from tagteam.net.oserrors import listen_reason, why
from tagteam.words.lang import _, ngettext
from tagteam.words.lists import error_line
from tagteam.words.net import cannot_listen, no_web
from tagteam.words.seal import page_reachable, page_sealed, page_unsealed_warning, tls_problem

if TYPE_CHECKING:
    from tagteam.web.server import PageServer

EXIT_OK = 0
EXIT_BAD_INPUT = 2
OURS = ("tagteam", "textual", "rich")  # always installed: a module of these missing is a fault, not the web extra


def register(commands: parsing.Commands) -> None:
    """``tagteam serve [--port PORT] [--bind ADDR] [--tls-cert FILE --tls-key FILE] [--max-pages N]``."""
    serve = commands.add_parser(
        "serve",
        help=_("play in a browser page (localhost only unless --bind)"),
        description=_(
            "Serve the game as a browser page, one game process per open page; it prints the address to open."
        ),
        epilog=parsing.example(
            "tagteam serve --port 8000         " + _("(then open {address})").format(address="http://localhost:8000")
        ),
    )
    serve.add_argument(
        "--port",
        type=parsing.whole(0, 65535),
        default=8000,
        dest="serve_port",
        metavar="PORT",
        help=_("port to listen on; 0: any free port (default: %(default)s)"),
    )
    serve.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDR",
        dest="serve_bind",
        help=_("address to listen on (default: %(default)s, this machine only; 0.0.0.0 opens it to the network)"),
    )
    serve.add_argument(
        "--tls-cert",
        default=None,
        metavar="FILE",
        help=_("certificate (PEM) to serve the page over HTTPS and WSS, with --tls-key (default: none, plain HTTP)"),
    )
    serve.add_argument(
        "--tls-key",
        default=None,
        metavar="FILE",
        help=_("the certificate's private key (PEM), with --tls-cert (default: none)"),
    )
    serve.add_argument(
        "--max-pages",
        type=parsing.whole(1, 64),
        default=4,
        metavar="N",
        help=_("browser pages open at once, one process each (default: %(default)s)"),
    )
    serve.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    port: int = args.serve_port
    bind: str = args.serve_bind
    max_pages: int = args.max_pages
    cert: str | None = args.tls_cert
    key: str | None = args.tls_key
    return run(port=port, bind=bind, max_pages=max_pages, tls=(cert, key) if cert or key else None)


def _url(host: str, port: int, encrypted: bool = False) -> str:
    scheme = "https" if encrypted else "http"
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | str:
    """The server's TLS context from a PEM certificate and its key, or why not in one line."""
    if not cert or not key:
        return tls_problem("half", "")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except ssl.SSLError as e:  # not a PEM certificate, a key that is not its own: the library's short reason
        return tls_problem("unusable", printable(cert, 80), printable(e.reason or e.strerror or str(e), 120))
    except OSError as e:  # no such file, not allowed
        return tls_problem("unusable", printable(e.filename or cert, 80), why(e))
    return context


def run(port: int, bind: str, max_pages: int, tls: tuple[str | None, str | None] | None = None) -> int:
    """Serve until stopped (over HTTPS with ``tls``, a certificate and its key); returns the exit status."""
    context = tls_context(*tls) if tls is not None else None
    if isinstance(context, str):
        print(error_line(context, prog="tagteam serve"), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        from tagteam.web.server import PageServer
    except ModuleNotFoundError as e:  # the web extra is not installed: one line that says how to add it
        if e.name is None or e.name.partition(".")[0] in OURS:
            raise
        print(error_line(no_web(e.name.partition(".")[0].replace("_", "-")), prog="tagteam serve"), file=sys.stderr)
        return EXIT_BAD_INPUT
    loopback = is_loopback(bind)  # the same test as `tagteam host --bind`
    server = PageServer(bind, port, max_pages, loopback, ssl_context=context)

    def ready(addresses: list[tuple[str, int]]) -> None:
        bound = addresses[0][1] if addresses else port
        for line in banner(bind, bound, max_pages, encrypted=context is not None):
            print(line)
        sys.stdout.flush()
        if context is None and not loopback:
            print(page_unsealed_warning(bound), file=sys.stderr, flush=True)

    try:
        asyncio.run(_serve(server, ready))
    except OSError as e:  # a taken or forbidden port, an address this machine has not: one line in words
        line = cannot_listen(listen_reason(e), host_port(printable(bind, 80), port), why(e))
        print(error_line(line), file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def banner(bind: str, port: int, max_pages: int, encrypted: bool = False) -> list[str]:
    """What ``tagteam serve`` prints once it listens: the two pages, the cap, whether the page is encrypted
    (said unless it never leaves this machine), and what a non-local bind opens."""
    loopback = is_loopback(bind)
    where = _url("localhost" if loopback else bind, port, encrypted)
    lines = [
        # TRANSLATORS: tagteam serve's banner; {url} is the page's address, e.g. http://localhost:8000
        _("Tag Team in the browser: {url}/  (the whole game: hot-seat, solo, continue)").format(url=where),
        _("A seat in a hosted game: {url}/join  (with `tagteam host` running on this machine)").format(url=where),
        ngettext(
            "Up to {count} page at once. Ctrl-C stops the server (each open game is autosaved).",
            "Up to {count} pages at once. Ctrl-C stops the server (each open game is autosaved).",
            max_pages,
        ).format(count=max_pages),
    ]
    if encrypted:
        lines.append(page_sealed())
    if not loopback and encrypted:
        lines.append(page_reachable(port))
    elif not loopback:
        lines.append(
            _(
                "Note: the page is not encrypted, and anyone who can reach port {port} can open a game "
                "(and its saves) here; a hosted game is still guarded by its join code."
            ).format(port=port)
        )
    return lines


async def _serve(server: PageServer, ready: Callable[[list[tuple[str, int]]], None]) -> None:
    """Run until a signal asks to stop: Ctrl-C, SIGTERM and SIGHUP all close the pages the same way."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
    await server.run(ready, stop)
