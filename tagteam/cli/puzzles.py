"""``tagteam puzzles make|verify``: make a proven puzzle set from bot games, or re-prove a puzzle file.

``register(subparsers)`` adds the command to ``tagteam``'s parser and ``run(args)`` runs it; ``main(argv)`` is
the same as ``python -m tagteam.cli.puzzles``. Bad input (a flag, a file) is one line on stderr and exit
status 2; a file with faults lists one line per fault and exits 2. The engine is loaded only when a
command runs, so building ``tagteam --help`` stays light.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from tagteam.words.lang import _

DEFAULT_FILE = "data/puzzles/puzzles.json"
BAR = 30
MAX_COUNT = 100_000


def _example(line: str) -> str:
    """An epilog: a command line that shows how a command is used."""
    # TRANSLATORS: the heading of the command lines at the end of a command's help
    return _("example:") + f"\n  {line}"


def _whole(minimum: int, maximum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            v = int(text.strip()) if len(text) <= 40 else None
        except ValueError:
            v = None
        if v is None or not minimum <= v <= maximum:
            from tagteam.words.args import whole_number

            raise argparse.ArgumentTypeError(whole_number(minimum, maximum, repr(text[:60]) if v is None else str(v)))
        return v

    parse.__name__ = "whole number"
    return parse


def register(subparsers: Any) -> None:
    """Add ``puzzles make`` and ``puzzles verify`` to a parser's sub-commands (``tagteam``'s or ``main``'s)."""
    p = subparsers.add_parser(
        "puzzles",
        help=_("make or re-prove Build puzzles"),
        description=_(
            "Build puzzles drawn from bot-against-bot games, each proven by the engine to have exactly "
            "one answer that reaches its goal (docs/puzzles.md)."
        ),
        epilog=_example(f"tagteam puzzles verify {DEFAULT_FILE}"),
    )
    sub = p.add_subparsers(
        dest="puzzles_command", metavar="COMMAND", title=_("commands"), help=_("make a puzzle set, or re-prove one")
    )
    sub.required = True
    mk = sub.add_parser(
        "make",
        help=_("play bot games and keep the positions the engine proves (a progress bar on stderr)"),
        description=_(
            "Play bot-against-bot games, prove every Build position against every reply, rate each "
            "kept puzzle by how often each bot level finds it, and write the set."
        ),
        epilog=_example("tagteam puzzles make --count 300 --jobs 2"),
    )
    mk.add_argument("--count", type=_whole(1, MAX_COUNT), default=300, help=_("puzzles to keep (default: 300)"))
    mk.add_argument("--jobs", type=_whole(1, 64), default=2, help=_("worker processes (default: 2, both cores)"))
    mk.add_argument("--start", type=_whole(0, 2**62), default=0, help=_("first game seed (default: 0)"))
    mk.add_argument(
        "--no-cover",
        action="store_true",
        help=_("stop at --count even if a Fighter is in no puzzle yet (default: off: go on until all 12 are)"),
    )
    mk.add_argument(
        "--out", default=DEFAULT_FILE, help=_("the file to write (default: {file})").format(file=DEFAULT_FILE)
    )
    vf = sub.add_parser(
        "verify",
        help=_("re-prove every puzzle of a file from scratch, one line per fault"),
        description=_(
            "Rebuild each puzzle's position, play every option against every reply again and check the "
            "answer, its equivalents, the proof's counts, the id and the themes. Exit status 2 on any fault."
        ),
        epilog=_example(f"tagteam puzzles verify {DEFAULT_FILE}"),
    )
    vf.add_argument(
        "file",
        nargs="?",
        default=DEFAULT_FILE,
        metavar="FILE",
        help=_("the puzzle file (default: {file})").format(file=DEFAULT_FILE),
    )


def run(args: argparse.Namespace) -> int:
    if args.puzzles_command == "make":
        return make(args.count, args.jobs, args.start, args.out, cover=not args.no_cover)
    return verify(args.file)


def _bar(stream: TextIO, words: Callable[[int, int], str]) -> Callable[[int, int], None]:
    """A bar redrawn in place on a terminal; on a pipe, a line each tenth of the way."""
    last = [-1]

    def show(done: int, total: int) -> None:
        filled = BAR * done // total if total else BAR
        if stream.isatty():
            stream.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {words(done, total)}")
            if done >= total:
                stream.write("\n")
        elif 10 * done // max(total, 1) != last[0]:
            last[0] = 10 * done // max(total, 1)
            stream.write(f"[{'#' * filled}{'.' * (BAR - filled)}] {words(done, total)}\n")
        stream.flush()

    return show


def make(count: int, jobs: int, start: int, out: str, cover: bool = True) -> int:
    from pathlib import Path

    from tagteam.ground.jsonfile import display, printable
    from tagteam.puzzles import files
    from tagteam.puzzles import make as mk
    from tagteam.words import inputs
    from tagteam.words import puzzles as wp

    target = Path(out)
    if not target.parent.is_dir():
        print(wp.cannot_write(display(out), wp.no_such_folder()), file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    games = [0]
    bar = _bar(sys.stderr, wp.making)

    def progress(done: int, total: int) -> None:
        games[0] += 1
        bar(done, total)

    puzzles = mk.make(count, jobs=jobs, start=start, progress=progress, cover=cover)
    try:
        files.save(puzzles, target)
    except OSError as e:
        print(wp.cannot_write(display(out), printable(inputs.os_reason(e), 120)), file=sys.stderr)
        return 2
    print(wp.made(len(puzzles), display(out), time.perf_counter() - t0, games[0]), file=sys.stderr)
    return 0


def verify(path: str) -> int:
    from tagteam.ground.jsonfile import display, printable
    from tagteam.puzzles import files
    from tagteam.words import inputs
    from tagteam.words import puzzles as wp

    t0 = time.perf_counter()
    try:
        pf = files.load(path)
    except files.PuzzleFileError as e:
        print(printable(inputs.line(e), 400), file=sys.stderr)
        return 2
    name = display(path)
    bad = 0
    bar = _bar(sys.stderr, wp.verifying)
    seen: set[str] = set()
    for i, p in enumerate(pf.puzzles):
        found = files.faults(p, f"puzzles.{i}")
        if p.id in seen:
            found.append(files.Fault(f"puzzles.{i}.id", "duplicate_id"))
        seen.add(p.id)
        for f in found:
            print(wp.fault(name, f.field, f.kind, inputs.sentence(f.problem) if f.problem else f.detail))
        bad += len(found)
        bar(i + 1, len(pf.puzzles))
    print(wp.verified(len(pf.puzzles), name, time.perf_counter() - t0, bad), file=sys.stderr)
    return 2 if bad else 0


class _Parser(argparse.ArgumentParser):
    """One line and exit status 2 for a bad flag, as every tagteam command."""

    def error(self, message: str) -> NoReturn:
        from tagteam.words.args import see_help
        from tagteam.words.lists import error_line

        self.exit(2, error_line(see_help(message), prog=self.prog) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tagteam.cli.puzzles make|verify ...``"""
    parser = _Parser(prog="python -m tagteam.cli.puzzles")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    register(sub)
    args = parser.parse_args(["puzzles", *(sys.argv[1:] if argv is None else argv)])
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
