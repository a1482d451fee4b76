"""What one Turn of a playthrough did, read from the engine's events, and the words for it.

The coach never reasons about what a card would do: it plays the Fight out on a copy of the position
with the events of the Turn that reveals the player's card logged, and this module reads those events.
A card is called an Attack, a Block or a Cancel only when it did that in this Turn; the Power is the
one the engine declared; HP are the marker's moves. Every sentence comes from the words layer: an
Attack says who makes it when it is not the card's own Fighter and whom it hits when that is a Partner,
and a Turn with no HP change says why when the events do (the Golem's Presence, a Fighter ignoring HP).
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine import events as ev
from tagteam.engine.table import GameTable
from tagteam.words import N_, _, pgettext
from tagteam.words.names import board_text, card_name, fighter_name

MOVES = (ev.Damage, ev.MarkerMoved, ev.HpIgnored, ev.Transformed)  # the end of the declare and combat phases
AFTER_MOVES = (ev.IconFired, ev.SchemeUnleashed, ev.ExecutionChecked)  # healing after these is not the card's
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


@dataclass(frozen=True, slots=True)
class Side:
    """One seat's card in the Turn: what it did (``words``), its Attacks as (attacker, target, Power), and
    whether it was cancelled, had its Attack blocked, or blocked nothing."""

    inst: int  # -1: this seat had no card left
    words: tuple[str, ...]
    attacks: tuple[tuple[int, int, int], ...]
    cancelled: bool
    blocked: bool
    idle_block: bool


@dataclass(frozen=True, slots=True)
class Hp:
    """A Health marker's move in the Turn (consecutive moves on one track merged)."""

    fighter: int
    track: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class Story:
    """The Turn that revealed the player's card at ``slot`` (1-based), or ``ended`` when the game was over
    before it came (``winner`` then says how it ended: 0 or 1, -1 for a draw, None if it goes on).
    ``active`` is each seat's Active Fighter in that Turn (-1: none), so an Attack on a Partner says so;
    ``absorbed`` the Fighters whose Attack the Golem's Presence took, ``redirected`` those You are Mine
    sent blocked Attacks to, ``ignored`` the (Fighter, reason code) of HP changes that moved no marker."""

    slot: int
    seat: int
    mine: Side
    theirs: Side
    hp: tuple[Hp, ...]
    knocked_out: tuple[int, ...]
    winner: int | None
    ended: bool = False
    active: tuple[int, int] = (-1, -1)
    absorbed: tuple[int, ...] = ()
    redirected: tuple[int, ...] = ()
    ignored: tuple[tuple[int, str], ...] = ()


def ended_before(slot: int, seat: int, winner: int | None) -> Story:
    """The player's card never came: the game was over first."""
    none = Side(-1, (), (), False, False, False)
    return Story(slot, seat, none, none, (), (), winner, ended=True)


def read_turn(events: list[ev.Event], seat: int, inst: int, slot: int) -> Story | None:
    """The story of the Turn in ``events`` if it revealed ``inst`` for ``seat`` (else None)."""
    revealed = {e.seat: e.inst for e in events if isinstance(e, ev.CardRevealed)}
    if revealed.get(seat) != inst:
        return None
    owners = {e.seat: e.fighter for e in events if isinstance(e, ev.CardRevealed)}
    sides = tuple(_side(events, s, revealed.get(s, -1)) for s in (seat, 1 - seat))
    hp: dict[tuple[int, str], Hp] = {}  # first move's start, last move's end, per Fighter and track
    for e in events:
        if isinstance(e, ev.MarkerMoved):
            key = (e.fighter, e.track)
            first = hp.get(key)
            hp[key] = Hp(e.fighter, e.track, e.from_hp if first is None else first.before, e.to_hp)
    kos = tuple(e.fighter for e in events if isinstance(e, ev.KnockedOut))
    over = [e.winner for e in events if isinstance(e, ev.GameOver)]
    moved = tuple(h for h in hp.values() if h.before != h.after)
    absorbed = tuple(dict.fromkeys(e.target for e in events if isinstance(e, ev.AttackAbsorbed)))
    redirected = tuple(dict.fromkeys(e.target for e in events if isinstance(e, ev.AttackRedirected)))
    ignored = tuple(
        dict.fromkeys(
            (e.fighter, e.reason) for e in events if isinstance(e, ev.HpIgnored) and (e.attack or e.direct or e.net)
        )
    )
    return Story(
        slot,
        seat,
        sides[0],
        sides[1],
        moved,
        kos,
        over[0] if over else None,
        active=(owners.get(0, -1), owners.get(1, -1)),
        absorbed=absorbed,
        redirected=redirected,
        ignored=ignored,
    )


def _side(events: list[ev.Event], s: int, inst: int) -> Side:
    """What seat ``s``'s card did: Attacks declared before the marker moves (or in a Reanimation's second
    activation), Blocks the combat step reports, healing of its team in the Turn's movement (before any
    icon or Scheme), a Cancel of the opposing card."""
    attacks: list[tuple[int, int, int]] = []
    block = idle = blocked = cancelled = cancels = heals = False
    head = moving = True
    for e in events:
        if isinstance(e, AFTER_MOVES):
            moving = False
        if isinstance(e, ev.Damage) and e.fighter >> 1 == s and e.heal > 0 and moving:
            heals = True
        if isinstance(e, MOVES):
            head = False
        elif isinstance(e, ev.Reanimated) and e.seat == s:
            head = True
        elif isinstance(e, ev.AttackDeclared) and e.attacker >> 1 == s and head:
            attacks.append((e.attacker, e.target, e.power))
        elif isinstance(e, ev.AttackBlocked):
            if e.blocker >> 1 == s:
                block = True
            elif e.attacker >> 1 == s:
                blocked = True
        elif isinstance(e, ev.BlockSucceeded) and e.blocker >> 1 == s:
            block = True
        elif isinstance(e, ev.BlockIdle) and e.blocker >> 1 == s:
            block = idle = True
        elif isinstance(e, ev.CardCancelled):
            if e.seat == s:
                cancelled = True
            else:
                cancels = True
    did = (("Attack", bool(attacks)), ("Block", block), ("Heal", heals), ("Cancel", cancels))
    words = tuple(w for w, yes in did if yes)
    return Side(inst, words, tuple(attacks), cancelled, blocked, idle)


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


def names_list(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C": a list of names in the language's own way."""
    if len(names) == 1:
        return names[0]
    text = names[0]
    for middle in names[1:-1]:
        text = _("{list}, {item}").format(list=text, item=middle)
    return _("{list} and {last}").format(list=text, last=names[-1])


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
        on = names_list([who(tab, st, t) for t in targets])
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
    did = "; ".join(parts)
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
    return ", ".join(out)


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
