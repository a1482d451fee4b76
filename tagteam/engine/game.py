"""The phase machine: draft -> setup -> fight <-> build -> over. Nothing here ever waits for input.

The state says which seat owes which decision (``pending``); ``legal_actions`` lists the options;
``apply_action`` takes one; ``advance`` resolves the next Turn when nobody owes anything.
The ``*_inplace`` functions mutate (clone the state first to keep one); ``driver.play_out`` is the loop.
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

from tagteam.engine import events as ev
from tagteam.engine import rng
from tagteam.engine.actions import (
    Action,
    BuildChoice,
    ChooseCharacter,
    DraftPick,
    IllegalAction,
    OrderStart,
    PickTeam,
    well_typed,
)
from tagteam.engine.context import Ctx
from tagteam.engine.fighters import fey_folk, mephisto, milady, wild_bunch
from tagteam.engine.health import fire_icons, move
from tagteam.engine.state import BUILD, DRAFT, DRAW, FIGHT, OVER, SETUP, DraftState, GameState
from tagteam.engine.table import FighterDef, build_table, library
from tagteam.engine.turn import resolve_turn
from tagteam.ground.jsonfile import printable
from tagteam.ground.problems import Code, problem

DRAFT_MODES = ("free", "standard", "competitive")
BUILD_DRAW = 3

PICK_TEAM: Final = "pick_team"
DRAFT_PICK: Final = "draft_pick"
ORDER: Final = "order_start"
CHARACTER: Final = fey_folk.CHOOSE
BUILD_DECISION: Final = "build"

Teams = tuple[tuple[str, str], tuple[str, str]]


def new_game(
    seed: int,
    teams: Teams | None = None,
    draft: str = "free",
    lib: dict[str, FighterDef] | None = None,
    log: list[ev.Event] | None = None,
) -> GameState:
    """A new game: with ``teams`` it starts at setup, otherwise at the draft in the given mode."""
    lib = lib if lib is not None else library()
    st = GameState(seed, rng.mix(seed), None)
    if teams is not None:
        _check_teams(teams, lib)
        _setup(st, teams, lib, log)
        return st
    if draft not in DRAFT_MODES:
        raise ValueError(f"draft: unknown mode {draft!r} (expected one of: {', '.join(DRAFT_MODES)})")
    st.phase = DRAFT
    st.draft = DraftState(draft)
    if draft == "free":
        st.pending = [PICK_TEAM, None]
    else:
        ids = sorted(lib)
        st.rng = rng.shuffle(st.rng, ids)
        half = len(ids) // 2
        st.draft.hands = [ids[:half], ids[half:]]
        st.pending = [DRAFT_PICK, DRAFT_PICK]
    return st


def _check_teams(teams: Teams, lib: dict[str, FighterDef]) -> None:
    flat = [f for t in teams for f in t]
    for f in flat:
        if f not in lib:
            raise ValueError(f"teams: unknown Fighter {f!r} (expected one of: {', '.join(sorted(lib))})")
    if len(set(flat)) != 4:
        raise ValueError("teams: the four Fighters must all be different")


# ---------------------------------------------------------------------------------- setup


def _setup(st: GameState, teams: Teams, lib: dict[str, FighterDef], log: list[ev.Event] | None) -> None:
    """Health markers, Power, special tracks and tokens, Build decks shuffled by the game's RNG."""
    tab = build_table(teams, lib)
    st.table = tab
    st.phase = SETUP
    st.draft = None
    if log is not None:
        log.append(ev.TeamsSet((tuple(teams[0]), tuple(teams[1]))))  # type: ignore[arg-type]
    st.pending = [ORDER, ORDER]
    for f, fd in enumerate(tab.fighters):
        st.power[f] += fd.base_power
        st.power[f ^ 1] += fd.partner_start_power
        st.track[f] = 0
        st.pos[f] = fd.tracks[0].start
        st.special[f] = fd.special_start
    for f, fd in enumerate(tab.fighters):  # hooks in a fixed order, so the RNG use is reproducible
        if fd.rules == "wild_bunch":
            wild_bunch.setup(st, f)
        elif fd.rules == "mephisto":
            mephisto.setup(st, f)
        elif fd.rules == "milady":
            milady.setup(st, f)
    for s in (0, 1):
        deck = [ci.inst for ci in tab.cards if ci.seat == s and not ci.starred]
        st.rng = rng.shuffle(st.rng, deck)
        st.build[s] = deck
        st.fight[s] = []


def _fey(st: GameState, seat: int) -> int:
    for f in (2 * seat, 2 * seat + 1):
        if st.tab().rules[f] == "fey_folk":
            return f
    return -1


# ---------------------------------------------------------------------------------- queries


