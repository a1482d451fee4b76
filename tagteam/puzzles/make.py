"""Making a puzzle set: games played on both cores, each candidate proven, each kept puzzle rated.

Games are dealt by seed in order and read back in that order, so the same ``count`` and ``start`` always
give the same file whatever the number of jobs. Generation stops once ``count`` puzzles are kept and
every Fighter appears in one (or the seeds run out).

A set made before a rules change is brought up to date by ``refresh``: each puzzle re-proven from scratch
with its goal chosen anew; one whose answer is unchanged stays, with its id (a player's progress is kept by
id), its goal and counts as proven now; one that is no longer a puzzle, or whose answer changed, goes, and
new games fill the set up again (``make``'s ``keep`` and ``refused``).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import signal
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field

from tagteam.ai.traits import traits
from tagteam.engine.table import library
from tagteam.puzzles.board import Built, SettingError
from tagteam.puzzles.harvest import Candidate, candidates
from tagteam.puzzles.model import Puzzle, Setting
from tagteam.puzzles.prove import Solved, Uncertain, as_choice, solve
from tagteam.puzzles.rate import rate

MAX_SEEDS = 20_000
THEMES = ("finish", "defence", "advantage", "block", "attack", "heal", "top", "middle", "bottom")


def puzzle_id(kind: str, setting: Setting) -> str:
    """The same position and kind always get the same id (a file can be merged without doubles)."""
    text = json.dumps([kind, setting.model_dump(mode="json")], sort_keys=True)
    return "p" + hashlib.sha256(text.encode()).hexdigest()[:10]


def themes(built: Built, solved: Solved) -> list[str]:
    """What the answer is about: the goal, what the kept card does, and where it goes."""
    out = [{"win": "finish", "survive": "defence", "ahead": "advantage"}[solved.goal.kind]]
    first = solved.answer.options[0]
    t = traits(built.tab.cards[built.state.drawn[built.me][first.card]].cdef)
    if t.blocks:
        out.append("block")
    if t.attacks:
        out.append("attack")
    if t.heal:
        out.append("heal")
    n = len(built.state.fight[built.me])
    out.append("top" if first.position == 0 else "bottom" if first.position == n else "middle")
    return out


def assemble(c: Candidate, solved: Solved, rate_seed: int) -> Puzzle:
    built = Built(c.setting)
    first, *rest = solved.answer.options
    return Puzzle(
        id=puzzle_id(c.kind, c.setting),
        kind="known" if c.kind == "known" else "any",
        goal=solved.goal,
        setting=c.setting,
        answer=as_choice(first),
        equivalents=[as_choice(o) for o in rest],
        proof=solved.proof,
        provenance=c.provenance,
        themes=themes(built, solved),
        difficulty=rate(built, solved.answer, rate_seed),
    )


def puzzles_of(seed: int) -> list[Puzzle]:
    """Every puzzle one game gives (a worker's job)."""
    out = []
    for i, c in enumerate(candidates(seed)):
        try:
            solved = solve(c.setting)
        except (Uncertain, SettingError):
            continue
        if solved is not None:
            out.append(assemble(c, solved, seed * 1000 + i))
    return out


@dataclass(slots=True)
class Refreshed:
    """A set re-proven: the puzzles kept (in their order; ``changed`` the ids among them whose goal or
    counts changed) and the ids of those dropped (no longer a puzzle, or another answer)."""

    kept: list[Puzzle] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)


def reproven(p: Puzzle) -> Puzzle | None:
    """The puzzle as proven now, its goal chosen anew: None when it is no longer a puzzle or its answer is
    another one. The difficulty and provenance stay (the bots' opinion, where it came from)."""
    try:
        solved = solve(p.setting)
    except (Uncertain, SettingError):
        return None
    if solved is None:
        return None
    found = [as_choice(o) for o in solved.answer.options]
    if p.answer not in found:
        return None
    update = {
        "goal": solved.goal,
        "equivalents": [c for c in found if c != p.answer],
        "proof": solved.proof,
        "themes": themes(Built(p.setting), solved),
    }
    return p.model_copy(update=update)


def refresh(puzzles: Iterable[Puzzle]) -> Refreshed:
    """Re-prove every puzzle (``reproven``): keep those that still hold with the same answer."""
    out = Refreshed()
    for p in puzzles:
        q = reproven(p)
        if q is None:
            out.dropped.append(p.id)
            continue
        out.kept.append(q)
        if q != p:
            out.changed.append(p.id)
    return out


def _results(seeds: range, jobs: int) -> Iterator[list[Puzzle]]:
    if jobs <= 1:
        for s in seeds:
            yield puzzles_of(s)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs, initializer=_quiet_worker) as pool:  # leaving the block (Ctrl-C too) terminates the pool
        yield from pool.imap(puzzles_of, seeds, chunksize=1)


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool: one quiet exit, not a traceback per worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def make(
    count: int,
    jobs: int = 2,
    start: int = 0,
    progress: Callable[[int, int], None] | None = None,
    max_seeds: int = MAX_SEEDS,
    cover: bool = True,
    keep: Iterable[Puzzle] = (),
    refused: Collection[str] = (),
    on_stop: Callable[[], None] | None = None,
) -> list[Puzzle]:
    """At least ``count`` puzzles (the last game's extras kept out); with ``cover``, every Fighter in one if the
    seeds allow (Milady is rare: most of her lines unleash a Scheme, so that can take many more games).
    ``keep``: puzzles that come first, as they are (a refreshed set); ``refused``: ids never to take again
    (puzzles dropped from it: the same position with another answer would carry a player's progress over).
    With ``on_stop``, Ctrl-C ends the search: it is called and the puzzles proven so far are returned."""
    kept: dict[str, Puzzle] = {p.id: p for p in keep}
    every = set(library())
    count = max(count, len(kept))  # a kept puzzle is never cut
    if len(kept) >= count and (not cover or every <= fighters_in(kept.values())):
        return list(kept.values())
    try:
        for got in _results(range(start, start + max_seeds), jobs):
            for p in got:
                if p.id not in refused:
                    kept.setdefault(p.id, p)
            if progress is not None:
                progress(min(len(kept), count), count)
            if len(kept) >= count and (not cover or every <= fighters_in(kept.values())):
                break
    except KeyboardInterrupt:
        if on_stop is None:
            raise
        on_stop()
        return list(kept.values())[:count]
    got = list(kept.values())
    return got[: max(count, _cover(got, count))] if cover else got[:count]


def fighters_in(puzzles: Iterable[Puzzle]) -> set[str]:
    out: set[str] = set()
    for p in puzzles:
        for team in p.setting.teams:
            out.update(team)
    return out


def _cover(puzzles: list[Puzzle], count: int) -> int:
    """How many of the first puzzles to keep so that every Fighter met so far appears."""
    want = fighters_in(puzzles)
    for n in range(count, len(puzzles) + 1):
        if fighters_in(puzzles[:n]) >= want:
            return n
    return len(puzzles)
