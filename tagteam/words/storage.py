"""Why a stored file was set aside or not read, in words: the reason codes ``tagteam.store.history`` and
``tagteam.store.puzzles`` give when the system gave none of its own (the file is no regular file, the database's
tables are not ours, a page is damaged), and the history's rows skipped."""

from __future__ import annotations

from tagteam.words.lang import N_, _, ngettext

REASON_WORDS = {
    "not_regular": N_("it is not a regular file"),
    "tables": N_("its tables are not a Tag Team history's"),
    "damaged": N_("a part of it is damaged"),
}


def reason(code: str) -> str:
    """A reason code as the clause a note puts in its brackets."""
    return _(REASON_WORDS.get(code, REASON_WORDS["damaged"]))


def rows_skipped(count: int, file: str) -> str:
    """Rows of the history database holding values Tag Team never writes (a hand edit, another program): skipped
    (the games' come back with a rebuild, the puzzles' from their journal), said once."""
    return ngettext(
        "Game history: {count} row of {file} holds values Tag Team never writes and was skipped; your saves "
        "and the puzzle journal are untouched.",
        "Game history: {count} rows of {file} hold values Tag Team never writes and were skipped; your saves "
        "and the puzzle journal are untouched.",
        count,
    ).format(count=count, file=file)
