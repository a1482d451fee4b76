"""The coach's one computation: each Build option played out on copies of the position, against each place
the opponent may insert (top, middle, bottom), with the card best for them there.

Both the coach and the what-if read their numbers and sentences from ``study``, so the same option shows
the same win chance and the same story in both. The sampled positions depend only on the view and the
seed; the opponent's card choice on the whole list of options, which callers always pass whole: an
option's study is the same whoever asks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tagteam.ai.coach_story import Story, ended_before, read_turn
from tagteam.ai.determinize import Hidden, sample
from tagteam.ai.evaluate import value
from tagteam.ai.lookahead import opp_builds, random_builds
from tagteam.ai.options import Option, to_choice
from tagteam.ai.simulate import default_character, run_fight, settle
from tagteam.engine.actions import BuildChoice
from tagteam.engine.events import Event
from tagteam.engine.fighters.fey_folk import CHOOSE
from tagteam.engine.game import BUILD_DECISION, advance_inplace, apply_action_inplace
from tagteam.engine.state import BUILD, FIGHT, OVER, GameState
from tagteam.engine.view import PlayerView

SAMPLES = 8  # sampled hidden positions per coach question (x 3 places x 3 cards they may keep, per option)
PLACES = ("top", "middle", "bottom")
PLACED = "placed"  # the opponent has already built: where their card went is hidden


@dataclass(frozen=True, slots=True)
class Playthrough:
    """One play of an option, enough to replay it: the sampled position before the Builds, both
    choices, and the seed of the next round's random Builds (0: none)."""

    state: GameState
    mine: BuildChoice
    theirs: BuildChoice | None
    then: int


@dataclass(frozen=True, slots=True)
class Played:
    """One playthrough's result: ``win`` is 1 for a win, 0.5 a draw, 0 a loss, and for a game still going
    after the next round the evaluator's estimate; ``story`` the Turn that revealed the player's card."""

    win: float
    story: Story | None
    how: Playthrough = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PlaceStudy:
    """One option against one place the opponent may insert: their insert position ``q`` (-1 when
    already placed) and its playthroughs, one per sample, with the card they would keep there."""

    place: str
    q: int
    played: tuple[Played, ...]

    @property
    def win(self) -> float:
        return sum(p.win for p in self.played) / len(self.played)


@dataclass(frozen=True, slots=True)
class OptionStudy:
    """One option over every place: its win chance counts each place as equally likely."""

    option: Option
    places: tuple[PlaceStudy, ...]

    @property
    def win(self) -> float:
        return sum(p.win for p in self.places) / len(self.places)


def places_for(m: int) -> list[tuple[str, int]]:
    """Top, middle and bottom of an opponent deck of ``m`` cards, as insert positions (a short deck may
    have no middle distinct from the top)."""
    out: list[tuple[str, int]] = []
    for name, q in zip(PLACES, (0, m // 2, m), strict=True):
        if all(q != p for _, p in out):
            out.append((name, q))
    return out


class Trials:
    """The sampled positions of one coach question (the same for every option: options compare on the
    same hidden cards) and the opponent's replies in each."""

    def __init__(self, view: PlayerView, seed: int, samples: int = SAMPLES) -> None:
        tab = view.table
        assert tab is not None
        self.view = view
        self.tab = tab
        self.me = view.seat
        h = Hidden(view)
        rng = random.Random(seed)
        self.states = [sample(h, rng) for _ in range(samples)]
        self.thens = [rng.getrandbits(32) | 1 for _ in self.states]
        self.builds = [opp_builds(st, self.me) for st in self.states]
        self.places = places_for(len(h.prev)) if any(self.builds) else [(PLACED, -1)]

    def replies(self, i: int, q: int) -> list[BuildChoice | None]:
        """The opponent's Builds at insert position ``q`` in sample ``i``: each of their drawn cards kept."""
        st = self.states[i]
        if not self.builds[i]:
            return [None]
        opp = 1 - self.me
        q = min(q, len(st.fight[opp])) if q >= 0 else len(st.fight[opp])
        return [to_choice(self.tab, st.drawn[opp], (k, q)) for k in range(len(st.drawn[opp]))]

    def study(self, opts: list[Option]) -> list[OptionStudy]:
        """Every option against every place, in every sample, reading the story of its Turn. At each place
        in each sample the opponent keeps the card that is best for them against all ``opts`` alike (the
        lowest total of my wins): they know their cards, not my choice. So an option's study depends on
        the whole list: callers always pass every distinct option."""
        n = len(self.states)
        grid = [[[self._replies(o, i, q) for i in range(n)] for _, q in self.places] for o in opts]
        kept = [[_their_pick(grid, pl, i) for i in range(n)] for pl in range(len(self.places))]
        return [
            OptionStudy(
                o,
                tuple(
                    PlaceStudy(place, q, tuple(g[pl][i][kept[pl][i]] for i in range(n)))
                    for pl, (place, q) in enumerate(self.places)
                ),
            )
            for o, g in zip(opts, grid, strict=True)
        ]

    def _replies(self, opt: Option, i: int, q: int) -> list[Played]:
        mine = to_choice(self.tab, self.view.drawn, opt)
        out = []
        for theirs in self.replies(i, q):
            how = Playthrough(self.states[i], mine, theirs, self.thens[i])
            win, story = play(how, self.me, opt[1])
            out.append(Played(win, story, how))
        return out


def _their_pick(grid: list[list[list[list[Played]]]], pl: int, i: int) -> int:
    """The reply the opponent keeps at place ``pl`` in sample ``i``: my lowest win total over all options."""
    replies = range(len(grid[0][pl][i]))
    return min(replies, key=lambda k: sum(g[pl][i][k].win for g in grid))


def play(how: Playthrough, me: int, slot: int = -1) -> tuple[float, Story | None]:
    """Both Builds, the coming Fight, then one round of random Builds, on a copy; with ``slot`` >= 0 the
    Turn that reveals the player's card there is logged and read (the only Turn that builds events)."""
    c = how.state.clone()
    settle(c)
    inst = c.drawn[me][how.mine.card]
    apply_action_inplace(c, me, how.mine)
    if how.theirs is not None and c.pending[1 - me] == BUILD_DECISION:
        apply_action_inplace(c, 1 - me, how.theirs)
    story: Story | None = None
    looked = False
    while c.phase == FIGHT:
        if c.pending[0] is not None or c.pending[1] is not None:
            owed = [s for s in (0, 1) if c.pending[s] == CHOOSE]
            if not owed:
                break
            for s in owed:
                apply_action_inplace(c, s, default_character(c, s))
            continue
        if not looked and slot >= 0 and c.cursor[me] == slot:
            looked = True
            log: list[Event] = []
            advance_inplace(c, log)
            story = read_turn(log, me, inst, slot + 1)
        else:
            advance_inplace(c)
    if slot >= 0 and not looked and c.phase == OVER:
        story = ended_before(slot + 1, me, c.winner)
    if how.then and c.phase == BUILD:
        random_builds(c, random.Random(how.then))
        run_fight(c)
    return (value(c, me) + 1.0) / 2.0, story
