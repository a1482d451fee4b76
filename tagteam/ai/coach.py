"""The Build coach: what Hard would do here, how the main options fare against the opponent's best mix,
and why, in the words of the line-up (your card N meets their card N; an insert shifts what follows).

``coach(view, seed)`` is the old call and still returns the lines; ``coach(view, seed, selected)`` always
rates the player's selected option too (marked ``selected``). Every line carries a ``reason`` drawn from its
playthroughs, and ``what_if(view, seed, choice)`` shows how the line-up falls if the opponent inserts at
the top, in the middle or at the bottom.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tagteam.ai.determinize import Hidden, sample
from tagteam.ai.hard import Budget, analyze
from tagteam.ai.lookahead import opp_builds, outcome
from tagteam.ai.options import Option, to_choice
from tagteam.ai.simulate import settle
from tagteam.ai.traits import traits
from tagteam.engine.actions import BuildChoice
from tagteam.engine.game import advance_inplace, apply_action_inplace
from tagteam.engine.state import FIGHT, GameState
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView

COACH_BUDGET = Budget(samples=16, mine=10, theirs=8, iters=300)
WHAT_IF_SAMPLES = 6
PLACES = ("top", "middle", "bottom")


@dataclass(frozen=True, slots=True)
class CoachLine:
    """One Build option: ``value`` is its expected score in [-1, 1] (win +1, draw 0, loss -1; unfinished
    games scored by the position), ``win`` the same on a 0..1 scale, ``weight`` how often Hard plays it,
    ``reason`` one line on why, from its playthroughs, ``selected`` whether it is the player's selection."""

    action: BuildChoice
    card: str
    position: int
    value: float
    win: float
    weight: float
    text: str
    reason: str = ""
    selected: bool = False


@dataclass(frozen=True, slots=True)
class Meeting:
    """Slot ``slot`` (1-based) of the coming Fight: my card against theirs ("their new card" if unknown)."""

    slot: int
    mine: str
    theirs: str
    new: bool  # my card here is the one being kept


@dataclass(frozen=True, slots=True)
class WhatIf:
    """The line-up if the opponent inserts their new card at ``place`` (top, middle or bottom), and my
    option's expected score over the playthroughs of that case."""

    place: str
    position: int
    meetings: tuple[Meeting, ...]
    value: float
    text: str


def _where(view: PlayerView, p: int) -> str:
    tab = view.table
    assert tab is not None
    deck = view.my_fight_deck
    if p == 0:
        return "on top"
    if p == len(deck):
        return "at the bottom"
    return f"after card {p} ({tab.cards[deck[p - 1]].cdef.name})"


def _kind(tab: GameTable, inst: int, flipped: frozenset[int]) -> str:
    t = traits(tab.cards[inst].cdef, inst in flipped)
    return "Attack" if t.attacks else "Block" if t.blocks else "Cancel" if t.cancels else "card"


def _their_deck(view: PlayerView) -> list[int]:
    """The opponent's deck as last revealed (their Build adds one card to it), minus removed cards."""
    return [c for c in view.last_played[1 - view.seat] if c not in view.removed]


def _q(place: str, n: int) -> int:
    return 0 if place == "top" else n if place == "bottom" else n // 2


def _lineup(view: PlayerView, opt: Option, q: int) -> tuple[Meeting, ...]:
    tab = view.table
    assert tab is not None
    k, p = opt
    deck = list(view.my_fight_deck)
    mine = [*deck[:p], view.drawn[k], *deck[p:]]
    foe: list[int | None] = list(_their_deck(view))
    foe.insert(q, None)
    out = []
    for i in range(max(len(mine), len(foe))):
        m = tab.cards[mine[i]].cdef.name if i < len(mine) else "-"
        f = foe[i] if i < len(foe) else -1
        t = "their new card" if f is None else tab.cards[f].cdef.name if f >= 0 else "-"
        out.append(Meeting(i + 1, m, t, i == p))
    return tuple(out)


def _power_at(st: GameState, me: int, mine: BuildChoice, theirs: BuildChoice | None, slot: int, owner: int) -> int:
    """The facing Fighter's Power when my card's Turn comes, in one playthrough."""
    c = st.clone()
    settle(c)
    apply_action_inplace(c, me, mine)
    if theirs is not None:
        apply_action_inplace(c, 1 - me, theirs)
    while c.phase == FIGHT and c.cursor[me] < slot:
        if c.pending[0] is not None or c.pending[1] is not None:
            settle(c)
            if c.pending[0] is not None or c.pending[1] is not None:
                break
            continue
        advance_inplace(c)
    return c.power[owner]


def _cases(view: PlayerView, rng: random.Random, opt: Option) -> dict[str, tuple[float, float, int]]:
    """Per opponent place: my option's mean score (each of their drawn cards kept there in turn), the
    share of playthroughs in which my new card is still played, and the facing Fighter's typical Power."""
    h = Hidden(view)
    me = view.seat
    acc: dict[str, list[float]] = {pl: [0.0, 0.0, 0.0, 0.0] for pl in PLACES}
    tab = view.table
    assert tab is not None
    for _ in range(WHAT_IF_SAMPLES):
        st = sample(h, rng)
        then = rng.getrandbits(32) | 1
        builds = opp_builds(st, me)
        for pl in PLACES:
            q = _q(pl, len(st.fight[1 - me]))
            cards = range(3) if builds else [None]
            for k in cards:
                theirs = None if k is None else (k, q)
                v = outcome(st, me, opt, theirs, then)
                a = acc[pl]
                a[0] += v
                a[1] += 1
                foe = list(st.fight[1 - me])
                if k is not None:
                    foe.insert(q, st.drawn[1 - me][k])
                if k in (0, None) and opt[1] < len(foe):  # one playthrough per case is enough for Power
                    mine = to_choice(tab, view.drawn, opt)
                    tb = None if k is None else to_choice(tab, st.drawn[1 - me], (k, q))
                    a[2] += _power_at(st, me, mine, tb, opt[1], tab.cards[foe[opt[1]]].owner)
                    a[3] += 1
    return {pl: (a[0] / max(1.0, a[1]), a[2] / max(1.0, a[3]), int(a[3])) for pl, a in acc.items()}


