"""The guided game's sentences: every lesson's title and text, and the "what happened, and why" lines, worded
from what ``tagteam.play.tutorial`` found (the Turns of ``tagteam.facts.recap``, card instances, Fighters, slots
and the engine's replays), in the player's language. Nothing here decides which lesson is due.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tagteam.engine import events as ev
from tagteam.facts.recap import Line, Role, RoleClaim, Turn
from tagteam.words import log as wl
from tagteam.words.lang import N_, _, ngettext
from tagteam.words.lists import and_list as _and
from tagteam.words.lists import clause_list, comma_list, two_sentences
from tagteam.words.names import active_mark, card_name, card_text, fighter_name
from tagteam.words.recap import hp_words, no_regret_words, regret_words

if TYPE_CHECKING:
    from tagteam.engine.hindsight import Regret
    from tagteam.engine.pieces import CardDef
    from tagteam.engine.table import GameTable
    from tagteam.engine.view import PlayerView

# Each lesson's title, by its key (the "after" lesson's title says its round: ``after_title``)
TITLES: dict[str, str] = {
    "theme": N_("Welcome to Tag Team"),
    "goal": N_("The goal"),
    "overview": N_("How a round goes"),
    "start": N_("Your first choice"),
    "power": N_("Power, at the start of the Turn"),
    "who": N_("Who an Attack hits"),
    "tokens": N_("Tokens"),
    "moved": N_("Their insert moved your line-up"),
    "shift": N_("Their insert moves your line-up too"),
    "own": N_("Your own Build"),
    "lineup": N_("The line-up: card N meets card N"),
    "track": N_("Stops and icons on the Health track"),
    "build2": N_("Check it with the what-if"),
    "tip": N_("Your call"),
}


def title(key: str) -> str:
    return _(TITLES[key])


def _card(table: GameTable, inst: int) -> str:
    return card_name(table.cards[inst].cdef)


def _fighter(table: GameTable, f: int) -> str:
    return fighter_name(table.fighters[f])


def token(token: str) -> str:
    """A token's name as the log says it (the rule term, catalogued there)."""
    return _(wl.TOKEN_WORDS[token]) if token in wl.TOKEN_WORDS else token


def _owner(table: GameTable, tok: str) -> str:
    """Whose supply a token goes back to: the Fighter whose rule it is (the log's ``holder``)."""
    kind = wl.TOKEN_OWNERS.get(tok)
    if kind in table.rules:
        return _fighter(table, table.rules.index(kind))
    return _("its owner")


def seen(view: PlayerView, table: GameTable, inst: int) -> str:
    """A card the player's card would meet, named only if the player has seen it in their last Fight: the
    tutor's new card is hidden until it is revealed, so it is "their new card"."""
    if inst < 0:
        return _("nothing (the game ends first)")
    if inst in view.last_played[1]:
        return _card(table, inst)
    return _("their new card (hidden until it is revealed)")


def downs(n: int) -> str:
    """How often to press ↓ (the words for one and two are words of their own, not a count)."""
    if n == 1:
        return _("↓ once")
    if n == 2:
        return _("↓ twice")
    return ngettext("↓ {count} time", "↓ {count} times", n).format(count=n)


# ------------------------------------------------------------------------------------ what happened, and why


def _attack_words(e: ev.AttackDeclared, t: Turn, table: GameTable) -> str:
    """Who was Attacked (the Opponent's Partner is named as such) and where the Power came from."""
    active = (t.active.get(0, -1), t.active.get(1, -1))
    partner = ev.on_partner(e.attacker, e.target, active)
    target = _fighter(table, e.target) + (wl.partner_words().rstrip(",") if partner else "")
    whose = e.base_from if e.base_from >= 0 else e.attacker
    fields = {
        "attacker": _fighter(table, e.attacker),
        "target": target,
        "power": e.power,
        "fighter": _fighter(table, whose),
    }
    if not e.bonus:
        return "  " + _(
            "{attacker} Attacked {target} with {power} Power: {fighter}'s Power when the Turn began."
        ).format(**fields)
    if not e.bonus_kind:
        return "  " + _(
            "{attacker} Attacked {target} with {power} Power: {fighter}'s Power when the Turn began, "
            "plus {bonus} for a bonus."
        ).format(bonus=e.bonus, **fields)
    return "  " + _(
        "{attacker} Attacked {target} with {power} Power: {fighter}'s Power when the Turn began, "
        "plus {bonus} for {kind}."
    ).format(bonus=e.bonus, kind=token(e.bonus_kind), **fields)


