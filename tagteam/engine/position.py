"""Positions from JSON (the rules sandbox and the scenario tests): both teams, tracks, tokens, decks and
the decisions of a round.

A position is validated (unknown fields, Fighters and cards, and positions that cannot happen are errors
naming the field, on one line) and turned into a GameState at the start of a Fight step, or at Setup when
it gives no Fight decks. ``resolve`` then plays one round: the Fight step, and the Build step when its
decisions are scripted. The CLI (``tagteam sandbox``) and ``tests/scenarios`` share all of it.
Format: docs/sandbox.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError

from tagteam.engine import events as ev
from tagteam.engine import rng
from tagteam.engine.actions import Action, IllegalAction
from tagteam.engine.fighters import fey_folk, mephisto
from tagteam.engine.game import _start_round, advance_inplace, apply_action_inplace, needs_advance, new_game
from tagteam.engine.state import FIGHT, OVER, GameState
from tagteam.engine.table import GameTable, library
from tagteam.ground.jsonfile import InputError, display, printable, read_json
from tagteam.ground.problems import Code, ProblemError, first_of, problem, team_problem


class PositionError(ProblemError):
    """A position that cannot be built: its ``problem`` names the field (worded by ``tagteam.words.inputs``)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Int = Annotated[int, Strict()]
Bool = Annotated[bool, Strict()]
Name = Annotated[str, Strict(), Field(min_length=1, max_length=60)]
Text = Annotated[str, Strict(), Field(max_length=4000)]
Cards = Annotated[list[Name], Field(max_length=40)]
ActionField = Annotated[Action, Field(discriminator="type")]
ActionFields = Annotated[list[ActionField], Field(max_length=40)]


class FighterSpec(_Strict):
    """Overrides for one Fighter; anything left out keeps its setup value."""

    hp: Annotated[Int, Field(ge=0, le=99)] | None = None
    power: Annotated[Int, Field(ge=0, le=99)] | None = None
    special: Annotated[Int, Field(ge=0, le=99)] | None = None
    aflame: Annotated[Int, Field(ge=0, le=4)] = 0  # a fifth token Incinerates: the game would be over
    concentration: Annotated[Int, Field(ge=0, le=2)] = 0
    track: Name | None = None
    spirits: Annotated[list[Name], Field(max_length=3)] = []


class PresenceSpec(_Strict):
    on: Name
    ready: Bool = True


class SchemeSpec(_Strict):
    pile: Annotated[list[Name], Field(max_length=11)] = []
    planted: Annotated[list[Name], Field(max_length=11)] = []


class Position(_Strict):
    """A Fight step about to start (or Setup, with no ``fight``; or the Draft, with ``draft`` instead of
    ``teams``): Fight decks list card ids top first ("id*" = the starred copy); ``decisions`` script each
    seat's choices in the order they come (at the Draft: ``pick_team`` or ``draft_pick``, then Setup's)."""

    teams: tuple[tuple[Name, Name], tuple[Name, Name]] | None = None
    draft: Literal["free", "standard", "competitive"] | None = None
    hands: tuple[Annotated[list[Name], Field(max_length=6)], Annotated[list[Name], Field(max_length=6)]] | None = (
        None  # a Standard or Competitive Draft's two hands of 6 (left out: dealt by the seed)
    )
    seed: Annotated[Int, Field(ge=0, le=2**63 - 1)] = 0
    round: Annotated[Int, Field(ge=1, le=99)] = 1
    fighters: Annotated[dict[Name, FighterSpec], Field(max_length=4)] = {}
    sheriff: Name | None = None
    serpent: Literal["white", "black"] | None = None
    presence: PresenceSpec | None = None
    schemes: SchemeSpec | None = None
    reanimate: tuple[Bool, Bool] = (False, False)
    fight: tuple[Cards, Cards] | None = None
    flipped: Cards = []
    build: tuple[Cards, Cards] | None = None
    decisions: tuple[ActionFields, ActionFields] = (
        [],
        [],
    )
    turns: Annotated[Int, Field(ge=1, le=999)] | None = None  # resolve only this many Turns (--turns wins)
    rule: Text | None = None  # scenario tests: the rule pinned, in words
    source: Text | None = None  # scenario tests: where the rule is written
    known_bug: Text | None = None  # scenario tests: an engine bug still open (strict xfail)
    expect: dict[str, Any] | None = None  # scenario tests: the exact result; the sandbox ignores it


