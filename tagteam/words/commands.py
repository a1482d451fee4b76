"""The words of the long commands' progress and of their interruption (``tagteam arena``, ``bench``, ``puzzles``,
``history rebuild``), and of a start with no terminal: short labels beside a bar, one line each."""

from __future__ import annotations

from tagteam.words.lang import _, ngettext


def indexing() -> str:
    # TRANSLATORS: beside the progress bar of 'tagteam history rebuild' (the saves are read one by one)
    return _("Indexing your saves")


def arena_playing() -> str:
    # TRANSLATORS: beside the progress bar of 'tagteam arena' (counts seat-swapped deals: two games each)
    return _("Playing deals")


def bench_playing() -> str:
    # TRANSLATORS: beside the progress bar of 'tagteam bench' (counts random games over every run)
    return _("Playing random games")


def puzzles_making() -> str:
    # TRANSLATORS: beside the progress bar of 'tagteam puzzles make' (counts puzzles kept)
    return _("Proving puzzles")


def puzzles_verifying() -> str:
    # TRANSLATORS: beside the progress bar of 'tagteam puzzles verify'
    return _("Re-proving puzzles")


def arena_stopped(done: int, total: int) -> str:
    """After Ctrl-C: the table that follows counts only the deals played."""
    return ngettext(
        "Stopped (Ctrl-C) after {done} of {total} deal: the table counts the deals played.",
        "Stopped (Ctrl-C) after {done} of {total} deals: the table counts the deals played.",
        total,
    ).format(done=done, total=total)


def puzzles_stopped(kept: int, path: str) -> str:
    """After Ctrl-C: what was proven is written, not thrown away."""
    return ngettext(
        "Stopped (Ctrl-C): the {count} puzzle proven so far is written to {file}.",
        "Stopped (Ctrl-C): the {count} puzzles proven so far are written to {file}.",
        kept,
    ).format(count=kept, file=path)


def no_terminal() -> str:
    """``tagteam`` with no terminal to draw on (started from a script, a pipe or a service)."""
    return _(
        "tagteam: the game needs a terminal (its input and output are not one); the commands work anywhere: "
        "tagteam --help lists them"
    )


def sandbox_no_file() -> str:
    # TRANSLATORS: 'tagteam sandbox' with neither a file nor --examples; FILE and --examples as typed
    return _("a position is needed: a FILE, or the name of an example (tagteam sandbox --examples lists them)")