def explain_turn(t: Turn, table: GameTable, hp: Sequence[Line]) -> list[Line]:
    """One Turn's lines, in the order of its events, each with the roles it calls a card (the claims of the
    sentence, checked against the engine); ``hp``: the Turn's HP line, made by ``turn_hp`` with its claims."""

    def n(f: int) -> str:
        return _fighter(table, f)

    # TRANSLATORS: a card revealed on a Turn and the Fighter it made Active, "Holy Shield (Joan)"
    cards = [
        _("{card} ({fighter})").format(card=_card(table, t.cards[s]), fighter=n(t.active[s])) for s in sorted(t.cards)
    ]
    # TRANSLATORS: the two cards revealed on a Turn, "Joan's Holy Shield vs Bödvar's Enrage"
    played = _("{first} vs {second}").format(first=cards[0], second=cards[1]) if len(cards) == 2 else "".join(cards)
    out = [Line(_("Turn {turn}: {cards}").format(turn=t.turn, cards=played))]

    def role(f: int, what: Role) -> tuple[RoleClaim, ...]:
        inst = t.cards.get(f >> 1, -1)
        return (RoleClaim(inst, t.round, t.turn, what),) if inst >= 0 and t.active.get(f >> 1) == f else ()

    borrowed = {e.attacker: e.base_from for e in t.events if isinstance(e, ev.AttackDeclared) and e.base_from >= 0}
    for e in t.events:
        match e:
            case ev.AttackBlocked(attacker=a, power=p, blocker=b):
                if a in borrowed:
                    text = _(
                        "{blocker}'s Block negated {attacker}'s {power}-Power Attack (with {fighter}'s Power): "
                        "no HP lost to it."
                    ).format(blocker=n(b), attacker=n(a), power=p, fighter=n(borrowed[a]))
                else:
                    text = _("{blocker}'s Block negated {attacker}'s {power}-Power Attack: no HP lost to it.").format(
                        blocker=n(b), attacker=n(a), power=p
                    )
                out.append(Line("  " + text, roles=role(b, "Block") + role(a, "Attack")))
            case ev.TokenMoved(token=tok, old=o, new=w) if o < 0 <= w:
                if (w >> 1 ^ 1) in t.active:
                    text = _("{fighter} put a {token} token on {target}.").format(
                        fighter=n(t.active[w >> 1 ^ 1]), token=token(tok), target=n(w)
                    )
                else:
                    text = _("its owner put a {token} token on {target}.").format(token=token(tok), target=n(w))
                out.append(Line("  " + text))
            case ev.TokenMoved(token=tok, old=o, new=w, count=k) if w < 0 <= o:
                # told where the log tells it, with the same count and owner (the log's order is the engine's)
                text = ngettext(
                    "The {token} token on {fighter} went back to {owner}.",
                    "{count} {token} tokens on {fighter} went back to {owner}.",
                    k,
                ).format(token=token(tok), fighter=n(o), owner=_owner(table, tok), count=k)
                out.append(Line("  " + text))
            case ev.BlockSucceeded(blocker=b):
                text = _("The Block negated an Attack, so it succeeded and its bonus fired for {fighter}.").format(
                    fighter=n(b)
                )
                out.append(Line("  " + text, roles=role(b, "Block")))
            case ev.BlockIdle(blocker=b):
                text = _("{fighter} Blocked, but no Attack came: a Block with nothing to negate pays nothing.").format(
                    fighter=n(b)
                )
                out.append(Line("  " + text, roles=role(b, "Block")))
            case ev.AttackDeclared(attacker=a) if not any(
                isinstance(x, ev.AttackBlocked) and x.attacker == a for x in t.events
            ):
                out.append(Line(_attack_words(e, t, table), roles=role(a, "Attack")))
            case ev.IconFired(fighter=f, icon=i, hp=h):
                # TRANSLATORS: {hp} is the number printed on the space, {effect} what the icon does ("+1 Power")
                text = _("{fighter}'s marker passed the icon on the {hp} space of its Health track: {effect}.").format(
                    fighter=n(f), hp=h, effect=wl.icon_words(i)
                )
                out.append(Line("  " + text))
            case ev.Damage(fighter=f, direct=d) if d > 0:
                text = _("{fighter} took {damage} Direct Damage: it is no Attack, so no Block negates it.").format(
                    fighter=n(f), damage=d
                )
                out.append(Line("  " + text))
            case ev.MarkerMoved(fighter=f, stopped=True):
                text = _("A Stop on {fighter}'s Health track halted the marker: the rest of the loss is lost.").format(
                    fighter=n(f)
                )
                out.append(Line("  " + text))
            case ev.PowerChanged(fighter=f, old=o, new=w):
                text = _("{fighter}'s Power {before} → {after}: it counts from the next Turn, not this one.").format(
                    fighter=n(f), before=o, after=w
                )
                out.append(Line("  " + text))
            case ev.KnockedOut(fighter=f):
                out.append(Line("  " + _("{fighter} reached a KO space: the game is over.").format(fighter=n(f))))
    out.extend(hp)
    return out


