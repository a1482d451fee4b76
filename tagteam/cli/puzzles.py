"""``tagteam puzzles make|verify``: make a proven puzzle set from bot games, or re-prove a puzzle file.

``register(commands)`` adds the command and its handlers to ``tagteam``'s parser; ``main(argv)`` is
the same as ``python -m tagteam.cli.puzzles``. Bad input (a flag, a file) is one line on stderr and exit
status 2; a file with faults lists one line per fault and exits 2. The engine is loaded only when a
command runs, so building ``tagteam --help`` stays light.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from tagteam.cli import parsing, progress
from tagteam.words import commands as wc
from tagteam.words.lang import _

OUT_NAME = "puzzles.json"  # ``make``'s file, in the folder it is given (default: your home's puzzles/ folder)
MAX_COUNT = 100_000


def register(commands: parsing.Commands) -> None:
    """Add ``puzzles make`` and ``puzzles verify`` to a parser's sub-commands (``tagteam``'s or ``main``'s)."""
    p = commands.add_parser(
        "puzzles",
        help=_("make or re-prove Build puzzles"),
        description=_(
            "Build puzzles drawn from bot-against-bot games, each proven by the engine to have exactly "
            "one answer that reaches its goal."
        ),
        epilog=parsing.example("tagteam puzzles verify", "tagteam puzzles make --count 20 --out my-puzzles"),
    )
    sub = p.commands("puzzles_command", help=_("make a puzzle set, or re-prove one"))
    sub.required = True  # argparse's own line when none is given ("required: COMMAND")
    mk = sub.add_parser(
        "make",
        help=_("play bot games and keep the positions the engine proves (a progress bar on stderr)"),
        description=_(
            "Play bot-against-bot games, prove every Build position against every reply, rate each "
            "kept puzzle by how often each bot level finds it, and write the set."
        ),
        epilog=parsing.example("tagteam puzzles make --count 20 --out my-puzzles"),
    )
    mk.add_argument("--count", type=parsing.whole(1, MAX_COUNT), default=300, help=_("puzzles to keep (default: 300)"))
    mk.add_argument(
        "--jobs",
        type=parsing.whole(1, 64),
        default=min(64, parsing.cores()),
        help=_("worker processes (default: this machine's cores, %(default)s)"),
    )
    mk.add_argument(
        "--start",
        type=parsing.whole(0, 2**62),
        default=None,
        help=_("first game seed (default: 0; with --keep, the one after the kept file's last game)"),
    )
    mk.add_argument(
        "--keep",
        default=None,
        metavar="FILE",
        help=_(
            "re-prove the puzzles of FILE first and keep those whose answer is unchanged (same id, goal and "
            "counts as proven now), then add new ones up to --count (default: none, a new set)"
        ),
    )
    mk.add_argument(
        "--no-cover",
        action="store_true",
        help=_("stop at --count even if a Fighter is in no puzzle yet (default: off: go on until all 12 are)"),
    )
    mk.add_argument(
        "--out",
        default=None,
        metavar="FOLDER",
        help=_(
            "the folder to write {name} in, made if missing (default: the puzzles folder of your TAGTEAM_HOME)"
        ).format(name=OUT_NAME),
    )
    mk.set_defaults(run=_make)
    vf = sub.add_parser(
        "verify",
        help=_("re-prove every puzzle of a file from scratch, one line per fault"),
        description=_(
            "Rebuild each puzzle's position, play every option against every reply again and check the "
            "answer, its equivalents, the proof's counts, the id and the themes. Exit status 2 on any fault."
        ),
        epilog=parsing.example("tagteam puzzles verify", "tagteam puzzles verify my-puzzles/puzzles.json"),
    )
    vf.add_argument(
        "file",
        nargs="?",
        default=None,
        metavar="FILE",
        help=_("the puzzle file (default: the set shipped with the game)"),
    )
    vf.set_defaults(run=_verify)


