"""Making a puzzle set: games played on both cores, each candidate proven, each kept puzzle rated.

Games are dealt by seed in order and read back in that order, so the same ``count`` and ``start`` always
give the same file whatever the number of jobs. Generation stops once ``count`` puzzles are kept and
every Fighter appears in one (or the seeds run out).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator

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
    on_stop: Callable[[], None] | None = None,
) -> list[Puzzle]:
    """At least ``count`` puzzles (the last game's extras kept out); with ``cover``, every Fighter in one if the
    seeds allow (Milady is rare: most of her lines unleash a Scheme, so that can take many more games).
    With ``on_stop``, Ctrl-C ends the search: it is called and the puzzles proven so far are returned."""
    kept: dict[str, Puzzle] = {}
    every = set(library())
    try:
        for got in _results(range(start, start + max_seeds), jobs):
            for p in got:
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
