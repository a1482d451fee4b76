"""Game records: seed, teams or draft mode, and every decision. The save file, the replay, the bug report.

Parsing validates every field of the JSON with exact types and bounds, checks the integrity digest, and
replaying checks the game; any defect raises ``RecordError`` carrying a ``Problem`` (the file, the field and a
code: data, worded in the player's language by ``tagteam.words.inputs``). The engine touches no file: reading
a record file (through the bounded reader) and writing one (atomically) are ``tagteam.store.records``'s, with
the text ``dump`` makes.

Hand-edited saves are *refused*: a version-2 record carries ``digest``, the sha256 of the canonical JSON
of the fields that decide the game (seed, teams, draft, players, solo, decisions, turns_after); a file
whose digest does not match says "was edited by hand: digest does not match". The digest catches edits,
it is no signature: someone who recomputes it can still forge a record (it still has to replay legally).
Version-1 records (written before the digest existed) carry none; they still load, as *unverified*
(``GameRecord.verified`` is False), and are written back as version 2 on the next save.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, Strict, ValidationError

from tagteam.engine import events as ev
from tagteam.engine.actions import ACTION, KINDS, IllegalAction, from_dict
from tagteam.engine.game import advance_inplace, apply_action_inplace, needs_advance, new_game
from tagteam.engine.state import GameState
from tagteam.engine.table import library
from tagteam.ground.jsonfile import printable
from tagteam.ground.problems import Code, ProblemError, first_of, problem, team_problem

FORMAT = "tagteam-record"
VERSION = 2
MAX_SEED = 2**63 - 1
MAX_DECISIONS = 2_000  # a long game has ~60; this only stops absurd files
MAX_TURNS_AFTER = 500  # Turns since the last decision: one Fight step is a few dozen at most
MAX_RECORD_BYTES = 1_000_000
DIGEST_FIELDS = ("seed", "teams", "draft", "players", "solo", "decisions", "turns_after")


class RecordError(ProblemError):
    """A save/replay file that cannot be used: its ``problem`` names the file and the field."""


StrictInt = Annotated[int, Strict()]
Seed = Annotated[int, Strict(), Field(ge=0, le=MAX_SEED)]
Id = Annotated[str, Strict(), Field(min_length=1, max_length=40)]


class Decision(BaseModel):
    """One decision as the record stores it; the action dict is checked by ``ActionRecord`` on load."""

    model_config = ConfigDict(extra="forbid")
    seat: Annotated[int, Strict(), Field(ge=0, le=1)]
    action: dict[str, Any]


class SoloInfo(BaseModel):
    """Solo practice: which seat the bot plays, at which level, and the bot's own seed (not the game's:
    the game seed would let a bot rebuild the Build decks); whether the player was helped (``assisted``)."""

    model_config = ConfigDict(extra="forbid")
    seat: Annotated[int, Strict(), Field(ge=0, le=1)] = 1
    level: Literal["random", "beginner", "easy", "normal", "hard", "expert"]
    bot_seed: Annotated[int, Strict(), Field(ge=0, le=MAX_SEED)] = 0
    # the player opened the coach or the what-if during this game: it counts, marked assisted, and is not rated
    assisted: Annotated[bool, Strict()] = False


PlayerName = Annotated[str, Strict(), Field(min_length=1, max_length=24, pattern=r"^[^\[\]\x00-\x1f\x7f]+$")]


class GameRecord(BaseModel):
    """Everything needed to replay a game exactly."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["tagteam-record"] = "tagteam-record"
    version: Annotated[int, Strict(), Field(ge=1, le=VERSION)] = VERSION
    seed: Seed
    draft: Literal["free", "standard", "competitive"] = "free"
    teams: tuple[tuple[Id, Id], tuple[Id, Id]] | None = None
    players: tuple[PlayerName, PlayerName] = ("Player 1", "Player 2")
    solo: SoloInfo | None = None
    decisions: list[Decision] = Field(default_factory=list, max_length=MAX_DECISIONS)
    # Turns resolved since the last decision (resume mid-Fight)
    turns_after: Annotated[int, Strict(), Field(ge=0, le=MAX_TURNS_AFTER)] = 0
    digest: Annotated[str, Strict(), Field(pattern=r"^[0-9a-f]{64}$")] | None = None
    _unverified: bool = PrivateAttr(default=False)

    @property
    def verified(self) -> bool:
        """False for a record loaded from a version-1 file, which had no digest to check."""
        return not self._unverified