def _reason(view: PlayerView, opt: Option, cases: dict[str, tuple[float, float, int]]) -> str:
    """One line from the playthroughs: what my card meets in the case that moves its score most."""
    tab = view.table
    assert tab is not None
    k, p = opt
    mean = sum(c[0] for c in cases.values()) / len(cases)
    place = max(PLACES, key=lambda pl: abs(cases[pl][0] - mean))
    foe = _their_deck(view)
    q = _q(place, len(foe))
    mine = view.drawn[k]
    my_kind = _kind(tab, mine, view.flipped)
    me = tab.cards[mine].cdef.name if my_kind == "card" else my_kind
    where = {"top": "at the top", "middle": "in the middle", "bottom": "at the bottom"}[place]
    v = cases[place][0]
    if p == q:
        meets, their_kind, power = "their new card", "card", ""
    else:
        idx = p if p < q else p - 1
        if idx >= len(foe):
            return f"your {me} in slot {p + 1} meets no card if they insert {where} (expected score {v:+.2f} then)"
        f = foe[idx]
        their_kind = _kind(tab, f, view.flipped)
        power = f", {cases[place][1]:.0f} Power" if their_kind == "Attack" and cases[place][2] else ""
        label = f" ({their_kind}{power})" if their_kind != "card" else ""
        meets = f"{tab.cards[f].cdef.name}{label}"
    verdict = {
        ("Block", "Attack"): "your Block stops it",
        ("Attack", "Block"): "their Block stops your Attack",
        ("Block", "Block"): "two Blocks, nothing happens",
        ("Cancel", "Attack"): "your Cancel stops it",
    }.get((my_kind, their_kind), "")
    if not verdict and my_kind == "Attack" and their_kind not in ("Block", "Cancel", "card"):
        verdict = "your Attack lands"
    if not verdict and my_kind == "Block" and their_kind not in ("Attack", "card"):
        verdict = "your Block finds nothing to stop"
    tail = f"; {verdict}" if verdict else ""
    return f"your {me} meets {meets} in slot {p + 1} if they insert {where}{tail} (expected score {v:+.2f} then)"


def coach(view: PlayerView, seed: int, selected: BuildChoice | None = None, top: int = 5) -> list[CoachLine]:
    """At a Build step: Hard's favourite first, then the other main options by expected score, and the
    player's ``selected`` option (if any) always among them, marked."""
    if view.pending != "build" or view.table is None:
        return []
    tab = view.table
    rng = random.Random(seed)
    sel: Option | None = None
    if selected is not None and 0 <= selected.card < len(view.drawn):
        sel = (selected.card, min(max(0, selected.position), len(view.my_fight_deck)))
    an = analyze(view, rng, COACH_BUDGET, lambda: False, keep=sel)
    order = sorted(range(len(an.options)), key=lambda i: (-an.strategy[i], -an.values[i]))
    first, rest = order[0], sorted(order[1:], key=lambda i: -an.values[i])
    shown = [first, *rest][:top]
    if sel is not None and sel in an.options and an.options.index(sel) not in shown:
        shown.append(an.options.index(sel))
    lines = []
    for i in shown:
        k, p = an.options[i]
        name = tab.cards[view.drawn[k]].cdef.name
        v, w = an.values[i], an.strategy[i]
        text = f"Keep {name}, insert it {_where(view, p)}: expected score {v:+.2f} (about {50 * (v + 1):.0f}% to win)"
        if w >= 0.01:
            text += f"; Hard plays this {100 * w:.0f}% of the time"
        reason = _reason(view, (k, p), _cases(view, random.Random(seed * 7919 + i), (k, p)))
        action = to_choice(tab, view.drawn, (k, p))
        lines.append(CoachLine(action, name, p, v, (v + 1) / 2, w, text, reason, (k, p) == sel))
    return lines


def what_if(view: PlayerView, seed: int, choice: BuildChoice) -> list[WhatIf]:
    """How the line-up falls for ``choice`` if the opponent inserts at the top, in the middle or at the
    bottom, each with my option's expected score over its playthroughs."""
    if view.pending != "build" or view.table is None or not 0 <= choice.card < len(view.drawn):
        return []
    opt = (choice.card, min(max(0, choice.position), len(view.my_fight_deck)))
    cases = _cases(view, random.Random(seed), opt)
    n = len(_their_deck(view))
    out = []
    for pl in PLACES:
        q = _q(pl, n)
        meets = _lineup(view, opt, q)
        mine = next(m for m in meets if m.new)
        v = cases[pl][0]
        at = "in the middle" if pl == "middle" else f"at the {pl}"
        text = f"If they insert {at}: your {mine.mine} meets {mine.theirs} in slot {mine.slot} (score {v:+.2f})"
        out.append(WhatIf(pl, q, meets, v, text))
    return out
