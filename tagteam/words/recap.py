"""The recap's sentences: a Turn, a Block, an HP change, a swing, what is in reach, how the game was decided
and what a Build cost, each worded from the typed findings of ``tagteam.play.recap`` (``tagteam.facts.recap``),
the engine's events and its replays, in the player's language. Nothing here decides what mattered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tagteam.engine import events as ev
from tagteam.facts.recap import HpChange, Turn, moves_only
from tagteam.words import log as wl
from tagteam.words.colon import after_colon
from tagteam.words.lang import _, agree, ngettext
from tagteam.words.lists import and_list as _and
from tagteam.words.lists import clause_list, comma_list, two_sentences
from tagteam.words.names import agreement, board_text, card_name, fighter_name

if TYPE_CHECKING:
    from tagteam.engine.hindsight import Regret
    from tagteam.engine.table import GameTable


def card(table: GameTable, inst: int) -> str:
    return card_name(table.cards[inst].cdef) if 0 <= inst < len(table.cards) else _("a card")


def fighter(table: GameTable, f: int) -> str:
    return fighter_name(table.fighters[f]) if 0 <= f < len(table.fighters) else _("a Fighter")


def _track(table: GameTable, f: int, name: str) -> str:
    """A Health track's printed name (the Berserker Bear, a Fey Folk Character) in the player's language."""
    fighters = table.fighters
    td = next((t for t in fighters[f].tracks if t.name == name), None) if 0 <= f < len(fighters) else None
    return board_text(td, "name") if td is not None else name


def whose(table: GameTable, f: int, card: str) -> str:
    # TRANSLATORS: a Fighter's card, "Joan's Holy Shield"
    return _("{fighter}'s {card}").format(fighter=fighter(table, f), card=card)


def where(t: Turn) -> str:
    return _("Round {round} · Turn {turn}").format(round=t.round, turn=t.turn)


def attacks_words(table: GameTable, stopped: Sequence[ev.AttackBlocked]) -> list[str]:
    """The Attacks one Block negated, each attacker and Power once, with whom they aimed at: the Bear's
    Berserk! on both Opponents read "Bödvar's 13-Power Attack and Bödvar's 13-Power Attack"."""
    seen: dict[tuple[int, int], list[int]] = {}
    for a in stopped:
        seen.setdefault((a.attacker, a.power), []).append(a.target)
    out = []
    for (attacker, power), targets in seen.items():
        if len(targets) > 1:
            words = _("{fighter}'s {power}-Power Attack on {targets}").format(
                fighter=fighter(table, attacker), power=power, targets=_and([fighter(table, f) for f in targets])
            )
        else:
            words = _("{fighter}'s {power}-Power Attack").format(fighter=fighter(table, attacker), power=power)
        out.append(words)
    return out


def block_words(t: Turn, table: GameTable, blocker: int, stopped: Sequence[ev.AttackBlocked]) -> str:
    """What a Block that succeeded on Turn ``t`` negated (``stopped``: the Attacks it blocked)."""
    inst = t.cards.get(blocker >> 1, -1)
    name = card(table, inst) if inst >= 0 else _("Block")
    what = _and(attacks_words(table, stopped))
    if what:
        text = _("{where}: {card} negated {attacks}, so its bonus fired.")
    else:
        text = _("{where}: {card} negated an Attack, so its bonus fired.")
    return text.format(where=where(t), card=whose(table, blocker, name), attacks=what)


def hp_words(table: GameTable, f: int, a: int, b: int, steps: Sequence[HpChange]) -> str:
    """A Fighter's HP change in words, "lost"/"healed" only when it is all marker moves
    (``tagteam.facts.recap.moves_only``): the Bear's transformation or a new Fey Folk Character is said as
    what it is, never as a heal."""
    who = fighter(table, f)
    if moves_only(steps):
        d = sum(d for _kind, d, _name in steps)
        text = (
            _("{fighter} lost {hp} HP ({before} → {after})")
            if d < 0
            else _("{fighter} healed {hp} HP ({before} → {after})")
        )
        return text.format(fighter=who, hp=abs(d), before=a, after=b)
    parts = [words for kind, d, name in steps if (words := _step_words(table, f, kind, d, name))]
    changes = parts[0] if parts else ""
    for later in parts[1:]:
        # TRANSLATORS: two HP changes of one Fighter in order, "became the Berserker Bear, then lost 3 HP"
        changes = _("{earlier}, then {later}").format(earlier=changes, later=later)
    # TRANSLATORS: {changes} is what happened to the Fighter's HP, "became the Berserker Bear, then lost 3 HP"
    return _("{fighter} {changes} (HP {before} → {after})").format(fighter=who, changes=changes, before=a, after=b)


def _step_words(table: GameTable, f: int, kind: str, d: int, name: str) -> str:
    """One HP change of a Fighter in words ("" for a marker move of 0)."""
    match kind:
        case "move":
            if not d:
                return ""
            return (_("lost {hp} HP") if d < 0 else _("healed {hp} HP")).format(hp=abs(d))
        case "transformed":
            return _("became the {track}").format(track=_track(table, f, name))
        case "revived":
            return _("came back")
        case "stepped_in":
            # TRANSLATORS: a new Fey Folk Character took the place of the last one, "the Fairy stepped in"
            return _("the {character} stepped in").format(character=_track(table, f, name))
        case "spirit":
            return _("the {character} became a Spirit").format(character=_track(table, f, name))
    return kind


def ko_words(t: Turn, table: GameTable) -> str:
    """Every Fighter this Turn knocked out or incinerated (one Attack on both Opponents can take two)."""
    out = []
    for e in t.events:
        if isinstance(e, ev.KnockedOut):
            out.append(_("{fighter} was Knocked Out").format(fighter=fighter(table, e.fighter)))
        elif isinstance(e, ev.Incinerated):
            said = agreement(table.fighters[e.fighter]) if 0 <= e.fighter < len(table.fighters) else None
            out.append(agree("{fighter} was Incinerated", said).format(fighter=fighter(table, e.fighter)))
    return _and(out)


def played_words(t: Turn, table: GameTable) -> str:
    """The cards revealed on a Turn, each with its Fighter."""
    cards = [whose(table, t.active[s], card(table, t.cards[s])) for s in sorted(t.cards) if s in t.active]
    # TRANSLATORS: the two cards revealed on a Turn, "Joan's Holy Shield vs Bödvar's Enrage"
    return _("{first} vs {second}").format(first=cards[0], second=cards[1]) if len(cards) == 2 else "".join(cards)


def turn_words(t: Turn, table: GameTable) -> str:
    """One line for a Turn that mattered: the cards played and what they did to HP and Power."""
    bits = [hp_words(table, f, a, b, t.steps.get(f, [])) for f, (a, b) in sorted(t.hp.items()) if a != b]
    bits += [power_words(table, f, a, b) for f, (a, b) in sorted(t.power.items()) if a != b]
    sources = {e.source for e in t.events if isinstance(e, ev.Damage) and e.source}
    bits += [wl.damage_source_words(s) for s in sorted(sources) if s in wl.DAMAGE_SOURCE]
    if any(isinstance(e, ev.AttackAbsorbed) for e in t.events):
        bits.append(_("the Golem's Presence absorbed an Attack"))
    ko = ko_words(t, table)
    if ko:
        bits.append(ko)
    # TRANSLATORS: one Turn, "Round 2 · Turn 1: Joan's Holy Shield vs Bödvar's Enrage: Bödvar lost 2 HP (9 → 7)."
    return _("{where}: {played}: {changes}.").format(
        where=where(t), played=played_words(t, table), changes=clause_list(bits) if bits else _("nothing changed")
    )


def power_words(table: GameTable, f: int, a: int, b: int) -> str:
    return _("{fighter}'s Power {before} → {after}").format(fighter=fighter(table, f), before=a, after=b)


def power_swing_words(step: Sequence[Turn], table: GameTable, f: int, a: int, b: int) -> str:
    """The Fight step's biggest Power swing. "It counts from the next Turn" is said only when the Power changed
    on the step's last Turn alone: Power gained on an earlier Turn already counted in this Fight."""
    change = power_words(table, f, a, b)
    when = [t.turn for t in step if f in t.power and t.power[f][0] != t.power[f][1]]
    last = step[-1].turn
    if when and all(turn == last for turn in when):
        return _("Biggest Power swing: {change} (it counts from the next Turn).").format(change=change)
    if when and last not in when:
        # TRANSLATORS: the Power was gained on earlier Turns of this Fight; {turn} is the Turn after the last change
        return _("Biggest Power swing: {change} this Fight (all of it counted from Turn {turn}).").format(
            change=change, turn=max(when) + 1
        )
    return _("Biggest Power swing: {change} this Fight.").format(change=change)


