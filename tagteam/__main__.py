"""The ``tagteam`` command line: the game by default, the network and browser ways to play (host, join,
serve), and the cards, sandbox, bench, arena and replay tools; its help is what a stranger reads first."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from tagteam import __version__
from tagteam.ground.jsonfile import printable
from tagteam.play.modes import BOT_LEVELS, FIRST_GAME, MODES
from tagteam.words import levels
from tagteam.words.lang import LANGUAGES, N_, _
from tagteam.words.lists import or_list

HELP_WIDTH = 100  # help lines stay readable in a wide terminal; narrower terminals wrap narrower
TEXT_WIDTH = 79  # descriptions and examples are wrapped here (they are shown as written)


def _fighter_ids() -> str:
    """The Fighter ids of the shipped card data, as ``cards show`` and ``bench --fighters`` take them."""
    from tagteam.content.loader import ContentError, load_all

    try:
        return ", ".join(sorted(load_all()))
    except ContentError:
        return _("(the card data has errors: see tagteam cards check)")


def _bot_names() -> str:
    """Every name ``arena --bots`` accepts, from the arena's own table."""
    from tagteam.ai.measure import arena_names

    return ", ".join(arena_names())


def _join_port() -> str:
    """The port ``join`` assumes when HOST has none."""
    from tagteam.net.protocol import DEFAULT_PORT

    return str(DEFAULT_PORT)


_LATE: dict[str, Callable[[], str]] = {"{FIGHTERS}": _fighter_ids, "{BOTS}": _bot_names, "{JOIN_PORT}": _join_port}


class _Help(argparse.RawDescriptionHelpFormatter):
    """Help at most HELP_WIDTH columns wide, descriptions and examples as written, and the lists that
    live in the data (Fighter ids, bot names) filled in only when help is shown: reading them costs a
    second of imports that a player starting a game should not wait for."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        if width is None:
            width = min(shutil.get_terminal_size().columns, HELP_WIDTH) - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def start_section(self, heading: str | None) -> None:
        """A section's heading in the player's language, its ':' where the language puts it."""
        from tagteam.words.args import heading as worded

        super().start_section(heading if heading is None else worded(heading))

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Wrapped at spaces only: a name such as habit-top or --serve-only is never cut at its hyphen."""
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        if text is None:
            return None
        for key, fill in _LATE.items():
            if key in text:
                text = text.replace(key, fill().replace("%", "%%"))  # argparse %-formats help next
        return text


class _Parser(argparse.ArgumentParser):
    """Bad flags get one clear line and exit status 2, never a traceback or a wall of usage.

    A parser whose command is needed (``tagteam cards``) says which commands there are in words,
    where argparse would name its internal field ("required: cards_command")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        if isinstance(kwargs.get("description"), str):  # paragraphs split by a blank line, wrapped here
            kwargs["description"] = _text(*kwargs["description"].split("\n\n"))
        super().__init__(*args, **kwargs)
        self.needs: argparse._SubParsersAction[_Parser] | None = None

    def error(self, message: str) -> NoReturn:
        from tagteam.words.args import see_help
        from tagteam.words.lists import error_line

        self.exit(2, error_line(see_help(message), prog=self.prog) + "\n")  # "tagteam : erreur : ..." in French

    def commands(self, dest: str, help: str, needed: bool = False) -> argparse._SubParsersAction[_Parser]:
        """The sub-commands; ``needed``: one must be given (checked here, so the error names them)."""
        sub = self.add_subparsers(dest=dest, metavar="COMMAND", title=_("commands"), parser_class=_Parser, help=help)
        if needed:
            self.needs = sub
        return sub

    def parse_known_args(self, *args: Any, **kwargs: Any) -> tuple[Any, list[str]]:
        ns, rest = super().parse_known_args(*args, **kwargs)
        if self.needs is not None and getattr(ns, self.needs.dest, None) is None:
            from tagteam.words.args import choose_one

            self.error(choose_one(list(self.needs.choices), [printable(r, 60) for r in rest]))
        return ns, rest


MAX_SEED = 2**63 - 1  # what a save file can hold
EXIT_INTERRUPTED = 130  # the shell's convention for a program ended by Ctrl-C (128 + SIGINT)
EXIT_PIPE_CLOSED = 141  # ... and for one whose reader went away (128 + SIGPIPE), as `yes | head -1` gives
EXIT_HOME_IN_USE = 1
GUARDED = (None, "replay", "host")  # the commands that play, and so autosave: one per home at a time


def _whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number in [minimum, maximum]; the error names the true bounds."""

    def parse(text: str) -> int:
        from tagteam.words.args import whole_number

        try:
            v = int(text.strip()) if len(text) <= 40 else None  # int() of a 5,000-digit string is slow
        except ValueError:
            v = None
        if v is None:
            raise argparse.ArgumentTypeError(whole_number(minimum, maximum, repr(printable(text, 60))))
        if v < minimum or (maximum is not None and v > maximum):
            raise argparse.ArgumentTypeError(whole_number(minimum, maximum, str(v)))
        return v

    parse.__name__ = "whole number"
    return parse


