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
from tagteam.engine.table import GameTable
from tagteam.engine.view import view_for
from tagteam.puzzles.model import Board, Flip, Setting


class SettingError(ValueError):
    """A setting no real game could reach, or one naming something not in the game: ``field: message``."""


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
            raise SettingError(f"setting.teams: {e}") from None
        tab = st.tab()
        self.tab = tab
        self.me = s.seat
        self.opp = 1 - s.seat
        index = {fid: f for f, fid in enumerate(tab.kinds)}

        def fighter(name: str | None, field: str) -> int:
            if name is None:
                return -1
            if name not in index:
                raise SettingError(f"setting.{field}: {name!r} is not in this game")
            return index[name]

        for f, b in enumerate(s.boards):
            if b.id != tab.kinds[f]:
                raise SettingError(f"setting.boards.{f}.id: expected {tab.kinds[f]!r} (the teams' order)")
            _board(st, f, b, f"setting.boards.{f}")
        st.active = [fighter(s.active[0], "active.0"), fighter(s.active[1], "active.1")]
        for k in (0, 1):
            if st.active[k] >> 1 != k:
                raise SettingError(f"setting.active.{k}: not a Fighter of seat {k + 1}")
        st.sheriff = fighter(s.sheriff, "sheriff")
        st.presence = fighter(s.presence, "presence")
        st.presence_ready = s.presence_ready
        if (st.sheriff >= 0) != ("wild_bunch" in tab.kinds):
            raise SettingError("setting.sheriff: the Sheriff is in play exactly when the Wild Bunch are")
        if s.presence is not None and "golem" not in tab.kinds:
            raise SettingError("setting.presence: the Golem is not in this game")
        if (s.serpent is not None) != ("mephisto" in tab.kinds):
            raise SettingError("setting.serpent: the Serpent is in play exactly when Mephisto is")
        st.serpent = FACES.index(s.serpent) if s.serpent is not None else 0
        _schemes(st, s)
        st.reanimate = list(s.reanimate)
        used: set[int] = set()
        mine = [_take(tab, self.me, c, used, f"setting.mine.{i}") for i, c in enumerate(s.mine)]
        drawn = [_take(tab, self.me, c, used, f"setting.drawn.{i}") for i, c in enumerate(s.drawn)]
        if any(tab.cards[i].starred for i in drawn):
            raise SettingError("setting.drawn: a starred Starting Card is never drawn")
        theirs = [_take(tab, self.opp, c, used, f"setting.theirs.{i}") for i, c in enumerate(s.theirs)]
        removed = set()
        for i, c in enumerate(s.removed):
            owner = tab.cards_by_id.get(c.rstrip("*"))
            seat = index.get(owner.fighter_id, 0) >> 1 if owner is not None else 0
            removed.add(_take(tab, seat, c, used, f"setting.removed.{i}"))
        st.removed = frozenset(removed)
        known = s.their_new is not None
        if known and s.their_new is not None and s.their_new >= len(theirs):
            raise SettingError("setting.their_new: past the end of their deck")
        before = len(theirs) - (1 if known else 0)
        if len(mine) != before:
            raise SettingError("setting.theirs: both Fight decks hold the same number of cards before the Build")
        flipped = set()
        for i, fl in enumerate(s.flipped):
            deck = mine if fl.side == "mine" else theirs
            if fl.index >= len(deck):
                raise SettingError(f"setting.flipped.{i}.index: past the end of the deck")
            if tab.cards[deck[fl.index]].cdef.flipped_effects is None:
                raise SettingError(f"setting.flipped.{i}: that card has no back to turn over")
            flipped.add(deck[fl.index])
        st.flipped = frozenset(flipped)
        self.pool = [ci.inst for ci in tab.cards if ci.seat == self.opp and ci.inst not in used]
        rest_mine = [ci.inst for ci in tab.cards if ci.seat == self.me and ci.inst not in used]
        if any(tab.cards[i].starred for i in self.pool + rest_mine):
            raise SettingError("setting.mine: a starred Starting Card is missing from the decks (not removed)")
        if len(self.pool) < (2 if known else 3):
            raise SettingError("setting.theirs: the opponent has too few cards left to have built")
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
        raise SettingError(f"{field}.track: expected one of {names}")
    st.track[f] = names.index(b.track)
    tr = fd.tracks[st.track[f]]
    if b.space > tr.last:
        raise SettingError(f"{field}.space: the track has {tr.last + 1} spaces")
    if tr.ko[b.space]:
        raise SettingError(f"{field}.space: a KO space (the game would be over)")
    st.pos[f] = b.space
    st.power[f] = b.power
    if b.special and (fd.special is None or b.special >= fd.special_size):
        raise SettingError(f"{field}.special: out of range for {fd.name}")
    st.special[f] = b.special
    if b.aflame and not st.tab().has_shango:
        raise SettingError(f"{field}.aflame: Shango is not in this game")
    st.aflame[f] = b.aflame
    if b.concentration and "wong_fei_hung" not in st.tab().kinds:
        raise SettingError(f"{field}.concentration: Wong Fei-Hung is not in this game")
    st.conc[f] = b.concentration
    mask = 0
    for i, sp in enumerate(b.spirits):
        if fd.special != "spirit" or sp not in names:
            raise SettingError(f"{field}.spirits.{i}: not a Fey Folk Character")
        if mask >> names.index(sp) & 1:
            raise SettingError(f"{field}.spirits.{i}: listed twice")
        mask |= 1 << names.index(sp)
    if mask >> st.track[f] & 1:
        raise SettingError(f"{field}.track: a Spirit cannot be the Character in play")
    st.spirit_mask[f] = mask


def _schemes(st: GameState, s: Setting) -> None:
    tab = st.tab()
    if "milady" not in tab.kinds:
        if s.scheme_pile or s.schemes_planted or s.schemes_gone:
            raise SettingError("setting.scheme_pile: Milady is not in this game")
        return
    faces = tab.fighters[tab.kinds.index("milady")].schemes
    free = list(range(len(faces)))
    gone = []
    for i, sid in enumerate(s.schemes_gone):
        k = next((k for k in free if faces[k].id == sid), None)
        if k is None:
            raise SettingError(f"setting.schemes_gone.{i}: no {sid!r} Scheme token left")
        free.remove(k)
        gone.append(k)
    if s.scheme_pile + s.schemes_planted != len(free):
        raise SettingError("setting.scheme_pile: the pile, the planted and the gone tokens must make all 11")
    st.schemes_gone = gone
    st.planted = free[: s.schemes_planted]  # face down: which is which cannot matter (unleashing is refused)
    st.scheme_pile = free[s.schemes_planted :]


def _take(tab: GameTable, seat: int, name: str, used: set[int], field: str) -> int:
    """A free copy of card ``name`` of ``seat`` ("id*": the starred copy; plain copies first)."""
    star = name.endswith("*")
    cid = name.rstrip("*")
    if cid not in tab.cards_by_id:
        raise SettingError(f"{field}: unknown card {cid!r} for these teams")
    free = [ci for ci in tab.cards if ci.seat == seat and ci.cdef.id == cid and ci.inst not in used]
    free = [ci for ci in free if ci.starred == star]
    if not free:
        raise SettingError(f"{field}: no copy of {name!r} left for seat {seat + 1}")
    used.add(free[0].inst)
    return free[0].inst
