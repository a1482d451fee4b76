"""The Build coach and the what-if: per option, what the new card meets wherever the opponent inserts,
the win chance in each case, and why the suggestion is the best, all read from one computation.

``coach_play.Trials.study`` plays every option out on copies of the position (each place the opponent may
insert, with the card best for them there against a few options, over sampled hidden cards) and weighs
the places by how likely the opponent is to insert there; the sentences come from the events of the
Turn that reveals the player's card (``coach_story``), never from a second reading of the rules. The
coach and the what-if call the same study with the same seed, so one option shows the same numbers in
both. ``coach(view, seed)`` and ``coach(view, seed, selected)`` return lines best first (the selected
option always among them, marked); ``what_if(view, seed, choice)`` returns one case per place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tagteam.ai.coach_play import PLACED, OptionStudy, PlaceStudy, Playthrough, Trials
from tagteam.ai.coach_story import Story, story_words
from tagteam.ai.options import Option, all_options, to_choice
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView

SCALE = (  # said once, in the suggestion's why: short, a newcomer reads it at 80 columns
    "the share of the engine's playthroughs won with their insert at the top, in the middle or at the bottom "
    "(the places tried), each weighted by how likely they are to choose it; a draw counts half, a game not "
    "over by then is estimated"
)
PLACED_SCALE = "the share of the engine's playthroughs won; a draw counts half, a game not over is estimated"
TIES_NAMED = 2  # more options tied with the best are counted, not listed
REPLY = " against their likely reply"  # an option's win chance: its cases' chances, each by how likely it is


@dataclass(frozen=True, slots=True)
class Case:
    """One place the opponent may insert, for one option: the win chance there (the share of its
    playthroughs won), how ``likely`` they are to insert there, and one sentence on what the player's
    card meets, told by ``count`` of the ``total`` playthroughs (``story`` None when the card meets the
    one they keep, which the player cannot know)."""

    place: str
    position: int
    win: float
    text: str
    story: Story | None
    count: int
    total: int
    example: Playthrough | None = field(default=None, compare=False, repr=False)
    likely: float = 1.0


@dataclass(frozen=True, slots=True)
class CoachLine:
    """One Build option: ``win`` its win chance against their likely reply (0..1, see ``SCALE``: each
    playthrough counted by the odds of its place in its sample), ``value`` the same as a score
    in [-1, 1], ``cases`` per place, ``reason`` the cases (and for the suggestion ``why`` first) in one
    line, ``selected`` whether it is the player's selection."""

    action: BuildChoice
    card: str
    position: int
    value: float
    win: float
    text: str
    reason: str = ""
    selected: bool = False
    cases: tuple[Case, ...] = ()
    why: str = ""


@dataclass(frozen=True, slots=True)
class Meeting:
    """Slot ``slot`` (1-based) of the coming Fight: my card against theirs ("their new card" if unknown)."""

    slot: int
    mine: str
    theirs: str
    new: bool  # my card here is the one being kept


@dataclass(frozen=True, slots=True)
class WhatIf:
    """The line-up if the opponent inserts their new card at ``place``, and the coach's case for it
    (``win``, ``value`` and ``text`` are the coach's own for this option)."""

    place: str
    position: int
    meetings: tuple[Meeting, ...]
    value: float
    text: str
    win: float = 0.0
    case: Case | None = None


def _where(view: PlayerView, p: int) -> str:
    tab = view.table
    assert tab is not None
    deck = view.my_fight_deck
    if p == 0:
        return "on top"
    if p == len(deck):
        return "at the bottom"
    return f"after card {p} ({tab.cards[deck[p - 1]].cdef.name})"


def _their_deck(view: PlayerView) -> list[int]:
    """The opponent's deck as last revealed (their Build adds one card to it), minus removed cards."""
    return [c for c in view.last_played[1 - view.seat] if c not in view.removed]


def _pct(win: float) -> str:
    return f"{100 * win:.0f}%"


