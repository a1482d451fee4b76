"""Recaps that say why, read from the event log: a few lines after each Fight step, and at game over.

Nothing here imports Textual or re-applies a rule: every line is derived from the events the engine
logged (reveals, Blocks, HP movements, Power changes) and, for "in reach of a KO", from the public view.
Lines speak in player words: Fighter and card names, never ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.table import GameTable
    from tagteam.engine.view import PlayerView


@dataclass
class Turn:
    """One Turn of the log: where it is, who revealed what, and the HP and Power changes it caused."""

    round: int
    turn: int
    events: list[ev.Event] = field(default_factory=list)
    cards: dict[int, int] = field(default_factory=dict)  # seat -> card instance revealed
    active: dict[int, int] = field(default_factory=dict)  # seat -> Active Fighter
    hp: dict[int, tuple[int, int]] = field(default_factory=dict)  # fighter -> (HP before, HP after)
    power: dict[int, tuple[int, int]] = field(default_factory=dict)  # fighter -> (Power before, after)

    @property
    def where(self) -> str:
        return f"Round {self.round} · Turn {self.turn}"

    def swing(self) -> int:
        """How much this Turn moved the game: HP lost or healed, and Power gained or lost, added up."""
        return sum(abs(b - a) for a, b in self.hp.values()) + sum(abs(b - a) for a, b in self.power.values())


def _start_hp(table: GameTable) -> list[int]:
    return [fd.tracks[0].hp[fd.tracks[0].start] for fd in table.fighters]


def turns(log: Sequence[ev.Event], table: GameTable) -> list[Turn]:
    """The log cut into Turns (events before the first Turn, such as Setup, are left out)."""
    hp = _start_hp(table)
    power = [fd.base_power for fd in table.fighters]
    out: list[Turn] = []
    cur: Turn | None = None
    for e in log:
        if isinstance(e, ev.TurnStarted):
            cur = Turn(e.round, e.turn)
            out.append(cur)
            continue
        if isinstance(e, ev.FightEnded | ev.RoundStarted | ev.BuildLocked):
            cur = None
        new_hp: tuple[int, int] | None = None
        match e:
            case ev.MarkerMoved(fighter=f, to_hp=h) | ev.Transformed(fighter=f, hp=h) | ev.Revived(fighter=f, hp=h):
                new_hp = (f, h)
            case ev.CharacterChosen(fighter=f, character=c):
                td = next((t for t in table.fighters[f].tracks if t.name == c), None)
                if td is not None:
                    new_hp = (f, td.hp[td.start])
            case ev.BecameSpirit(fighter=f):
                new_hp = (f, 0)
            case ev.PowerChanged(fighter=f, old=o, new=n):
                if cur is not None:
                    cur.power[f] = (cur.power.get(f, (o, o))[0], n)
                power[f] = n
        if new_hp is not None:
            f, h = new_hp
            if cur is not None:
                cur.hp[f] = (cur.hp.get(f, (hp[f], hp[f]))[0], h)
            hp[f] = h
        if cur is None:
            continue
        cur.events.append(e)
        if isinstance(e, ev.CardRevealed):
            cur.cards[e.seat] = e.inst
            cur.active[e.seat] = e.fighter
    return out


def _card(table: GameTable, inst: int) -> str:
    return table.cards[inst].cdef.name if 0 <= inst < len(table.cards) else "a card"


def _fighter(table: GameTable, f: int) -> str:
    return table.fighters[f].name if 0 <= f < len(table.fighters) else "a Fighter"


def block_lines(t: Turn, table: GameTable) -> list[str]:
    """What each Block did this Turn: the Attack it negated and whether its bonus fired."""
    out = []
    blocked: dict[int, list[ev.AttackBlocked]] = {}
    for e in t.events:
        if isinstance(e, ev.AttackBlocked):
            blocked.setdefault(e.blocker, []).append(e)
    for e in t.events:
        if not isinstance(e, ev.BlockSucceeded):
            continue
        seat = e.blocker >> 1
        card = _card(table, t.cards[seat]) if seat in t.cards else "Block"
        stopped = blocked.get(e.blocker, [])
        what = " and ".join(f"{_fighter(table, a.attacker)}'s {a.power}-Power Attack" for a in stopped)
        negated = f" negated {what}" if what else " negated an Attack"
        out.append(f"{t.where}: {_fighter(table, e.blocker)}'s {card}{negated}, so its bonus fired.")
    return out


def _hp_words(table: GameTable, f: int, a: int, b: int) -> str:
    verb = f"lost {a - b} HP" if b < a else f"healed {b - a} HP"
    return f"{_fighter(table, f)} {verb} ({a} → {b})"


def _ko_line(t: Turn, table: GameTable) -> str | None:
    """Every Fighter this Turn knocked out or incinerated (one Attack on both Opponents can take two)."""
    out = []
    for e in t.events:
        if isinstance(e, ev.KnockedOut | ev.Incinerated):
            how = "Knocked Out" if isinstance(e, ev.KnockedOut) else "Incinerated"
            out.append(f"{_fighter(table, e.fighter)} was {how}")
    return " and ".join(out) or None


def turn_line(t: Turn, table: GameTable) -> str:
    """One line for a Turn that mattered: the cards played and what they did to HP and Power."""
    played = " vs ".join(
        f"{_fighter(table, t.active[s])}'s {_card(table, t.cards[s])}" for s in sorted(t.cards) if s in t.active
    )
    bits = [_hp_words(table, f, a, b) for f, (a, b) in sorted(t.hp.items()) if a != b]
    bits += [f"{_fighter(table, f)}'s Power {a} → {b}" for f, (a, b) in sorted(t.power.items()) if a != b]
    sources = {e.source for e in t.events if isinstance(e, ev.Damage) and e.source}
    bits += [ev.DAMAGE_SOURCE[s] for s in sorted(sources) if s in ev.DAMAGE_SOURCE]
    absorbed = sum(1 for e in t.events if isinstance(e, ev.AttackAbsorbed))
    if absorbed:
        bits.append("the Golem's Presence absorbed an Attack")
    ko = _ko_line(t, table)
    if ko:
        bits.append(ko)
    return f"{t.where}: {played}: " + ("; ".join(bits) if bits else "nothing changed") + "."


def _net(ts: Sequence[Turn], key: str) -> dict[int, tuple[int, int]]:
    """First value before and last value after, per Fighter, over several Turns."""
    out: dict[int, tuple[int, int]] = {}
    for t in ts:
        for f, (a, b) in getattr(t, key).items():
            out[f] = (out.get(f, (a, a))[0], b)
    return out


def in_reach(view: PlayerView, names: tuple[str, str]) -> list[str]:
    """Fighters one Attack from a KO: HP no higher than the best Power on the other team (a rough cue, said
    as one: Blocks, Direct Damage and Fighters' own rules can change it)."""
    out = []
    for fv in view.fighters:
        if fv.ko or fv.hp <= 0:
            continue
        seat = fv.index >> 1
        foes = [g for g in view.fighters if g.index >> 1 != seat and not g.ko]
        if not foes:
            continue
        best = max(foes, key=lambda g: g.power)
        if best.power >= fv.hp:
            out.append(
                f"{fv.name} ({names[seat]}) has {fv.hp} HP: one unblocked Attack from "
                f"{best.name} ({best.power} Power) would knock them out."
            )
    return out


def fight_recap(
    log: Sequence[ev.Event], table: GameTable, view: PlayerView | None = None, names: tuple[str, str] = ("", "")
) -> list[str]:
    """A few lines about the latest Fight step: the Blocks that fired, the biggest HP and Power swings,
    and what is now in reach of a KO."""
    ts = turns(log, table)
    if not ts:
        return []
    last_round = ts[-1].round
    step = [t for t in ts if t.round == last_round]
    out: list[str] = []
    for t in step:
        out.extend(block_lines(t, table))
    hp = {f: ab for f, ab in _net(step, "hp").items() if ab[0] != ab[1]}
    if hp:
        f, (a, b) = max(hp.items(), key=lambda kv: (abs(kv[1][1] - kv[1][0]), -kv[0]))
        out.append(f"Biggest HP swing: {_hp_words(table, f, a, b)} this Fight.")
    pw = {f: ab for f, ab in _net(step, "power").items() if ab[0] != ab[1]}
    over = view is not None and view.phase == "over"
    if pw and not over:  # at game over a Power change no longer matters
        f, (a, b) = max(pw.items(), key=lambda kv: (abs(kv[1][1] - kv[1][0]), -kv[0]))
        out.append(f"Biggest Power swing: {_fighter(table, f)}'s Power {a} → {b} (it counts from the next Turn).")
    if not out:
        out.append(f"Round {last_round}: no HP or Power changed hands.")
    if view is not None and view.phase != "over":
        out.extend(in_reach(view, names))
    return out


def game_recap(log: Sequence[ev.Event], table: GameTable, names: tuple[str, str], key: int = 3) -> list[str]:
    """At game over: how the game was decided (the last Turn), the key Turns (the biggest swings), and the
    trends that built up over the whole game (Power climbs, Blocks, Presence)."""
    ts = turns(log, table)
    over = next((e for e in reversed(log) if isinstance(e, ev.GameOver)), None)
    out: list[str] = []
    if over is not None:
        who = "It is a draw" if over.winner < 0 else f"{names[over.winner]} wins"
        out.append(f"How it was decided: {who} by {ev.reason_words(over.reason)}. {over.detail}".strip())
    decisive = None  # the last blow is said once, not again among the key Turns
    if over is not None:
        decisive = next((t for t in reversed(ts) if t.hp or _ko_line(t, table)), None)
        if decisive is not None:
            out.append(f"The last blow: {turn_line(decisive, table)}")
    others = [t for t in ts if t.swing() and t is not decisive]
    ranked = sorted(others, key=lambda t: (-t.swing(), t.round, t.turn))[:key]
    if ranked:
        out.append("Key Turns:")
        out.extend(f"  {turn_line(t, table)}" for t in sorted(ranked, key=lambda t: (t.round, t.turn)))
    pw = _net(ts, "power")
    climbs = sorted(((b - a, f, a, b) for f, (a, b) in pw.items() if b - a >= 2), reverse=True)
    for _d, f, a, b in climbs[:2]:
        out.append(f"{_fighter(table, f)}'s Power climbed from {a} to {b} over the game.")
    fired = [0, 0]
    for t in ts:
        for e in t.events:
            if isinstance(e, ev.BlockSucceeded):
                fired[e.blocker >> 1] += 1
    for seat in (0, 1):
        if fired[seat]:
            s = "s" if fired[seat] != 1 else ""
            out.append(f"{names[seat]}'s Blocks negated Attacks on {fired[seat]} Turn{s}.")
    absorbed = sum(1 for t in ts for e in t.events if isinstance(e, ev.AttackAbsorbed))
    if absorbed:
        out.append(f"The Golem's Presence absorbed {absorbed} Attack{'s' if absorbed != 1 else ''}.")
    return out
