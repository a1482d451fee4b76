"""What the game-over screen shows, computed once from a finished game's events: the result, the HP of
every Fighter round by round, the most played cards and why it ended so.

Textual-free: the local app and the network client both build it from the game (the client from the
record the host sends once the game is over), so both screens show the same summary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tagteam.engine import events as ev
from tagteam.engine.fighters.bodvar import BEAR
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.words import log as wl
from tagteam.words.lang import _, ngettext, pgettext
from tagteam.words.names import board_text, card_name, fighter_name, player_names


@dataclass(frozen=True, slots=True)
class Stint:
    """A stretch on one Health track: its name and top, the HP it was entered at, and how many of the
    Fighter's points (start, then each round's end) were read on it."""

    track: str
    top: int
    entered: int
    points: int
    label: str = ""  # the track's printed name in the player's language ("" : ``track``)
    own: bool = False  # the track bears its Fighter's own name (Bödvar's first track): no need to name it


@dataclass(frozen=True, slots=True)
class FighterLine:
    """One Fighter's HP: where they began the first round, at the end of each round, and the top of the
    track in use at the start (``full``). ``stints``: the tracks in use in turn (Bödvar then the Bear, each
    Fey Folk Character), so every HP is read against its own track's top, never another track's."""

    seat: int
    name: str
    start: int
    rounds: tuple[int, ...]
    full: int
    stints: tuple[Stint, ...] = ()

    def tops(self) -> tuple[int, ...]:
        """The top of the track in use at each point (start, then each round): the scale of that point."""
        if not self.stints:
            return (self.full,) * (1 + len(self.rounds))
        return tuple(st.top for st in self.stints for _ in range(st.points))

    def switches(self) -> list[tuple[int, str]]:
        """(round, track) for each track taken up after the first: from that round's row on, the table's HP
        is read on that track (a track left within one round, before any row, is not listed). The track by its
        printed name in the player's language (the Bear is the "Ours Berserker" in French)."""
        out, point = [], 0
        for k, st in enumerate(self.stints):
            if k and st.points:
                out.append((point, st.label or st.track))
            point += st.points
        return out

    def hp_words(self) -> str:
        """The HP points as one line, each stretch out of its own track's top: "11 → 9 → 7 of 11, then the
        Berserker Bear, in at 8: 5 → 0 of 15"."""
        points = (self.start, *self.rounds)
        # TRANSLATORS: HP points out of a track's top, "11 → 9 → 7 of 11"
        of = _("{points} of {top}")
        if len(self.stints) < 2:
            return of.format(points=" → ".join(map(str, points)), top=self.full)
        out: list[str] = []
        i = 0
        for k, st in enumerate(self.stints):
            steps = " → ".join(map(str, points[i : i + st.points]))
            i += st.points
            track = st.label or st.track
            if k == 0:
                hp = of.format(points=steps, top=st.top)
                out.append(hp if st.own or st.track == self.name else _("{track}: {hp}").format(track=track, hp=hp))
            elif steps:
                hp = of.format(points=steps, top=st.top)
                # TRANSLATORS: a new Health track taken up, "then the Berserker Bear, in at 8: 5 → 0 of 15"
                out.append(_("then the {track}, in at {entered}: {hp}").format(track=track, entered=st.entered, hp=hp))
            else:
                out.append(_("then the {track}, in at {entered}").format(track=track, entered=st.entered))
        return ", ".join(out)


@dataclass(frozen=True, slots=True)
class GameSummary:
    result: str
    detail: str
    fighters: tuple[FighterLine, ...]
    played: tuple[str, ...]  # one line per seat: cards played, the most frequent
    why: tuple[str, ...]  # how the game was decided and its key Turns (``tagteam.play.recap``)
    replay: bool = False


def result_line(winner: int | None, names: tuple[str, str]) -> str:
    if winner is None or winner < 0:
        return _("Draw.")
    seat = _("Player {number}").format(number=winner + 1)
    if names[winner] in (seat, f"Player {winner + 1}"):  # the seat's default name, in either language
        return _("{seat} wins.").format(seat=seat)
    if names[winner].endswith(")"):  # a bot's name already carries brackets: "Bot (Normal)"
        return _("{player}, {seat}, wins.").format(player=names[winner], seat=seat)
    return _("{player} ({seat}) wins.").format(player=names[winner], seat=seat)


