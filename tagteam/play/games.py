"""How games begin: one place, shared by the app and the host (what kind of game runs: ``tagteam.play.kinds``).

Textual-free. The "first game = the rulebook's fixed teams with a free draft" rule, rematches, the bot's
seed and the reproducible seeds are written here once; the local app, the network host and ``tagteam
host`` call these instead of each building a Session their own way.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING

from tagteam.engine.game import legal_actions
from tagteam.engine.record import GameRecord, SoloInfo
from tagteam.engine.session import Session
from tagteam.play.modes import FIRST_GAME, Mode

if TYPE_CHECKING:
    from tagteam.engine.actions import Action


# ---------------------------------------------------------------------- starting a game


class Seeds:
    """Game seeds for this run: ``--seed N`` gives N, N+1, ... (reproducible, never the same game twice).

    Without ``--seed``, each game (a rematch, a new Draft) is dealt from fresh random bits over the record's
    whole range: a finished game's record shows its seed, and 31 bits could be searched for the seed that
    deals what a solo player was dealt (then the bot's hand would follow); 63 cannot."""

    def __init__(self, base: int | None) -> None:
        self.base = base

    def next(self) -> int:
        if self.base is None:
            import secrets

            from tagteam.engine.record import MAX_SEED

            return secrets.randbelow(MAX_SEED + 1)
        seed, self.base = self.base, self.base + 1
        return seed


def solo_info(level: str, seed: int) -> SoloInfo:
    """The bot's seed is hashed from the game seed (reproducible with --seed) but reveals nothing of it."""
    digest = hashlib.sha256(f"tagteam-bot:{seed}".encode()).digest()
    # validated, so an unknown level is refused here in one line rather than typed away
    return SoloInfo.model_validate({"seat": 1, "level": level, "bot_seed": int.from_bytes(digest[:4], "big")})


def new_session(
    mode: Mode | str, seed: int, players: tuple[str, str] = ("Player 1", "Player 2"), level: str = ""
) -> Session:
    """A new game. ``mode``: "first" (the rulebook's first-game teams, no draft), "free", "standard" or
    "competitive"; ``level`` makes seat 2 a bot of that level."""
    first = mode == "first"
    s = Session.new(seed, teams=FIRST_GAME if first else None, draft="free" if first else mode, players=players)
    if level:
        s.record.solo = solo_info(level, seed)
    return s


def mode_of(rec: GameRecord) -> Mode:
    """How a recorded game was started, so "new draft" after a resume keeps the table's choice."""
    if rec.draft != "free":
        return rec.draft
    if rec.teams is None:
        return "free"
    return "first" if rec.teams == FIRST_GAME else "free"


def new_draft_mode(rec: GameRecord) -> Mode:
    """A rematch with a new draft: the same draft mode; after the first-game teams, the Standard Draft."""
    mode = mode_of(rec)
    return "standard" if mode == "first" else mode


def rematch_session(old: Session, same_teams: bool, seed: int) -> Session:
    """Play again: the same players (and bot level), never the same seed; same teams or a new draft."""
    rec = old.record
    level = rec.solo.level if rec.solo else ""
    tab = old.state.table
    if same_teams and tab is not None:
        new = Session.new(seed, teams=(tab.team(0), tab.team(1)), players=rec.players)
        if level:
            new.record.solo = solo_info(level, seed)
        return new
    return new_session(new_draft_mode(rec), seed, (rec.players[0], rec.players[1]), level)


def fallback_action(session: Session, seat: int) -> Action:
    """A legal choice when the bot fails, drawn reproducibly from the record (never a frozen game)."""
    options = legal_actions(session.state, seat)
    if not options:
        raise ValueError(f"seat {seat} has no legal action")
    rng = random.Random(session.record.seed * 7919 + len(session.record.decisions))
    return rng.choice(options)
