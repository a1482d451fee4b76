"""The Build coach and the what-if: per option, what the new card meets wherever the opponent inserts,
the win chance in each case, and why the suggestion is the best, all read from one computation.

``coach_play.Trials.study`` plays every option out on copies of the position (each place the opponent may
insert, with the card best for them there against a few options, over sampled hidden cards) and weighs
the places by how likely the opponent is to insert there; the sentences (``tagteam.words.coach``) come from
the events of the Turn that reveals the player's card (``coach_story``), never from a second reading of the
rules. The
coach and the what-if call the same study with the same seed, so one option shows the same numbers in
both. ``coach(view, seed)`` and ``coach(view, seed, selected)`` return lines best first (the selected
option always among them, marked); ``what_if(view, seed, choice)`` returns one case per place.
"""

from __future__ import annotations

from tagteam.ai.advice import Case, CoachLine, Meeting, WhatIf
from tagteam.ai.calibration import known
from tagteam.ai.coach_play import OptionStudy, Trials
from tagteam.ai.options import Option, all_options
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView

__all__ = ["Case", "CoachLine", "Meeting", "WhatIf", "coach", "forget", "what_if"]


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


def _studies(view: PlayerView, seed: int, announced: str = "", against: str = "") -> dict[Option, OptionStudy]:
    """Every distinct option's study for this view and seed; the last answer is kept, so the what-if
    asked after the coach (same view, same seed) reads the same study without playing it again.
    ``announced``: where the opponent has said it inserts (``Trials``); ``against``: the opponent the
    numbers are calibrated for (``tagteam.ai.calibration``; "" leaves the raw study)."""
    kept = [res for s, v, a, res in _last if s == seed and v == view and a == announced]
    if kept:
        res = kept[0]
    else:
        res = {st.option: st for st in Trials(view, seed, announced=announced).study(list(_distinct(view).values()))}
        _last[:] = [(seed, view, announced, res)]
    return {o: st.facing(against, view.round) for o, st in res.items()} if known(against) else res


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
    from tagteam.words.coach import line, reasons  # the words layer imports this package's data: loaded late

    if view.pending != "build" or view.table is None:
        return []
    sel = _option(view, selected) if selected is not None else None
    chosen = _distinct(view)[_same(view, sel)] if sel is not None else None
    studies = sorted(_studies(view, seed, announced, against).values(), key=lambda st: (-st.raw, st.option))
    shown = studies[:top]
    if chosen is not None and all(st.option != chosen for st in shown):
        shown.append(next(st for st in studies if st.option == chosen))
    why = reasons(view, studies, hidden)
    lines = []
    for i, st in enumerate(shown):
        mine = st.option == chosen
        opt = sel if mine and sel is not None else st.option
        lines.append(line(view, st, opt, mine, why if i == 0 else "", hidden))
    return lines


def what_if(
    view: PlayerView, seed: int, choice: BuildChoice, hidden: bool = False, announced: str = "", against: str = ""
) -> list[WhatIf]:
    """How the line-up falls for ``choice`` if the opponent inserts at the top, in the middle or at the
    bottom: the coach's own cases for that option (same study, same seed, same numbers); ``hidden``,
    ``announced`` and ``against`` as for ``coach``."""
    from tagteam.words.coach import capital, cases, lineup  # loaded late, as in ``coach``

    if view.pending != "build" or view.table is None:
        return []
    opt = _option(view, choice)
    if opt is None:
        return []
    out = []
    for case in cases(view, _studies(view, seed, announced, against)[_distinct(view)[_same(view, opt)]], hidden):
        meets = lineup(view, opt, case.position, hidden) if case.position >= 0 else ()
        text = capital(case.text)
        out.append(WhatIf(case.place, case.position, meets, 2 * case.win - 1, text, case.win, case))
    return out
