"""A puzzle's position both ways: read off a real game at a Build step (only what the player's seat may see),
and rebuilt as a GameState the engine can play from, with nothing hidden that the Fight could read.

Nothing in a Fight reads a Build deck's order, the opponent's two unkept cards or the RNG (bar a Scheme
unleashed, which the proof refuses), so the rebuilt state fills those with any cards still possible:
the result of the Fight cannot depend on them.
"""

from __future__ import annotations

from tagteam.engine import rng
from tagteam.engine.fighters.mephisto import FACES
from tagteam.engine.game import BUILD_DECISION, new_game
from tagteam.engine.state import BUILD, GameState
from tagteam.engine.table import GameTable, library
from tagteam.engine.view import view_for
from tagteam.ground.problems import Code, ProblemError, printable, problem, team_problem
from tagteam.puzzles.model import Board, Flip, Setting


class SettingError(ProblemError):
    """A setting no real game could reach, or one naming something not in the game: its ``problem`` names the
    field (worded by ``tagteam.words.inputs``)."""


def card_name(tab: GameTable, inst: int) -> str:
    ci = tab.cards[inst]
    return ci.cdef.id + ("*" if ci.starred else "")


def read_setting(st: GameState, seat: int) -> Setting | None:
    """The seat's view at its Build as a Setting, with the opponent's deck as the last Fight revealed it
    (None when the view does not show that deck exactly, or the position owes anything but two Builds)."""
    if st.phase != BUILD or st.pending != [BUILD_DECISION, BUILD_DECISION]:
        return None
    tab = st.tab()
    view = view_for(st, seat)
    opp = 1 - seat
    seen = [c for c in view.last_played[opp] if c not in view.removed]
    if seen != st.fight[opp]:
        return None  # the player could not tell the opponent's deck from the reveals: not a fair puzzle
    flips: list[Flip] = []
    for inst in sorted(view.flipped):
        if inst in st.fight[seat]:
            flips.append(Flip(side="mine", index=st.fight[seat].index(inst)))
        elif inst in st.fight[opp]:
            flips.append(Flip(side="theirs", index=st.fight[opp].index(inst)))
        else:
            return None
    boards = []
    for fv in view.fighters:
        fd = tab.fighters[fv.index]
        if fv.track < 0:
            return None
        spirits = [fd.tracks[i].name for i in range(len(fd.tracks)) if fv.spirit_mask >> i & 1]
        boards.append(
            Board(
                id=fv.id,
                track=fd.tracks[fv.track].name,
                space=fv.pos,
                power=fv.power,
                special=fv.special,
                aflame=fv.aflame,
                concentration=fv.concentration,
                spirits=spirits,
            )
        )
    return Setting(
        teams=(tab.team(0), tab.team(1)),
        seat=0 if seat == 0 else 1,
        round=st.round,
        boards=boards,
        active=(tab.kinds[st.active[0]], tab.kinds[st.active[1]]),
        sheriff=tab.kinds[view.sheriff] if view.sheriff >= 0 else None,
        serpent="white" if view.serpent == "white" else "black" if view.serpent == "black" else None,
        presence=tab.kinds[view.presence] if view.presence >= 0 else None,
        presence_ready=view.presence_ready,
        scheme_pile=view.scheme_pile,
        schemes_planted=view.schemes_planted,
        schemes_gone=list(view.schemes_gone),
        reanimate=view.reanimate,
        removed=sorted(card_name(tab, i) for i in view.removed),
        flipped=flips,
        mine=[card_name(tab, i) for i in view.my_fight_deck],
        drawn=[card_name(tab, i) for i in view.drawn],
        theirs=[card_name(tab, i) for i in st.fight[opp]],
        their_new=None,
    )


