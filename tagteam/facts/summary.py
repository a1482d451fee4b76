"""What the game-over screen shows, as data: the result, each Fighter's HP round by round on the Health tracks
it used, the most played cards and how the game was decided. ``tagteam.play.summary`` computes it,
``tagteam.words.summary`` words the HP line, the result and the cards."""

from __future__ import annotations

from dataclasses import dataclass


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


@dataclass(frozen=True, slots=True)
class GameSummary:
    result: str
    detail: str
    fighters: tuple[FighterLine, ...]
    played: tuple[str, ...]  # one line per seat: cards played, the most frequent
    why: tuple[str, ...]  # how the game was decided and its key Turns (``tagteam.play.recap``)
    replay: bool = False
