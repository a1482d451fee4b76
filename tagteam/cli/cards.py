"""`tagteam cards check|show`: validate the card data, or print a Fighter's board and cards.

The card loader and rich load only when the command runs, so building ``tagteam --help`` stays light."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tagteam.cli import parsing
from tagteam.ground.problems import shown
from tagteam.words import inputs, tools
from tagteam.words.lang import _
from tagteam.words.lists import error_line

if TYPE_CHECKING:
    from rich.console import Console

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def register(commands: parsing.Commands) -> None:
    """``tagteam cards check [PATH]`` and ``tagteam cards show FIGHTER``."""
    me = parsing.first_fighter()
    cards = commands.add_parser(
        "cards",
        help=_("check or show the card data"),
        description=_("Check card data files, or print a Fighter's board and cards."),
        epilog=parsing.example("tagteam cards check", f"tagteam cards show {me}"),
    )
    csub = cards.commands("cards_command", help=_("what to do with the card data"), needed=True)
    chk = csub.add_parser(
        "check",
        help=_("validate card data: a Fighter file or a folder of them (default: the shipped data)"),
        description=_("Validate card data; each problem is one line naming the file, the card and the field."),
        epilog=parsing.example("tagteam cards check"),
    )
    chk.add_argument(
        "path",
        nargs="?",
        metavar="PATH",
        help=_("a Fighter's .json file or a folder of them (default: the card data shipped with the game)"),
    )
    chk.set_defaults(run=_check)
    show_ = csub.add_parser(
        "show",
        help=_("print a Fighter's board and cards"),
        description=_("Print a Fighter's board and each of its cards."),
        epilog=parsing.example(f"tagteam cards show {me}"),
    )
    show_.add_argument(
        "fighter",
        metavar="FIGHTER",
        help=parsing.Late(_("the Fighter's id, one of: {FIGHTERS}"), FIGHTERS=parsing.fighter_ids),
    )
    show_.set_defaults(run=_show)


def _check(args: argparse.Namespace) -> int:
    path: str | None = args.path
    return check(path)


def _show(args: argparse.Namespace) -> int:
    fighter: str = args.fighter
    return show(fighter)


def _console() -> Console:
    """Rich's console, except that a reader gone away (``| head -1``) is left to ``tagteam.__main__``, which
    ends every command the same way on a closed pipe (status 141): rich's own ending is ``SystemExit(1)``."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True  # nothing more is written to the closed pipe
            raise BrokenPipeError

    return _Console()


def check(path: str | None) -> int:
    """Validate a fighter file or a directory (the packaged data by default); one line per problem."""
    from tagteam.content.loader import check_content

    fighters, problems = check_content(Path(path) if path else None)
    if problems:
        for problem in problems:
            print(shown(inputs.line(problem)), file=sys.stderr)  # plain print: rich would wrap long lines
        return EXIT_BAD_INPUT
    cards = sum(card.copies for fighter in fighters.values() for card in fighter.cards)
    print(tools.cards_ok(len(fighters), cards))
    return EXIT_OK


def show(fighter_id: str) -> int:
    """Print one Fighter's board and each of its cards as panels."""
    from tagteam.content.loader import ContentError, load_all
    from tagteam.render.cards import card_panel, fighter_board_panel

    try:
        fighters = load_all()
    except ContentError as exc:
        for said in inputs.lines(exc):
            print(shown(said), file=sys.stderr)
        return EXIT_BAD_INPUT
    fighter = fighters.get(fighter_id)
    if fighter is None:
        said = tools.unknown_fighter(fighter_id, sorted(fighters))
        print(shown(error_line(said, prog="tagteam cards")), file=sys.stderr)
        return EXIT_BAD_INPUT
    console = _console()
    console.print(fighter_board_panel(fighter))
    for card in fighter.cards:
        console.print(card_panel(card))
        if card.flipped_text is not None:
            console.print(card_panel(card, flipped=True))
    return EXIT_OK