def in_reach_words(
    table: GameTable, target: int, player: str, hp: int, attacker: int, power: int, rage: tuple[int, int] | None
) -> str:
    """A Fighter one unblocked Attack from losing the game; ``rage`` (Rage now, the top) when one card could
    turn Bödvar into the Berserker Bear this Turn, which ignores HP."""
    fields = {
        "fighter": fighter(table, target),
        "player": player,
        "hp": hp,
        "attacker": fighter(table, attacker),
        "power": power,
    }
    if rage is not None:
        return _(
            "{fighter} ({player}) has {hp} HP: one unblocked Attack from {attacker} ({power} Power) would be a "
            "knock-out, unless {fighter} turns into the Berserker Bear this Turn (Rage {rage}/{top})."
        ).format(rage=rage[0], top=rage[1], **fields)
    # no pronoun: the card data gives none, and "them" read wrong for one Fighter
    return _(
        "{fighter} ({player}) has {hp} HP: one unblocked Attack from {attacker} ({power} Power) would be a knock-out."
    ).format(**fields)


def what_mattered(turn: str) -> str:
    # TRANSLATORS: leads the recap of a Fight step in which a Fighter was knocked out; {turn} is that Turn's line
    return _("What mattered most: {turn}").format(turn=after_colon(turn))


def biggest_hp_swing(change: str) -> str:
    return _("Biggest HP swing: {change} this Fight.").format(change=change)


