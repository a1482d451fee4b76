"""The command line's own error lines in the player's language: argparse's messages and ours around them.

argparse words its errors with the standard library's gettext, which has no French here; while the command line
is parsed, its ``_`` and ``ngettext`` are this game's, so "argument --port: ..." reads "argument --port : ..." under
``--lang fr``. The messages are listed below so the catalogs hold them (argparse's source is not extracted).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator, Sequence

from tagteam.words.lang import LANGUAGES, N_, _, ngettext, normalize
from tagteam.words.lists import comma_list

# argparse's own error messages (Python 3.11 to 3.13), as it writes them: %-style fields, kept as they are
ARGPARSE = (
    # TRANSLATORS: argparse's message; %(argument_name)s is a flag such as --port, %(message)s what is wrong
    N_("argument %(argument_name)s: %(message)s"),
    # TRANSLATORS: argparse's message; %s lists the arguments
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
)
# ... and the words of its help pages
ARGPARSE_HELP = (
    # TRANSLATORS: argparse's help; the first word of the usage line, with its space
    N_("usage: "),
    # TRANSLATORS: argparse's help; the heading of a command's arguments without a dash (FILE, HOST[:PORT])
    N_("positional arguments"),
    # TRANSLATORS: argparse's help; the heading of a command's flags (--port, --seed)
    N_("options"),
    # TRANSLATORS: argparse's help; what -h, --help does
    N_("show this help message and exit"),
)
ARGPARSE_PLURALS = (("expected %s argument", "expected %s arguments"),)
_PLURALS = {one for one, _many in ARGPARSE_PLURALS}


def _plural(singular: str, plural: str, n: int) -> str:
    if singular in _PLURALS:
        # TRANSLATORS: argparse's message; %s is a number of arguments
        return ngettext("expected %s argument", "expected %s arguments", n)
    return singular if n == 1 else plural


def _words(message: str | None) -> str | None:
    """argparse's ``_``: it also asks for ``_(None)`` (a group with no description), which stays None."""
    return None if message is None else _(message)


@contextlib.contextmanager
def argparse_in_words() -> Iterator[None]:
    """While inside, argparse's messages come from this game's catalogs (the language chosen already)."""
    module = argparse.__dict__
    before = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = _words, _plural
    try:
        yield
    finally:
        module["_"], module["ngettext"] = before


def heading(text: str) -> str:
    """A help page's section heading as argparse wants it: it writes the ':' after it itself, and French puts a
    space before that ':' ("options :")."""
    # TRANSLATORS: a section heading of a command's help (options, commands); French puts a space before ":"
    said = _("{heading}:").format(heading=text)
    return said.removesuffix(":")


def see_help(message: str) -> str:
    """A bad flag's message and where to read more."""
    # TRANSLATORS: the end of a command line's error line; --help is the flag, not translated
    return _("{message} (see --help)").format(message=message)


def choose_one(choices: Sequence[str], unrecognized: Sequence[str] = ()) -> str:
    """A command needed but not given (``tagteam cards``): which there are, after any word not understood."""
    said = _("choose one of: {choices}").format(choices=comma_list(choices))
    if unrecognized:
        # TRANSLATORS: {args} are the words of the command line that were not understood
        return _("unrecognized arguments: {args}; {rest}").format(args=" ".join(unrecognized), rest=said)
    return said


def whole_number(minimum: int, maximum: int | None, got: str) -> str:
    """A flag that takes a whole number got something else, or one out of its bounds."""
    if maximum is None:
        return _("expected a whole number >= {minimum}, got {got}").format(minimum=minimum, got=got)
    return _("expected a whole number from {minimum} to {maximum}, got {got}").format(
        minimum=minimum, maximum=maximum, got=got
    )


def lang_flag(argv: Sequence[str]) -> str | None:
    """``--lang LANG`` (or ``--lang=LANG``) before the command line is parsed, so its errors are in that language;
    None when absent or not a language a player may choose (the tests' pseudo-locale is not one: ``--lang xx``
    is refused by the parser, in the language the game would otherwise speak)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return _playable(normalize(argv[i + 1]))
        if arg.startswith("--lang="):
            return _playable(normalize(arg.partition("=")[2]))
    return None


def _playable(code: str | None) -> str | None:
    return code if code in LANGUAGES else None
