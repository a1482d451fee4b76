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
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable


@dataclass(frozen=True, slots=True)
class FighterLine:
    """One Fighter's HP: where they began the first round, at the end of each round, and the track's top."""

    seat: int
    name: str
    start: int
    rounds: tuple[int, ...]
    full: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    result: str
    detail: str
    fighters: tuple[FighterLine, ...]
    played: tuple[str, ...]  # one line per seat: cards played, the most frequent
    why: tuple[str, ...]  # how the game was decided and its key Turns (``tagteam.recap``)
    replay: bool = False


def result_line(winner: int | None, names: tuple[str, str]) -> str:
    if winner is None or winner < 0:
        return "Draw."
    player = f"Player {winner + 1}"
    if names[winner] == player:
        return f"{player} wins."
    if names[winner].endswith(")"):  # a bot's name already carries brackets: "Bot (Normal)"
        return f"{names[winner]}, {player}, wins."
    return f"{names[winner]} ({player}) wins."


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


def summarize(s: Session, replay: bool = False) -> GameSummary:
    """The summary of a finished (or replayed) game."""
    from tagteam.recap import game_recap

    names = (s.record.players[0], s.record.players[1])
    over = next((e for e in reversed(s.log) if isinstance(e, ev.GameOver)), None)
    detail = over.detail if over else s.state.over_reason
    tab = s.state.table
    if tab is None:
        return GameSummary(result_line(s.state.winner, names), detail, (), (), (), replay)
    start, rows = hp_by_round(s.log, tab)
    fighters = tuple(
        FighterLine(f // 2, fd.name, start[f], tuple(r[f] for r in rows), max(t.max_hp for t in fd.tracks))
        for f, fd in enumerate(tab.fighters)
    )
    counts: list[Counter[str]] = [Counter(), Counter()]
    for e in s.log:
        if isinstance(e, ev.CardRevealed):
            counts[e.seat][tab.cards_by_id[e.card_id].name] += 1
    played = tuple(
        f"{names[seat]} played {sum(counts[seat].values())} cards; most often: "
        + (", ".join(f"{n} ×{k}" for n, k in counts[seat].most_common(4)) or "none")
        for seat in (0, 1)
    )
    why = tuple(game_recap(s.log, tab, names, record=s.record))  # with the Build that cost most
    return GameSummary(result_line(s.state.winner, names), detail, fighters, played, why, replay)
