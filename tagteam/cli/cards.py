"""`tagteam cards check|show`: validate the card data, or print a Fighter's board and cards."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

from tagteam.content.loader import ContentError, check_content, load_all
from tagteam.render.cards import card_panel, fighter_board_panel
from tagteam.words import inputs, tools
from tagteam.words.lists import error_line

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class _Console(Console):
    """Rich's console, except that a reader gone away (``| head -1``) is left to ``tagteam.__main__``, which
    ends every command the same way on a closed pipe (status 141): rich's own ending is ``SystemExit(1)``."""

    def on_broken_pipe(self) -> None:
        self.quiet = True  # nothing more is written to the closed pipe
        raise BrokenPipeError


def check(path: str | None) -> int:
    """Validate a fighter file or a directory (the packaged data by default); one line per problem."""
    fighters, problems = check_content(Path(path) if path else None)
    if problems:
        for problem in problems:
            print(inputs.line(problem), file=sys.stderr)  # plain print: a rich console would wrap long lines
        return EXIT_BAD_INPUT
    cards = sum(card.copies for fighter in fighters.values() for card in fighter.cards)
    print(tools.cards_ok(len(fighters), cards))
    return EXIT_OK


def show(fighter_id: str) -> int:
    """Print one Fighter's board and each of its cards as panels."""
    try:
        fighters = load_all()
    except ContentError as exc:
        for said in inputs.lines(exc):
            print(said, file=sys.stderr)
        return EXIT_BAD_INPUT
    fighter = fighters.get(fighter_id)
    if fighter is None:
        said = tools.unknown_fighter(fighter_id, sorted(fighters))
        print(error_line(said, prog="tagteam cards"), file=sys.stderr)
        return EXIT_BAD_INPUT
    console = _Console()
    console.print(fighter_board_panel(fighter))
    for card in fighter.cards:
        console.print(card_panel(card))
        if card.flipped_text is not None:
            console.print(card_panel(card, flipped=True))
    return EXIT_OK