def _place_words(view: PlayerView, place: str, q: int) -> str:
    tab = view.table
    assert tab is not None
    if place == PLACED:
        return "with their new card already placed"
    if place == "middle":
        return f"if they insert in the middle, after their {tab.cards[_their_deck(view)[q - 1]].cdef.name}"
    return f"if they insert at the {place}"


def _head(view: PlayerView, ps: PlaceStudy) -> str:
    """The case's opening: the place, and how likely they are to insert there (when there is a choice)."""
    words = _place_words(view, ps.place, ps.q)
    return words if ps.place == PLACED else f"{words} ({_pct(ps.likely)} likely)"


def _case(view: PlayerView, opt: Option, ps: PlaceStudy) -> Case:
    """The case's sentence: the story most playthroughs tell (how many, when not all), or, when the
    player's card meets the card they keep, only that (which card it is, the player cannot know)."""
    tab = view.table
    assert tab is not None
    k, p = opt
    head = _head(view, ps)
    total = len(ps.played)
    if ps.q == p:
        name = tab.cards[view.drawn[k]].cdef.name
        text = f"{head}: your {name} meets the card they keep, unseen, in slot {p + 1} ({_pct(ps.win)} to win)"
        return Case(ps.place, ps.q, ps.win, text, None, total, total, ps.played[0].how, ps.likely)
    told = Counter(story_words(tab, pl.story) for pl in ps.played if pl.story is not None)
    if not told:
        text = f"{head}: {_pct(ps.win)} to win"
        return Case(ps.place, ps.q, ps.win, text, None, 0, total, None, ps.likely)
    words, count = told.most_common(1)[0]
    first = next(pl for pl in ps.played if pl.story is not None and story_words(tab, pl.story) == words)
    often = f"in all {total} playthroughs; " if count == total else f"seen in {count} of {total} playthroughs; "
    text = f"{head}: {words} ({often}{_pct(ps.win)} to win)"
    return Case(ps.place, ps.q, ps.win, text, first.story, count, total, first.how, ps.likely)


def _cases(view: PlayerView, study: OptionStudy) -> tuple[Case, ...]:
    return tuple(_case(view, study.option, ps) for ps in study.places)


def _why(view: PlayerView, studies: list[OptionStudy]) -> str:
    """One sentence on why the first study is the best: the options tied with it, its win chance against
    the next one's, and the place where it gains most (numbers from the same study as the lines)."""
    best = studies[0]
    tied = [st for st in studies[1:] if best.win - st.win < 1e-9]
    rest = studies[1 + len(tied) :]
    head = "Best"
    if len(tied) > TIES_NAMED:
        head += f", tied with {len(tied)} other options"
    elif tied:
        head += ", tied with " + " and ".join(_keeping(view, st.option) for st in tied)
    chance = f"to win{_reply(best)} ({SCALE if _reply(best) else PLACED_SCALE})"
    if not rest:
        return f"{head}: {_pct(best.win)} {chance}." if tied else "Best: the only option."
    next_ = rest[0]
    about = "about " if _pct(best.win) == _pct(next_.win) else ""
    head += f": {about}{_pct(best.win)} {chance}; {_keeping(view, next_.option)} has {_pct(next_.win)}"
    gap, a, b = max(((a.win - b.win, a, b) for a, b in zip(best.places, next_.places, strict=True)), key=lambda g: g[0])
    if len(best.places) == 1 or gap <= 0.0 or _pct(a.win) == _pct(b.win):  # no gap that the % would show
        return head + "."
    place = _place_words(view, a.place, a.q).removeprefix("if ")
    return f"{head}; the gap is widest if {place} ({_pct(a.win)} against {_pct(b.win)})."


def _reply(study: OptionStudy) -> str:
    """What the option's win chance is against, when they still choose where to insert (else nothing)."""
    return REPLY if len(study.places) > 1 else ""


def _keeping(view: PlayerView, opt: Option) -> str:
    tab = view.table
    assert tab is not None
    return f"keeping {tab.cards[view.drawn[opt[0]]].cdef.name} {_where(view, opt[1])}"