def parse(data: Any) -> Position:
    """Validate parsed JSON; raises PositionError naming the field."""
    try:
        return Position.model_validate(data)
    except ValidationError as e:  # pydantic names the union member in the location: not a field, dropped
        raise PositionError(first_of(e.errors(include_url=False), drop=_ACTION_TAGS)) from None


_ACTION_TAGS = {"pick_team", "draft_pick", "order_start", "choose_character", "build"}


def load(path: str | Path) -> tuple[Position, GameState]:
    """Read, validate and build a position file; raises PositionError naming the file and the field."""
    name = display(path)
    try:
        data = read_json(path)
    except InputError as e:
        raise PositionError(e.problems) from None
    try:
        pos = parse(data)
        return pos, build(pos)
    except PositionError as e:
        raise PositionError([p.at(name) for p in e.problems]) from None


def build(pos: Position) -> GameState:
    """The GameState for a position (raises PositionError naming the field)."""
    if pos.draft is not None:
        return _draft(pos)
    if pos.teams is None:
        raise PositionError(problem(Code.NO_TEAMS, "teams"))
    if pos.hands is not None:
        raise PositionError(problem(Code.HANDS_NOT_DRAFT, "hands"))
    _check_teams(pos.teams)
    try:
        st = new_game(pos.seed, teams=pos.teams)
    except ValueError as e:
        raise PositionError(problem(Code.BAD_TEAMS, "teams", detail=printable(e))) from None
    tab = st.tab()
    index = {fid: f for f, fid in enumerate(tab.kinds)}

    def fighter(name: str, field: str) -> int:
        if name not in index:
            raise PositionError(
                problem(Code.NOT_IN_GAME, field, name=repr(printable(name, 60)), fighters=", ".join(tab.kinds))
            )
        return index[name]

    for fid, spec in pos.fighters.items():
        _fighter(st, fighter(fid, f"fighters.{printable(fid, 60)}"), spec, f"fighters.{fid}")
    _tokens(st, pos, fighter)
    if pos.fight is None:
        _setup_decks(st, pos)
        return st
    used: set[int] = set()
    for s in (0, 1):
        st.fight[s] = [_take(st, s, cid, used, f"fight.{s}.{i}") for i, cid in enumerate(pos.fight[s])]
    if len(st.fight[0]) != len(st.fight[1]):
        raise PositionError(problem(Code.FIGHT_DECKS_UNEQUAL, "fight"))
    st.flipped = frozenset(_flipped(st, pos.flipped))
    for s in (0, 1):
        top = [] if pos.build is None else pos.build[s]
        st.build[s] = [_take(st, s, cid, used, f"build.{s}.{i}", build=True) for i, cid in enumerate(top)]
        rest = [ci.inst for ci in tab.cards if ci.seat == s and ci.inst not in used]
        st.rng = rng.shuffle(st.rng, rest)
        # every card is somewhere: the unlisted ones go under, shuffled by the seed, and a starred Starting
        # Card the position leaves out goes last (a short position need not list every Fight deck card)
        st.build[s] += [i for i in rest if not tab.cards[i].starred] + [i for i in rest if tab.cards[i].starred]
    st.pending = [None, None]
    st.round = pos.round - 1
    _start_round(st, None)
    for f, kind in enumerate(tab.rules):  # a Fey Folk with no Character in play owes the choice first
        if kind == "fey_folk" and st.track[f] < 0 and fey_folk.choices(st, f):
            st.pending[f >> 1] = fey_folk.CHOOSE
    return st


def _check_teams(teams: tuple[tuple[str, str], tuple[str, str]]) -> None:
    """The teams' Fighters exist and differ, each named by its field (the engine's refusal is a technical line)."""
    found = team_problem(teams, library())
    if found is not None:
        raise PositionError(found)


_AFTER_THE_DRAFT = ("fighters", "sheriff", "serpent", "presence", "schemes", "fight", "build", "flipped")


