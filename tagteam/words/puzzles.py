"""Every sentence about the Build puzzles: goals, kinds, themes, difficulty bands, and the lines of
``tagteam puzzles make`` and ``verify`` (the puzzles themselves are data: ``tagteam.puzzles``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.words.lang import N_, _, ngettext
from tagteam.words.numbers import decimal

if TYPE_CHECKING:
    from tagteam.store.history import Note
    from tagteam.store.puzzles import JournalNote

KIND_WORDS = {
    "known": N_("Known line-up: the opponent has built, and their Fight deck is shown"),
    "any": N_("Whatever they do: the answer must work against every card and place the opponent could choose"),
}
KIND_SHORT = {"known": N_("known line-up"), "any": N_("whatever they do")}
THEME_WORDS = {
    "finish": N_("Finish"),
    "defence": N_("Defence"),
    "advantage": N_("Advantage"),
    "block": N_("Blocks"),
    "attack": N_("Attacks"),
    "heal": N_("Healing"),
    "top": N_("On top"),
    "middle": N_("In the middle"),
    "bottom": N_("At the bottom"),
}
BAND_WORDS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
FAULT_WORDS = {
    "setting": N_("the position cannot be built: {detail}"),
    "uncertain": N_("a line of the proof unleashes a Scheme, so its outcome is not certain"),
    "kind": N_("the kind does not match the setting (a known line-up shows the opponent's new card)"),
    "not_unique": N_("re-proven, the goal is not reached by exactly one answer"),
    "answer": N_("re-proven, this is not the answer that reaches the goal"),
    "equivalents": N_("re-proven, the answer has {detail} equivalents, not the ones listed"),
    "count": N_("re-proven, the count differs ({detail})"),
    "id": N_("the id does not match the position (expected {detail})"),
    "duplicate_id": N_("this id is already in the file"),
    "themes": N_("the themes do not match the answer (expected {detail})"),
}


def goal(kind: str, margin: int | None = None) -> str:
    """The goal as the player reads it above the position."""
    if kind == "win":
        return _("Win the game in this Fight: knock out a Fighter")
    if kind == "survive":
        return _("Survive this Fight: do not lose the game in it")
    return ngettext(
        "Come out of this Fight ahead by at least {n} HP",
        "Come out of this Fight ahead by at least {n} HP",
        margin or 0,
    ).format(n=margin or 0)


def kind(name: str) -> str:
    return _(KIND_WORDS[name])


def kind_short(name: str) -> str:
    return _(KIND_SHORT[name])


def theme(name: str) -> str:
    return _(THEME_WORDS[name])


def band(name: str) -> str:
    return _(BAND_WORDS[name])


def fault(file: str, field: str, kind: str, detail: str) -> str:
    """One line of ``verify``: the file, the field, what is wrong."""
    return _("{file}: {field}: {what}").format(file=file, field=field, what=_(FAULT_WORDS[kind]).format(detail=detail))


def made(count: int, file: str, seconds: float, games: int) -> str:
    return ngettext(
        "{count} puzzle written to {file} from {games} games in {seconds} s",
        "{count} puzzles written to {file} from {games} games in {seconds} s",
        count,
    ).format(count=count, file=file, games=games, seconds=f"{seconds:.0f}")


def refreshed(file: str, count: int, kept: int, changed: int) -> str:
    """``make --keep``: how many of the old set still hold (``changed`` of them with a new goal or counts)."""
    return ngettext(
        "{file}: {kept} of {count} puzzle still holds ({changed} with a new goal or counts)",
        "{file}: {kept} of {count} puzzles still hold ({changed} with a new goal or counts)",
        count,
    ).format(file=file, kept=kept, count=count, changed=changed)


def verified(count: int, file: str, seconds: float, faults: int) -> str:
    if faults:
        return ngettext(
            "{file}: {faults} fault in {count} puzzles ({seconds} s)",
            "{file}: {faults} faults in {count} puzzles ({seconds} s)",
            faults,
        ).format(file=file, faults=faults, count=count, seconds=decimal(seconds, 1))
    return ngettext(
        "{file}: {count} puzzle re-proven, every one holds ({seconds} s)",
        "{file}: {count} puzzles re-proven, every one holds ({seconds} s)",
        count,
    ).format(file=file, count=count, seconds=decimal(seconds, 1))


def cannot_write(file: str, why: str) -> str:
    return _("{file}: cannot be written ({why})").format(file=file, why=why)


# ------------------------------------------------------------------------------------------------ the screen


def head(goal_text: str, kind_name: str) -> str:
    """The screen's first line: the goal, and what the player knows (the keys are in the footer)."""
    return _("Puzzle: {goal} · {kind}").format(goal=goal_text, kind=kind_short(kind_name))


