"""The flow's words: what a hand-over or a waiting screen says, from the typed steps of ``tagteam.play.flow``.

The flow decides (whose turn, which decision, what was just locked, why a seat waits) and hands the
screens data; the sentences are written here, in the player's language, by whoever shows the step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.words.lang import N_, _

if TYPE_CHECKING:
    from tagteam.engine.state import DecisionKind
    from tagteam.facts.flow import Locked, Waiting

# What the next decision is ("Next: {what}."), by decision kind
WHAT: dict[str, str] = {
    "pick_team": N_("pick your team"),
    "draft_pick": N_("make your Draft pick"),
    "order_start": N_("order your Starting Cards"),
    "character": N_("choose the Fey Folk's Character"),
    "build": N_("the Build step"),
}

# "{player}'s {choice} is locked.": one whole sentence per kind, so a translation may order it freely
LOCKED: dict[str, str] = {
    "pick_team": N_("{player}'s team is locked."),
    "draft_pick": N_("{player}'s Draft pick is locked."),
    "order_start": N_("{player}'s Starting Card order is locked."),
    "character": N_("{player}'s Character choice is locked."),
    "build": N_("{player}'s Build choice is locked."),
}


def what(kind: DecisionKind, round: int = 0) -> str:
    """The next decision, as the hand-over's "Next: …" names it (a Build says its round)."""
    if kind == "build" and round:
        return _("the Build step of round {round}").format(round=round)
    return _(WHAT[kind])


def locked(note: Locked | None) -> str:
    """ "Ann's Build choice is locked." when the other human just made the same kind of choice here, else ""."""
    if note is None:
        return ""
    return _(LOCKED[note.kind]).format(player=note.player)


def waiting(why: Waiting | None) -> str:
    """Why a network seat waits, when it is not simply the other player's turn ("" then)."""
    if why is None:
        return ""
    if why.code:
        return _("Waiting for {player} to join: join code {code}").format(player=why.player, code=why.code)
    return _("{player} is not connected; waiting for them to rejoin.").format(player=why.player)