def turn_hp(table: GameTable, t: Turn) -> str:
    """The Turn's HP changes as one line ("" when no HP changed)."""
    words = [hp_words(table, f, a, b, t.steps.get(f, [])) for f, (a, b) in sorted(t.hp.items()) if a != b]
    if not words:
        return ""
    # TRANSLATORS: {changes} are the Turn's HP changes, separated by "; "
    return "  " + _("HP: {changes}.").format(changes=clause_list(words))


def after_title(round: int) -> str:
    return _("What happened in round {round}, and why").format(round=round)


def nothing_changed() -> str:
    return _("Nothing changed this round.")


# ------------------------------------------------------------------------------------------------ the lessons


def who_text(
    table: GameTable,
    turn: int,
    cards: tuple[int, int],
    active: tuple[int, int],
    target: int,
    hp: int,
    last: Sequence[int],
) -> str:
    """Which Fighter an Attack hits: in Turn ``turn`` the cards ``cards`` (the player's, the tutor's) made
    ``active`` the Active Fighters, the Attack took ``hp`` HP from ``target`` (0: none), and ``last`` are the
    Active Fighters of the round's last Turn, which the boards mark."""
    fields = {
        "turn": turn,
        "card": _card(table, cards[0]),
        "fighter": _fighter(table, active[0]),
        "their_card": _card(table, cards[1]),
        "opponent": _fighter(table, active[1]),
        "target": _fighter(table, target),
        "hp": hp,
        "active": _and([_fighter(table, f) for f in last]),
    }
    if hp > 0:
        # TRANSLATORS: {card} made {fighter} the player's Active Fighter, {their_card} made {opponent} the
        # tutor's; {target} lost {hp} HP to the Attack; {active} names the Active Fighters of the last Turn;
        # {mark} is the boards' own mark of them ("▶ ACTIVE")
        text = _(
            "Whoever's card is revealed is that team's Active Fighter for the Turn: in Turn {turn}, "
            "{card} made {fighter} yours and {their_card} made {opponent} theirs. An Attack hits the "
            "Opponent, the other team's Active Fighter: that is why {target} lost {hp} HP. A card that hits "
            'someone else says so ("your Opponent\'s Partner"). The Fighters need not take turns. On the '
            "boards, {mark} marks the last Turn's: {active}."
        )
    else:
        text = _(
            "Whoever's card is revealed is that team's Active Fighter for the Turn: in Turn {turn}, "
            "{card} made {fighter} yours and {their_card} made {opponent} theirs. An Attack hits the "
            "Opponent, the other team's Active Fighter. A card that hits "
            'someone else says so ("your Opponent\'s Partner"). The Fighters need not take turns. On the '
            "boards, {mark} marks the last Turn's: {active}."
        )
    # the boards' own mark, in the player's language (one truth: the boards draw the same)
    return text.format(mark=active_mark(), **fields)


def token_text(table: GameTable, turn: int, fighter: int, inst: int, tok: str, target: int) -> str:
    """Tokens, told with the text of the card ``inst`` that put the first one on ``target``."""
    cdef = table.cards[inst].cdef
    # TRANSLATORS: {card} is the card that put the token, {text} that card's own rules text (ends with its stop)
    return _(
        "In Turn {turn}, {fighter}'s {card} put a {token} token on {target}: see the Tokens line of the boards. "
        'Cards read tokens; this one says: "{text}" A token stays until a card moves it, so it matters in later '
        "rounds too. k (glossary) explains every token."
    ).format(
        turn=turn,
        fighter=_fighter(table, fighter),
        card=card_name(cdef),
        token=token(tok),
        target=_fighter(table, target),
        text=card_text(cdef),
    )


