"""What one seat may see: ``view_for`` is all a screen or a bot may read.

Hidden from a seat: the other seat's Fight deck order and pending Build choice, both Build decks'
order, the other seat's drawn cards and draft hand, face-down Schemes, and the RNG.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine.actions import Action
from tagteam.engine.fighters.mephisto import FACES
from tagteam.engine.game import legal_actions
from tagteam.engine.state import DecisionKind, GameState, Phase
from tagteam.engine.table import GameTable


@dataclass(frozen=True, slots=True)
class FighterView:
    """Public state of one Fighter (everything on its board is on the table for both players)."""

    index: int
    id: str
    name: str
    power: int
    hp: int
    max_hp: int
    track: int  # Health track in use (Bödvar's side, Fey Folk Character), -1 for none
    pos: int
    special: int
    aflame: int
    concentration: int
    spirit_mask: int
    ko: bool
    active: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A seat's view of the game. ``table`` is public: which physical cards exist in this game."""

    seat: int
    phase: Phase
    round: int
    turn: int
    table: GameTable | None
    fighters: tuple[FighterView, ...]
    sheriff: int
    serpent: str | None
    presence: int
    presence_ready: bool
    scheme_pile: int
    schemes_planted: int
    schemes_gone: tuple[str, ...]
    reanimate: tuple[bool, bool]
    my_fight_deck: tuple[int, ...]
    my_cursor: int
    opp_fight_size: int
    opp_cursor: int
    played: tuple[tuple[int, ...], tuple[int, ...]]
    last_played: tuple[tuple[int, ...], tuple[int, ...]]
    build_sizes: tuple[int, int]
    drawn: tuple[int, ...]
    removed: frozenset[int]
    flipped: frozenset[int]
    pending: DecisionKind | None
    opp_pending: bool
    legal: tuple[Action, ...]
    draft_mode: str | None
    draft_hand: tuple[str, ...]
    draft_picks: tuple[tuple[str, ...], tuple[str, ...]]
    draft_discards: tuple[str, ...]
    winner: int | None
    over_reason: str


def _fighters(st: GameState) -> tuple[FighterView, ...]:
    tab = st.table
    if tab is None:
        return ()
    out = []
    for f, fd in enumerate(tab.fighters):
        t = st.track[f]
        max_hp = fd.tracks[t].max_hp if t >= 0 else 0
        out.append(
            FighterView(
                index=f,
                id=fd.id,
                name=fd.name,
                power=st.power[f],
                hp=st.hp(f),
                max_hp=max_hp,
                track=t,
                pos=st.pos[f],
                special=st.special[f],
                aflame=st.aflame[f],
                concentration=st.conc[f],
                spirit_mask=st.spirit_mask[f],
                ko=st.is_ko_space(f),
                active=st.active[f >> 1] == f and st.phase != "setup" and (st.round > 1 or st.turn > 0),
            )
        )
    return tuple(out)


def view_for(st: GameState, seat: int) -> PlayerView:
    """Build the seat's view; nothing in it depends on the other seat's secrets."""
    opp = 1 - seat
    tab = st.table
    d = st.draft
    has_milady = tab is not None and "milady" in tab.rules
    has_mephisto = tab is not None and "mephisto" in tab.rules
    if d is not None:
        # picks are public once revealed; a staged pick is not
        revealed = d.step
        picks = (tuple(d.picks[0][:revealed]), tuple(d.picks[1][:revealed]))
        if d.mode == "free":
            picks = (tuple(d.picks[0]), tuple(d.picks[1]))
        hand = tuple(d.hands[seat])
        discards = tuple(d.discards[seat])
        mode: str | None = d.mode
    else:
        picks, hand, discards, mode = ((), ()), (), (), None
    return PlayerView(
        seat=seat,
        phase=st.phase,
        round=st.round,
        turn=st.turn,
        table=tab,
        fighters=_fighters(st),
        sheriff=st.sheriff,
        serpent=FACES[st.serpent] if has_mephisto else None,
        presence=st.presence,
        presence_ready=st.presence_ready,
        scheme_pile=len(st.scheme_pile) if has_milady else 0,
        schemes_planted=len(st.planted),
        schemes_gone=_schemes_gone(st) if has_milady else (),
        reanimate=(st.reanimate[0], st.reanimate[1]),
        my_fight_deck=tuple(st.fight[seat]),
        my_cursor=st.cursor[seat],
        opp_fight_size=len(st.fight[opp]),
        opp_cursor=st.cursor[opp],
        played=(tuple(st.played[0]), tuple(st.played[1])),
        last_played=(tuple(st.last_played[0]), tuple(st.last_played[1])),
        build_sizes=(len(st.build[0]) + len(st.drawn[0]), len(st.build[1]) + len(st.drawn[1])),
        drawn=tuple(st.drawn[seat]),
        removed=st.removed,
        flipped=st.flipped,
        pending=st.pending[seat],
        opp_pending=st.pending[opp] is not None,
        legal=tuple(legal_actions(st, seat)),
        draft_mode=mode,
        draft_hand=hand,
        draft_picks=picks,
        draft_discards=discards,
        winner=st.winner,
        over_reason=st.over_reason,
    )


def _schemes_gone(st: GameState) -> tuple[str, ...]:
    tab = st.tab()
    faces = tab.fighters[tab.rules.index("milady")].schemes
    return tuple(faces[i].id for i in st.schemes_gone)
