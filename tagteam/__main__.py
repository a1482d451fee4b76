"""The ``tagteam`` command line: the game by default, plus cards, sandbox, bench, arena and replay tools."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from tagteam.jsonfile import printable


class _Parser(argparse.ArgumentParser):
    """Bad flags get one clear line and exit status 2, never a traceback or a wall of usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


MAX_SEED = 2**63 - 1  # what a save file can hold
EXIT_INTERRUPTED = 130  # the shell's convention for a program ended by Ctrl-C (128 + SIGINT)
EXIT_PIPE_CLOSED = 141  # ... and for one whose reader went away (128 + SIGPIPE), as `yes | head -1` gives
EXIT_HOME_IN_USE = 1
GUARDED = (None, "replay", "host")  # the commands that play, and so autosave: one per home at a time


def _whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number in [minimum, maximum]; the error names the true bounds."""

    def parse(text: str) -> int:
        bounds = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        try:
            v = int(text.strip()) if len(text) <= 40 else None  # int() of a 5,000-digit string is slow
        except ValueError:
            v = None
        if v is None:
            raise argparse.ArgumentTypeError(f"expected a whole number {bounds}, got {printable(text, 60)!r}")
        if v < minimum or (maximum is not None and v > maximum):
            raise argparse.ArgumentTypeError(f"expected a whole number {bounds}, got {v}")
        return v

    parse.__name__ = "whole number"
    return parse


_seed = _whole(0, MAX_SEED)
_at_least_1 = _whole(1)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tagteam", description="Tag Team in the terminal: hot-seat and solo practice.")
    p.add_argument("--seed", type=_seed, help="seed for a reproducible game")
    p.add_argument("--resume", action="store_true", help="continue the autosaved game")
    p.add_argument("--load", metavar="FILE", help="continue a saved game from FILE")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    cards = sub.add_parser("cards", help="check or show the card data")
    csub = cards.add_subparsers(dest="cards_command", required=True, parser_class=_Parser)
    chk = csub.add_parser("check", help="validate card JSON (a file or a folder; default: the shipped data)")
    chk.add_argument("path", nargs="?")
    show = csub.add_parser("show", help="print a Fighter's board and cards")
    show.add_argument("fighter")

    sb = sub.add_parser("sandbox", help="resolve a position from a JSON file (rules questions)")
    sb.add_argument("file")
    sb.add_argument("--turns", type=_at_least_1, default=None, help="resolve N Turns (default: the whole Fight step)")
    sb.add_argument("--json", action="store_true", help="print events and final state as JSON")

    bench = sub.add_parser("bench", help="random full games per second (engine speed)")
    bench.add_argument("--games", type=_at_least_1, default=3000)
    bench.add_argument("--seed", type=_seed, default=0, dest="bench_seed")
    bench.add_argument("--fighters", default=None, help="comma-separated Fighter ids to draw teams from")
    bench.add_argument("--repeat", type=_at_least_1, default=3, help="runs of the same games (median and best)")

    arena = sub.add_parser("arena", help="bot-against-bot matches with a win-rate matrix")
    arena.add_argument("--bots", default="random,easy,normal,hard")
    arena.add_argument("--games", type=_at_least_1, default=100)
    arena.add_argument("--seed", type=_seed, default=0, dest="arena_seed")
    arena.add_argument("--jobs", type=_at_least_1, default=1)

    rp = sub.add_parser("replay", help="watch a saved game")
    rp.add_argument("file")

    host = sub.add_parser("host", help="host a game for a friend on another machine (prints a join code)")
    host.add_argument("--port", type=_whole(1, 65535), default=8765)
    host.add_argument("--bind", default="127.0.0.1", metavar="ADDR", help="address to listen on (LAN: 0.0.0.0)")
    host.add_argument("--serve-only", action="store_true", help="only serve: both players join")
    host.add_argument("--seed", type=_seed, default=None, dest="host_seed")
    host.add_argument("--mode", choices=("first", "free", "standard", "competitive"), default="first")
    host.add_argument("--resume", action="store_true", dest="host_resume", help="host the autosaved game")
    join = sub.add_parser("join", help="join a hosted game: tagteam join HOST[:PORT] --code CODE")
    join.add_argument("target", metavar="HOST[:PORT]")
    join.add_argument("--code", required=True)
    join.add_argument("--seat", type=_whole(1, 2), default=None, help="rejoin as Player 1 or 2")
    serve = sub.add_parser("serve", help="play in a browser page (localhost only unless --bind)")
    serve.add_argument(
        "--port", type=_whole(0, 65535), default=8000, dest="serve_port", metavar="P", help="default 8000; 0: any free"
    )
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDR", dest="serve_bind", help="address to listen on")
    serve.add_argument(
        "--max-pages", type=_whole(1, 64), default=4, metavar="N", help="pages at once, one process each (default 4)"
    )
    return p


def _survive_any_encoding() -> None:
    """A terminal or pipe that cannot encode a character gets an escape, never a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; Ctrl-C anywhere ends quietly with status 130, a closed pipe (``| head``) with 141."""
    _survive_any_encoding()
    try:
        status = _main(argv)
        sys.stdout.flush()  # here, not at exit: a reader that went away is caught below like any other write
        return status
    except KeyboardInterrupt:
        try:
            print(file=sys.stderr)  # end the line the ^C was echoed on
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_PIPE_CLOSED


def _drop_stdout() -> None:
    """What is still buffered for a closed pipe goes nowhere, so the interpreter's last flush is quiet too."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _hold_home() -> bool:
    """One running game per home (see ``tagteam.paths.lock_home``); False after one line when it is taken."""
    from tagteam.paths import HomeInUse, lock_home

    try:
        lock_home()
    except HomeInUse as e:
        print(f"tagteam: {printable(e, 400)}", file=sys.stderr)
        return False
    return True


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    cmd = args.command
    if cmd in GUARDED and not _hold_home():
        return EXIT_HOME_IN_USE
    if cmd == "cards":
        from tagteam.cli import cards

        if args.cards_command == "check":
            return cards.check(args.path)
        return cards.show(args.fighter)
    if cmd == "sandbox":
        from tagteam.cli import sandbox

        return sandbox.run(args.file, turns=args.turns, as_json=args.json)
    if cmd == "bench":
        from tagteam.cli import bench

        return bench.run(games=args.games, seed=args.bench_seed, fighters=args.fighters, repeat=args.repeat)
    if cmd == "arena":
        from tagteam.cli import arena

        return arena.run(bots=args.bots, games=args.games, seed=args.arena_seed, jobs=args.jobs)
    if cmd == "host":
        from tagteam.net import cli as net

        return net.host(
            port=args.port,
            bind=args.bind,
            serve_only=args.serve_only,
            seed=args.host_seed,
            mode=args.mode,
            resume=args.host_resume,
        )
    if cmd == "join":
        from tagteam.net import cli as net

        return net.join(args.target, args.code, None if args.seat is None else args.seat - 1)
    if cmd == "serve":
        from tagteam.cli import serve

        return serve.run(port=args.serve_port, bind=args.serve_bind, max_pages=args.max_pages)
    if cmd == "replay":
        from tagteam.cli import play

        return play.replay(args.file)
    from tagteam.cli import play

    return play.run(seed=args.seed, resume=args.resume, load=args.load)


if __name__ == "__main__":
    sys.exit(main())
