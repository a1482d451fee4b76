"""The game-over summary's words: the result line, a Fighter's HP points on each Health track, and the cards
each player played most (``tagteam.facts.summary``'s data, computed by ``tagteam.play.summary``)."""

from __future__ import annotations

from collections import Counter

from tagteam.facts.summary import FighterLine
from tagteam.words.lang import _, ngettext, pgettext
from tagteam.words.lists import comma_list


def result_line(winner: int | None, names: tuple[str, str]) -> str:
    if winner is None or winner < 0:
        return _("Draw.")
    seat = _("Player {number}").format(number=winner + 1)
    if names[winner] in (seat, f"Player {winner + 1}"):  # the seat's default name, in either language
        return _("{seat} wins.").format(seat=seat)
    if names[winner].endswith(")"):  # a bot's name already carries brackets: "Bot (Normal)"
        return _("{player}, {seat}, wins.").format(player=names[winner], seat=seat)
    return _("{player} ({seat}) wins.").format(player=names[winner], seat=seat)


def played_words(player: str, counts: Counter[str]) -> str:
    """ "Ann played 12 cards; most often: Holy Shield ×3, …": one seat's cards over the game."""
    often = comma_list([_("{card} ×{count}").format(card=n, count=k) for n, k in counts.most_common(4)]) or pgettext(
        "no cards", "none"
    )
    total = sum(counts.values())
    return ngettext(
        "{player} played {count} card; most often: {cards}", "{player} played {count} cards; most often: {cards}", total
    ).format(player=player, count=total, cards=often)


def hp_points(f: FighterLine) -> str:
    """The HP points as one line, each stretch out of its own track's top: "11 → 9 → 7 of 11, then the
    Berserker Bear, in at 8: 5 → 0 of 15"."""
    points = (f.start, *f.rounds)
    # TRANSLATORS: HP points out of a track's top, "11 → 9 → 7 of 11"
    of = _("{points} of {top}")
    if len(f.stints) < 2:
        return of.format(points=" → ".join(map(str, points)), top=f.full)
    out: list[str] = []
    i = 0
    for k, st in enumerate(f.stints):
        steps = " → ".join(map(str, points[i : i + st.points]))
        i += st.points
        track = st.label or st.track
        if k == 0:
            hp = of.format(points=steps, top=st.top)
            out.append(hp if st.own or st.track == f.name else _("{track}: {hp}").format(track=track, hp=hp))
        elif steps:
            hp = of.format(points=steps, top=st.top)
            # TRANSLATORS: a new Health track taken up, "then the Berserker Bear, in at 8: 5 → 0 of 15"
            out.append(_("then the {track}, in at {entered}: {hp}").format(track=track, entered=st.entered, hp=hp))
        else:
            out.append(_("then the {track}, in at {entered}").format(track=track, entered=st.entered))
    return comma_list(out)
