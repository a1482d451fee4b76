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
from tagteam.ai.coach_story import Story
from tagteam.ai.options import Option, all_options, to_choice
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView
from tagteam.words import N_, _, ngettext
from tagteam.words.lists import and_list
from tagteam.words.names import card_name
from tagteam.words.story import story_words

SCALE = N_(  # said once, in the suggestion's why: short, a newcomer reads it at 80 columns
    "the share of the engine's playthroughs won with their insert at the top, in the middle or at the bottom "
    "(the places tried), each weighted by how likely they are to choose it; a draw counts half, a game not "
    "over by then is estimated"
)
PLACED_SCALE = N_("the share of the engine's playthroughs won; a draw counts half, a game not over is estimated")
TIES_NAMED = 2  # more options tied with the best are counted, not listed


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


def _name(view: PlayerView, inst: int) -> str:
    """A card's printed name in the player's language."""
    tab = view.table
    assert tab is not None
    return card_name(tab.cards[inst].cdef.model)


def _where(view: PlayerView, p: int) -> str:
    deck = view.my_fight_deck
    if p == 0:
        return _("on top")
    if p == len(deck):
        return _("at the bottom")
    return _("after card {number} ({card})").format(number=p, card=_name(view, deck[p - 1]))


def _their_deck(view: PlayerView) -> list[int]:
    """The opponent's deck as last revealed (their Build adds one card to it), minus removed cards."""
    return [c for c in view.last_played[1 - view.seat] if c not in view.removed]


def _pct(win: float) -> str:
    return f"{100 * win:.0f}%"


PLACE_WORDS = {  # where the opponent may insert, as the condition a case opens with
    "top": N_("if they insert at the top"),
    "bottom": N_("if they insert at the bottom"),
    PLACED: N_("with their new card already placed"),
}


def _place_words(view: PlayerView, place: str, q: int, hidden: bool = False) -> str:
    """The case's condition; the middle names the card it follows, unless table memory hides their cards."""
    if place == "middle":
        if hidden:
            return _("if they insert in the middle, after their card {number}").format(number=q)
        card = _name(view, _their_deck(view)[q - 1])
        return _("if they insert in the middle, after their {card}").format(card=card)
    return _(PLACE_WORDS[place]) if place in PLACE_WORDS else place


def _head(view: PlayerView, ps: PlaceStudy, hidden: bool = False) -> str:
    """The case's opening: the place, and how likely they are to insert there (when there is a choice)."""
    words = _place_words(view, ps.place, ps.q, hidden)
    if ps.place == PLACED:
        return words
    if ps.announced:  # the only place tried: the opponent said it inserts there (the guided game's tutor)
        return _("{condition}, as they announced").format(condition=words)
    return _("{condition} ({likely} likely)").format(condition=words, likely=_pct(ps.likely))


def _case(view: PlayerView, opt: Option, ps: PlaceStudy, hidden: bool = False) -> Case:
    """The case's sentence: the story most playthroughs tell (how many, when not all), or, when the
    player's card meets the card they keep, only that (which card it is, the player cannot know). With
    ``hidden`` (table memory) no card of their last Fight is named."""
    tab = view.table
    assert tab is not None
    k, p = opt
    head = _head(view, ps, hidden)
    total = len(ps.played)
    win = _pct(ps.win)
    if ps.q == p:
        text = _("{head}: your {card} meets the card they keep, unseen, in slot {slot} ({win} to win)").format(
            head=head, card=_name(view, view.drawn[k]), slot=p + 1, win=win
        )
        return Case(ps.place, ps.q, ps.win, text, None, total, total, ps.played[0].how, ps.likely)
    told = Counter(story_words(tab, pl.story, hidden) for pl in ps.played if pl.story is not None)
    if not told:
        text = _("{head}: {win} to win").format(head=head, win=win)
        return Case(ps.place, ps.q, ps.win, text, None, 0, total, None, ps.likely)
    words, count = told.most_common(1)[0]
    first = next(pl for pl in ps.played if pl.story is not None and story_words(tab, pl.story, hidden) == words)
    if count == total:
        # TRANSLATORS: {story} is what the player's card meets and what happens; {total} counts playthroughs
        often = ngettext(
            "{head}: {story} (in all {total} playthrough; {win} to win)",
            "{head}: {story} (in all {total} playthroughs; {win} to win)",
            total,
        )
    else:
        often = ngettext(
            "{head}: {story} (seen in {count} of {total} playthrough; {win} to win)",
            "{head}: {story} (seen in {count} of {total} playthroughs; {win} to win)",
            total,
        )
    text = often.format(head=head, story=words, count=count, total=total, win=win)
    return Case(ps.place, ps.q, ps.win, text, first.story, count, total, first.how, ps.likely)


