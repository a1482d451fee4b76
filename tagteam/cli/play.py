"""``tagteam`` (play), ``--resume``, ``--load FILE`` and ``tagteam replay FILE``: validate, then start the app.

The game is what ``tagteam`` does with no command, so its flags are the main parser's (``register_default``);
``replay`` is a command (``register``). Both hold the home: one running game per ``TAGTEAM_HOME``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tagteam.cli import parsing, terminal
from tagteam.cli.home import EXIT_HOME_IN_USE, hold_home
from tagteam.ground.jsonfile import display
from tagteam.ground.problems import shown
from tagteam.words import commands as wc
from tagteam.words import inputs
from tagteam.words.history import cli_line
from tagteam.words.lang import _
from tagteam.words.lists import error_line

if TYPE_CHECKING:
    from tagteam.engine.record import GameRecord

EXIT_BAD_INPUT = 2


def register_default(parser: parsing.Parser) -> None:
    """The game's own flags on ``tagteam`` itself, and the game as what runs when no command is given."""
    parser.add_argument(
        "--seed",
        type=parsing.seed,
        metavar="SEED",
        help=_(
            "start the game from SEED (0 to {max}), so it can be played again exactly (default: a random seed)"
        ).format(max=parsing.MAX_SEED),
    )
    parser.add_argument(
        "--resume", action="store_true", help=_("continue the autosaved game (default: the title screen)")
    )
    parser.add_argument("--load", metavar="FILE", help=_("continue the saved game in FILE (default: the title screen)"))
    parser.set_defaults(run=_play)


def register(commands: parsing.Commands) -> None:
    """``tagteam replay FILE``."""
    rp = commands.add_parser(
        "replay",
        help=_("watch a saved game, step by step"),
        description=_("Watch a saved game, step by step (saves live in the saves folder of TAGTEAM_HOME)."),
        epilog=parsing.example("tagteam replay ~/.local/share/tagteam/saves/20250101-120000.json"),
    )
    rp.add_argument("file", metavar="FILE", help=_("a saved game (a .json file written by the game)"))
    rp.set_defaults(run=_replay)


def _play(args: argparse.Namespace) -> int:
    if not hold_home():
        return EXIT_HOME_IN_USE
    seed: int | None = args.seed
    resume: bool = args.resume
    load: str | None = args.load
    return run(seed=seed, resume=resume, load=load)


def _replay(args: argparse.Namespace) -> int:
    if not hold_home():
        return EXIT_HOME_IN_USE
    file: str = args.file
    return replay(file)


def _load(path: str | Path) -> GameRecord | None:
    """A validated record, or None after one line on stderr (the file is never touched).

    The path is passed on as typed, so ``--load ""`` is named '' (a Path would turn it into '.')."""
    from tagteam.engine.record import RecordError
    from tagteam.store import saves

    try:
        rec = saves.load(path)
    except RecordError as e:
        print(shown(error_line(inputs.line(e))), file=sys.stderr)
        return None
    from tagteam.words import saves as saves_words  # loads the engine's record: only once a file is read

    note = saves_words.trust_note(rec, path)
    if note:  # an old save still loads, but the player is told it could not be checked
        print(shown(cli_line(note)), file=sys.stderr)  # "tagteam : ..." in French
    return rec


def run(seed: int | None, resume: bool, load: str | None) -> int:
    """Play: exit status 0 on a normal quit, 2 when the save to resume or load cannot be used."""
    from tagteam.store import saves

    rec: GameRecord | None = None
    if load is not None:
        rec = _load(load)
        if rec is None:
            return EXIT_BAD_INPUT
    elif resume:
        path = saves.autosave_path()
        if not os.path.lexists(path):
            said = _("no autosaved game to resume ({file})").format(file=display(path))
            print(shown(error_line(said)), file=sys.stderr)
            return EXIT_BAD_INPUT
        rec = _load(path)
        if rec is None:
            return EXIT_BAD_INPUT
    if terminal.missing():
        print(wc.no_terminal(), file=sys.stderr)
        return EXIT_BAD_INPUT
    from tagteam.app import TagTeamApp

    result = TagTeamApp(seed=seed, record=rec).run()
    return result or 0


def replay(path: str) -> int:
    """Watch a saved game, step by step."""
    rec = _load(path)
    if rec is None:
        return EXIT_BAD_INPUT
    if terminal.missing():
        print(wc.no_terminal(), file=sys.stderr)
        return EXIT_BAD_INPUT
    from tagteam.app import TagTeamApp

    result = TagTeamApp(replay_record=rec).run()
    return result or 0