def right() -> str:
    return _("Right: this Build reaches the goal.")


def wrong(kind: str = "any") -> str:
    """A wrong answer's first line; a known line-up has no reply to show, only the deck they built."""
    if kind == "known":
        return _("Not this one: against the deck they built, your Build falls short of the goal.")
    return _("Not this one: the Fight below shows the reply that stops it.")


def yours(outcome_text: str, goal_text: str) -> str:
    """Under the verdict, where it is always in sight: how the player's own Fight ended, against the goal."""
    # TRANSLATORS: {outcome} is a whole sentence ("The Fight ends with your team 8 HP ahead."), {goal} the goal
    return _("{outcome} The goal: {goal}.").format(outcome=outcome_text, goal=goal_text)


def your_build(card: str, slot: int, size: int) -> str:
    return _("Your Build: {card} at slot #{slot} of {size}.").format(card=card, slot=slot, size=size)


def the_answer(card: str, slot: int, size: int) -> str:
    return _("The answer: {card} at slot #{slot} of {size}.").format(card=card, slot=slot, size=size)


def their_reply(card: str, slot: int, size: int) -> str:
    return _("Their reply: {card} at slot #{slot} of {size}.").format(card=card, slot=slot, size=size)


def their_deck() -> str:
    return _("Their Fight deck is the one shown (they have built).")


def hardest_reply() -> str:
    return _("Against the reply that does it most harm:")


def instead() -> str:
    return _("What the answer meets instead, against the same reply:")


def outcome(value: int, winner: int | None, seat: int, margin_win: int) -> str:
    """The end of a Fight for the player: won, lost, drawn, or the HP margin."""
    if value >= margin_win:
        return _("You win the game in this Fight.")
    if winner is not None:
        return _("The game ends in a draw in this Fight.") if winner < 0 else _("You lose the game in this Fight.")
    if value > 0:
        return ngettext(
            "The Fight ends with your team {n} HP ahead.", "The Fight ends with your team {n} HP ahead.", value
        ).format(n=value)
    if value < 0:
        return ngettext(
            "The Fight ends with your team {n} HP behind.", "The Fight ends with your team {n} HP behind.", -value
        ).format(n=-value)
    return _("The Fight ends with both teams level on HP.")


def answer_outcome(value: int, winner: int | None, seat: int, margin_win: int) -> str:
    """The end of the answer's Fight, said as the answer's: it comes last on the screen, after the player's own,
    and must not read as theirs."""
    if value >= margin_win:
        return _("With the answer, you win the game in this Fight.")
    if winner is not None:
        if winner < 0:
            return _("With the answer, the game ends in a draw in this Fight.")
        return _("With the answer, you lose the game in this Fight.")
    if value > 0:
        return ngettext(
            "With the answer, the Fight ends with your team {n} HP ahead.",
            "With the answer, the Fight ends with your team {n} HP ahead.",
            value,
        ).format(n=value)
    if value < 0:
        return ngettext(
            "With the answer, the Fight ends with your team {n} HP behind.",
            "With the answer, the Fight ends with your team {n} HP behind.",
            -value,
        ).format(n=-value)
    return _("With the answer, the Fight ends with both teams level on HP.")


def back_keys() -> str:
    return _("Esc or q: back to the puzzle")


# ------------------------------------------------------------------------------------------------ playing them

JOURNAL_WORDS = {
    "not_kept": N_(
        "Puzzles: {file} cannot be written ({why}): this answer is not kept and the rating stays as it was."
    ),
    "unreadable": N_("Puzzles: {file} cannot be read ({why}): the attempts are read from the game history instead."),
    "skipped": N_("Puzzles: {count} lines of {file} are not attempts and were skipped (the others are counted)."),
    "not_restored": N_(
        "Puzzles: {file} could not be written again ({why}); the game history still holds the attempts."
    ),
}


def home_title() -> str:
    return _("Build puzzles")


def home_intro() -> str:
    return _(
        "Each puzzle is a Build from a real game: keep one of three cards and choose its slot. The engine has "
        "proven that exactly one Build reaches the goal."
    )


def loading() -> str:
    return _("Reading the puzzles and your progress…")


def no_puzzles(why: str) -> str:
    return _("No puzzles to play: {why}").format(why=why)