def _played(player: str, counts: Counter[str]) -> str:
    """ "Ann played 12 cards; most often: Holy Shield ×3, …": one seat's cards over the game."""
    often = ", ".join(_("{card} ×{count}").format(card=n, count=k) for n, k in counts.most_common(4)) or pgettext(
        "no cards", "none"
    )
    total = sum(counts.values())
    return ngettext(
        "{player} played {count} card; most often: {cards}", "{player} played {count} cards; most often: {cards}", total
    ).format(player=player, count=total, cards=often)


def hp_by_round(log: Sequence[ev.Event], table: GameTable) -> tuple[list[int], list[list[int]]]:
    """HP of each Fighter when the first round begins (after setup, so after the Fey Folk's first
    Character stepped in), then at the end of every Fight step, read from the events (no rule re-applied)."""
    hp = [fd.tracks[0].hp[fd.tracks[0].start] for fd in table.fighters]
    start: list[int] | None = None
    rows: list[list[int]] = []
    for e in log:
        match e:
            case ev.RoundStarted() if start is None:
                start = hp[:]
            case ev.MarkerMoved(fighter=f, to_hp=h) | ev.Transformed(fighter=f, hp=h) | ev.Revived(fighter=f, hp=h):
                hp[f] = h
            case ev.CharacterChosen(fighter=f, character=c):
                td = next(t for t in table.fighters[f].tracks if t.name == c)
                hp[f] = td.hp[td.start]
            case ev.BecameSpirit(fighter=f):
                hp[f] = 0
            case ev.FightEnded() | ev.GameOver():
                rows.append(hp[:])
    return (start if start is not None else hp[:]), rows


def stints_by_round(log: Sequence[ev.Event], table: GameTable) -> list[tuple[Stint, ...]]:
    """Each Fighter's Health tracks in the order used, read from the events (Bödvar's transformation, a Fey
    Folk Character stepping in): which track each HP point of ``hp_by_round`` is read on."""
    tracks = [[(fd.tracks[0], fd.tracks[0].hp[fd.tracks[0].start], 0)] for fd in table.fighters]
    begun = False

    def enter(f: int, name: str, hp: int) -> None:
        td = next(t for t in table.fighters[f].tracks if t.name == name)
        if td.name != tracks[f][-1][0].name:
            if not begun:  # a Character chosen in setup: the first point is read on it
                tracks[f][-1] = (td, hp, 0)
            else:
                tracks[f].append((td, hp, 0))

    def count() -> None:
        for f in range(len(tracks)):
            td, hp, n = tracks[f][-1]
            tracks[f][-1] = (td, hp, n + 1)

    for e in log:
        match e:
            case ev.RoundStarted() if not begun:
                count()
                begun = True
            case ev.Transformed(fighter=f, hp=h):
                enter(f, table.fighters[f].tracks[BEAR].name, h)
            case ev.CharacterChosen(fighter=f, character=c):
                td = next(t for t in table.fighters[f].tracks if t.name == c)
                enter(f, c, td.hp[td.start])
            case ev.FightEnded() | ev.GameOver():
                count()
    if not begun:
        count()
    return [
        tuple(Stint(td.name, td.max_hp, hp, n, board_text(td, "name"), td.name == fd.name) for td, hp, n in row)
        for fd, row in zip(table.fighters, tracks, strict=True)
    ]


def summarize(s: Session, replay: bool = False, viewer: int | None = None) -> GameSummary:
    """The summary of a finished (or replayed) game; ``viewer``, a network seat's screen: the Build review
    speaks to that seat only (it says "you"), never to the player at the other machine."""
    from tagteam.play.recap import game_recap

    names = player_names(s.record.players)
    over = next((e for e in reversed(s.log) if isinstance(e, ev.GameOver)), None)
    detail = wl.over_detail(over, s.state.table) if over else s.state.over_reason
    tab = s.state.table
    if tab is None:
        return GameSummary(result_line(s.state.winner, names), detail, (), (), (), replay)
    start, rows = hp_by_round(s.log, tab)
    stints = stints_by_round(s.log, tab)
    fighters = tuple(
        FighterLine(f // 2, fighter_name(fd), start[f], tuple(r[f] for r in rows), stints[f][0].top, stints[f])
        for f, fd in enumerate(tab.fighters)
    )
    counts: list[Counter[str]] = [Counter(), Counter()]
    for e in s.log:
        if isinstance(e, ev.CardRevealed):
            counts[e.seat][card_name(tab.cards_by_id[e.card_id])] += 1
    played = tuple(_played(names[seat], counts[seat]) for seat in (0, 1))
    why = tuple(game_recap(s.log, tab, names, record=s.record, viewer=viewer))  # with the Build that cost most
    return GameSummary(result_line(s.state.winner, names), detail, fighters, played, why, replay)
