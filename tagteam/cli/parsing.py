"""What every command's parser shares: one line and status 2 for a bad flag, help at a readable width, the
whole-number flags, the examples, and the lists from the data filled in only when help is shown.

A command module (``tagteam.cli.<name>``) builds its sub-parser with these in ``register(commands)``.
"""

from __future__ import annotations

import argparse
import re
import shutil
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeAlias

from tagteam.ground.jsonfile import printable
from tagteam.words.lang import _
from tagteam.words.width import cells, wrap

HELP_WIDTH = 100  # help lines stay readable in a wide terminal; narrower terminals wrap narrower
_SPACES = re.compile(r"[ \t\n\r\f\v]+")  # the spaces a line may break at: never a no-break space
TEXT_WIDTH = 79  # descriptions and examples are wrapped here (they are shown as written)
MAX_SEED = 2**63 - 1  # what a save file can hold

Handler: TypeAlias = Callable[[argparse.Namespace], int]  # a command: the parsed line in, the exit status out


class Late(str):
    """A help text with lists that live in the data (Fighter ids, bot names), filled in only when help is
    shown: reading them costs a second of imports that a player starting a game should not wait for.

    ``Late(_("one of: {FIGHTERS}"), FIGHTERS=fighter_ids)``: each ``{NAME}`` is replaced by ``NAME()``."""

    fills: dict[str, Callable[[], str]]

    def __new__(cls, text: str, **fills: Callable[[], str]) -> Late:
        late = super().__new__(cls, text)
        late.fills = {f"{{{name}}}": fill for name, fill in fills.items()}
        return late

    def filled(self) -> str:
        text = str(self)
        for key, fill in self.fills.items():
            if key in text:
                text = text.replace(key, fill().replace("%", "%%"))  # argparse %-formats help next
        return text


class Help(argparse.RawDescriptionHelpFormatter):
    """Help at most HELP_WIDTH columns wide, descriptions and examples as written, ``Late`` lists filled in."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        if width is None:
            width = min(shutil.get_terminal_size().columns, HELP_WIDTH) - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def start_section(self, heading: str | None) -> None:
        """A section's heading in the player's language, its ':' where the language puts it."""
        from tagteam.words.args import heading as worded

        super().start_section(heading if heading is None else worded(heading))

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Wrapped at spaces only: a name such as habit-top or --serve-only is never cut at its hyphen, and a
        no-break space ("options :", "12 PV") is kept (``str.split`` would take it for a space)."""
        return wrap(_SPACES.sub(" ", text).strip(), width, break_on_hyphens=False)

    def _format_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None) -> str:
        """The usage's later lines under its first one in cells: argparse indents them by the characters of
        "usage: ", which in Chinese ("用法：") are twice as wide."""
        text = super()._format_usage(usage, actions, groups, prefix)
        said = _("usage: ") if prefix is None else prefix
        wider = cells(said) - len(said)
        if wider <= 0:
            return text
        first, *rest = text.split("\n")
        return "\n".join([first, *(" " * wider + line if line.startswith(" ") else line for line in rest)])

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        return text.filled() if isinstance(text, Late) else text


class Parser(argparse.ArgumentParser):
    """Bad flags get one clear line and exit status 2, never a traceback or a wall of usage.

    A parser whose command is needed (``tagteam cards``) says which commands there are in words,
    where argparse would name its internal field ("required: cards_command")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Help)
        if isinstance(kwargs.get("description"), str):  # paragraphs split by a blank line, wrapped here
            kwargs["description"] = text(*kwargs["description"].split("\n\n"))
        super().__init__(*args, **kwargs)
        self.needs: Commands | None = None

    def error(self, message: str) -> NoReturn:
        from tagteam.words.args import see_help
        from tagteam.words.lists import error_line

        self.exit(2, error_line(see_help(message), prog=self.prog) + "\n")  # "tagteam : erreur : ..." in French

    def commands(self, dest: str, help: str, needed: bool = False) -> Commands:
        """The sub-commands; ``needed``: one must be given (checked here, so the error names them)."""
        sub = self.add_subparsers(dest=dest, metavar="COMMAND", title=_("commands"), parser_class=Parser, help=help)
        if needed:
            self.needs = sub
        return sub

    def parse_known_args(self, *args: Any, **kwargs: Any) -> tuple[Any, list[str]]:
        ns, rest = super().parse_known_args(*args, **kwargs)
        if self.needs is not None and getattr(ns, self.needs.dest, None) is None:
            from tagteam.words.args import choose_one

            self.error(choose_one(list(self.needs.choices), [printable(r, 60) for r in rest]))
        return ns, rest


Commands: TypeAlias = "argparse._SubParsersAction[Parser]"  # what ``register(commands)`` adds its command to


def whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
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


seed = whole(0, MAX_SEED)
at_least_1 = whole(1)


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says, else all): the default of every
    ``--jobs``, so a long command uses the machine it is on."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # macOS has no affinity
        return max(1, os.cpu_count() or 1)


def text(*paragraphs: str) -> str:
    """Paragraphs wrapped at TEXT_WIDTH, for a description shown as written."""
    return "\n\n".join("\n".join(wrap(p, TEXT_WIDTH)) for p in paragraphs)


def example(*lines: str) -> str:
    """An epilog: the command lines that show how a command is used."""
    # TRANSLATORS: the heading of the command lines at the end of a command's help
    heading = _("examples:") if len(lines) > 1 else _("example:")  # the command line(s) below
    return heading + "\n" + "\n".join(f"  {line}" for line in lines)


def rows(pairs: Sequence[tuple[str, str]], key_width: int) -> str:
    """Lines of a key and its words, the words wrapped beside the key at TEXT_WIDTH."""
    out = []
    for key, words in pairs:
        wrapped = wrap(words, TEXT_WIDTH + 1 - 2 - key_width) or [""]
        if len(key) >= key_width:  # a key wider than its column gets a line of its own, the words below it
            out.append(f"  {key}")
            wrapped.insert(0, "")
            out.extend(" " * (2 + key_width) + more for more in wrapped[1:])
            continue
        out.append(f"  {key:<{key_width}}{wrapped[0]}")
        out.extend(" " * (2 + key_width) + more for more in wrapped[1:])
    return "\n".join(out)


def fighter_ids() -> str:
    """The Fighter ids of the shipped card data, as ``cards show`` and ``bench --fighters`` take them."""
    from tagteam.content.loader import ContentError, load_all

    try:
        return ", ".join(sorted(load_all()))
    except ContentError:
        return _("(the card data has errors: see tagteam cards check)")


def first_fighter() -> str:
    """A Fighter every player meets first, for the examples."""
    from tagteam.play.modes import FIRST_GAME

    return FIRST_GAME[0][0]
