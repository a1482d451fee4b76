"""The player's side of the puzzles: the puzzle of the day, the rating, the streak and the next puzzle.

Pure numbers and choices over the attempts (``Attempt``, one per answer given, plus one for a hint taken
before any answer), in the order made; storing them is ``tagteam.store.puzzles``'s, the words
``tagteam.words.puzzles``'s. The rules (docs/puzzles.md, "Playing them"):

- **The puzzle of the day** is chosen from the date alone: the SHA-256 of ``tagteam-daily:`` and the ISO date,
  its first 8 bytes as a number, modulo the number of puzzles sorted by id. Everyone with the same set gets
  the same puzzle on the same date; it is *done* once its answer is found that day.
- **The rating** is Glicko-2 (``tagteam.play.stats.update``, the history's own) of the player against each
  puzzle as a fixed opponent: its difficulty ``rating`` with the deviation ``PUZZLE_RD``. Only a puzzle's
  first attempt ever is rated (1 when its first answer is right with no hint, else 0), each its own rating
  period: a retry, solved or not, never moves it.
- **The streak** counts puzzles solved at the first answer in a row: a first answer that is wrong, or a hint,
  sets it to 0; solving a puzzle solved before leaves it as it is (a retry is no new puzzle).
- **The next puzzle**, in a theme or any: one never tried (else one not solved, else any), drawn at random
  among the ``NEAR`` whose rating is closest to the player's.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from tagteam.play.stats import Rating, update
from tagteam.puzzles.model import Puzzle
from tagteam.store.puzzles import Attempt as Attempt  # an attempt is what the journal keeps; named here too

PUZZLE_RD = 50.0  # a puzzle's deviation: its rating is the bots' solve rate over 6 tries, an estimate
NEAR = 5  # the next puzzle is drawn among this many closest to the player's rating
THEMES = ("finish", "defence", "advantage", "block", "attack", "heal", "top", "middle", "bottom")


@dataclass(frozen=True, slots=True)
class Scored:
    """What one attempt did: whether it was rated, the rating before and after it, the streak after it."""

    attempt: Attempt
    rated: bool
    before: Rating
    after: Rating
    streak: int

    @property
    def change(self) -> float:
        return self.after.rating - self.before.rating


@dataclass(slots=True)
class Tally:
    """The player's puzzle progress after the attempts added so far, in order (``add`` one at a time)."""

    rating: Rating = field(default_factory=Rating)
    streak: int = 0
    best_streak: int = 0
    attempts: int = 0
    rated: int = 0
    rated_right: int = 0
    tried: set[str] = field(default_factory=set)
    solved: set[str] = field(default_factory=set)
    found_on: set[tuple[str, str]] = field(default_factory=set)  # (puzzle, day): its answer was found that day

    def add(self, a: Attempt) -> Scored:
        before = self.rating
        rated = a.puzzle not in self.tried
        clean = a.right and not a.hint
        if rated:
            self.rating = update(before, [(float(a.puzzle_rating), PUZZLE_RD, 1.0 if clean else 0.0)])
            self.rated += 1
            self.rated_right += clean
        if a.first:
            if not clean:
                self.streak = 0
            elif a.puzzle not in self.solved:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
        self.attempts += 1
        self.tried.add(a.puzzle)
        if a.right:
            self.solved.add(a.puzzle)
            self.found_on.add((a.puzzle, a.day))
        return Scored(a, rated, before, self.rating, self.streak)

    def done(self, puzzle: str, day: str) -> bool:
        """Whether the puzzle's answer was found on ``day`` (the puzzle of the day is then shown as done)."""
        return (puzzle, day) in self.found_on


def tally(attempts: Iterable[Attempt]) -> tuple[Tally, list[Scored]]:
    """Every attempt scored in turn, and the progress after them all."""
    t = Tally()
    return t, [t.add(a) for a in attempts]


# ------------------------------------------------------------------------------------------------ choosing


def daily_index(day: date | str, count: int) -> int:
    """Which of ``count`` puzzles (sorted by id) is the puzzle of the day: from the date alone."""
    iso = day if isinstance(day, str) else day.isoformat()
    digest = hashlib.sha256(f"tagteam-daily:{iso}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def daily(puzzles: Sequence[Puzzle], day: date | str) -> Puzzle:
    """The puzzle of the day, the same for everyone with this set (sorted by id: the file's order aside)."""
    ordered = sorted(puzzles, key=lambda p: p.id)
    return ordered[daily_index(day, len(ordered))]


def themes(puzzles: Sequence[Puzzle]) -> list[tuple[str, int]]:
    """The themes found in the set, with how many puzzles each (the known ones in their order, then others)."""
    counts: dict[str, int] = {}
    for p in puzzles:
        for t in p.themes:
            counts[t] = counts.get(t, 0) + 1
    known = [t for t in THEMES if t in counts]
    return [(t, counts[t]) for t in known + sorted(set(counts) - set(known))]


def in_theme(puzzles: Sequence[Puzzle], theme: str | None) -> list[Puzzle]:
    return [p for p in puzzles if theme is None or theme in p.themes]


def next_puzzle(
    puzzles: Sequence[Puzzle],
    progress: Tally,
    theme: str | None = None,
    rng: random.Random | None = None,
    exclude: str | None = None,
) -> Puzzle | None:
    """A puzzle near the player's rating in ``theme`` (None: any): never tried first, then not solved, then any;
    drawn among the ``NEAR`` closest (the one just played is left out when there is another)."""
    pool = [p for p in in_theme(puzzles, theme) if p.id != exclude] or in_theme(puzzles, theme)
    if not pool:
        return None
    fresh = [p for p in pool if p.id not in progress.tried] or [p for p in pool if p.id not in progress.solved] or pool
    me = progress.rating.rating
    fresh.sort(key=lambda p: (abs(p.difficulty.rating - me), p.id))
    return (rng or random.Random()).choice(fresh[:NEAR])


def new_id(rng: random.Random | None = None) -> str:
    """An attempt's id: unique without any counter (two processes may append at once)."""
    r = rng or random.SystemRandom()
    return f"{r.getrandbits(64):016x}"


def today() -> str:
    """The player's local date, as the puzzle of the day reads it."""
    return date.today().isoformat()


def hint_card(p: Puzzle) -> int:
    """The hint: the drawn card (0-2) the answer keeps; where it goes is left for the player to find."""
    return p.answer.card