# --------------------------------------------------------------------------- digest


def compute_digest(rec: GameRecord) -> str:
    """sha256 of the canonical JSON of the fields that decide the game (not format, version or digest)."""
    data = rec.model_dump(mode="json", include=set(DIGEST_FIELDS))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


# --------------------------------------------------------------------------- replay


def _check_teams(rec: GameRecord) -> None:
    """The teams' Fighters exist and differ (the engine's own refusal is a technical line, not a field)."""
    found = None if rec.teams is None else team_problem(rec.teams, library())
    if found is not None:
        raise RecordError(found)


def replay(rec: GameRecord, log: list[ev.Event] | None = None, upto: int | None = None) -> GameState:
    """Rebuild the state: every decision, then exactly ``turns_after`` Turns (the position it was saved in).

    With ``upto``, stop right after that many decisions instead. Any decision the engine refuses (or
    cannot even parse) raises RecordError naming ``decisions.N``."""
    _check_teams(rec)
    try:
        st = new_game(rec.seed, teams=rec.teams, draft=rec.draft, log=log)
    except (ValueError, TypeError, LookupError) as e:
        raise RecordError(problem(Code.BAD_TEAMS, "teams", detail=printable(e))) from None
    decisions = rec.decisions if upto is None else rec.decisions[:upto]
    for i, d in enumerate(decisions):
        while needs_advance(st):
            advance_inplace(st, log)
        try:
            apply_action_inplace(st, d.seat, from_dict(d.action), log)
        except (IllegalAction, ValueError, TypeError, LookupError) as e:
            raise RecordError(problem(Code.ILLEGAL_DECISION, f"decisions.{i}", detail=printable(e))) from None
    if upto is None:
        for done in range(rec.turns_after):
            if not needs_advance(st):
                raise RecordError(problem(Code.TURNS_AFTER, "turns_after", count=done))
            advance_inplace(st, log)
    return st


# --------------------------------------------------------------------------- load and save


def parse(data: Any, name: str) -> GameRecord:
    """Validate already-parsed JSON as a record (types, bounds, actions, digest), without replaying it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(problem(Code.NOT_RECORD, "format", name))
    try:
        rec = GameRecord.model_validate(data)
    except ValidationError as e:
        raise RecordError(first_of(e.errors(include_url=False), file=name)) from None
    for i, d in enumerate(rec.decisions):
        try:
            ACTION.validate_python(d.action)  # the engine's one action schema, strict types and bounds
        except ValidationError as e:
            found = first_of(e.errors(include_url=False), drop=KINDS)
            raise RecordError(found.under(f"decisions.{i}.action").at(name)) from None
    if rec.version >= 2:
        if rec.digest is None:
            raise RecordError(problem(Code.DIGEST_MISSING, "digest", name, version=rec.version))
        if rec.digest != compute_digest(rec):
            raise RecordError(problem(Code.EDITED, "", name))
    elif rec.digest is not None:
        raise RecordError(problem(Code.DIGEST_IN_V1, "digest", name))
    else:
        rec._unverified = True
    return rec


def dump(rec: GameRecord) -> str:
    """The file text: always the current version, with a fresh digest."""
    out = rec.model_copy(update={"version": VERSION, "digest": None})
    out.digest = compute_digest(out)
    return out.model_dump_json(indent=1) + "\n"