def pending_seats(st: GameState) -> list[int]:
    return [s for s in (0, 1) if st.pending[s] is not None]


def needs_advance(st: GameState) -> bool:
    """True when nobody owes a decision and the game goes on: call ``advance``."""
    return st.phase == FIGHT and st.pending[0] is None and st.pending[1] is None


def is_over(st: GameState) -> bool:
    return st.phase == OVER


def legal_actions(st: GameState, seat: int) -> list[Action]:
    """Every option the seat has now (empty when it owes nothing)."""
    kind = st.pending[seat]
    if kind is None:
        return []
    if kind == PICK_TEAM:
        ids = sorted(library_ids(st))
        taken = set(st.draft.picks[1 - seat]) if st.draft else set()
        free = [i for i in ids if i not in taken]
        return [PickTeam((a, b)) for a in free for b in free if a != b]
    if kind == DRAFT_PICK:
        d = st.draft
        assert d is not None
        hand = d.hands[seat]
        if d.mode == "competitive" and d.step == 0:
            return [DraftPick(a, b) for a in hand for b in hand if a != b]
        return [DraftPick(a) for a in hand]
    if kind == ORDER:
        return [OrderStart(k) for k in st.tab().team(seat)]
    if kind == CHARACTER:
        f = _fey(st, seat)
        return [ChooseCharacter(i) for i in fey_folk.choices(st, f)]
    if kind == BUILD_DECISION:
        n = len(st.fight[seat])
        out: list[Action] = []
        for c in range(BUILD_DRAW):
            rest = [i for i in range(BUILD_DRAW) if i != c]
            for pos in range(n + 1):
                for order in permutations(rest):
                    out.append(BuildChoice(c, pos, (order[0], order[1])))
        return out
    raise AssertionError(kind)


def library_ids(st: GameState) -> list[str]:
    return list(library())


def is_legal(st: GameState, seat: int, a: Action) -> bool:
    """Cheap legality test (no full enumeration for Build choices); exact field types first."""
    if not well_typed(a):
        return False
    kind = st.pending[seat]
    if kind == BUILD_DECISION and isinstance(a, BuildChoice):
        rest = {0, 1, 2} - {a.card}
        return (
            0 <= a.card < BUILD_DRAW
            and 0 <= a.position <= len(st.fight[seat])
            and set(a.bottom) == rest
            and len(a.bottom) == 2
        )
    return a in legal_actions(st, seat)


# ---------------------------------------------------------------------------------- actions


def apply_action_inplace(st: GameState, seat: int, a: Action, log: list[ev.Event] | None = None) -> None:
    """Take one decision of ``seat``; raises IllegalAction when it is not legal now."""
    if type(seat) is not int or seat not in (0, 1):
        raise IllegalAction(problem(Code.SEAT_OUT_OF_RANGE, seat=printable(seat, 40)))
    if st.pending[seat] is None:
        raise IllegalAction(problem(Code.OWES_NOTHING, seat=seat + 1))
    if not well_typed(a):
        raise IllegalAction(problem(Code.WRONG_FIELD_TYPE, action=printable(repr(a))))
    if not is_legal(st, seat, a):
        raise IllegalAction(problem(Code.NOT_LEGAL_NOW, action=printable(repr(a)), seat=seat + 1))
    kind = st.pending[seat]
    if kind == PICK_TEAM:
        assert isinstance(a, PickTeam) and st.draft is not None
        st.draft.picks[seat] = list(a.fighters)
        st.pending[seat] = None
        if seat == 0:
            st.pending[1] = PICK_TEAM
        else:
            p = st.draft.picks
            _setup(st, ((p[0][0], p[0][1]), (p[1][0], p[1][1])), library(), log)
    elif kind == DRAFT_PICK:
        assert isinstance(a, DraftPick)
        st.staged[seat] = a
        st.pending[seat] = None
        if st.pending[1 - seat] is None:
            _reveal_draft(st, log)
    elif kind == ORDER:
        assert isinstance(a, OrderStart)
        tab = st.tab()
        starters = [ci.inst for ci in tab.cards if ci.seat == seat and ci.starred]
        starters.sort(key=lambda i: 0 if tab.cards[i].cdef.fighter_id == a.first else 1)
        st.fight[seat] = starters
        fey = _fey(st, seat)
        st.pending[seat] = CHARACTER if fey >= 0 and st.track[fey] == 0 and st.round == 0 else None
        if fey >= 0 and st.pending[seat] == CHARACTER:
            st.track[fey] = -1
        _maybe_start(st, log)
    elif kind == CHARACTER:
        assert isinstance(a, ChooseCharacter)
        fey_folk.place(st, _fey(st, seat), a.index, log)
        st.pending[seat] = BUILD_DECISION if st.phase == BUILD and st.drawn[seat] else None
        _maybe_start(st, log)
    elif kind == BUILD_DECISION:
        assert isinstance(a, BuildChoice)
        _apply_build(st, seat, a, log)


