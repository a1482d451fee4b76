"""The table's words: a card drawn as a card, the cards panel, and what a revealed card did at the Fight.

Each sentence is looked up when it is written (``_``), so a language chosen after start-up shows at once.
"""

from __future__ import annotations

from tagteam.words.lang import N_, _, ngettext, pgettext

CARDS_KEY = N_("Every card")  # the key that opens the cards panel, as the key list names it


def upside_down() -> str:
    """A Summoning card turned over: the mark and the word, so the state is never colour alone."""
    # TRANSLATORS: on a drawn card: a Fey Folk Summoning turned upside down (its other half now plays)
    return _("⇅ turned over")


def face_down() -> str:
    """The back of a card (a coming card nobody at this screen may see)."""
    # TRANSLATORS: written on the back of a card lying face down
    return pgettext("card back", "face down")


def copies(count: int) -> str:
    """How many copies of a card a Fighter's deck holds."""
    return ngettext("{count} copy", "{count} copies", count).format(count=count)


def instant(amount: int) -> str:
    """A card's Instant Bonus: heal before anything else is revealed."""
    return _("Instant heal {amount}").format(amount=amount)


def panel_title() -> str:
    """The cards panel's heading: what it shows and how to leave it."""
    return _("Every card of the four Fighters, theirs first · Esc or v closes · ↑↓ PgUp PgDn scroll")


def panel_team(player: str, you: bool) -> str:
    """A team's heading in the cards panel: whose Fighters these are."""
    return _("{name} (you)").format(name=player) if you else player


def panel_fighter(fighter: str, player: str) -> str:
    """A Fighter's heading in the cards panel: the Fighter, then whose team it is in."""
    # TRANSLATORS: a Fighter's heading in the cards panel: "Golem — Player 2"
    return _("{fighter} — {player}").format(fighter=fighter, player=player)


def cards_key() -> str:
    """The one-key reminder a screen gives: ``v`` opens every card on the table."""
    return _("v: every card")


def played_row(player: str) -> str:
    """A Fight deck's row on the table: the cards this player has played so far this Fight follow."""
    # TRANSLATORS: then the cards played this Fight, the one just revealed in [brackets]
    return _("{player} played:").format(player=player)


def coming(count: int) -> str:
    """The cards of a Fight deck still to come, lying face down (nobody at this screen may see them)."""
    return ngettext("then {count} card face down", "then {count} cards face down", count).format(count=count)


def coming_known() -> str:
    """Your own coming cards, shown where only you watch (solo practice, a network seat)."""
    return _("then, yours to come:")