class Built:
    """A Setting as a GameState at the Build step, and the opponent's cards still unseen (their replies)."""

    def __init__(self, setting: Setting) -> None:
        s = setting
        self.setting = s
        try:
            st = new_game(0, teams=s.teams)
        except ValueError as e:
            raise SettingError(
                team_problem(s.teams, library(), "setting.teams")
                or problem(Code.BAD_TEAMS, "setting.teams", detail=printable(e))
            ) from None
        tab = st.tab()
        self.tab = tab
        self.me = s.seat
        self.opp = 1 - s.seat
        index = {fid: f for f, fid in enumerate(tab.kinds)}

        def fighter(name: str | None, field: str) -> int:
            if name is None:
                return -1
            if name not in index:
                raise SettingError(
                    problem(
                        Code.NOT_IN_GAME,
                        f"setting.{field}",
                        name=repr(printable(name, 60)),
                        fighters=", ".join(tab.kinds),
                    )
                )
            return index[name]

        for f, b in enumerate(s.boards):
            if b.id != tab.kinds[f]:
                raise SettingError(problem(Code.BOARD_ORDER, f"setting.boards.{f}.id", expected=repr(tab.kinds[f])))
            _board(st, f, b, f"setting.boards.{f}")
        st.active = [fighter(s.active[0], "active.0"), fighter(s.active[1], "active.1")]
        for k in (0, 1):
            if st.active[k] >> 1 != k:
                raise SettingError(problem(Code.NOT_SEATS_FIGHTER, f"setting.active.{k}", seat=k + 1))
        st.sheriff = fighter(s.sheriff, "sheriff")
        st.presence = fighter(s.presence, "presence")
        st.presence_ready = s.presence_ready
        if (st.sheriff >= 0) != ("wild_bunch" in tab.rules):
            raise SettingError(problem(Code.SHERIFF_EXACTLY, "setting.sheriff"))
        if s.presence is not None and "golem" not in tab.rules:
            raise SettingError(problem(Code.PRESENCE_NEEDS_GOLEM, "setting.presence"))
        if (s.serpent is not None) != ("mephisto" in tab.rules):
            raise SettingError(problem(Code.SERPENT_EXACTLY, "setting.serpent"))
        st.serpent = FACES.index(s.serpent) if s.serpent is not None else 0
        _schemes(st, s)
        st.reanimate = list(s.reanimate)
        used: set[int] = set()
        mine = [_take(tab, self.me, c, used, f"setting.mine.{i}") for i, c in enumerate(s.mine)]
        drawn = [_take(tab, self.me, c, used, f"setting.drawn.{i}") for i, c in enumerate(s.drawn)]
        if any(tab.cards[i].starred for i in drawn):
            raise SettingError(problem(Code.STARRED_NEVER_DRAWN, "setting.drawn"))
        theirs = [_take(tab, self.opp, c, used, f"setting.theirs.{i}") for i, c in enumerate(s.theirs)]
        removed = set()
        for i, c in enumerate(s.removed):
            owner = tab.cards_by_id.get(c.rstrip("*"))
            seat = index.get(owner.fighter_id, 0) >> 1 if owner is not None else 0
            removed.add(_take(tab, seat, c, used, f"setting.removed.{i}"))
        st.removed = frozenset(removed)
        known = s.their_new is not None
        if known and s.their_new is not None and s.their_new >= len(theirs):
            raise SettingError(problem(Code.PAST_THEIR_DECK, "setting.their_new"))
        before = len(theirs) - (1 if known else 0)
        if len(mine) != before:
            raise SettingError(problem(Code.BUILD_DECKS_UNEQUAL, "setting.theirs"))
        flipped = set()
        for i, fl in enumerate(s.flipped):
            deck = mine if fl.side == "mine" else theirs
            if fl.index >= len(deck):
                raise SettingError(problem(Code.PAST_DECK, f"setting.flipped.{i}.index"))
            if tab.cards[deck[fl.index]].cdef.flipped_effects is None:
                raise SettingError(
                    problem(Code.NO_BACK, f"setting.flipped.{i}", card=tab.cards[deck[fl.index]].cdef.id)
                )
            flipped.add(deck[fl.index])
        st.flipped = frozenset(flipped)
        self.pool = [ci.inst for ci in tab.cards if ci.seat == self.opp and ci.inst not in used]
        rest_mine = [ci.inst for ci in tab.cards if ci.seat == self.me and ci.inst not in used]
        if any(tab.cards[i].starred for i in self.pool + rest_mine):
            raise SettingError(problem(Code.STARRED_MISSING, "setting.mine"))
        if len(self.pool) < (2 if known else 3):
            raise SettingError(problem(Code.TOO_FEW_TO_BUILD, "setting.theirs"))
        st.phase = BUILD
        st.round = s.round
        st.turn = 0
        st.fight = [[], []]
        st.fight[self.me] = mine
        st.fight[self.opp] = theirs
        st.cursor = [len(st.fight[0]), len(st.fight[1])]
        st.played = [[], []]
        prev = [c for k, c in enumerate(theirs) if not known or k != s.their_new]
        st.last_played = [[], []]
        st.last_played[self.me] = mine[:]
        st.last_played[self.opp] = prev
        st.drawn = [[], []]
        st.drawn[self.me] = drawn
        st.build = [[], []]
        st.build[self.me] = rest_mine
        st.pending = [None, None]
        st.pending[self.me] = BUILD_DECISION
        if known and s.their_new is not None:
            st.staged[self.opp] = theirs[s.their_new]  # locked in: its Instant Bonus applies once I build
            st.build[self.opp] = self.pool[:]
        else:
            st.drawn[self.opp] = self.pool[:3]
            st.build[self.opp] = self.pool[3:]
            st.pending[self.opp] = BUILD_DECISION
        st.rng = rng.mix(1)  # only a Scheme unleashed would draw on it, and the proof refuses those
        self.state = st

    def with_reply(self, card: int) -> GameState:
        """A copy where the opponent drew ``card`` (a card of theirs still unseen) with two others."""
        st = self.state.clone()
        others = [c for c in self.pool if c != card]
        st.drawn[self.opp] = [card, others[0], others[1]]
        st.build[self.opp] = others[2:]
        return st


