"""The coach's one computation: each Build option played out on copies of the position, against each place
the opponent may insert (top, middle, bottom), with the card best for them there (judged on three of my
options drawn at random), and how likely they are
to insert at each place.

Both the coach and the what-if read their numbers and sentences from ``study``, so the same option shows
the same win chance and the same story in both. The sampled positions depend only on the view and the
seed; the opponent's card choice and their odds of each place on the whole list of options, which callers
always pass whole: an option's study is the same whoever asks.

How likely each place is, in each sample (their cards are theirs to see, my choice is not): half as an
opponent who picks where they do best against all my options alike (a sharp softmax, as Normal plays),
half as one who also expects my best answer (the equilibrium of the options-against-places game over the
samples, by regret matching, as Hard solves its own). An option's win chance counts each playthrough by
how likely its place is in its sample: against their likely reply, not every place alike (how strong the
coach's first suggestion plays: ``benchmarks/coach_strength.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from tagteam.ai import regret
from tagteam.ai.calibration import calibrated, likelihoods
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

SAMPLES = 16  # sampled hidden positions per coach question (x 3 places, per option)
JUDGES = 3  # my options, drawn at random, on which the opponent's card is chosen (each played with all 3 cards)
MODEL = 0.5  # the share of the opponent who plays where they do best on average (Hard mixes the same share)
TEMPERATURE = 0.015  # that opponent's softmax, on the win scale (Hard's 0.03 on its -1..1 value scale)
ITERS = 300  # regret-matching steps for the equilibrium half (Hard's own count)
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
    odds: tuple[float, ...] = ()  # per sample, how likely they insert here (over the places, 1 in each sample)
    announced: bool = False  # the only place tried, because the opponent said it inserts there
    against: str = ""  # the opponent the shown number is calibrated for ("": the raw study, uncalibrated)
    rnd: int = 0  # the round of the Build (the calibration reads it)

    @property
    def win(self) -> float:
        """This place's win chance as shown: the raw study's, through the calibration for this opponent
        (``tagteam.ai.calibration``: the share of games a player following the coach won from such a case).
        The only place of its option (the tutor announced it, or their card is already placed) is the option
        itself, so it reads the option's map: the guided game showed "95% to win" over its one case's "90%"."""
        if not self.against:
            return self.raw
        alone = self.announced or self.place == PLACED
        return calibrated(self.raw, self.rnd, self.against, "option" if alone else "case")

    @property
    def raw(self) -> float:
        """The share of this place's playthroughs won, each counted by how likely this place is in its sample
        (each alike when nothing is weighted): then an option's raw win chance is exactly its places' raw
        wins weighted by how likely each is."""
        total = sum(self.odds)
        if not self.odds or total <= 0.0:
            return sum(p.win for p in self.played) / len(self.played)
        return sum(w * p.win for w, p in zip(self.odds, self.played, strict=True)) / total

    odds_shown: float = -1.0  # how likely this place is, calibrated for ``against`` (-1: not calibrated)

    @property
    def likely(self) -> float:
        """How likely they are to insert here: calibrated when the study faces a known opponent (the places'
        odds still add up to 1), else the raw odds over the samples."""
        return self.odds_shown if self.odds_shown >= 0.0 else self.raw_likely

    @property
    def raw_likely(self) -> float:
        """How likely they are to insert here, over the samples, as the study modelled it."""
        return sum(self.odds) / len(self.odds) if self.odds else 1.0


@dataclass(frozen=True, slots=True)
class OptionStudy:
    """One option over every place: its win chance against their likely reply counts each playthrough by
    how likely its place is in its sample (``even``: every place alike, as the coach once counted)."""

    option: Option
    places: tuple[PlaceStudy, ...]
    against: str = ""  # as ``PlaceStudy.against``
    rnd: int = 0

    @property
    def win(self) -> float:
        """The option's win chance as shown: the raw study's through the calibration for this opponent."""
        return calibrated(self.raw, self.rnd, self.against, "option") if self.against else self.raw

    def facing(self, against: str, rnd: int) -> OptionStudy:
        """The same study with its numbers calibrated for ``against`` in round ``rnd`` ("": raw)."""
        odds = (
            likelihoods(tuple(ps.raw_likely for ps in self.places), rnd, against)
            if len(self.places) > 1 and not self.places[0].announced
            else tuple(ps.raw_likely for ps in self.places)
        )
        places = tuple(
            replace(ps, against=against, rnd=rnd, odds_shown=o) for ps, o in zip(self.places, odds, strict=True)
        )
        return replace(self, places=places, against=against, rnd=rnd)

    @property
    def raw(self) -> float:
        """The raw study: each playthrough counted by how likely its place is in its sample."""
        n = len(self.places[0].played)
        total = 0.0
        for ps in self.places:
            odds = ps.odds or (1.0 / len(self.places),) * n
            total += sum(w * p.win for w, p in zip(odds, ps.played, strict=True))
        return total / n

    @property
    def even(self) -> float:
        return sum(p.raw for p in self.places) / len(self.places)


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

    def __init__(self, view: PlayerView, seed: int, samples: int = SAMPLES, announced: str = "") -> None:
        """``announced``: the place ("top", "bottom") an opponent has said it inserts at (the guided game's
        tutor): only that place is tried, so its odds are 1 and no case prices in a place ruled out."""
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
        self.announced = bool(announced) and any(name == announced for name, _q in self.places)
        if self.announced:
            self.places = [(name, q) for name, q in self.places if name == announced]
        self.judging = rng.getrandbits(32)  # which options judge the opponent's card (see ``study``)

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
        in each sample the opponent keeps the card that is best for them (the lowest total of my wins)
        against ``JUDGES`` of ``opts`` drawn at random, the same ones everywhere: they know their cards, not
        my choice. Only the judges are played with every card they may keep; the other options with the
        kept one. So an option's study depends on the whole list: callers always pass every distinct option."""
        n = len(self.states)
        judges = sorted(random.Random(self.judging).sample(range(len(opts)), min(JUDGES, len(opts))))
        judged = {j: [[self._replies(opts[j], i, q) for i in range(n)] for _, q in self.places] for j in judges}
        grids = list(judged.values())
        kept = [[_their_pick(grids, pl, i) for i in range(n)] for pl in range(len(self.places))]
        rows: list[list[list[Played]]] = []
        for j, o in enumerate(opts):
            if j in judged:
                rows.append([[judged[j][pl][i][kept[pl][i]] for i in range(n)] for pl in range(len(self.places))])
            else:
                rows.append(
                    [[self._reply(o, i, q, kept[pl][i]) for i in range(n)] for pl, (_, q) in enumerate(self.places)]
                )
        mats = [[[row[pl][i].win for pl in range(len(self.places))] for row in rows] for i in range(n)]
        odds = insert_odds(mats)
        return [
            OptionStudy(
                o,
                tuple(
                    PlaceStudy(place, q, tuple(row[pl]), tuple(odds[i][pl] for i in range(n)), self.announced)
                    for pl, (place, q) in enumerate(self.places)
                ),
            )
            for o, row in zip(opts, rows, strict=True)
        ]

    def _replies(self, opt: Option, i: int, q: int) -> list[Played]:
        """``opt`` in sample ``i`` against each card they may keep at ``q``."""
        return [self._reply(opt, i, q, k) for k in range(len(self.replies(i, q)))]

    def _reply(self, opt: Option, i: int, q: int, k: int) -> Played:
        """``opt`` in sample ``i`` against their ``k``-th Build at ``q`` (the only one when already placed)."""
        mine = to_choice(self.tab, self.view.drawn, opt)
        how = Playthrough(self.states[i], mine, self.replies(i, q)[k], self.thens[i])
        win, story = play(how, self.me, opt[1])
        return Played(win, story, how)


def insert_odds(mats: list[regret.Matrix]) -> list[list[float]]:
    """Per sample (``mats[i][option][place]``: my win there, with the card they keep), how likely they are to
    insert at each place: half where they do best against all my options alike (a sharp softmax), half the
    equilibrium over the samples (each sample an opponent who knows its own cards, not my choice)."""
    if len(mats[0][0]) == 1:
        return [[1.0] for _ in mats]
    _, ys = regret.solve(mats, ITERS)
    return [
        [(1.0 - MODEL) * a + MODEL * b for a, b in zip(y, _on_average(m), strict=True)]
        for y, m in zip(ys, mats, strict=True)
    ]


def _on_average(mat: regret.Matrix) -> list[float]:
    """Where an opponent who plays their best against my options on average inserts: a softmax over places."""
    theirs = [-sum(row[j] for row in mat) / len(mat) for j in range(len(mat[0]))]
    return regret.softmax(theirs, TEMPERATURE)


def _their_pick(grid: list[list[list[list[Played]]]], pl: int, i: int) -> int:
    """The reply the opponent keeps at place ``pl`` in sample ``i``: my lowest win total over the options
    in ``grid`` (the judges)."""
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
