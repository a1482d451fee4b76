"""The coach and the what-if, in the player's language: ``coach`` gives the best options' lines (why the
suggestion is the best, each place's case), ``what_if`` one option's cases with the coming Fight slot by
slot. Every number is the study's (``tagteam.ai.coach``, calibrated for the opponent faced) and every
story the engine's events (``tagteam.ai.coach_story``); nothing here decides a rule.
"""

from __future__ import annotations

import math
from collections import Counter

from tagteam.ai.coach import distinct, option_of, same, studies, their_deck
from tagteam.ai.coach_play import PLACED, OptionStudy, PlaceStudy
from tagteam.ai.options import Option, to_choice
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView
from tagteam.words.advice import Case, CoachLine, Meeting, WhatIfLine
from tagteam.words.lang import N_, _, ngettext
from tagteam.words.lists import and_list, clause_list
from tagteam.words.names import card_name
from tagteam.words.story import story_words

SCALE = N_(  # said once, in the suggestion's why: short, a newcomer reads it at 80 columns
    "the share of the engine's playthroughs won with their insert at the top, in the middle or at the bottom "
    "(the places tried), each weighted by how likely they are to choose it; a draw counts half, a game not "
    "over by then is estimated"
)
PLACED_SCALE = N_("the share of the engine's playthroughs won; a draw counts half, a game not over is estimated")
TRUE_SCALE = N_(  # the calibrated numbers (tagteam.ai.calibration): what they are a share of
    "how often players who kept following the coach won from such positions against this opponent, in "
    "practice games, rounded to 5 points; a draw counts half"
)
EVEN = (0.45, 0.55)  # a calibrated chance in this band is said as "about even": the measurement is not finer
TIES_NAMED = 2  # more options tied with the best are counted, not listed


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


def _pct(win: float) -> str:
    """A chance as the player's language writes a percentage (French: "77 %")."""
    return _("{value}%").format(value=f"{100 * win:.0f}")


def _win(study: OptionStudy | PlaceStudy) -> str:
    """A win chance as shown: a calibrated one to the nearest 5 points (its measured accuracy, no finer),
    the raw study's to the point."""
    if not study.against:
        return _pct(study.win)
    return _("{value}%").format(value=f"{5 * round(20 * study.win):.0f}")


def _even(study: OptionStudy) -> bool:
    """A calibrated chance too close to a coin's to call either way."""
    return bool(study.against) and EVEN[0] <= study.win <= EVEN[1]


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
        card = _name(view, their_deck(view)[q - 1])
        return _("if they insert in the middle, after their {card}").format(card=card)
    return _(PLACE_WORDS[place]) if place in PLACE_WORDS else place


def shares(chances: list[float]) -> list[int]:
    """Chances that add up to 1 as whole percentages that add up to 100 (largest remainders), so the places'
    odds shown side by side never read 101% or 99% in all."""
    raw = [100 * c for c in chances]
    out = [math.floor(r) for r in raw]
    short = round(sum(raw)) - sum(out)
    for i in sorted(range(len(raw)), key=lambda i: (out[i] - raw[i], i))[: max(0, short)]:
        out[i] += 1
    return out


def _head(view: PlayerView, ps: PlaceStudy, hidden: bool = False, likely: int | None = None) -> str:
    """The case's opening: the place, and how likely they are to insert there (when there is a choice), and
    according to what: games measured against this opponent (the calibration) or the engine's own guess;
    ``likely``: that chance in whole percent, as ``shares`` gave it beside the other places'."""
    words = _place_words(view, ps.place, ps.q, hidden)
    if ps.place == PLACED:
        return words
    if ps.announced:  # the only place tried: the opponent said it inserts there (the guided game's tutor)
        return _("{condition}, as they announced").format(condition=words)
    pct = _pct(ps.likely) if likely is None else _("{value}%").format(value=likely)
    if ps.odds_shown >= 0.0:  # calibrated: measured on games against this opponent
        # TRANSLATORS: {likely} is how often this opponent inserted at that place in the games measured
        return _("{condition} ({likely} likely, as this opponent played in practice games)").format(
            condition=words, likely=pct
        )
    # TRANSLATORS: {likely} is the engine's guess at how likely they are to insert there (no games measured)
    return _("{condition} ({likely} likely, by the engine's guess at their choice)").format(condition=words, likely=pct)


def _case(view: PlayerView, opt: Option, ps: PlaceStudy, hidden: bool = False, likely: int | None = None) -> Case:
    """The case's sentence: the story most playthroughs tell (how many, when not all), or, when the
    player's card meets the card they keep, only that (which card it is, the player cannot know). With
    ``hidden`` (table memory) no card of their last Fight is named."""
    tab = view.table
    assert tab is not None
    k, p = opt
    head = _head(view, ps, hidden, likely)
    total = len(ps.played)
    win = _win(ps)
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


def cases(view: PlayerView, study: OptionStudy, hidden: bool = False) -> tuple[Case, ...]:
    pcts = shares([ps.likely for ps in study.places])
    return tuple(_case(view, study.option, ps, hidden, pct) for ps, pct in zip(study.places, pcts, strict=True))


