"""A leaf score for a position: +1 won, -1 lost, otherwise how many hits each team can still take."""

from __future__ import annotations

import math

from tagteam.engine.state import DRAW, OVER, GameState

SCALE = 0.8  # how sharply a lead in hits-to-KO turns into a near-certain win
INCINERATE = 5  # Aflame! tokens that Incinerate


def hits_left(st: GameState, f: int, threat: float) -> float:
    """About how many average hits fighter f survives (a soft count, Fighter quirks roughed in)."""
    fd = st.tab().fighters[f]
    kind = fd.id
    if kind == "fey_folk":
        hp = max(0, st.hp(f))
        mask = st.spirit_mask[f]
        spare = sum(t.hp[t.start] for i, t in enumerate(fd.tracks) if i != st.track[f] and not mask >> i & 1)
        hits = (hp + spare) / threat + 1.0
    elif kind == "wild_bunch":
        hits = float(st.hp(f))  # every space is a Stop: one space per Turn at most
    else:
        hits = st.hp(f) / threat
        if kind == "maman_brijit" and not st.is_ko_space(f):
            hits += 1.0
    if st.aflame[f]:
        hits = min(hits, 1.5 * (INCINERATE - st.aflame[f]))
    return max(hits, 0.0)


def team_hits(st: GameState, seat: int) -> float:
    """A soft minimum over the two Fighters: a team loses when either one is KO'd."""
    opp = 1 - seat
    threat = max(1.0, (st.power[2 * opp] + st.power[2 * opp + 1]) / 2.0)
    a = hits_left(st, 2 * seat, threat)
    b = hits_left(st, 2 * seat + 1, threat)
    lo = min(a, b)
    return lo - math.log(math.exp(lo - a) + math.exp(lo - b)) + 0.7


def value(st: GameState, seat: int) -> float:
    """From seat's point of view, in [-1, 1]."""
    if st.phase == OVER:
        if st.winner == seat:
            return 1.0
        return 0.0 if st.winner == DRAW else -1.0
    return math.tanh(SCALE * (team_hits(st, seat) - team_hits(st, 1 - seat)))