def _reveal_draft(st: GameState, log: list[ev.Event] | None) -> None:
    d = st.draft
    assert d is not None
    picks = []
    for s in (0, 1):
        a = st.staged[s]
        assert isinstance(a, DraftPick)
        d.picks[s].append(a.fighter)
        d.hands[s].remove(a.fighter)
        if a.discard is not None:
            d.discards[s].append(a.discard)
            d.hands[s].remove(a.discard)
        picks.append(a.fighter)
        st.staged[s] = None
    if log is not None:
        log.append(ev.DraftRevealed(d.step, (picks[0], picks[1])))
    d.step += 1
    if d.step == 1:
        d.hands = [d.hands[1], d.hands[0]]  # pass the rest of your hand to your opponent
        st.pending = [DRAFT_PICK, DRAFT_PICK]
    else:
        p = d.picks
        _setup(st, ((p[0][0], p[0][1]), (p[1][0], p[1][1])), library(), log)


def _maybe_start(st: GameState, log: list[ev.Event] | None) -> None:
    if st.phase == SETUP and st.pending[0] is None and st.pending[1] is None:
        _start_round(st, log)


def _start_round(st: GameState, log: list[ev.Event] | None) -> None:
    st.phase = FIGHT
    st.round += 1
    st.turn = 0
    st.cursor = [0, 0]
    st.played = [[], []]
    if log is not None:
        log.append(ev.RoundStarted(st.round, len(st.fight[0])))


def _apply_build(st: GameState, seat: int, a: BuildChoice, log: list[ev.Event] | None) -> None:
    drawn = st.drawn[seat]
    st.fight[seat].insert(a.position, drawn[a.card])
    st.build[seat].extend(drawn[i] for i in a.bottom)
    st.staged[seat] = drawn[a.card]
    st.drawn[seat] = []
    st.pending[seat] = None
    if log is not None:
        log.append(ev.BuildLocked(seat))
    if st.pending[1 - seat] is None:
        _instant_bonuses(st, log)
        st.staged = [None, None]
        _start_round(st, log)


def _instant_bonuses(st: GameState, log: list[ev.Event] | None) -> None:
    """Announced and applied once both players have added their card (card and place stay secret)."""
    ctx: Ctx | None = None
    for s in (0, 1):
        inst = st.staged[s]
        if not isinstance(inst, int):
            continue
        ci = st.card(inst)
        if ci.cdef.instant_heal:
            if log is not None:
                log.append(ev.InstantBonus(s, ci.owner, ci.cdef.instant_heal))
            ctx = ctx or Ctx(st, st.active[:], [-1, -1], log)
            move(ctx, ci.owner, -ci.cdef.instant_heal)
    if ctx is not None:
        fire_icons(ctx)


# ---------------------------------------------------------------------------------- fight


def advance_inplace(st: GameState, log: list[ev.Event] | None = None) -> None:
    """Resolve the next Turn; at the end of the Fight step, go to the Build step (or end the game)."""
    if not needs_advance(st):
        raise IllegalAction(problem(Code.NOTHING_TO_ADVANCE))
    resolve_turn(st, log)
    if st.phase == OVER:
        return
    if st.cursor[0] >= len(st.fight[0]) and st.cursor[1] >= len(st.fight[1]):
        _end_fight_step(st, log)


def _end_fight_step(st: GameState, log: list[ev.Event] | None) -> None:
    if log is not None:
        log.append(ev.FightEnded(st.round))
    st.last_played = st.played
    st.played = [[], []]
    if st.removed:
        for s in (0, 1):
            st.fight[s] = [i for i in st.fight[s] if i not in st.removed]
    st.phase = BUILD
    if len(st.build[0]) < BUILD_DRAW or len(st.build[1]) < BUILD_DRAW:
        st.phase = OVER
        st.winner = DRAW
        st.over_reason = "depleted"
        st.pending = [None, None]
        if log is not None:
            log.append(ev.GameOver(DRAW, "depleted"))
        return
    for s in (0, 1):
        st.drawn[s] = st.build[s][:BUILD_DRAW]
        del st.build[s][:BUILD_DRAW]
    keep = st.pending[:]  # a Fey Folk Character choice may still be owed
    st.pending = [keep[0] or BUILD_DECISION, keep[1] or BUILD_DECISION]


def run_until_decision(st: GameState, log: list[ev.Event] | None = None) -> None:
    """Advance Turns until someone owes a decision or the game is over."""
    while needs_advance(st):
        advance_inplace(st, log)
