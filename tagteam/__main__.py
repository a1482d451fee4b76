"""The ``tagteam`` command line: the game by default, the network and browser ways to play (host, join,
serve), and the cards, sandbox, bench, arena and replay tools; its help is what a stranger reads first."""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import io
import os
import sys
from collections.abc import Sequence
from typing import Any

from tagteam import __version__
from tagteam.cli import COMMANDS, parsing
from tagteam.cli import play as cli_play
from tagteam.play.modes import BOT_LEVELS
from tagteam.words import levels
from tagteam.words.lang import LANGUAGES, _
from tagteam.words.lists import or_list

EXIT_INTERRUPTED = 130  # the shell's convention for a program ended by Ctrl-C (128 + SIGINT)
EXIT_PIPE_CLOSED = 141  # ... and for one whose reader went away (128 + SIGPIPE), as `yes | head -1` gives


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
                "one folder for everything: saves, the autosave, the history and the settings (default: the "
                "platform's folders, e.g. ~/.local/share/tagteam for the games and ~/.config/tagteam for the "
                "settings)"
            ),
        ),
        (
            "LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
            _(
                "the language of the game's words when neither --lang nor the saved choice (command palette) gives "
                "one, the first one set in this order"
            ),
        ),
        ("TAGTEAM_LANG", _("as --lang; the game passes it on to the games a browser page starts")),
        ("TAGTEAM_REDUCED_MOTION", _("1: no animations, 0: animations, whatever the command palette saved")),
        ("TEXTUAL_THEME", _("a Textual theme's name, over the theme chosen in the command palette")),
        ("NO_COLOR", _("set to anything: no colours")),
    ]
    # TRANSLATORS: headings at the end of 'tagteam --help'
    return "\n".join((_("examples:"), parsing.rows(examples, 27), "", _("environment:"), parsing.rows(environment, 24)))


def build_parser() -> argparse.ArgumentParser:
    """``tagteam``'s own flags, then each command's module adds its own (``tagteam.cli``); help never loads the
    engine unless it lists the data."""
    p = parsing.Parser(
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
        epilog=_main_epilog(parsing.first_fighter()),
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
    cli_play.register_default(p)
    commands = p.commands("command", help=_("a tool or another way to play (none: open the title screen)"))
    for name in COMMANDS:
        importlib.import_module(f"tagteam.cli.{name}").register(commands)
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
    _stand_in_for_closed_streams()
    _survive_any_encoding()
    try:
        status = _main(argv)
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
    try:
        sys.stdout.flush()  # here, not at exit: a reader that went away is caught below like any other write
    except BrokenPipeError:
        _drop_stdout()
        return status or EXIT_PIPE_CLOSED  # an error's own status is never hidden by the lost output
    except (OSError, ValueError):
        return status or 1
    return status


class _ClosedPipe(io.RawIOBase):
    """Standard output closed from the start (``>&-``): every write meets it as a pipe whose reader went away,
    so a command that prints ends with 141 as before, and one that fails first keeps its own status."""

    quiet = False  # once the command has ended on it: what is still buffered goes nowhere

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if self.quiet:
            return len(memoryview(data))
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


class _Nowhere(io.RawIOBase):
    """Standard error closed from the start (``2>&-``): its lines go nowhere, and the exit status still says."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        return len(memoryview(data))


def _stand_in_for_closed_streams() -> None:
    """A closed descriptor 0, 1 or 2 gets ``/dev/null`` under its number (so no file the game opens, the history
    database included, can take that number and receive printed lines), and a closed ``sys.stdout`` or
    ``sys.stderr`` a stand-in: an error's line is then lost, never its exit status."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                null = os.open(os.devnull, os.O_RDWR)
                if null != fd:
                    os.dup2(null, fd)
                    os.close(null)
    if sys.stdout is None:
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(_ClosedPipe()), encoding="utf-8", errors="backslashreplace")
    if sys.stderr is None:
        sys.stderr = io.TextIOWrapper(io.BufferedWriter(_Nowhere()), encoding="utf-8", write_through=True)


def _drop_stdout() -> None:
    """What is still buffered for a closed pipe goes nowhere, so the interpreter's last flush is quiet too."""
    stand_in = getattr(getattr(sys.stdout, "buffer", None), "raw", None)
    if isinstance(stand_in, _ClosedPipe):
        stand_in.quiet = True
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


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
    run: parsing.Handler = args.run  # set by the command's module (tagteam.cli), the game's when none is given
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
