"""The saves in words: each save as the Load screen lists it (players, round or result, teams, date, file
name; read with ``tagteam.store.saves`` and ``tagteam.store.records``), and what a save, the autosave or a
deletion did or could not do (``tagteam.store.saves.SaveNote``), said in one line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from tagteam.engine.record import GameRecord, RecordError
from tagteam.ground.jsonfile import printable
from tagteam.store import records, saves
from tagteam.words import history as wh
from tagteam.words import inputs, numbers
from tagteam.words.lang import N_, _, ngettext
from tagteam.words.names import fighter_name


def _fighter_names() -> dict[str, str]:
    try:
        from tagteam.content.loader import load_all

        return {k: fighter_name(f) for k, f in load_all().items()}
    except Exception:  # a summary never fails because of the card data
        return {}


State = Literal["unfinished", "finished", "unusable"]

# A save of a game still in its Draft names the Draft mode ("{mode} draft" was glued in code)
DRAFT_WORDS = {
    "free": N_("free draft"),
    "standard": N_("standard draft"),
    "competitive": N_("competitive draft"),
}


@dataclass(frozen=True, slots=True)
class Entry:
    """One save as the Load screen lists it: what it is (``head``: players, round or result, file name;
    ``tail``: teams, date), its state, and its date for newest first."""

    path: Path
    state: State
    mtime: float
    head: str
    tail: str
    line: str  # all of it on one line (``summary``)


def _when(mtime: float | None) -> str:
    return numbers.when(mtime) if mtime is not None else "?"


def _where(round: int, phase: str) -> str:
    """How far an unfinished game went: its round, or the Draft or the setup before round 1."""
    if round:
        return _("round {round}").format(round=round)
    return _("draft") if phase == "draft" else _("setup")


def entry_for(path: str | Path) -> Entry:
    """A save's parts (players, round or result, teams, date, file name) and its state, all printable."""
    p = Path(path)
    st_file = saves.is_regular(p)
    mtime = st_file.st_mtime if st_file else None
    when = _when(mtime)
    name = printable(p.name, 80)
    try:
        rec, st = records.load_with_state(p)
    except RecordError as e:
        why = printable(_("unusable: {why}").format(why=inputs.line(e)), 200)
        return Entry(p, "unusable", mtime or 0.0, f"{name} · {when}", why, f"{name} · {when} · {why}")
    names = _fighter_names()
    table = st.table
    if table is not None:
        kinds = table.kinds
        a, b, c, d = (names.get(k, k) for k in kinds[:4])
        # TRANSLATORS: the two teams of a saved game, "Joan & Ching Shih vs Bödvar & Wong Fei-Hung"
        teams = _("{first} & {second} vs {third} & {fourth}").format(first=a, second=b, third=c, fourth=d)
    else:
        teams = _(DRAFT_WORDS[rec.draft]) if rec.draft in DRAFT_WORDS else rec.draft
    where = _where(st.round, st.phase)
    over = saves.over(st)
    players = _("{first} vs {second}").format(first=rec.players[0], second=rec.players[1])
    if over:
        if st.winner is None or st.winner < 0:
            result = _("a draw")
        else:
            result = _("{player} won").format(player=rec.players[st.winner])
        state = _("finished")
    else:
        result = where
        state = _("unfinished, {where}").format(where=where)
    mark = "" if rec.verified else " · " + _("old format, unverified")
    head = printable(f"{players} · {result} · {p.name}", 200)
    tail = printable(f"{teams} · {when}{mark}", 200)
    line = printable(f"{p.name} · {teams} · {players} · {state} · {when}{mark}", 300)
    return Entry(p, "finished" if over else "unfinished", mtime or 0.0, head, tail, line)


def summary(path: str | Path) -> str:
    """One printable line about a save: teams, players, round, finished or not, date (or why it is unusable)."""
    return entry_for(path).line


def entries(limit: int = saves.MAX_LISTED) -> list[Entry]:
    """The first ``limit`` saves of ``list_saves``, described, newest first."""
    out = [entry_for(p) for p in saves.list_saves()[:limit]]
    out.sort(key=lambda e: e.mtime, reverse=True)
    return out


def trust_note(rec: GameRecord, path: str | Path) -> str | None:
    """One line for a save loaded without a digest to check (version 1): the game loads, unverified."""
    if rec.verified:
        return None
    return _("{file}: old format (version 1), unverified: it has no digest to show it was not edited").format(
        file=Path(path).name
    )


def note_line(note: saves.SaveNote) -> str:
    """One note of a save, the autosave or a deletion, in words."""
    code = note.code
    if code == "not_saved":
        return _("{file}: cannot save ({why})").format(file=note.file, why=note.why)
    if code == "not_record":
        return _("{file}: left untouched, it is not a valid Tag Team record (move it away to save here)").format(
            file=note.file
        )
    if code == "aside_failed":
        return _("{file}: autosave skipped, the previous one cannot be moved aside ({why})").format(
            file=note.file, why=note.why
        )
    if code == "kept_bad":
        problem = printable(inputs.line(note.error, named=False), 80) if note.error is not None else ""
        return wh.unusable_kept(problem)  # no file name: a player never types it (the Load screen lists it)
    if code == "kept_finished":
        return wh.finished_kept()
    if code == "kept_previous":
        return wh.previous_kept()
    if code == "pruned":
        return ngettext(
            "only the last {keep} unfinished games are kept ({count} older removed)",
            "only the last {keep} unfinished games are kept ({count} older removed)",
            note.count,
        ).format(keep=saves.KEEP_UNFINISHED, count=note.count)
    return _("{file}: not deleted ({why})").format(file=note.file, why=note.why)


def notice(notes: saves.SaveNote | Sequence[saves.SaveNote] | None) -> str | None:
    """What a save said, in one line ("; " between notes), or None when it had nothing to say."""
    found = [notes] if isinstance(notes, saves.SaveNote) else list(notes or ())
    return "; ".join(note_line(n) for n in found) or None