def reasons(view: PlayerView, studies: list[OptionStudy], hidden: bool = False) -> str:
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
    scale = _(TRUE_SCALE) if best.against else _(SCALE) if reply else _(PLACED_SCALE)
    if not rest:
        if not tied:
            return _("Best: the only option.")
        if reply:
            text = _("{head}: {win} to win against their likely reply ({scale}).")
        else:
            text = _("{head}: {win} to win ({scale}).")
        return text.format(head=head, win=_win(best), scale=scale)
    next_ = rest[0]
    about = _win(best) == _win(next_)
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
    said = text.format(head=head, win=_win(best), scale=scale, option=_keeping(view, next_.option), other=_win(next_))
    gap, a, b = max(((a.win - b.win, a, b) for a, b in zip(best.places, next_.places, strict=True)), key=lambda g: g[0])
    if len(best.places) == 1 or gap <= 0.0 or _win(a) == _win(b):  # no gap that the % would show
        return _("{sentence}.").format(sentence=said)
    # TRANSLATORS: {condition} is "if they insert at the bottom" (or the top, or the middle after a card)
    text = _("{sentence}; the gap is widest {condition} ({win} against {other}).")
    where = _place_words(view, a.place, a.q, hidden)
    return text.format(sentence=said, condition=where, win=_win(a), other=_win(b))


def _keeping(view: PlayerView, opt: Option) -> str:
    # TRANSLATORS: {where} is "on top", "at the bottom" or "after card 2 (Holy Shield)"
    return _("keeping {card} {where}").format(card=_name(view, view.drawn[opt[0]]), where=_where(view, opt[1]))


def line(
    view: PlayerView, study: OptionStudy, opt: Option, selected: bool, why: str = "", hidden: bool = False
) -> CoachLine:
    """The line for ``opt`` (the study's option, or the player's own copy of the same card there)."""
    tab = view.table
    assert tab is not None
    k, p = opt
    name = _name(view, view.drawn[k])
    found = cases(view, study, hidden)
    if _even(study):
        text = _("Keep {card}, insert it {where}: about even ({win} to win)")
    elif len(study.places) > 1:
        text = _("Keep {card}, insert it {where}: {win} to win against their likely reply")
    else:
        text = _("Keep {card}, insert it {where}: {win} to win")
    text = text.format(card=name, where=_where(view, p), win=_win(study))
    reason = clause_list(([why.rstrip(".")] if why else []) + [c.text for c in found])
    action = to_choice(tab, view.drawn, opt)
    return CoachLine(action, name, p, 2 * study.win - 1, study.win, text, reason, selected, found, why)


def lineup(view: PlayerView, opt: Option, q: int, hidden: bool = False) -> tuple[Meeting, ...]:
    """The coming Fight slot by slot for this option and their insert at ``q`` (their cards unnamed if
    ``hidden``)."""
    k, p = opt
    deck = list(view.my_fight_deck)
    mine = [*deck[:p], view.drawn[k], *deck[p:]]
    foe: list[int | None] = list(their_deck(view))
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


def capital(text: str) -> str:
    """A case's sentence as a line of its own (the what-if lists them): its first letter a capital."""
    return text[:1].upper() + text[1:]


def coach(
    view: PlayerView,
    seed: int,
    selected: BuildChoice | None = None,
    top: int = 3,
    hidden: bool = False,
    announced: str = "",
    against: str = "",
) -> list[CoachLine]:
    """At a Build step: the best options by win chance against their likely reply (the player's
    ``selected`` one always among them, marked), each with its cases; the first also says why it is the
    best. Every distinct option is studied, so "best" is over all of them. With ``hidden`` (table memory
    on: the player does not see the opponent's last Fight) no card of that Fight is named. With ``announced``
    (the place the opponent has said it inserts at) only that place is played out. ``against``: the opponent
    faced ("easy" .. "expert", "tutor"), whose calibration turns the study into the share of games won by a
    player who keeps following the coach (``tagteam.ai.calibration``)."""
    if view.pending != "build" or view.table is None:
        return []
    sel = option_of(view, selected) if selected is not None else None
    chosen = distinct(view)[same(view, sel)] if sel is not None else None
    ranked = sorted(studies(view, seed, announced, against).values(), key=lambda st: (-st.raw, st.option))
    shown = ranked[:top]
    if chosen is not None and all(st.option != chosen for st in shown):
        shown.append(next(st for st in ranked if st.option == chosen))
    why = reasons(view, ranked, hidden)
    lines = []
    for i, st in enumerate(shown):
        mine = st.option == chosen
        opt = sel if mine and sel is not None else st.option
        lines.append(line(view, st, opt, mine, why if i == 0 else "", hidden))
    return lines


def what_if(
    view: PlayerView, seed: int, choice: BuildChoice, hidden: bool = False, announced: str = "", against: str = ""
) -> list[WhatIfLine]:
    """How the line-up falls for ``choice`` if the opponent inserts at the top, in the middle or at the
    bottom: the coach's own cases for that option (same study, same seed, same numbers); ``hidden``,
    ``announced`` and ``against`` as for ``coach``."""
    if view.pending != "build" or view.table is None:
        return []
    opt = option_of(view, choice)
    if opt is None:
        return []
    out = []
    for case in cases(view, studies(view, seed, announced, against)[distinct(view)[same(view, opt)]], hidden):
        meets = lineup(view, opt, case.position, hidden) if case.position >= 0 else ()
        text = capital(case.text)
        out.append(WhatIfLine(case.place, case.position, meets, 2 * case.win - 1, text, case.win, case))
    return out