def quiet_round(round: int) -> str:
    return _("Round {round}: no HP or Power changed hands.").format(round=round)


def decided_words(over: ev.GameOver, table: GameTable, names: tuple[str, str]) -> str:
    """How the game was decided: who won (or a draw) and by what, then the log's detail."""
    how, detail = wl.reason_words(over.reason), wl.over_detail(over, table)
    if over.winner < 0:
        text = _("How it was decided: It is a draw by {how}.").format(how=how)
    else:
        # TRANSLATORS: {how} is the way the game ended, "Knock Out", "Double KO", "Incineration"
        text = _("How it was decided: {player} wins by {how}.").format(player=names[over.winner], how=how)
    return two_sentences(text, detail.strip())


def last_blow(turn: str) -> str:
    return _("The last blow: {turn}").format(turn=after_colon(turn))


def key_turns() -> str:
    return _("Key Turns:")


def power_climbed(table: GameTable, f: int, a: int, b: int) -> str:
    return _("{fighter}'s Power climbed from {before} to {after} over the game.").format(
        fighter=fighter(table, f), before=a, after=b
    )


def blocks_fired(player: str, count: int) -> str:
    return ngettext(
        "{player}'s Blocks negated Attacks on {count} Turn.",
        "{player}'s Blocks negated Attacks on {count} Turns.",
        count,
    ).format(player=player, count=count)


def presence_absorbed(count: int) -> str:
    return ngettext(
        "The Golem's Presence absorbed {count} Attack.", "The Golem's Presence absorbed {count} Attacks.", count
    ).format(count=count)


def build_review_head() -> str:
    return _("The Build that mattered most (the engine replayed each choice):")


def suggested_note() -> str:
    return _("(A lesson suggested that Build, to teach a rule, not as the best one.)")


def _slot(p: int, size: int) -> str:
    if p == 0:
        return _("slot {slot} (the top)").format(slot=p + 1)
    if p == size - 1:
        return _("slot {slot} (the bottom)").format(slot=p + 1)
    return _("slot {slot}").format(slot=p + 1)


def regret_words(r: Regret, table: GameTable, name: str) -> str:
    """One Build the engine found a better answer to, in the player's terms. Every number is the engine's
    replay of that Fight step (``tagteam.engine.hindsight``).

    The round named is the one on that Build screen's title ("Build, round 5"), the Fight it prepared is
    the next; and it says the replay knows the opponent's actual insert, which the coach could only weigh
    then, so a player does not read a disagreement with the coach as a contradiction."""
    a, b = r.actual, r.better
    size = a.size
    kept = card(table, a.kept)
    alt = card(table, b.kept)
    built = r.round - 1  # the Build before round N's Fight is made on the screen of round N - 1
    head = _("{player}, your Build in round {round} (for round {fight}'s Fight): you put {card} in {slot}.").format(
        player=name, round=built, fight=r.round, card=kept, slot=_slot(a.choice.position, size)
    )
    slot = _slot(b.choice.position, size)
    if b.kept == a.kept:
        how = _("Knowing where your opponent put their card, had you put it in {slot}").format(slot=slot)
    else:
        how = _("Knowing where your opponent put their card, had you kept {card} and put it in {slot}").format(
            card=alt, slot=slot
        )
    met = (
        _("it would have met {card}").format(card=card(table, b.met)) if b.met >= 0 else _("it would not have come up")
    )
    seat = r.seat
    if b.winner == seat:
        if a.winner == 1 - seat:
            result = _("you would have won in that Fight instead of losing")
        else:
            result = _("you would have won in that Fight")
    else:
        diffs = comma_list(
            [
                _("{fighter} {hp} HP (not {was})").format(fighter=fighter(table, f), hp=b.hp[f], was=a.hp[f])
                for f in range(4)
                if b.hp[f] != a.hp[f]
            ]
        )
        if a.winner == 1 - seat and b.winner is None:
            result = _("you would still be in the game after that Fight: {changes}").format(changes=diffs)
        else:
            result = _("after that Fight: {changes}").format(changes=diffs)
    if b.met < 0 and b.winner is not None:  # the game ended before the card came up
        # TRANSLATORS: {build} says what the player did, {how} the better choice, {result} what it would have done
        return _("{build} {how}, {result} before it came up.").format(build=head, how=how, result=result)
    return _("{build} {how}, {met}, and {result}.").format(build=head, how=how, met=met, result=result)


def no_regret_words(round: int, matters: int) -> str:
    """A Build the engine found no better answer to: every other card and slot was tried, and none would have
    improved the player's margin (their Fighters' HP minus the opponent's, ``tagteam.engine.hindsight``) by
    ``matters`` or more in the next Fight. Said as a threshold, so "2" is not read as a count of choices."""
    return ngettext(
        "The Build you decided alone (for round {round}) was as good as the engine found: no other card or slot "
        "would have gained you {matters} HP or more (your Fighters' HP minus theirs) in that Fight.",
        "The Build you decided alone (for round {round}) was as good as the engine found: no other card or slot "
        "would have gained you {matters} HP or more (your Fighters' HP minus theirs) in that Fight.",
        matters,
    ).format(round=round, matters=matters)