def moved_text(
    table: GameTable,
    new: int,
    slot: int,
    rows: Sequence[tuple[int, int, int, int]],
    hp: Sequence[tuple[int, int, int]],
    power: Sequence[tuple[int, int, int]],
) -> str:
    """Where the tutor's new card ``new`` went (``slot``, 1 the top) and what the player's cards met because of
    it: ``rows`` (Turn, the player's card, the card it met, the card it would have met with the new card at the
    bottom); ``hp`` and ``power``: (Fighter, that value with the card at the bottom, the value now)."""
    lines = [
        _("Turn {turn}: your {card} met {met}, not {other}.").format(
            turn=turn, card=_card(table, mine), met=_card(table, met), other=_card(table, other)
        )
        for turn, mine, met, other in rows
    ]
    diff = [
        _("{fighter} at {hp} HP (not {was})").format(fighter=_fighter(table, f), hp=then, was=now)
        for f, then, now in hp
    ]
    diff += [
        _("{fighter} at {power} Power (not {was})").format(fighter=_fighter(table, f), power=then, was=now)
        for f, then, now in power
    ]
    if slot == 1:
        # TRANSLATORS: {card} is the tutor's new card, now public
        head = _(
            "This round your tutor put its new card, {card}, on top of its Fight deck: it came up first, and each "
            "of their cards below it came one Turn later. Your cards stayed where you put them, so they met other "
            "cards than they would have with their card at the bottom, as before:"
        )
    else:
        head = _(
            "This round your tutor put its new card, {card}, in slot {slot} of its Fight deck: it came up in Turn "
            "{slot}, and each of their cards below it came one Turn later. Your cards stayed where you put them, "
            "so they met other cards than they would have with their card at the bottom, as before:"
        )
    tail = _("The what-if (w on the Build screen) shows this before you lock a Build.")
    if diff:
        # TRANSLATORS: {changes} lists the Fighters' HP and Power had the tutor's card gone to the bottom
        ending = _("With their card at the bottom, the engine plays this Fight out leaving {changes}.").format(
            changes=comma_list(diff)
        )
        tail = two_sentences(ending, tail)
    return "\n".join([head.format(card=_card(table, new), slot=slot), *lines, tail])


def verdict(table: GameTable, regret: Regret | None, player: str, round: int, matters: int) -> str:
    """What the Build the player decided alone (for round ``round``) cost, the recap's own words."""
    if regret is not None:
        # TRANSLATORS: {regret} is the recap's sentence on what that Build cost
        words = _("The Build you decided alone, replayed by the engine: {regret}").format(
            regret=regret_words(regret, table, player)
        )
        return words + "\n"
    return no_regret_words(round, matters) + "\n"


def theme_text(table: GameTable, player: str, fighters: Sequence[int]) -> str:
    """The theme: the first game's four Fighters (the player's two, then the tutor's)."""
    names = {k: _fighter(table, f) for k, f in zip(("joan", "shih", "bodvar", "wong"), fighters, strict=True)}
    # TRANSLATORS: {player} is the player's name; the four fields are the first game's Fighters
    return _(
        "{player}, you lead a tag team of two Fighters from history and legend: {joan}, the warrior "
        "saint, and {shih}, the pirate queen. Your tutor plays {bodvar}, the Norse berserker, "
        "and {wong}, the kung-fu master."
    ).format(player=player, **names)


def goal_text() -> str:
    return _(
        "Knock out either opposing Fighter: a Fighter whose Health marker ends a Turn on a KO "
        "space loses the game for its team. Guard both of yours: either KO loses. If Fighters of "
        "both teams are knocked out on the same Turn, or a Build deck cannot give 3 cards, the "
        "game is a draw."
    )


def overview_text() -> str:
    return _(
        "Each round has two steps. Fight: both players reveal their top card together, Turn by "
        "Turn, and the cards resolve themselves. Build: you draw 3 cards, keep 1 and slide it into "
        "your Fight deck anywhere. Fight decks are never shuffled: next round the whole deck plays "
        "again from the top, one card longer. That Build decision, taken every round, is the heart "
        "of the game."
    )


