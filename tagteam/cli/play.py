"""``tagteam`` (play), ``--resume``, ``--load FILE`` and ``tagteam replay FILE``: validate, then start the app."""

from __future__ import annotations

import sys
from pathlib import Path

from tagteam import saves
from tagteam.engine.record import GameRecord, RecordError


def _load(path: str | Path) -> GameRecord | None:
    """A validated record, or None after one line on stderr (the file is never touched)."""
    try:
        return saves.load(path)
    except RecordError as e:
        print(f"tagteam: error: {e}", file=sys.stderr)
        return None


def run(seed: int | None, resume: bool, load: str | None) -> int:
    """Play: exit status 0 on a normal quit, 2 when the save to resume or load cannot be used."""
    rec: GameRecord | None = None
    if load is not None:
        rec = _load(load)
        if rec is None:
            return 2
    elif resume:
        path = saves.autosave_path()
        if not path.exists():
            print(f"tagteam: error: no autosaved game to resume ({path})", file=sys.stderr)
            return 2
        rec = _load(path)
        if rec is None:
            return 2
    from tagteam.app import TagTeamApp

    result = TagTeamApp(seed=seed, record=rec).run()
    return result or 0


def replay(path: str) -> int:
    """Watch a saved game, step by step."""
    rec = _load(path)
    if rec is None:
        return 2
    from tagteam.app import TagTeamApp

    result = TagTeamApp(replay_record=rec).run()
    return result or 0