def _line(view: PlayerView, study: OptionStudy, opt: Option, selected: bool, why: str = "") -> CoachLine:
    """The line for ``opt`` (the study's option, or the player's own copy of the same card there)."""
    tab = view.table
    assert tab is not None
    k, p = opt
    name = tab.cards[view.drawn[k]].cdef.name
    cases = _cases(view, study)
    text = f"Keep {name}, insert it {_where(view, p)}: {_pct(study.win)} to win{_reply(study)}"
    reason = "; ".join(([why.rstrip(".")] if why else []) + [c.text for c in cases])
    action = to_choice(tab, view.drawn, opt)
    return CoachLine(action, name, p, 2 * study.win - 1, study.win, text, reason, selected, cases, why)


def _option(view: PlayerView, choice: BuildChoice) -> Option | None:
    if not 0 <= choice.card < len(view.drawn):
        return None
    return choice.card, min(max(0, choice.position), len(view.my_fight_deck))


def _same(view: PlayerView, opt: Option) -> tuple[str, bool, int]:
    """What makes two options the same choice: two drawn copies of a card, same side up, same place."""
    tab = view.table
    assert tab is not None
    inst = view.drawn[opt[0]]
    return tab.cards[inst].cdef.id, inst in view.flipped, opt[1]


def _distinct(view: PlayerView) -> dict[tuple[str, bool, int], Option]:
    """Every distinct Build option, by what makes it the same choice."""
    seen: dict[tuple[str, bool, int], Option] = {}
    for opt in all_options(len(view.my_fight_deck)):
        if opt[0] < len(view.drawn):
            seen.setdefault(_same(view, opt), opt)
    return seen


_last: list[tuple[int, PlayerView, dict[Option, OptionStudy]]] = []  # the last question's studies


def forget() -> None:
    """Drop the kept study (for a cold timing, or to free the memory)."""
    _last.clear()


def _studies(view: PlayerView, seed: int) -> dict[Option, OptionStudy]:
    """Every distinct option's study for this view and seed; the last answer is kept, so the what-if
    asked after the coach (same view, same seed) reads the same study without playing it again."""
    for s, v, res in list(_last):
        if s == seed and v == view:
            return res
    res = {st.option: st for st in Trials(view, seed).study(list(_distinct(view).values()))}
    _last[:] = [(seed, view, res)]
    return res


def coach(view: PlayerView, seed: int, selected: BuildChoice | None = None, top: int = 3) -> list[CoachLine]:
    """At a Build step: the best options by win chance against their likely reply (the player's
    ``selected`` one always among them, marked), each with its cases; the first also says why it is the
    best. Every distinct option is studied, so "best" is over all of them."""
    if view.pending != "build" or view.table is None:
        return []
    sel = _option(view, selected) if selected is not None else None
    chosen = _distinct(view)[_same(view, sel)] if sel is not None else None
    studies = sorted(_studies(view, seed).values(), key=lambda st: (-st.win, st.option))
    shown = studies[:top]
    if chosen is not None and all(st.option != chosen for st in shown):
        shown.append(next(st for st in studies if st.option == chosen))
    why = _why(view, studies)
    lines = []
    for i, st in enumerate(shown):
        mine = st.option == chosen
        lines.append(_line(view, st, sel if mine and sel is not None else st.option, mine, why if i == 0 else ""))
    return lines


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


def what_if(view: PlayerView, seed: int, choice: BuildChoice) -> list[WhatIf]:
    """How the line-up falls for ``choice`` if the opponent inserts at the top, in the middle or at the
    bottom: the coach's own cases for that option (same study, same seed, same numbers)."""
    if view.pending != "build" or view.table is None:
        return []
    opt = _option(view, choice)
    if opt is None:
        return []
    out = []
    for case in _cases(view, _studies(view, seed)[_distinct(view)[_same(view, opt)]]):
        meets = _lineup(view, opt, case.position) if case.position >= 0 else ()
        text = case.text[0].upper() + case.text[1:]
        out.append(WhatIf(case.place, case.position, meets, 2 * case.win - 1, text, case.win, case))
    return out