def _cases(view: PlayerView, study: OptionStudy, hidden: bool = False) -> tuple[Case, ...]:
    return tuple(_case(view, study.option, ps, hidden) for ps in study.places)


def _why(view: PlayerView, studies: list[OptionStudy], hidden: bool = False) -> str:
    """One sentence on why the first study is the best: the options tied with it, its win chance against
    the next one's, and the place where it gains most (numbers from the same study as the lines)."""
    best = studies[0]
    tied = [st for st in studies[1:] if best.win - st.win < 1e-9]
    rest = studies[1 + len(tied) :]
    if len(tied) > TIES_NAMED:
        head = ngettext("Best, tied with {count} other option", "Best, tied with {count} other options", len(tied))
        head = head.format(count=len(tied))
    elif tied:
        head = _("Best, tied with {options}").format(options=and_list([_keeping(view, st.option) for st in tied]))
    else:
        head = _("Best")
    reply = len(best.places) > 1
    scale = _(SCALE) if reply else _(PLACED_SCALE)
    if not rest:
        if not tied:
            return _("Best: the only option.")
        if reply:
            text = _("{head}: {win} to win against their likely reply ({scale}).")
        else:
            text = _("{head}: {win} to win ({scale}).")
        return text.format(head=head, win=_pct(best.win), scale=scale)
    next_ = rest[0]
    about = _pct(best.win) == _pct(next_.win)
    if reply:
        text = (
            _("{head}: about {win} to win against their likely reply ({scale}); {option} has {other}")
            if about
            else _("{head}: {win} to win against their likely reply ({scale}); {option} has {other}")
        )
    else:
        text = (
            _("{head}: about {win} to win ({scale}); {option} has {other}")
            if about
            else _("{head}: {win} to win ({scale}); {option} has {other}")
        )
    said = text.format(
        head=head, win=_pct(best.win), scale=scale, option=_keeping(view, next_.option), other=_pct(next_.win)
    )
    gap, a, b = max(((a.win - b.win, a, b) for a, b in zip(best.places, next_.places, strict=True)), key=lambda g: g[0])
    if len(best.places) == 1 or gap <= 0.0 or _pct(a.win) == _pct(b.win):  # no gap that the % would show
        return _("{sentence}.").format(sentence=said)
    # TRANSLATORS: {condition} is "if they insert at the bottom" (or the top, or the middle after a card)
    text = _("{sentence}; the gap is widest {condition} ({win} against {other}).")
    where = _place_words(view, a.place, a.q, hidden)
    return text.format(sentence=said, condition=where, win=_pct(a.win), other=_pct(b.win))


def _keeping(view: PlayerView, opt: Option) -> str:
    # TRANSLATORS: {where} is "on top", "at the bottom" or "after card 2 (Holy Shield)"
    return _("keeping {card} {where}").format(card=_name(view, view.drawn[opt[0]]), where=_where(view, opt[1]))


def _line(
    view: PlayerView, study: OptionStudy, opt: Option, selected: bool, why: str = "", hidden: bool = False
) -> CoachLine:
    """The line for ``opt`` (the study's option, or the player's own copy of the same card there)."""
    tab = view.table
    assert tab is not None
    k, p = opt
    name = _name(view, view.drawn[k])
    cases = _cases(view, study, hidden)
    if len(study.places) > 1:
        text = _("Keep {card}, insert it {where}: {win} to win against their likely reply")
    else:
        text = _("Keep {card}, insert it {where}: {win} to win")
    text = text.format(card=name, where=_where(view, p), win=_pct(study.win))
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


