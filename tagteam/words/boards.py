"""The boards' words: a special track in its own labelled row, and the token pieces on a Fighter.

Each special track's row starts with its own name, so nothing on it reads as a Health-track fact (the
packed line "Rage: 4/7 · no Stop · +1 Power at 6" read the Health track's Stop and icon as Rage's). A
token is a piece with a mark and a word, never a colour alone.
"""

from __future__ import annotations

from tagteam.words.lang import N_, _, ngettext, pgettext

# TRANSLATORS: the footer's name of the key that opens every card on the table (short: the footer is narrow)
CARDS_KEY_SHORT = N_("Cards")


def rage(value: int, top: int) -> str:
    """Bödvar's Rage track, its value first (the shortest form a board ever shows)."""
    return _("Rage: {value}/{top}").format(value=value, top=top)


def rage_pays(top: int) -> str:
    """What the Rage track pays at its top space."""
    # TRANSLATORS: on the Rage row, after its value: what its last space pays
    return _("at {top}: +3 Power, Bear").format(top=top)


def rage_spent() -> str:
    """Rage after Bödvar became the Berserker Bear: it promises nothing more."""
    return _("spent: he is the Bear")


def fleet(count: int) -> str:
    """Ching Shih's Fleet: Ships out of 20."""
    return ngettext("Fleet: {count}/20 Ship", "Fleet: {count}/20 Ships", 20).format(count=count)


def spirits(count: int, total: int) -> str:
    """The Fey Folk's Spirit track."""
    return ngettext(
        "Spirit track: {count} of {total} Spirit", "Spirit track: {count} of {total} Spirits", total
    ).format(count=count, total=total)


def spirit_names(names: str) -> str:
    """The Characters who became Spirits, after the Spirit track."""
    return _("✧ {characters}").format(characters=names)


def voice() -> str:
    """The Divine Voice dial's label, short (the dial's spaces follow)."""
    # TRANSLATORS: the Divine Voice dial's row label on a board (short: "Voice:")
    return _("Voice:")


def power_short(power: int) -> str:
    """A Fighter's Power on the compact board's head line, where the name, the Power and the HP share a column."""
    # TRANSLATORS: a Fighter's Power on a narrow board's head line ("Wong Fei-Hung · Power 2 · HP 17/17"):
    # as short as the language allows
    return pgettext("narrow board", "Power {power}").format(power=power)


def active_short() -> str:
    """The active mark where "▶ ACTIVE" leaves no room: the mark alone (a shape, never a colour alone)."""
    # TRANSLATORS: the short form of "▶ ACTIVE" on a narrow board: keep the mark only
    return pgettext("active, short", "▶")


def sheriff() -> str:
    return _("★ Sheriff")


def presence(ready: bool) -> str:
    """The Golem's Presence on the Fighter it protects (from the next Turn once placed)."""
    return _("⬢ Presence") if ready else _("⬢ Presence (next Turn)")


def presence_home() -> str:
    """The Presence token lying with the Golem, not yet placed."""
    return _("⬢ Presence with him")


def serpent(face: str) -> str:
    """Mephisto's Serpent token, the face up in words."""
    return _("☯ Serpent: {face}").format(face=face)


def serpent_face(face: str) -> str:
    """A Serpent face's word ("white", "black")."""
    words = {"white": pgettext("serpent", "white"), "black": pgettext("serpent", "black")}
    return words.get(face, face)


def concentration(count: int) -> str:
    """Wong Fei-Hung's Concentration tokens on a Fighter."""
    return _("◉ Concentration ×{count}").format(count=count)


def aflame(count: int) -> str:
    """Shango's Aflame! tokens on a Fighter (five are his)."""
    return _("♨ Aflame! ×{count}").format(count=count)


def supply(mark: str, left: int, total: int) -> str:
    """What is left of the owner's own supply (Concentration, Aflame!), on the owner's row."""
    # TRANSLATORS: {mark} is the token's mark (◉ or ♨): "◉ 1 of 2 left"
    return _("{mark} {left} of {total} left").format(mark=mark, left=left, total=total)


def schemes(planted: int, pile: int, gone: int) -> str:
    """Milady's Schemes: planted face down, left in the pile, gone."""
    if gone:
        return _("✶ Schemes: {planted} planted, {pile} in pile, {gone} gone").format(
            planted=planted, pile=pile, gone=gone
        )
    return _("✶ Schemes: {planted} planted, {pile} in pile").format(planted=planted, pile=pile)


def no_token() -> str:
    """A token row with no piece on it (kept so the board never jumps when one arrives)."""
    return _("no token")


def no_character() -> str:
    return _("No Character in play: one must step in")


def knocked_out() -> str:
    return _("KNOCKED OUT")


def deck_title(fighter: str, kinds: int) -> str:
    """Above a Fighter's cards drawn as cards (the Draft's preview): whose cards, how many kinds."""
    return ngettext(
        "{fighter}'s {count} card (the pointer on one reads it whole)",
        "{fighter}'s {count} cards (the pointer on one reads it whole)",
        kinds,
    ).format(fighter=fighter, count=kinds)
