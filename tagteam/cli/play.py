"""``tagteam`` (play), ``--resume``, ``--load FILE`` and ``tagteam replay FILE``: validate, then start the app."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tagteam.engine.record import GameRecord, RecordError
from tagteam.ground.jsonfile import display
from tagteam.store import saves
from tagteam.words import inputs
from tagteam.words import saves as saves_words
from tagteam.words.history import cli_line
from tagteam.words.lang import _
from tagteam.words.lists import error_line

EXIT_BAD_INPUT = 2


def _load(path: str | Path) -> GameRecord | None:
    """A validated record, or None after one line on stderr (the file is never touched).

    The path is passed on as typed, so ``--load ""`` is named '' (a Path would turn it into '.')."""
    try:
        rec = saves.load(path)
    except RecordError as e:
        print(error_line(inputs.line(e)), file=sys.stderr)
        return None
    note = saves_words.trust_note(rec, path)
    if note:  # an old save still loads, but the player is told it could not be checked
        print(cli_line(note), file=sys.stderr)  # "tagteam : ..." in French
    return rec


def run(seed: int | None, resume: bool, load: str | None) -> int:
    """Play: exit status 0 on a normal quit, 2 when the save to resume or load cannot be used."""
    rec: GameRecord | None = None
    if load is not None:
        rec = _load(load)
        if rec is None:
            return EXIT_BAD_INPUT
    elif resume:
        path = saves.autosave_path()
        if not os.path.lexists(path):
            said = _("no autosaved game to resume ({file})").format(file=display(path))
            print(error_line(said), file=sys.stderr)
            return EXIT_BAD_INPUT
        rec = _load(path)
        if rec is None:
            return EXIT_BAD_INPUT
    from tagteam.app import TagTeamApp

    result = TagTeamApp(seed=seed, record=rec).run()
    return result or 0


def replay(path: str) -> int:
    """Watch a saved game, step by step."""
    rec = _load(path)
    if rec is None:
        return EXIT_BAD_INPUT
    from tagteam.app import TagTeamApp

    result = TagTeamApp(replay_record=rec).run()
    return result or 0
