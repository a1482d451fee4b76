"""The words of one Turn of a coach's playthrough (``tagteam.ai.coach_story.Story``): what the player's card
meets, what each card did, and the HP it left, in the player's language. A card is called an Attack, a Block
or a Cancel only when it did that in this Turn (the Story says so); an Attack says who makes it when it is
not the card's own Fighter and whom it hits when that is a Partner; a Turn with no HP change says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine.table import GameTable
from tagteam.words.lang import N_, _, pgettext
from tagteam.words.lists import and_list, clause_list, comma_list
from tagteam.words.names import board_text, card_name, fighter_name

if TYPE_CHECKING:
    from tagteam.ai.coach_story import Side, Story

# Why a Fighter's HP did not change although something hit or healed it (the engine's HpIgnored codes)
IGNORED = {
    "transforming": N_("{fighter} ignores HP changes this Turn (transforming into the Berserker Bear)"),
    "terror": N_("{fighter} ignores HP changes this Turn (Terror of the Seas)"),
    "one_space": N_("{fighter} has already moved its one space this Turn"),
    "ko_space": N_("{fighter} is on a KO space and cannot be healed"),
    "spirit": N_("{fighter} is on the Spirit space and cannot be healed"),
    "no_character": N_("{fighter} has no Character in play to take HP changes"),
}
IGNORED_ANY = N_("{fighter} ignores HP changes this Turn")


def action_word(did: str) -> str:
    """What a card did besides Attacking, in the card icons' words (the same messages as the boards')."""
    words = {
        "Block": pgettext("action", "Block"),
        "Heal": pgettext("action", "Heal"),
        "Cancel": pgettext("action", "Cancel"),
    }
    return words.get(did, did)


def _name(tab: GameTable, f: int) -> str:
    return fighter_name(tab.fighters[f].model)


def who(tab: GameTable, st: Story, f: int) -> str:
    """A Fighter as the player reads them in this Turn: the name, and "your Partner" / "their Partner" when
    the Fighter was not their team's Active Fighter (an Attack on a Partner is not the usual hit)."""
    name = _name(tab, f)
    active = st.active[f >> 1]
    if active < 0 or active == f:
        return name
    if f >> 1 == st.seat:
        return _("your Partner {fighter}").format(fighter=name)
    return _("their Partner {fighter}").format(fighter=name)


def attack_words(tab: GameTable, st: Story, side: Side) -> list[str]:
    """The card's Attacks, each once: grouped by attacker and Power, the attacker named when it is not the
    card's own Fighter ("Attack by your Partner Joan on Bödvar, 2 Power"), several targets listed once
    ("Attack on The Wild Bunch and Ching Shih, 7 Power each")."""
    owner = tab.cards[side.inst].owner if side.inst >= 0 else -1
    groups: dict[tuple[int, int], list[int]] = {}
    for attacker, target, power in side.attacks:
        targets = groups.setdefault((attacker, power), [])
        if target not in targets:
            targets.append(target)
    out = []
    for (attacker, power), targets in groups.items():
        on = and_list([who(tab, st, t) for t in targets])
        if attacker == owner:
            if len(targets) == 1:
                out.append(_("Attack on {target}, {power} Power").format(target=on, power=power))
            else:
                out.append(_("Attack on {targets}, {power} Power each").format(targets=on, power=power))
        else:
            by = who(tab, st, attacker)
            if len(targets) == 1:
                text = _("Attack by {attacker} on {target}, {power} Power")
                out.append(text.format(attacker=by, target=on, power=power))
            else:
                text = _("Attack by {attacker} on {targets}, {power} Power each")
                out.append(text.format(attacker=by, targets=on, power=power))
    return out