_seed = _whole(0, MAX_SEED)
_at_least_1 = _whole(1)


_MODE_WORDS = {
    "first": N_("the rulebook's first-game teams, no draft"),
    "free": N_("each player picks two Fighters freely"),
    "standard": N_("the Standard Draft"),
    "competitive": N_("the Competitive Draft"),
}


def _text(*paragraphs: str) -> str:
    """Paragraphs wrapped at TEXT_WIDTH, for a description shown as written."""
    return "\n\n".join(textwrap.fill(p, TEXT_WIDTH) for p in paragraphs)


def _example(*lines: str) -> str:
    """An epilog: the command lines that show how a command is used."""
    # TRANSLATORS: the heading of the command lines at the end of a command's help
    return _("example:") + "\n" + "\n".join(f"  {line}" for line in lines)


def _modes() -> str:
    return "; ".join(f"{m} ({_(_MODE_WORDS[m]) if m in _MODE_WORDS else m})" for m in MODES)


def _rows(rows: Sequence[tuple[str, str]], key_width: int) -> str:
    """Lines of a key and its words, the words wrapped beside the key at TEXT_WIDTH."""
    out = []
    for key, words in rows:
        wrapped = textwrap.wrap(words, TEXT_WIDTH + 1 - 2 - key_width) or [""]
        out.append(f"  {key:<{key_width}}{wrapped[0]}")
        out.extend(" " * (2 + key_width) + more for more in wrapped[1:])
    return "\n".join(out)


def _main_epilog(me: str) -> str:
    """``tagteam --help``'s end: example command lines, then the environment variables the game reads."""
    examples = [
        ("tagteam", _("open the title screen and choose how to play")),
        ("tagteam --resume", _("continue the autosaved game")),
        (f"tagteam cards show {me}", _("print a Fighter's board and cards")),
        ("tagteam COMMAND --help", _("the options of one command")),
    ]
    environment = [
        (
            "TAGTEAM_HOME",
            _(
                "the folder for saves, the autosave and settings (default: the platform's user data folder, "
                "e.g. ~/.local/share/tagteam)"
            ),
        ),
        (
            "LANG, LC_ALL",
            _(
                "the language of the game's words when neither --lang nor the saved choice (command palette) gives "
                "one; LC_ALL overrides LANG"
            ),
        ),
    ]
    # TRANSLATORS: headings at the end of 'tagteam --help'
    return "\n".join((_("examples:"), _rows(examples, 27), "", _("environment:"), _rows(environment, 15)))