def _draft(pos: Position) -> GameState:
    """The Draft about to begin: nothing else has happened yet, and the teams come from the scripted picks."""
    if pos.teams is not None:
        raise PositionError(problem(Code.TEAMS_AT_DRAFT, "teams"))
    for key in _AFTER_THE_DRAFT:
        if getattr(pos, key) != Position.model_fields[key].default:
            raise PositionError(problem(Code.NOTHING_YET_AT_DRAFT, key))
    if pos.round != 1 or any(pos.reanimate):
        raise PositionError(problem(Code.ROUND_ONE_AT_DRAFT, "round"))
    st = new_game(pos.seed, draft=pos.draft or "free")
    if pos.hands is not None:
        if pos.draft == "free":
            raise PositionError(problem(Code.NO_HANDS_FREE_PICK, "hands"))
        ids = sorted(library())
        dealt = [h for hand in pos.hands for h in hand]
        for s, hand in enumerate(pos.hands):
            if len(hand) != len(ids) // 2:
                raise PositionError(problem(Code.HAND_SIZE, f"hands.{s}", size=len(ids) // 2, count=len(hand)))
            for i, fid in enumerate(hand):
                if fid not in ids:
                    raise PositionError(problem(Code.NOT_A_FIGHTER, f"hands.{s}.{i}", name=repr(printable(fid, 60))))
                if dealt.count(fid) > 1:
                    raise PositionError(problem(Code.DEALT_TWICE, f"hands.{s}.{i}", name=fid))
        assert st.draft is not None
        st.draft.hands = [list(pos.hands[0]), list(pos.hands[1])]
    return st


def _fighter(st: GameState, f: int, spec: FighterSpec, field: str) -> None:
    fd = st.tab().fighters[f]
    names = [t.name for t in fd.tracks]
    if spec.track is not None:
        if spec.track not in names:
            raise PositionError(
                problem(Code.NOT_A_TRACK, f"{field}.track", name=repr(printable(spec.track, 60)), choices=str(names))
            )
        st.track[f] = names.index(spec.track)
        st.pos[f] = fd.tracks[st.track[f]].start
    if spec.spirits and fd.special != "spirit":
        raise PositionError(problem(Code.ONLY_FEY_SPIRITS, f"{field}.spirits"))
    for i, sp in enumerate(spec.spirits):
        if sp not in names:
            raise PositionError(
                problem(
                    Code.NOT_FEY_CHARACTER, f"{field}.spirits.{i}", name=repr(printable(sp, 60)), choices=str(names)
                )
            )
        if st.spirit_mask[f] >> names.index(sp) & 1:
            raise PositionError(problem(Code.SPIRIT_TWICE, f"{field}.spirits.{i}", name=sp))
        st.spirit_mask[f] |= 1 << names.index(sp)
    if fd.special == "spirit":
        st.special[f] = fd.special_start + len(spec.spirits)
        if st.track[f] >= 0 and st.spirit_mask[f] >> st.track[f] & 1:
            if spec.track is not None:
                raise PositionError(problem(Code.SPIRIT_IN_PLAY, f"{field}.track", name=spec.track))
            st.track[f] = -1  # the default Character is a Spirit: the next one is chosen first
    if spec.hp is not None:
        if st.track[f] < 0:
            raise PositionError(problem(Code.NO_CHARACTER, f"{field}.hp"))
        tr = fd.tracks[st.track[f]]
        if spec.hp > tr.max_hp:
            raise PositionError(problem(Code.HP_ABOVE_MAX, f"{field}.hp", hp=spec.hp, max=tr.max_hp))
        st.pos[f] = tr.index_of_hp(spec.hp)
        if tr.ko[st.pos[f]]:
            raise PositionError(problem(Code.HP_KO, f"{field}.hp", hp=spec.hp))
    if spec.power is not None:
        st.power[f] = spec.power
    if spec.special is not None:
        if fd.special is None or spec.special >= fd.special_size:
            raise PositionError(problem(Code.SPECIAL_RANGE, f"{field}.special", fighter=fd.id))
        if fd.special == "spirit" and spec.special != st.special[f]:
            raise PositionError(problem(Code.SPIRIT_TRACK, f"{field}.special", count=st.special[f]))
        st.special[f] = spec.special
    st.aflame[f] = spec.aflame
    st.conc[f] = spec.concentration


def _tokens(st: GameState, pos: Position, fighter: Any) -> None:
    """Tokens, checked against the game's supplies and the rules that place them."""
    tab = st.tab()
    if any(st.aflame):
        if "shango" not in tab.rules:
            raise PositionError(problem(Code.AFLAME_NEEDS_SHANGO, "fighters"))
        if sum(st.aflame) > 4:
            raise PositionError(problem(Code.AFLAME_TOO_MANY, "fighters"))
        for s in (0, 1):
            if st.aflame[2 * s] and st.aflame[2 * s + 1]:
                raise PositionError(
                    problem(Code.AFLAME_BOTH, "fighters", one=tab.kinds[2 * s], other=tab.kinds[2 * s + 1])
                )
    if any(st.conc):
        if "wong_fei_hung" not in tab.rules:
            raise PositionError(problem(Code.CONCENTRATION_NEEDS_WONG, "fighters"))
        if sum(st.conc) > 2:
            raise PositionError(problem(Code.CONCENTRATION_TOO_MANY, "fighters"))
    if pos.sheriff is not None:
        if "wild_bunch" not in tab.rules:
            raise PositionError(problem(Code.SHERIFF_NEEDS_WILD_BUNCH, "sheriff"))
        st.sheriff = fighter(pos.sheriff, "sheriff")
    if pos.serpent is not None:
        if "mephisto" not in tab.rules:
            raise PositionError(problem(Code.SERPENT_NEEDS_MEPHISTO, "serpent"))
        st.serpent = mephisto.FACES.index(pos.serpent)
    if pos.presence is not None:
        if "golem" not in tab.rules:
            raise PositionError(problem(Code.PRESENCE_NEEDS_GOLEM, "presence"))
        holder = fighter(pos.presence.on, "presence.on")
        if holder != tab.rules.index("golem") ^ 1:
            raise PositionError(problem(Code.PRESENCE_ON_PARTNER, "presence.on"))
        st.presence = holder
        st.presence_ready = pos.presence.ready
    if pos.schemes is not None:
        _schemes(st, pos.schemes)
    for s in (0, 1):
        if pos.reanimate[s] and "golem" not in tab.rules[2 * s : 2 * s + 2]:
            raise PositionError(problem(Code.REANIMATE_NO_GOLEM, f"reanimate.{s}", seat=s + 1))
    if (pos.reanimate[0] or pos.reanimate[1]) and pos.fight is None:
        raise PositionError(problem(Code.REANIMATE_NEEDS_FIGHT, "reanimate"))
    st.reanimate = list(pos.reanimate)


def _flipped(st: GameState, ids: Sequence[str]) -> set[int]:
    """Summoning cards turned upside down: only in a Fight deck, and only cards that have a back."""
    out: set[int] = set()
    for i, cid in enumerate(ids):
        found = [inst for s in (0, 1) for inst in st.fight[s] if st.card(inst).cdef.id == cid.rstrip("*")]
        if not found:
            raise PositionError(problem(Code.NOT_IN_FIGHT_DECK, f"flipped.{i}", card=repr(printable(cid, 60))))
        if st.card(found[0]).cdef.flipped_effects is None:
            raise PositionError(problem(Code.NO_BACK, f"flipped.{i}", card=cid))
        out.update(found)
    return out


def _setup_decks(st: GameState, pos: Position) -> None:
    """Setup: the Starting order is owed; ``build`` may fix the top of each (already shuffled) Build deck."""
    if pos.flipped:
        raise PositionError(problem(Code.FLIPPED_NEEDS_FIGHT, "flipped"))
    for fid, spec in pos.fighters.items():
        for key in ("track", "spirits", "aflame", "concentration"):
            if getattr(spec, key):
                raise PositionError(problem(Code.NOTHING_YET_AT_SETUP, f"fighters.{fid}.{key}"))
    for key in ("presence", "schemes"):
        if getattr(pos, key) is not None:
            raise PositionError(problem(Code.NOTHING_YET_AT_SETUP, key))
    if pos.round != 1:
        raise PositionError(problem(Code.ROUND_ONE_AT_SETUP, "round"))
    if pos.build is not None:
        used = {ci.inst for ci in st.tab().cards if ci.starred}
        for s in (0, 1):
            top = [_take(st, s, cid, used, f"build.{s}.{i}", build=True) for i, cid in enumerate(pos.build[s])]
            st.build[s] = top + [i for i in st.build[s] if i not in top]


def _take(st: GameState, seat: int, cid: str, used: set[int], field: str, build: bool = False) -> int:
    """A free physical copy of card ``cid`` owned by ``seat`` ("id*" asks for the starred one); a Build
    deck never holds a starred Starting Card (it starts in the Fight deck and stays there)."""
    want_star = cid.endswith("*")
    cid = cid.rstrip("*")
    tab = st.tab()
    if cid not in tab.cards_by_id:
        raise PositionError(problem(Code.UNKNOWN_CARD, field, card=repr(printable(cid, 60))))
    if build and want_star:
        raise PositionError(problem(Code.STARRED_IN_BUILD, field))
    options = [
        ci
        for ci in tab.cards
        if ci.seat == seat and ci.cdef.id == cid and ci.inst not in used and not (build and ci.starred)
    ]
    if not options:
        raise PositionError(problem(Code.NO_COPY_LEFT, field, card=repr(cid), seat=seat + 1))
    if want_star:
        options = [ci for ci in options if ci.starred]
        if not options:
            raise PositionError(problem(Code.NO_STARRED_COPY, field, card=repr(cid)))
    else:
        options.sort(key=lambda ci: ci.starred)  # plain copies first
    used.add(options[0].inst)
    return options[0].inst


def _schemes(st: GameState, spec: SchemeSpec) -> None:
    tab = st.tab()
    if "milady" not in tab.rules:
        raise PositionError(problem(Code.NO_MILADY, "schemes"))
    faces = tab.fighters[tab.rules.index("milady")].schemes
    free = list(range(len(faces)))

    def take(name: str, field: str) -> int:
        for i in free:
            if faces[i].id == name:
                free.remove(i)
                return i
        raise PositionError(
            problem(
                Code.NO_SCHEME_LEFT, field, name=repr(printable(name, 60)), choices=str(sorted({s.id for s in faces}))
            )
        )

    st.planted = [take(n, f"schemes.planted.{i}") for i, n in enumerate(spec.planted)]
    pile = [take(n, f"schemes.pile.{i}") for i, n in enumerate(spec.pile)]
    st.scheme_pile = list(reversed(pile))  # listed top first; the pile pops from the end
    st.schemes_gone = free  # the tokens not listed have been unleashed already: all 11 are accounted for


# ---------------------------------------------------------------------------------- resolution


@dataclasses.dataclass(slots=True)
class Resolution:
    """What resolving a position did: the events, why it stopped, and the scripted decisions left over."""

    events: list[ev.Event]
    stopped: str  # "over", "turns", "next_round", or "decision" (one is owed and not scripted)
    unused: tuple[int, int]


def resolve(st: GameState, turns: int | None = None, decisions: Sequence[Sequence[Action]] = ((), ())) -> Resolution:
    """Play one round from the position: every Turn of the Fight step (or ``turns`` of them), and each
    decision as it is owed, taken from that seat's script in order. Stops when the game ends, when the
    next Fight step would begin, or when a decision is owed that the script does not give.
    A scripted decision the engine refuses is a PositionError naming ``decisions.<seat>.<n>``."""
    log: list[ev.Event] = []
    first = st.round if st.phase == FIGHT else st.round + 1
    queues = [list(decisions[0]), list(decisions[1])]
    taken = [0, 0]
    done = 0
    stopped = "over"
    while st.phase != OVER:
        if needs_advance(st):
            if st.round > first:
                stopped = "next_round"
                break
            if turns is not None and done >= turns:
                stopped = "turns"
                break
            advance_inplace(st, log)
            done += 1
            continue
        owed = [s for s in (0, 1) if st.pending[s] is not None]
        ready = [s for s in owed if taken[s] < len(queues[s])]
        if not ready:
            stopped = "decision"
            break
        for s in ready:  # simultaneous decisions: both are read before either is applied
            action = queues[s][taken[s]]
            try:
                apply_action_inplace(st, s, action, log)
            except IllegalAction as e:
                raise PositionError(
                    problem(Code.ILLEGAL_DECISION, f"decisions.{s}.{taken[s]}", detail=printable(e))
                ) from None
            taken[s] += 1
    return Resolution(log, stopped, (len(queues[0]) - taken[0], len(queues[1]) - taken[1]))


def card_name(tab: GameTable, inst: int) -> str:
    """A physical card as the position format names it: its id, with ``*`` for the starred copy."""
    ci = tab.cards[inst]
    return ci.cdef.id + ("*" if ci.starred else "")


def final_state(st: GameState, res: Resolution | None = None) -> dict[str, Any]:
    """The position after resolution, by Fighter and card id: what a player checks against the table."""
    out: dict[str, Any] = {"phase": st.phase, "round": st.round, "winner": st.winner, "reason": st.over_reason}
    if st.draft is not None:
        d = st.draft
        out["draft"] = {"mode": d.mode, "hands": d.hands, "picks": d.picks, "discards": d.discards}
    if st.table is None:  # still in the Draft: no teams, so nothing else exists yet
        if res is not None:
            out["stopped"] = res.stopped
            out["unused_decisions"] = list(res.unused)
        return out
    tab = st.tab()
    out["teams"] = [list(tab.team(0)), list(tab.team(1))]
    fighters = {}
    for f, fd in enumerate(tab.fighters):
        t = st.track[f]
        fighters[fd.id] = {
            "seat": f >> 1,
            "hp": st.hp(f),
            "ko": st.is_ko_space(f),
            "power": st.power[f],
            "track": fd.tracks[t].name if t >= 0 else None,
            "special": st.special[f],
            "aflame": st.aflame[f],
            "concentration": st.conc[f],
            "spirits": [fd.tracks[i].name for i in range(len(fd.tracks)) if st.spirit_mask[f] >> i & 1],
        }
    out["fighters"] = fighters
    out["sheriff"] = tab.kinds[st.sheriff] if st.sheriff >= 0 else None
    out["presence"] = tab.kinds[st.presence] if st.presence >= 0 else None
    out["serpent"] = ("white", "black")[st.serpent] if "mephisto" in tab.rules else None
    out["schemes"] = {"pile": len(st.scheme_pile), "planted": len(st.planted), "gone": len(st.schemes_gone)}
    out["removed"] = sorted(st.card(i).cdef.id for i in st.removed)
    out["flipped"] = sorted(st.card(i).cdef.id for i in st.flipped)
    out["reanimate"] = list(st.reanimate)
    out["fight"] = [[card_name(tab, i) for i in st.fight[s]] for s in (0, 1)]
    out["build_size"] = [len(st.build[s]) for s in (0, 1)]
    out["drawn"] = [[card_name(tab, i) for i in st.drawn[s]] for s in (0, 1)]
    out["pending"] = list(st.pending)
    if res is not None:
        out["stopped"] = res.stopped
        out["unused_decisions"] = list(res.unused)
    return out


FIGHTER_FIELDS = frozenset({"fighter", "attacker", "target", "blocker", "by", "base_from"})
"""Event fields that hold a Fighter number (0-3, or -1 for none): printed as the Fighter's id."""
HOLDER_FIELDS = {"token_moved": frozenset({"old", "new"})}
"""Per event kind, fields that hold a Fighter number where -1 means the supply."""
CARD_FIELDS = frozenset({"inst"})
"""Event fields that hold a physical card number: printed as ``card`` (its id, ``*`` for the starred copy)."""


def event_json(e: ev.Event, tab: GameTable) -> dict[str, Any]:
    """An event as the sandbox's ``--json`` prints it: Fighters and cards by id, never by number."""
    d = e.to_dict()
    holders = HOLDER_FIELDS.get(e.kind, frozenset())
    out: dict[str, Any] = {}
    for key, value in d.items():
        if key in CARD_FIELDS and isinstance(value, int):
            out["card"] = card_name(tab, value) if value >= 0 else None
        elif (key in FIGHTER_FIELDS or key in holders) and isinstance(value, int) and not isinstance(value, bool):
            out[key] = tab.kinds[value] if value >= 0 else None
        elif key == "card_id" and "inst" in d:
            continue  # ``card`` says the same, with the starred copy marked
        else:
            out[key] = value
    return out