def card_words(tab: GameTable, st: Story, side: Side, mine: bool, hidden: bool = False) -> str:
    """The card and what it did: "your Holy Shield (Block)", "their Berserk! (Attack on Joan, 5 Power)".
    With ``hidden`` (table memory) their card is not named: the player has not seen it."""
    parts: list[str] = []
    for w in side.words:
        if w == "Attack":
            parts.extend(attack_words(tab, st, side))
        else:
            parts.append(action_word(w))
    did = clause_list(parts)
    name = card_name(tab.cards[side.inst].cdef.model)
    if mine:
        return (_("your {card} ({actions})") if parts else _("your {card}")).format(card=name, actions=did)
    if hidden:
        return _("their card ({actions})").format(actions=did) if parts else _("their card")
    return (_("their {card} ({actions})") if parts else _("their {card}")).format(card=name, actions=did)


def _track_name(tab: GameTable, f: int, track: str) -> str:
    """A Health track's printed name (the Bear's side, a Fey Folk Character) in the player's language."""
    fd = tab.fighters[f]
    for i, td in enumerate(fd.tracks):
        if td.name == track and i < len(fd.model.health):
            return board_text(fd.model.health[i], "name")
    return track


def result_words(tab: GameTable, st: Story) -> str:
    """What the Turn did, from its events: cancels, blocks, HP moves (and why none, where the events say),
    knock-outs, the end of the game."""
    out = []
    for side, mine in ((st.mine, True), (st.theirs, False)):
        if side.cancelled:
            out.append(_("your card is cancelled") if mine else _("their card is cancelled"))
        if side.blocked:
            out.append(_("your Attack is blocked") if mine else _("their Attack is blocked"))
        if side.idle_block:
            out.append(_("your Block has no Attack to stop") if mine else _("their Block has no Attack to stop"))
    for f in st.redirected:
        text = _("the blocked Attacks hit {target} instead (You are Mine)")
        out.append(text.format(target=who(tab, st, f)))
    for f in st.absorbed:
        if f >> 1 == st.seat:
            text = _("the Golem's Presence absorbs their Attack on {target}: 0 HP lost")
        else:
            text = _("the Golem's Presence absorbs your Attack on {target}: 0 HP lost")
        out.append(text.format(target=who(tab, st, f)))
    for f, reason in st.ignored:
        out.append(_(IGNORED.get(reason, IGNORED_ANY)).format(fighter=_name(tab, f)))
    for h in st.hp:
        if h.track:
            text = _("{fighter} ({track}) {before} → {after} HP")
            out.append(
                text.format(
                    fighter=_name(tab, h.fighter),
                    track=_track_name(tab, h.fighter, h.track),
                    before=h.before,
                    after=h.after,
                )
            )
        else:
            text = _("{fighter} {before} → {after} HP")
            out.append(text.format(fighter=_name(tab, h.fighter), before=h.before, after=h.after))
    if not st.hp:
        out.append(_("no HP change"))
    out.extend(_("{fighter} is knocked out").format(fighter=_name(tab, f)) for f in st.knocked_out)
    if st.winner is not None:
        out.append(end_words(st.winner, st.seat))
    return comma_list(out)


def end_words(winner: int, seat: int) -> str:
    return _("the game ends in a draw") if winner < 0 else _("you win") if winner == seat else _("you lose")


def story_words(tab: GameTable, st: Story, hidden: bool = False) -> str:
    """One sentence for the Turn: what the player's card met and what happened (with ``hidden``, table
    memory: their card is told by what it did, not by its name)."""
    if st.ended:
        if st.winner is not None:
            text = _("the game ends before slot {slot}: {outcome}")
            return text.format(slot=st.slot, outcome=end_words(st.winner, st.seat))
        return _("the game ends before slot {slot}").format(slot=st.slot)
    mine = card_words(tab, st, st.mine, True)
    if st.theirs.inst < 0:
        text = _("{mine} in slot {slot} meets no card of theirs: {result}")
        return text.format(mine=mine, slot=st.slot, result=result_words(tab, st))
    theirs = card_words(tab, st, st.theirs, False, hidden)
    text = _("{mine} meets {theirs} in slot {slot}: {result}")
    return text.format(mine=mine, theirs=theirs, slot=st.slot, result=result_words(tab, st))