def build_parser() -> argparse.ArgumentParser:
    """Every command, flag and help text; help never loads the engine unless it lists the data."""
    me = FIRST_GAME[0][0]  # a Fighter every player meets first, for the examples
    p = _Parser(
        prog="tagteam",
        description=_(
            "Tag Team, the card game, in the terminal.\n\n"
            "With no command, tagteam opens the title screen, where you choose how to play: hot-seat (two "
            "players taking turns at one keyboard), solo practice against the computer "
            "({levels}), or a guided first game that teaches the rules "
            "against a scripted tutor (press t on the title screen).\n\n"
            "To play with a friend on another machine, one of you runs 'tagteam host' and the other "
            "'tagteam join'; 'tagteam serve' puts the game in a browser page."
        ).format(levels=or_list([levels.name(level).lower() for level in BOT_LEVELS])),
        epilog=_main_epilog(me),
    )
    p.add_argument(
        "--version", action="version", version=f"tagteam {__version__}", help=_("print the version and exit")
    )
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        metavar="LANG",
        help=_(
            "the language of every screen and message: {languages} "
            "(default: the choice saved from the command palette, else LANG/LC_ALL, else en)"
        ).format(languages=", ".join(LANGUAGES)),
    )
    p.add_argument(
        "--seed",
        type=_seed,
        metavar="SEED",
        help=_(
            "start the game from SEED (0 to {max}), so it can be played again exactly (default: a random seed)"
        ).format(max=MAX_SEED),
    )
    p.add_argument("--resume", action="store_true", help=_("continue the autosaved game (default: the title screen)"))
    p.add_argument("--load", metavar="FILE", help=_("continue the saved game in FILE (default: the title screen)"))
    sub = p.commands("command", help=_("a tool or another way to play (none: open the title screen)"))

    cards = sub.add_parser(
        "cards",
        help=_("check or show the card data"),
        description=_("Check card data files, or print a Fighter's board and cards."),
        epilog=_example("tagteam cards check", f"tagteam cards show {me}"),
    )
    csub = cards.commands("cards_command", help=_("what to do with the card data"), needed=True)
    chk = csub.add_parser(
        "check",
        help=_("validate card data: a Fighter file or a folder of them (default: the shipped data)"),
        description=_("Validate card data; each problem is one line naming the file, the card and the field."),
        epilog=_example("tagteam cards check my-fighters/"),
    )
    chk.add_argument(
        "path",
        nargs="?",
        metavar="PATH",
        help=_("a Fighter's .json file or a folder of them (default: the card data shipped with the game)"),
    )
    show = csub.add_parser(
        "show",
        help=_("print a Fighter's board and cards"),
        description=_("Print a Fighter's board and each of its cards."),
        epilog=_example(f"tagteam cards show {me}"),
    )
    show.add_argument("fighter", metavar="FIGHTER", help=_("the Fighter's id, one of: {FIGHTERS}"))

    sb = sub.add_parser(
        "sandbox",
        help=_("resolve a position from a JSON file (rules questions)"),
        description=_(
            "Resolve a position written in a JSON file and print what happened, to settle a rules "
            "question (the file format: docs/sandbox.md)."
        ),
        epilog=_example("tagteam sandbox docs/examples/block-bonus-once.json --turns 2"),
    )
    sb.add_argument("file", metavar="FILE", help=_("the position, a JSON file"))
    sb.add_argument(
        "--turns",
        type=_at_least_1,
        default=None,
        metavar="N",
        help=_("resolve only N Turns (default: the file's turns, else the whole Fight step)"),
    )
    sb.add_argument("--json", action="store_true", help=_("print the events and final state as JSON (default: text)"))

    bench = sub.add_parser(
        "bench",
        help=_("engine speed: random full games per second on one core"),
        description=_("Play random full games on one core and print games and Turns per second."),
        epilog=_example("tagteam bench --games 5000"),
    )
    bench.add_argument(
        "--games", type=_at_least_1, default=3000, metavar="N", help=_("random games per run (default: %(default)s)")
    )
    bench.add_argument(
        "--seed",
        type=_seed,
        default=0,
        dest="bench_seed",
        metavar="SEED",
        help=_("seed of the teams and moves: the same seed plays the same games (default: %(default)s)"),
    )
    bench.add_argument(
        "--fighters",
        default=None,
        metavar="IDS",
        help=_("comma-separated Fighter ids to draw teams from, at least 4 (default: all): {FIGHTERS}"),
    )
    bench.add_argument(
        "--repeat",
        type=_at_least_1,
        default=3,
        metavar="N",
        help=_("runs of the same games; the median and best are printed (default: %(default)s)"),
    )

    arena = sub.add_parser(
        "arena",
        help=_("bot-against-bot matches with a win-rate matrix"),
        description=_("Every pair of bots plays the same deals with seats swapped; prints a win-rate matrix."),
        epilog=_example("tagteam arena --bots random,easy,normal,hard --games 1000 --seed 1 --jobs 2"),
    )
    arena.add_argument(
        "--bots",
        default="random,easy,normal,hard",  # Expert is Hard plus a habit model: named when wanted
        metavar="NAMES",
        help=_(
            "comma-separated bots, every pair plays (default: %(default)s); ROWS/COLUMNS, e.g. "
            "hard,expert/habit-top, plays each row bot against each column only. Bots: {BOTS}"
        ),
    )
    arena.add_argument(
        "--games",
        type=_at_least_1,
        default=100,
        metavar="N",
        help=_("games per pair, rounded up to whole seat-swapped deals (default: %(default)s)"),
    )
    arena.add_argument(
        "--seed",
        type=_seed,
        default=0,
        dest="arena_seed",
        metavar="SEED",
        help=_("seed of the deals: the same seed deals the same games (default: %(default)s)"),
    )
    arena.add_argument(
        "--jobs", type=_at_least_1, default=1, metavar="N", help=_("processes playing at once (default: %(default)s)")
    )

    rp = sub.add_parser(
        "replay",
        help=_("watch a saved game, step by step"),
        description=_("Watch a saved game, step by step (saves live in the saves folder of TAGTEAM_HOME)."),
        epilog=_example("tagteam replay ~/.local/share/tagteam/saves/20250101-120000.json"),
    )
    rp.add_argument("file", metavar="FILE", help=_("a saved game (a .json file written by the game)"))

    hist = sub.add_parser(
        "history",
        help=_("the index of your finished games (rebuild it from the saves)"),
        description=_(
            "The game history is an index of the finished games in the saves folder (and the "
            "autosave), kept in TAGTEAM_HOME/history.sqlite3; the saves stay the truth, and the index can always "
            "be made again from them."
        ),
        epilog=_example("tagteam history rebuild"),
    )
    hsub = hist.commands("history_command", help=_("what to do with the index"), needed=True)
    hsub.add_parser(
        "rebuild",
        help=_("make the index again from the saves (only reads them)"),
        description=_(
            "Read every save (the autosave and the saves folder) and make the history index again; a "
            "broken database, or one from a newer Tag Team, is first moved aside. The saves are only read."
        ),
        epilog=_example("tagteam history rebuild"),
    )

    st = sub.add_parser(
        "stats",
        help=_("your statistics and rating against the bots"),
        description=_(
            "W-D-L and score with a 95% interval overall, by level, by your team, by your Fighter and "
            "against each opposing Fighter; streaks; a Glicko-2 rating against the bots (docs/history.md)."
        ),
        epilog=_example("tagteam stats", "tagteam stats --json > stats.json", "tagteam stats --csv"),
    )
    out = st.add_mutually_exclusive_group()
    out.add_argument(
        "--json", action="store_true", help=_("print JSON (ids, not words) instead of tables (default: tables)")
    )
    out.add_argument("--csv", action="store_true", help=_("print CSV, one row per table line (default: tables)"))

    from tagteam.cli import puzzles as cli_puzzles  # its sub-commands: make, verify (docs/puzzles.md)

    cli_puzzles.register(sub)

    host = sub.add_parser(
        "host",
        help=_("host a game for a friend on another machine (prints a join code)"),
        description=_(
            "Host a game over the network: prints a join code, and this terminal plays Player 1 "
            "(unless --serve-only). The friend runs tagteam join with this machine's name and the code."
        ),
        epilog=_example(
            "tagteam host --bind 0.0.0.0 --mode standard",
            "tagteam join HOSTNAME --code K7QF-M2XD      " + _("(on the friend's machine)"),
        ),
    )
    host.add_argument(
        "--port",
        type=_whole(1, 65535),
        default=8765,
        metavar="PORT",
        help=_("port to listen on (default: %(default)s)"),
    )
    host.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDR",
        help=_("address to listen on (default: %(default)s, this machine only; 0.0.0.0: every network, e.g. a LAN)"),
    )
    host.add_argument(
        "--serve-only", action="store_true", help=_("play no seat here: both players join (default: play Player 1)")
    )
    host.add_argument(
        "--seed",
        type=_seed,
        default=None,
        dest="host_seed",
        metavar="SEED",
        help=_("seed for a reproducible game (default: a random seed)"),
    )
    host.add_argument(
        "--mode",
        choices=MODES,
        default="first",
        metavar="MODE",
        help=_("how the teams are chosen: {modes} (default: %(default)s)").format(modes=_modes()),
    )
    host.add_argument(
        "--resume", action="store_true", dest="host_resume", help=_("host the autosaved game (default: a new game)")
    )

    join = sub.add_parser(
        "join",
        help=_("join a hosted game: tagteam join HOST[:PORT] --code CODE"),
        description=_("Join a game that someone hosts with tagteam host, using the join code it printed."),
        epilog=_example("tagteam join 192.168.1.20 --code K7QF-M2XD"),
    )
    join.add_argument(
        "target",
        metavar="HOST[:PORT]",
        help=_("the host machine's name or address, and its port (default port: {JOIN_PORT}; IPv6: [ADDR]:PORT)"),
    )
    join.add_argument("--code", required=True, metavar="CODE", help=_("the join code the host printed (required)"))
    join.add_argument(
        "--seat",
        type=_whole(1, 2),
        default=None,
        metavar="SEAT",
        help=_("rejoin as Player 1 or 2 (default: the free seat)"),
    )

    serve = sub.add_parser(
        "serve",
        help=_("play in a browser page (localhost only unless --bind)"),
        description=_(
            "Serve the game as a browser page, one game process per open page; it prints the address to open."
        ),
        epilog=_example(
            "tagteam serve --port 8000         " + _("(then open {address})").format(address="http://localhost:8000")
        ),
    )
    serve.add_argument(
        "--port",
        type=_whole(0, 65535),
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
        "--max-pages",
        type=_whole(1, 64),
        default=4,
        metavar="N",
        help=_("browser pages open at once, one process each (default: %(default)s)"),
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
    if sys.stdout is None:  # started with its output closed (``>&-``): no line could reach anyone
        return EXIT_PIPE_CLOSED  # ends as a pipe closed before the first line would, quietly
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
    """One running game per home (see ``tagteam.store.paths.lock_home``); False after one line when it is taken."""
    from tagteam.store.paths import HomeInUse, lock_home

    try:
        lock_home()
    except HomeInUse as e:
        from tagteam.words.lists import error_line
        from tagteam.words.tools import home_in_use

        print(printable(error_line(home_in_use(e.folder, e.holder)), 400), file=sys.stderr)
        return False
    return True


def _speak(flag: str | None) -> None:
    """Choose the language once for the whole process (every command's words, the app's, the join screen's)."""
    from tagteam.store import settings
    from tagteam.words.lang import FLAG_VAR, choose, set_language

    if flag:
        os.environ[FLAG_VAR] = flag  # a page's game started by ``tagteam serve`` inherits the flag
    set_language(choose(None, settings.load()[0].lang, os.environ))


def _main(argv: Sequence[str] | None) -> int:
    from tagteam.words.args import argparse_in_words, lang_flag

    _speak(lang_flag(sys.argv[1:] if argv is None else argv))  # a bad flag is said in the language asked for
    with argparse_in_words():
        args = build_parser().parse_args(argv)
    _speak(args.lang)
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
    if cmd == "history":
        from tagteam.cli import history

        return history.rebuild()
    if cmd == "stats":
        from tagteam.cli import history

        return history.stats("json" if args.json else "csv" if args.csv else "text")
    if cmd == "puzzles":
        from tagteam.cli import puzzles

        return puzzles.run(args)
    if cmd == "replay":
        from tagteam.cli import play

        return play.replay(args.file)
    from tagteam.cli import play

    return play.run(seed=args.seed, resume=args.resume, load=args.load)


if __name__ == "__main__":
    sys.exit(main())