def rating_line(rating: float, rd: float, rated: int) -> str:
    """Your puzzle rating with its deviation (the same shape as the game history's: 1512 ± 87)."""
    return ngettext(
        "Your puzzle rating: {rating} ± {rd} (from {count} puzzle)",
        "Your puzzle rating: {rating} ± {rd} (from {count} puzzles)",
        rated,
    ).format(rating=f"{rating:.0f}", rd=f"{rd:.0f}", count=rated)


def streak_line(streak: int, best: int) -> str:
    return ngettext(
        "Streak: {count} puzzle solved at the first answer in a row (best {best})",
        "Streak: {count} puzzles solved at the first answer in a row (best {best})",
        streak,
    ).format(count=streak, best=best)


def daily_entry(goal_text: str, band_name: str, done: bool) -> str:
    """The puzzle of the day's entry on the puzzles' home: its goal, difficulty, and whether it is done."""
    if done:
        return _("Puzzle of the day: DONE ✓ (solved today) · {goal} · {band}   [d]").format(
            goal=goal_text, band=band(band_name)
        )
    return _("Puzzle of the day: not solved yet · {goal} · {band}   [d]").format(goal=goal_text, band=band(band_name))


def next_entry(theme_name: str | None) -> str:
    if theme_name is None:
        return _("Next puzzle near your rating, any theme   [n]")
    return _("Next puzzle near your rating, theme: {theme}   [n]").format(theme=theme(theme_name))


def theme_entry(theme_name: str | None, count: int, solved: int, chosen: bool) -> str:
    """A theme to choose (one line of the list): its name, its puzzles, how many you solved; the chosen one marked."""
    name = _("Any theme") if theme_name is None else theme(theme_name)
    puzzles = ngettext("{count} puzzle", "{count} puzzles", count).format(count=count)
    found = ngettext("{count} solved", "{count} solved", solved).format(count=solved)
    line = _("Theme: {name} · {puzzles}, {solved}").format(name=name, puzzles=puzzles, solved=found)
    # TRANSLATORS: the theme now chosen in the list of themes
    return _("{line} (chosen)").format(line=line) if chosen else line


def theme_hint() -> str:
    return _("t: next theme · ↑↓ Enter or a click: choose · Esc: back")


def journal_note(code: str, file: str, detail: str) -> str:
    """One line for what happened to the attempts' file."""
    from tagteam.ground.jsonfile import printable

    text = _(JOURNAL_WORDS.get(code, JOURNAL_WORDS["not_kept"]))
    return text.format(file=printable(file, 120), why=printable(detail, 120), count=detail)


def hint(number: int, card: str) -> str:
    """The hint: which drawn card to keep (the slot is still the player's to find), and what it costs."""
    return _(
        "Hint: keep card [{number}] {card}; its slot is yours to find. A hint ends your streak, and this "
        "puzzle counts as not solved for your rating."
    ).format(number=number, card=card)


def progress_line(how: str, change: float, rating: float, rd: float, streak: int) -> str:
    """Under the verdict, what this answer did: ``how`` is ``rated`` (a puzzle's first answer), ``hinted`` (a
    hint was taken: counted as not solved) or ``again`` (answered before: the rating does not move)."""
    values = {"rating": f"{rating:.0f}", "rd": f"{rd:.0f}", "change": f"{change:+.0f}", "streak": streak}
    if how == "hinted":
        return _("With a hint: counted as not solved · rating {rating} ± {rd} · streak {streak}").format(**values)
    if how == "again":
        return _("Answered before: your rating stays {rating} ± {rd} · streak {streak}").format(**values)
    return _("Rating {rating} ± {rd} ({change}) · streak {streak}").format(**values)


def result_keys() -> str:
    return _("Esc or q: back to the puzzle · n: next puzzle")


def hint_short(number: int) -> str:
    """The hint, kept in the Build screen's status line once given."""
    return _("Hint: keep [{number}]").format(number=number)


def note_line(note: Note | JournalNote) -> str:
    """One line for what happened to the attempts' file or to the history database (its own words)."""
    from tagteam.store.history import Note
    from tagteam.words.history import note_line as history_line

    if isinstance(note, Note):
        return history_line(note)
    if note.reason:
        from tagteam.words.storage import reason

        return journal_note(note.code, note.file, reason(note.reason))
    if note.error is not None:
        from tagteam.words.inputs import line

        return journal_note(note.code, note.file, line(note.error, named=False))
    return journal_note(note.code, note.file, note.detail)
