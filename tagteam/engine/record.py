"""Game records: seed, teams or draft mode, and every decision. The save file, the replay, the bug report.

Loading validates everything and raises ``RecordError`` with one line naming the file and the field.
Saving writes a temporary file and renames it, so a failed save never destroys the previous one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tagteam.engine import events as ev
from tagteam.engine.actions import IllegalAction, from_dict
from tagteam.engine.game import Teams, advance_inplace, apply_action_inplace, needs_advance, new_game
from tagteam.engine.state import GameState

FORMAT = "tagteam-record"
VERSION = 1


class RecordError(ValueError):
    """A save/replay file that cannot be used: the message is one line naming file and field."""


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=1)
    action: dict[str, Any]


class SoloInfo(BaseModel):
    """Solo practice: which seat the bot plays, at which level, and the bot's own seed (not the game's:
    the game seed would let a bot rebuild the Build decks)."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(default=1, ge=0, le=1)
    level: Literal["random", "easy", "normal", "hard"]
    bot_seed: int = Field(default=0, ge=0)


PlayerName = Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[^\[\]\x00-\x1f]+$")]


class GameRecord(BaseModel):
    """Everything needed to replay a game exactly."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["tagteam-record"] = "tagteam-record"
    version: Literal[1] = 1
    seed: int
    draft: Literal["free", "standard", "competitive"] = "free"
    teams: tuple[tuple[str, str], tuple[str, str]] | None = None
    players: tuple[PlayerName, PlayerName] = ("Player 1", "Player 2")
    solo: SoloInfo | None = None
    decisions: list[Decision] = []
    turns_after: int = Field(default=0, ge=0)  # Turns resolved since the last decision (resume mid-Fight)


def replay(rec: GameRecord, log: list[ev.Event] | None = None, upto: int | None = None) -> GameState:
    """Rebuild the state: every decision, then exactly ``turns_after`` Turns (the position it was saved in).

    With ``upto``, stop right after that many decisions instead."""
    st = new_game(rec.seed, teams=rec.teams, draft=rec.draft, log=log)
    decisions = rec.decisions if upto is None else rec.decisions[:upto]
    for i, d in enumerate(decisions):
        while needs_advance(st):
            advance_inplace(st, log)
        try:
            apply_action_inplace(st, d.seat, from_dict(d.action), log)
        except (IllegalAction, ValueError) as e:
            raise RecordError(f"decisions.{i}: {e}") from None
    if upto is None:
        for _ in range(rec.turns_after):
            if not needs_advance(st):
                raise RecordError(f"turns_after: only {_} Turns can follow the last decision")
            advance_inplace(st, log)
    return st


def load(path: str | Path) -> GameRecord:
    """Read and validate a record file, and check that it replays."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"{p}: cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError as e:
        raise RecordError(f"{p}: byte {e.start}: not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{p}: line {e.lineno} column {e.colno}: not valid JSON ({e.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{p}: format: not a Tag Team game record")
    try:
        rec = GameRecord.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(root)"
        raise RecordError(f"{p}: {loc}: {err['msg']}") from None
    try:
        replay(rec)
    except RecordError as e:
        raise RecordError(f"{p}: {e}") from None
    except ValueError as e:
        raise RecordError(f"{p}: teams: {e}") from None
    return rec


def save(rec: GameRecord, path: str | Path) -> None:
    """Atomic write: a temporary file in the same folder, then a rename."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(rec.model_dump_json(indent=1))
            fh.write("\n")
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def teams_tuple(teams: Any) -> Teams | None:
    if teams is None:
        return None
    return ((teams[0][0], teams[0][1]), (teams[1][0], teams[1][1]))
