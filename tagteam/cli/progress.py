"""The one progress bar of the long commands (arena, bench, puzzles make and verify, history rebuild).

Rich's progress, drawn on stderr and only when stderr is a terminal: a pipe, a log file or a closed stderr gets
the result lines alone, never a trail of redrawn bars. Each command says what it counts; the bar shows how many
of how many, the time spent and the time left.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

Tick = Callable[[int, int], None]
"""``tick(done, total)``: the work finished so far and the whole of it (the total may grow, e.g. games played)."""


def _terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # a closed stream
        return False


@contextmanager
def bar(description: str, total: int | None = None, stream: TextIO | None = None) -> Iterator[Tick]:
    """A bar for the duration of the block, drawn at once (0 of ``total``) so a long command is never silent; the
    block calls the tick it is given. On anything but a terminal the tick does nothing."""
    out = sys.stderr if stream is None else stream
    if not _terminal(out):
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(file=out), transient=True) as progress:
        task = progress.add_task(description, total=total)

        def tick(done: int, whole: int) -> None:
            progress.update(task, completed=done, total=whole)

        yield tick


def _nothing(done: int, total: int) -> None:
    """The tick off a terminal."""
