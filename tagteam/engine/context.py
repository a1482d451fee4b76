"""The Turn context: what both revealed cards declared this Turn, accumulated before anything moves.

Card Actions are simultaneous, so effects do not move markers: they add Attacks, Direct Damage and
healing here, and the Turn resolver nets and moves them once both cards have been read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.pieces import Op
    from tagteam.engine.state import GameState


@dataclass(slots=True)
class AttackRec:
    """One Attack effect of a card: its hits and what fires if it succeeds or is Blocked."""

    seat: int
    on_success: tuple[Op, ...]
    on_blocked: tuple[Op, ...]


class Ctx:
    """Accumulators for one activation (a Turn, or the Golem's second activation)."""

    __slots__ = (
        "active",
        "after",
        "attack_declared",
        "attack_recs",
        "attack_seq",
        "attacked",
        "block_fired",
        "block_ops",
        "blocked_power",
        "blocking",
        "cards",
        "combat_passes",
        "deferred",
        "drag",
        "end_ops",
        "heal",
        "hits",
        "icons",
        "ko_self",
        "lock",
        "log",
        "loss_attack",
        "loss_direct",
        "moved",
        "poisons",
        "prior_block_success",
        "redirect",
        "sink",
        "st",
        "start_power",
        "start_spirits",
        "steal",
        "steal_paid",
        "transform",
        "unleash_from_track",
        "waiting",
    )

    def __init__(self, st: GameState, active: list[int], cards: list[int], log: list[ev.Event] | None) -> None:
        self.st = st
        self.log = log
        self.active = active
        self.cards = cards
        self.start_power = st.power[:]
        sf = st.table.spirit_fighter if st.table is not None else (-1, -1)
        self.start_spirits = [
            st.special[sf[0]] if sf[0] >= 0 else 0,
            st.special[sf[1]] if sf[1] >= 0 else 0,
        ]
        self.hits: list[list[int]] = []  # [seat, attacker, target, power, attack]
        self.attack_seq = 0  # numbers each Attack: one Attack may hit several Fighters
        self.attack_recs: list[AttackRec] = []
        self.attack_declared = [False, False]
        self.attacked = [False, False, False, False]
        self.blocking = [False, False]
        self.block_ops: list[tuple[Op, ...]] = [(), ()]
        self.block_fired = [False, False]
        self.prior_block_success = [False, False]
        self.blocked_power = [0, 0]
        self.redirect = [False, False]
        self.loss_attack = [0, 0, 0, 0]
        self.loss_direct = [0, 0, 0, 0]
        self.heal = [0, 0, 0, 0]
        self.steal = [0, 0]  # Eternal Youth: Power to gain if the steal healed
        self.sink = [-1, -1, -1, -1]
        self.lock = [False, False, False, False]
        self.moved = [False, False, False, False]  # marker moved this Turn (the Wild Bunch: once only)
        self.transform = [False, False, False, False]
        self.deferred: list[tuple[int, str, tuple[Op, ...], tuple[Op, ...]]] = []
        self.waiting: list[tuple[int, str, tuple[Op, ...], tuple[Op, ...]]] = []  # "if Attacked", not yet
        self.steal_paid = [False, False]  # Eternal Youth's Power comes once per Turn
        self.combat_passes = 0
        self.after: list[tuple[int, Op]] = []
        self.end_ops: list[tuple[int, tuple[Op, ...]]] = []
        self.poisons: list[int] = []
        self.icons: list[tuple[int, str, int]] = []
        self.unleash_from_track = 0
        self.drag = [False, False]
        self.ko_self = [False, False]

    # ------------------------------------------------------------------ who is who

    def me(self, seat: int) -> int:
        return self.active[seat]

    def opp(self, seat: int) -> int:
        return self.active[1 - seat]

    def emit(self, e: ev.Event) -> None:
        if self.log is not None:
            self.log.append(e)

    # ------------------------------------------------------------------ primitives

    def run(self, seat: int, ops: tuple[Op, ...]) -> None:
        for op in ops:
            op(self, seat)

    def new_attack(self) -> int:
        """A number for one Attack, shared by its hits (Soul Siphon counts an Attack's Power once)."""
        self.attack_seq += 1
        return self.attack_seq

    def add_hit(
        self,
        seat: int,
        attacker: int,
        target: int,
        power: int,
        attack: int = 0,
        bonus: int = 0,
        bonus_kind: str = "",
        base_from: int = -1,
    ) -> None:
        """One Attack on one target; ``bonus``/``base_from`` only explain the sum in the log."""
        self.hits.append([seat, attacker, target, power, attack or self.new_attack()])
        self.attack_declared[seat] = True
        self.attacked[target] = True
        if self.log is not None:
            self.log.append(ev.AttackDeclared(attacker, target, power, bonus, bonus_kind, base_from))

    def gain_power(self, f: int, amount: int) -> None:
        power_change(self.st, f, amount, self.log)

    def set_power(self, f: int, value: int) -> None:
        self.gain_power(f, max(0, value) - self.st.power[f])

    def transfer_power(self, src: int, dst: int, amount: int) -> None:
        moved = min(amount, self.st.power[src])
        if moved > 0:
            self.gain_power(src, -moved)
            self.gain_power(dst, moved)

    def set_special(self, f: int, value: int, name: str) -> None:
        st = self.st
        old = st.special[f]
        if old != value:
            st.special[f] = value
            if self.log is not None:
                self.log.append(ev.TrackChanged(f, name, old, value))


def power_change(st: GameState, f: int, amount: int, log: list[ev.Event] | None) -> None:
    """Add (or remove) Power cubes: never below 0."""
    old = st.power[f]
    new = old + amount
    if new < 0:
        new = 0
    if new != old:
        st.power[f] = new
        if log is not None:
            log.append(ev.PowerChanged(f, old, new))
