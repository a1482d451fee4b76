"""The mutable game state: flat, slotted and cheap to copy, because the search opponent copies it a lot.

Fighters are numbered 0..3: fighter ``f`` belongs to seat ``f >> 1`` and its Partner is ``f ^ 1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from tagteam.engine.pieces import CardInst, GameTable

Phase = Literal["draft", "setup", "fight", "build", "over"]
"""Where the game is: the phase machine draft -> setup -> fight <-> build -> over."""
DecisionKind = Literal["pick_team", "draft_pick", "order_start", "character", "build"]
"""What a seat owes (``GameState.pending``): each has its own Action type and screen."""

DRAFT: Final = "draft"
SETUP: Final = "setup"
FIGHT: Final = "fight"
BUILD: Final = "build"
OVER: Final = "over"

DRAW = -1  # value of ``winner`` for a drawn game


@dataclass(slots=True)
class DraftState:
    """Draft hands and picks; the mode is "free", "standard" or "competitive"."""

    mode: str
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    picks: list[list[str]] = field(default_factory=lambda: [[], []])
    discards: list[list[str]] = field(default_factory=lambda: [[], []])
    step: int = 0

    def clone(self) -> DraftState:
        return DraftState(
            self.mode,
            [list(h) for h in self.hands],
            [list(p) for p in self.picks],
            [list(d) for d in self.discards],
            self.step,
        )


class GameState:
    """Everything that changes during a game. ``table`` is static and shared between copies."""

    __slots__ = (
        "active",
        "aflame",
        "build",
        "conc",
        "cursor",
        "draft",
        "drawn",
        "fight",
        "flipped",
        "last_played",
        "over_reason",
        "pending",
        "phase",
        "planted",
        "played",
        "pos",
        "power",
        "presence",
        "presence_ready",
        "reanimate",
        "removed",
        "rng",
        "round",
        "scheme_pile",
        "schemes_gone",
        "seed",
        "serpent",
        "sheriff",
        "special",
        "spirit_mask",
        "staged",
        "table",
        "track",
        "turn",
        "winner",
    )

    def __init__(self, seed: int, rng: int, table: GameTable | None) -> None:
        self.seed = seed
        self.rng = rng
        self.table: GameTable | None = table
        self.phase: Phase = DRAFT
        self.round = 0
        self.turn = 0
        self.pending: list[DecisionKind | None] = [None, None]
        self.staged: list[object | None] = [None, None]
        self.draft: DraftState | None = None
        self.active = [0, 2]  # Active Fighter of each seat on the current (or last) Turn
        self.power = [0, 0, 0, 0]
        self.track = [
            0,
            0,
            0,
            0,
        ]  # index of the Health track in use (Bödvar's side, Fey Folk Character); -1: none
        self.pos = [0, 0, 0, 0]  # marker index on that track, 0 = top space
        self.special = [0, 0, 0, 0]  # Divine Voice / Rage / Fleet / Spirit track value
        self.aflame = [0, 0, 0, 0]
        self.conc = [0, 0, 0, 0]
        self.spirit_mask = [0, 0, 0, 0]  # Fey Folk: bit i set when Character i is a Spirit
        self.sheriff = -1  # fighter holding the Sheriff token, -1 when not in play
        self.serpent = 0  # 0 white, 1 black
        self.scheme_pile: list[int] = []
        self.planted: list[int] = []
        self.schemes_gone: list[int] = []
        self.presence = -1  # fighter holding the Golem's Presence token; -1: with the Golem or not in play
        self.presence_ready = False  # False on the Turn it was given: it protects from the next Turn on
        self.reanimate = [False, False]
        self.fight: list[list[int]] = [[], []]
        self.cursor = [0, 0]
        self.played: list[list[int]] = [[], []]
        self.last_played: list[list[int]] = [[], []]
        self.build: list[list[int]] = [[], []]
        self.drawn: list[list[int]] = [[], []]
        self.removed: frozenset[int] = frozenset()
        self.flipped: frozenset[int] = frozenset()
        self.winner: int | None = None
        self.over_reason = ""

    def clone(self) -> GameState:
        """A deep-enough copy: every list is new, static tables are shared."""
        c = GameState.__new__(GameState)
        c.seed = self.seed
        c.rng = self.rng
        c.table = self.table
        c.phase = self.phase
        c.round = self.round
        c.turn = self.turn
        c.pending = self.pending[:]
        c.staged = self.staged[:]
        c.draft = self.draft.clone() if self.draft is not None else None
        c.active = self.active[:]
        c.power = self.power[:]
        c.track = self.track[:]
        c.pos = self.pos[:]
        c.special = self.special[:]
        c.aflame = self.aflame[:]
        c.conc = self.conc[:]
        c.spirit_mask = self.spirit_mask[:]
        c.sheriff = self.sheriff
        c.serpent = self.serpent
        c.scheme_pile = self.scheme_pile[:]
        c.planted = self.planted[:]
        c.schemes_gone = self.schemes_gone[:]
        c.presence = self.presence
        c.presence_ready = self.presence_ready
        c.reanimate = self.reanimate[:]
        c.fight = [self.fight[0][:], self.fight[1][:]]
        c.cursor = self.cursor[:]
        c.played = [self.played[0][:], self.played[1][:]]
        c.last_played = [self.last_played[0][:], self.last_played[1][:]]
        c.build = [self.build[0][:], self.build[1][:]]
        c.drawn = [self.drawn[0][:], self.drawn[1][:]]
        c.removed = self.removed
        c.flipped = self.flipped
        c.winner = self.winner
        c.over_reason = self.over_reason
        return c

    # ------------------------------------------------------------------ reads

    def tab(self) -> GameTable:
        """The static table; only None before the draft has settled the teams."""
        assert self.table is not None, "teams are not settled yet"
        return self.table

    def hp(self, f: int) -> int:
        """Current HP of fighter f (0 on a KO or Spirit space, or with no active Fey Folk Character)."""
        t = self.track[f]
        if t < 0:
            return 0
        return self.tab().fighters[f].tracks[t].hp[self.pos[f]]

    def is_ko_space(self, f: int) -> bool:
        t = self.track[f]
        if t < 0:
            return False
        return self.tab().fighters[f].tracks[t].ko[self.pos[f]]

    def card(self, inst: int) -> CardInst:
        return self.tab().cards[inst]
