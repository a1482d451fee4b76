"""A leaf score for a position: +1 won, -1 lost, otherwise a logistic model of the chance to win, fitted to
self-play outcomes (``python -m tools.fit``) over features led by how many hits each team can take."""

from __future__ import annotations

import math

from tagteam.ai import eval_cards, eval_normal
from tagteam.ai.eval_weights import WEIGHTS
from tagteam.engine.standing import counted
from tagteam.engine.state import DRAW, OVER, GameState

SCALE = 0.8  # the hand-set evaluation: tanh(SCALE * hits lead)
USE_FITTED = False  # the fitted model played worse (benchmarks/arena_report.md): kept as data, not used
INCINERATE = 5  # Aflame! tokens that Incinerate


def hits_left(st: GameState, f: int, threat: float) -> float:
    """About how many average hits fighter f survives (a soft count, Fighter quirks roughed in)."""
    fd = st.tab().fighters[f]
    kind = fd.rules
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


FEATURES = ("hits_lead", "power_lead", "weakest_hp_lead", "late_hits_lead", "aflame_lead")


def features(st: GameState, seat: int) -> list[float]:
    """Seat's leads in what decides games (each one flips sign for the other seat): hits left, Power,
    the weaker Fighter's HP share, the hits lead again scaled by the round (a lead late is closer to a
    win), and Aflame! tokens on the opponents."""
    opp = 1 - seat
    hits = team_hits(st, seat) - team_hits(st, opp)

    def weakest(s: int) -> float:
        out = 1.0
        for f in (2 * s, 2 * s + 1):
            t = st.track[f]
            top = st.tab().fighters[f].tracks[t].max_hp if t >= 0 else 0
            out = min(out, max(0, st.hp(f)) / top if top > 0 else 0.0)
        return out

    power = (st.power[2 * seat] + st.power[2 * seat + 1] - st.power[2 * opp] - st.power[2 * opp + 1]) / 4.0
    aflame = (st.aflame[2 * opp] + st.aflame[2 * opp + 1] - st.aflame[2 * seat] - st.aflame[2 * seat + 1]) / 5.0
    return [hits, power, weakest(seat) - weakest(opp), hits * min(st.round, 10) / 10.0, aflame]


def value(st: GameState, seat: int, fitted: bool | None = None, cards: bool = False, normal: bool = False) -> float:
    """From seat's point of view, in [-1, 1]: the hand-set curve, or 2 P(win) - 1 under the fitted logistic
    model (``fitted``; None: ``USE_FITTED``), or under the card leaf (``cards``: the five features and what
    each card in the two Fight decks is worth, ``eval_cards``), or the five features refit on Normal's games
    (``normal``, ``eval_normal``). A bot chooses its own, so a new one can be measured against one that keeps
    the old. A Fey Folk Character owed (one fell on the Fight's last Turn) is counted in first, as every
    end of a Fight is valued (``tagteam.engine.standing``)."""
    if st.phase == OVER:
        if st.winner == seat:
            return 1.0
        return 0.0 if st.winner == DRAW else -1.0
    st = counted(st)
    if cards:
        return math.tanh(0.5 * (_fitted_z(st, seat, _WC) + card_lead(st, seat)))
    if normal:
        return math.tanh(0.5 * _fitted_z(st, seat, _WN))
    if not (USE_FITTED if fitted is None else fitted):
        return math.tanh(SCALE * (team_hits(st, seat) - team_hits(st, 1 - seat)))
    return math.tanh(0.5 * _fitted_z(st, seat))


def card_lead(st: GameState, seat: int) -> float:
    """The card leaf's deck term: the weights of the cards in seat's Fight deck less the opponent's."""
    w = _card_weights(st)
    return sum(w[c] for c in st.fight[seat]) - sum(w[c] for c in st.fight[1 - seat])


_BY_TABLE: dict[int, tuple[object, list[float]]] = {}


def _card_weights(st: GameState) -> list[float]:
    """Each card of this game's table by its index: looked up by id once per table, not once per leaf."""
    cards = st.tab().cards
    hit = _BY_TABLE.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    if len(_BY_TABLE) > 64:  # one entry per game played in this process: keep only recent ones
        _BY_TABLE.clear()
    w = [eval_cards.CARDS.get(c.cdef.id, 0.0) for c in cards]
    _BY_TABLE[id(cards)] = (cards, w)
    return w


def _fitted_z(st: GameState, seat: int, weights: list[float] | None = None) -> float:
    """The fitted model's log-odds, ``features`` weighted by ``_W``, computed in one pass: a Build's search
    scores a few thousand leaves, and the list and the helper calls made the fitted leaf cost twice the
    hand-set one. Same terms, added in the same order as ``sum(w * x for w, x in zip(_W, features()))``."""
    opp = 1 - seat
    hits = team_hits(st, seat) - team_hits(st, opp)
    fighters = st.tab().fighters
    track, pos, power, aflame = st.track, st.pos, st.power, st.aflame
    weak = [1.0, 1.0]  # each side's weaker Fighter's HP share, as ``features`` has it, without helper calls
    for side, s in ((0, seat), (1, opp)):
        for f in (2 * s, 2 * s + 1):
            t = track[f]
            if t < 0:
                weak[side] = 0.0
                break
            spaces = fighters[f].tracks[t].hp
            top, hp = spaces[0], spaces[pos[f]]
            share = (hp if hp > 0 else 0) / top if top > 0 else 0.0
            if share < weak[side]:
                weak[side] = share

    w0, w1, w2, w3, w4 = _W if weights is None else weights
    z: float = 0
    z += w0 * hits
    z += w1 * ((power[2 * seat] + power[2 * seat + 1] - power[2 * opp] - power[2 * opp + 1]) / 4.0)
    z += w2 * (weak[0] - weak[1])
    z += w3 * (hits * min(st.round, 10) / 10.0)
    z += w4 * ((aflame[2 * opp] + aflame[2 * opp + 1] - aflame[2 * seat] - aflame[2 * seat + 1]) / 5.0)
    return z


_W = [WEIGHTS.get(n, 0.0) for n in FEATURES]
_WC = [eval_cards.WEIGHTS.get(n, 0.0) for n in FEATURES]
_WN = [eval_normal.WEIGHTS.get(n, 0.0) for n in FEATURES]