def start_text(table: GameTable, fighter: int, first: CardDef) -> str:
    """The first choice: put ``fighter``'s Starting Card ``first`` on top."""
    # TRANSLATORS: {card} is {fighter}'s Starting Card (Terror of the Seas)
    return _(
        "Each Fighter brings a Starting Card. Choose which goes on top: put {fighter}'s {card} "
        "first (it Attacks). Press ↓ to highlight it, Enter to choose, c to confirm."
    ).format(fighter=_fighter(table, fighter), card=card_name(first))


def power_text() -> str:
    return _(
        "Each board shows a Fighter's Power. An Attack deals the Power its Fighter had when the "
        "Turn began; Power gained during a Turn only counts from the next one. Press n to reveal "
        "one Turn at a time, and read the log."
    )


def over_title(won: bool) -> str:
    return _("You won your first game!") if won else _("The game is over.")


def ended_early(round: int) -> str:
    """The guided game ended before its last lessons (a Build of the player's own won or lost it sooner)."""
    # TRANSLATORS: {round} is the round the game ended in, before the tutorial's last two lessons
    return (
        _(
            "The game ended in round {round}, before the last lessons (their insert moving your line-up, and a "
            "Build you decide alone): press t on the title screen to play the guided game again and see them."
        ).format(round=round)
        + "\n"
    )


def over_text(verdict: str) -> str:
    return verdict + _(
        "The recap on this screen says how the game was decided and which Turns mattered. Next, "
        "practise against the computer (p on the title screen); k explains any term, ? has the rules."
    )


def shift_text(view: PlayerView, table: GameTable, keep: int, slot: int, met: int, other: int) -> str:
    """Their insert moves the player's line-up too: the player's kept card ``keep`` in ``slot`` meets ``met``
    with the tutor's card at the bottom, ``other`` with it on top."""
    meets = seen(view, table, met)
    if other == met:
        # TRANSLATORS: {card} is the player's kept card, {met} what it meets either way
        text = _(
            "So far your tutor has added its new card at the bottom, so its cards kept their slots. A "
            "real opponent inserts anywhere, and every card of theirs below that slot moves down one: "
            "your card N may meet their card N-1. Played out by the engine: your {card} in slot {slot} "
            "meets {met} if they add at the bottom again; if they put their card on top, it still meets "
            "{met}, but each of their cards below it moves down one slot."
        )
    else:
        # TRANSLATORS: {card} is the player's kept card, {met} what it meets, {other} what it meets instead
        text = _(
            "So far your tutor has added its new card at the bottom, so its cards kept their slots. A "
            "real opponent inserts anywhere, and every card of theirs below that slot moves down one: "
            "your card N may meet their card N-1. Played out by the engine: your {card} in slot {slot} "
            "meets {met} if they add at the bottom again; if they put their card on top, it meets {other} "
            "instead."
        )
    return text.format(card=_card(table, keep), slot=slot, met=meets, other=seen(view, table, other))


def own_text() -> str:
    return _(
        "From here you are on your own: read their last Fight in the line-up, remember that "
        "their insert can move every card of theirs below it down one slot, and check your "
        "choice with w before you lock it."
    )


def how_keys(number: int, downs_: int | None) -> str:
    """The Build screen's keys for a suggested Build: the drawn card's ``number``, then the slot (``downs_``
    presses of ↓ after Home, or None for End, the bottom)."""
    if downs_ is None:
        # TRANSLATORS: the Build screen's keys: {number} selects the drawn card
        return _("press {number}, then End (the bottom)").format(number=number)
    # TRANSLATORS: {downs} is "↓ once", "↓ twice", ...
    return _("press {number}, then Home and {downs}").format(number=number, downs=downs(downs_))


def lineup_text(table: GameTable, slot: int, shifted: int | None) -> str:
    """The line-up lesson; ``shifted``: the player's card now in ``slot``, which the suggested insert moves
    down one (None when the insert goes at the bottom)."""
    lineup = _(
        "The line-up lays out your next Fight slot by slot against what your tutor played last "
        "round: your card 1 meets their card 1, card 2 meets card 2. This time your tutor adds "
        "its new card at the bottom, so its cards keep their slots."
    )
    if shifted is None:
        return lineup
    shift = _(
        "Insert a card at slot {slot} (next lesson) and your {card} shifts down to slot {below}: "
        "an insert moves every card below it."
    ).format(slot=slot, card=_card(table, shifted), below=slot + 1)
    return two_sentences(lineup, shift)