def _board(st: GameState, f: int, b: Board, field: str) -> None:
    fd = st.tab().fighters[f]
    names = [t.name for t in fd.tracks]
    if b.track is None or b.track not in names:
        raise SettingError(
            problem(Code.NOT_A_TRACK, f"{field}.track", name=repr(printable(b.track, 60)), choices=str(names))
        )
    st.track[f] = names.index(b.track)
    tr = fd.tracks[st.track[f]]
    if b.space > tr.last:
        raise SettingError(problem(Code.TRACK_SPACES, f"{field}.space", count=tr.last + 1))
    if tr.ko[b.space]:
        raise SettingError(problem(Code.SPACE_KO, f"{field}.space"))
    st.pos[f] = b.space
    st.power[f] = b.power
    if b.special and (fd.special is None or b.special >= fd.special_size):
        raise SettingError(problem(Code.SPECIAL_RANGE, f"{field}.special", fighter=fd.id))
    st.special[f] = b.special
    if b.aflame and not st.tab().has_shango:
        raise SettingError(problem(Code.AFLAME_NEEDS_SHANGO, f"{field}.aflame"))
    st.aflame[f] = b.aflame
    if b.concentration and "wong_fei_hung" not in st.tab().rules:
        raise SettingError(problem(Code.CONCENTRATION_NEEDS_WONG, f"{field}.concentration"))
    st.conc[f] = b.concentration
    mask = 0
    for i, sp in enumerate(b.spirits):
        if fd.special != "spirit" or sp not in names:
            raise SettingError(
                problem(
                    Code.NOT_FEY_CHARACTER, f"{field}.spirits.{i}", name=repr(printable(sp, 60)), choices=str(names)
                )
            )
        if mask >> names.index(sp) & 1:
            raise SettingError(problem(Code.SPIRIT_TWICE, f"{field}.spirits.{i}", name=sp))
        mask |= 1 << names.index(sp)
    if mask >> st.track[f] & 1:
        raise SettingError(problem(Code.SPIRIT_IN_PLAY, f"{field}.track", name=names[st.track[f]]))
    st.spirit_mask[f] = mask


def _schemes(st: GameState, s: Setting) -> None:
    tab = st.tab()
    if "milady" not in tab.rules:
        if s.scheme_pile or s.schemes_planted or s.schemes_gone:
            raise SettingError(problem(Code.NO_MILADY, "setting.scheme_pile"))
        return
    faces = tab.fighters[tab.rules.index("milady")].schemes
    free = list(range(len(faces)))
    gone = []
    for i, sid in enumerate(s.schemes_gone):
        k = next((k for k in free if faces[k].id == sid), None)
        if k is None:
            raise SettingError(
                problem(
                    Code.NO_SCHEME_LEFT,
                    f"setting.schemes_gone.{i}",
                    name=repr(printable(sid, 60)),
                    choices=str(sorted({x.id for x in faces})),
                )
            )
        free.remove(k)
        gone.append(k)
    if s.scheme_pile + s.schemes_planted != len(free):
        raise SettingError(problem(Code.SCHEMES_ELEVEN, "setting.scheme_pile"))
    st.schemes_gone = gone
    st.planted = free[: s.schemes_planted]  # face down: which is which cannot matter (unleashing is refused)
    st.scheme_pile = free[s.schemes_planted :]


def _take(tab: GameTable, seat: int, name: str, used: set[int], field: str) -> int:
    """A free copy of card ``name`` of ``seat`` ("id*": the starred copy; plain copies first)."""
    star = name.endswith("*")
    cid = name.rstrip("*")
    if cid not in tab.cards_by_id:
        raise SettingError(problem(Code.UNKNOWN_CARD, field, card=repr(printable(cid, 60))))
    free = [ci for ci in tab.cards if ci.seat == seat and ci.cdef.id == cid and ci.inst not in used]
    free = [ci for ci in free if ci.starred == star]
    if not free:
        raise SettingError(problem(Code.NO_COPY_LEFT, field, card=repr(printable(name, 60)), seat=seat + 1))
    used.add(free[0].inst)
    return free[0].inst