_last: list[tuple[int, PlayerView, str, dict[Option, OptionStudy]]] = []  # the last question's studies


def forget() -> None:
    """Drop the kept study (for a cold timing, or to free the memory)."""
    _last.clear()


def _studies(view: PlayerView, seed: int, announced: str = "") -> dict[Option, OptionStudy]:
    """Every distinct option's study for this view and seed; the last answer is kept, so the what-if
    asked after the coach (same view, same seed) reads the same study without playing it again.
    ``announced``: where the opponent has said it inserts (``Trials``)."""
    for s, v, a, res in list(_last):
        if s == seed and v == view and a == announced:
            return res
    res = {st.option: st for st in Trials(view, seed, announced=announced).study(list(_distinct(view).values()))}
    _last[:] = [(seed, view, announced, res)]
    return res


def coach(
    view: PlayerView,
    seed: int,
    selected: BuildChoice | None = None,
    top: int = 3,
    hidden: bool = False,
    announced: str = "",
) -> list[CoachLine]:
    """At a Build step: the best options by win chance against their likely reply (the player's
    ``selected`` one always among them, marked), each with its cases; the first also says why it is the
    best. Every distinct option is studied, so "best" is over all of them. With ``hidden`` (table memory
    on: the player does not see the opponent's last Fight) no card of that Fight is named. With ``announced``
    (the place the opponent has said it inserts at) only that place is played out."""
    if view.pending != "build" or view.table is None:
        return []
    sel = _option(view, selected) if selected is not None else None
    chosen = _distinct(view)[_same(view, sel)] if sel is not None else None
    studies = sorted(_studies(view, seed, announced).values(), key=lambda st: (-st.win, st.option))
    shown = studies[:top]
    if chosen is not None and all(st.option != chosen for st in shown):
        shown.append(next(st for st in studies if st.option == chosen))
    why = _why(view, studies, hidden)
    lines = []
    for i, st in enumerate(shown):
        mine = st.option == chosen
        opt = sel if mine and sel is not None else st.option
        lines.append(_line(view, st, opt, mine, why if i == 0 else "", hidden))
    return lines


def _lineup(view: PlayerView, opt: Option, q: int, hidden: bool = False) -> tuple[Meeting, ...]:
    """The coming Fight slot by slot for this option and their insert at ``q`` (their cards unnamed if
    ``hidden``)."""
    k, p = opt
    deck = list(view.my_fight_deck)
    mine = [*deck[:p], view.drawn[k], *deck[p:]]
    foe: list[int | None] = list(_their_deck(view))
    foe.insert(q, None)
    out = []
    for i in range(max(len(mine), len(foe))):
        m = _name(view, mine[i]) if i < len(mine) else "-"
        f = foe[i] if i < len(foe) else -1
        if f is None:
            t = _("their new card")
        elif f < 0:
            t = "-"
        else:
            t = _("their card, unseen") if hidden else _name(view, f)
        out.append(Meeting(i + 1, m, t, i == p))
    return tuple(out)


def what_if(
    view: PlayerView, seed: int, choice: BuildChoice, hidden: bool = False, announced: str = ""
) -> list[WhatIf]:
    """How the line-up falls for ``choice`` if the opponent inserts at the top, in the middle or at the
    bottom: the coach's own cases for that option (same study, same seed, same numbers); ``hidden`` as
    for ``coach``."""
    if view.pending != "build" or view.table is None:
        return []
    opt = _option(view, choice)
    if opt is None:
        return []
    out = []
    for case in _cases(view, _studies(view, seed, announced)[_distinct(view)[_same(view, opt)]], hidden):
        meets = _lineup(view, opt, case.position, hidden) if case.position >= 0 else ()
        text = case.text[0].upper() + case.text[1:]
        out.append(WhatIf(case.place, case.position, meets, 2 * case.win - 1, text, case.win, case))
    return out