def block_title(negated: bool) -> str:
    return _("A Block, where an Attack will come") if negated else _("A Block succeeds only against an Attack")


def block_text(view: PlayerView, table: GameTable, keep: int, slot: int, met: int, how: str, negated: bool) -> str:
    """The Block lesson: keep ``keep`` and put it in ``slot``, where it meets ``met``; ``negated``: the engine
    found an Attack there for the Block to negate."""
    if negated:
        # TRANSLATORS: {how} says the keys to press; "(here it will)": this Block's bonus will fire
        block = _(
            "Keep {card} and put it in slot {slot}, where it meets {met}. A Block negates every "
            "Attack aimed at your team that Turn; only if it negates one does it succeed, and then its "
            "bonus fires (here it will). To do it: {how}, and c to lock."
        )
    else:  # the line-up differs from the script's (another Starting Card on top): no Attack comes there
        # TRANSLATORS: {how} says the keys to press; the engine found no Attack against this Block
        block = _(
            "Keep {card} and put it in slot {slot}, where it meets {met}. A Block negates every "
            "Attack aimed at your team that Turn; only if it negates one does it succeed, and then its "
            "bonus fires. Here no Attack will come in that Turn, so this Block will not succeed: watch "
            "it fail, or try another slot with w. To do it: {how}, and c to lock."
        )
    aside = _(
        "This Build is suggested to show a Block at work: the coach (h) weighs every option and may rank "
        "another one higher."
    )
    return block.format(card=_card(table, keep), slot=slot, met=seen(view, table, met), how=how) + " " + aside


def build2_text(table: GameTable, keep: int, slot: int, how: str) -> str:
    return _(
        "Suggested: keep {card} at slot {slot} ({how}). Then press w: for the card and slot you "
        "have selected, the what-if plays the next Fight out for their insert at the top, in "
        "the middle and at the bottom, and gives your win chance each way. This Build is here to "
        "show the what-if, not as the best one: change the slot if you like what it shows "
        "better; c locks."
    ).format(card=_card(table, keep), slot=slot, how=how)


def decide_text(table: GameTable, where: str, hp: Sequence[tuple[int, int]]) -> str:
    """The Build the player decides alone; ``where`` the tutor put its new card ("top", "bottom" or "" for
    elsewhere), ``hp``: the tutor's Fighters and their HP."""
    # TRANSLATORS: a Fighter and its HP, "Bödvar 7 HP"
    their = _and([_("{fighter} {hp} HP").format(fighter=_fighter(table, f), hp=h) for f, h in hp])
    # TRANSLATORS: where the tutor put its new card: "on top", "at the bottom", "where it liked"
    place = {"top": _("on top"), "bottom": _("at the bottom")}.get(where) or _("where it liked")
    return _(
        "This Build is yours to decide. For the Fight you just saw, your tutor put its new card {where}, "
        "and a real opponent may insert anywhere. They have {hp}. Select a card and a slot, then press w to "
        "see what it meets wherever they insert, and h if you want the coach: every option played "
        "out by the engine, best first. (t, table memory, hides their last Fight: for later, when "
        "you play from memory as at a real table.) Lock it with c: at the end, the recap says "
        "what a Build cost you, played out by the engine."
    ).format(where=place, hp=their)


def track_text(table: GameTable, f: int, hp: int) -> str:
    """The Health track lesson, its icon read from ``f``'s board (its +P icon on the ``hp`` space): an icon
    fires when the marker lands on it or passes it, whichever way it moves (damage or healing), once every
    marker has moved (``engine.turn``'s icon step). "Passes or lands on it, either way" read as "up too?"."""
    # TRANSLATORS: {fighter}'s Health track has a +P icon on its {hp} space; ‖ is how the boards draw a Stop
    return _(
        "Each board shows its Fighter's Health track: the marker moves along it space by space, down "
        "for damage and up for healing. {fighter}'s has a +P icon on its {hp} space ({effect}): an icon "
        "fires when the marker lands on it or passes it, moving down or up (healing too), once every marker "
        "has moved. A Stop is a space marked ‖: a moving marker halts on it, up or down, and the rest of that "
        'move is lost; the boards say where a Stop waits ("no Stop" when none does: every point lands).'
    ).format(fighter=_fighter(table, f), hp=hp, effect=wl.icon_words("power_self"))
