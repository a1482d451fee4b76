"""Every sentence about the Build puzzles: goals, kinds, themes, difficulty bands, and the lines of
``tagteam puzzles make`` and ``verify`` (the puzzles themselves are data: ``tagteam.puzzles``)."""

from __future__ import annotations

from tagteam.words.lang import N_, _, ngettext

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


def making(done: int, total: int) -> str:
    return _("Making puzzles: {done} of {total}").format(done=done, total=total)


def made(count: int, file: str, seconds: float, games: int) -> str:
    return ngettext(
        "{count} puzzle written to {file} from {games} games in {seconds} s",
        "{count} puzzles written to {file} from {games} games in {seconds} s",
        count,
    ).format(count=count, file=file, games=games, seconds=f"{seconds:.0f}")


def verifying(done: int, total: int) -> str:
    return _("Re-proving puzzles: {done} of {total}").format(done=done, total=total)


def verified(count: int, file: str, seconds: float, faults: int) -> str:
    if faults:
        return ngettext(
            "{file}: {faults} fault in {count} puzzles ({seconds} s)",
            "{file}: {faults} faults in {count} puzzles ({seconds} s)",
            faults,
        ).format(file=file, faults=faults, count=count, seconds=f"{seconds:.1f}")
    return ngettext(
        "{file}: {count} puzzle re-proven, every one holds ({seconds} s)",
        "{file}: {count} puzzles re-proven, every one holds ({seconds} s)",
        count,
    ).format(file=file, count=count, seconds=f"{seconds:.1f}")


def cannot_write(file: str, why: str) -> str:
    return _("{file}: cannot be written ({why})").format(file=file, why=why)


# ------------------------------------------------------------------------------------------------ the screen


def head(goal_text: str, kind_name: str) -> str:
    """The screen's first line: the goal, and what the player knows (the keys are in the footer)."""
    return _("Puzzle: {goal} · {kind}").format(goal=goal_text, kind=kind_short(kind_name))


def right() -> str:
    return _("Right: this Build reaches the goal.")


def wrong() -> str:
    return _("Not this one: the Fight below shows the reply that stops it.")


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


def back_keys() -> str:
    return _("Esc or q: back to the puzzle")
