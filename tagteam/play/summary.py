"""What the game-over screen shows, computed once from a finished game's events: the result, the HP of
every Fighter round by round, the most played cards and why it ended so.

Its data are ``tagteam.facts.summary``'s and its sentences ``tagteam.words.summary``'s. Textual-free: the
local app and the network client both build it from the game (the client from the record the host sends
once the game is over), so both screens show the same summary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tagteam.engine import events as ev
from tagteam.engine.fighters.bodvar import BEAR
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.facts.summary import FighterLine, GameSummary, Stint
from tagteam.words import log as wl
from tagteam.words.names import board_text, card_name, fighter_name, player_names
from tagteam.words.summary import played_words, result_line

__all__ = ["FighterLine", "GameSummary", "Stint", "hp_by_round", "result_line", "stints_by_round", "summarize"]


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
    played = tuple(played_words(names[seat], counts[seat]) for seat in (0, 1))
    why = tuple(game_recap(s.log, tab, names, record=s.record, viewer=viewer))  # with the Build that cost most
    return GameSummary(result_line(s.state.winner, names), detail, fighters, played, why, replay)