def _make(args: argparse.Namespace) -> int:
    count: int = args.count
    jobs: int = args.jobs
    start: int | None = args.start
    out: str | None = args.out
    no_cover: bool = args.no_cover
    keep: str | None = args.keep
    return make(count, jobs, start, out, cover=not no_cover, keep=keep)


def _verify(args: argparse.Namespace) -> int:
    file: str | None = args.file
    if file is None:
        from tagteam.puzzles.files import shipped_path

        file = str(shipped_path())
    return verify(file)


def make(count: int, jobs: int, start: int | None, out: str | None, cover: bool = True, keep: str | None = None) -> int:
    """Prove ``count`` puzzles into ``out``/puzzles.json (the folder made if missing); with ``keep``, the puzzles of
    that file that still hold come first. Ctrl-C writes what was proven so far and ends with status 130."""
    from pathlib import Path

    from tagteam.ground.jsonfile import display, printable
    from tagteam.puzzles import files
    from tagteam.puzzles import make as mk
    from tagteam.store.paths import home
    from tagteam.words import inputs
    from tagteam.words import puzzles as wp

    folder = Path(out) if out is not None else home() / "puzzles"
    target = folder / OUT_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(wp.cannot_write(display(target), printable(inputs.os_reason(e), 120)), file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    old = mk.Refreshed()
    if keep is not None:
        try:
            before = files.load(keep).puzzles
        except files.PuzzleFileError as e:
            print(printable(inputs.line(e), 400), file=sys.stderr)
            return 2
        old = mk.refresh(before)
        print(wp.refreshed(display(keep), len(before), len(old.kept), len(old.changed)), file=sys.stderr)
        if start is None:
            start = 1 + max((p.provenance.seed for p in before), default=-1)
    games = [0]
    stopped = [False]

    def stop() -> None:
        stopped[0] = True

    with progress.bar(wc.puzzles_making(), count) as tick:

        def counted(done: int, total: int) -> None:
            games[0] += 1
            tick(done, total)

        puzzles = mk.make(
            count,
            jobs=jobs,
            start=start or 0,
            progress=counted,
            cover=cover,
            keep=old.kept,
            refused=set(old.dropped),
            on_stop=stop,
        )
    try:
        files.save(puzzles, target)
    except OSError as e:
        print(wp.cannot_write(display(target), printable(inputs.os_reason(e), 120)), file=sys.stderr)
        return 2
    if stopped[0]:
        print(wc.puzzles_stopped(len(puzzles), display(target)), file=sys.stderr)
        return 130
    print(wp.made(len(puzzles), display(target), time.perf_counter() - t0, games[0]), file=sys.stderr)
    return 0


def verify(path: str) -> int:
    from tagteam.ground.jsonfile import display, printable
    from tagteam.ground.problems import shown
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
    seen: set[str] = set()
    with progress.bar(wc.puzzles_verifying(), len(pf.puzzles)) as tick:
        for i, p in enumerate(pf.puzzles):
            found = files.faults(p, f"puzzles.{i}")
            if p.id in seen:
                found.append(files.Fault(f"puzzles.{i}.id", "duplicate_id"))
            seen.add(p.id)
            for f in found:
                print(shown(wp.fault(name, f.field, f.kind, inputs.sentence(f.problem) if f.problem else f.detail)))
            bad += len(found)
            tick(i + 1, len(pf.puzzles))
    print(wp.verified(len(pf.puzzles), name, time.perf_counter() - t0, bad), file=sys.stderr)
    return 2 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tagteam.cli.puzzles make|verify ...``"""
    parser = parsing.Parser(prog="python -m tagteam.cli.puzzles")
    register(parser.commands("command", help=_("make a puzzle set, or re-prove one")))
    args = parser.parse_args(["puzzles", *(sys.argv[1:] if argv is None else argv)])
    run: parsing.Handler = args.run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
