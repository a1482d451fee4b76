"""Recaps that say why, read from the event log: a few lines after each Fight step, and at game over.

Nothing here imports Textual or re-applies a rule. A line about what did happen is derived from the
events the engine logged (reveals, Blocks, HP movements, Power changes); a line about what would happen
("one unblocked Attack would be a knock-out") is the engine's own resolution on a copy of the position
(``tagteam.engine.whatif``), or it is not said. Each line is a ``Line``: its text and the claims it
makes, with their numbers, so a test checks the numbers against the engine instead of reading prose.
Lines speak in player words: Fighter and card names, never ids, every sentence catalogued
(``tagteam.words``) in the player's language; what a line is about (which Turn mattered, a swing, a regret)
is decided from the claims, not from the words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from tagteam.engine import events as ev
from tagteam.engine.hindsight import Regret, regrets
from tagteam.engine.whatif import HitOutcome, public_state, unblocked_attack
from tagteam.play.script import PLAN  # the guided game's script: a lesson's suggested Builds
from tagteam.words import log as wl
from tagteam.words.colon import after_colon
from tagteam.words.lang import _, ngettext
from tagteam.words.lists import and_list as _and
from tagteam.words.lists import clause_list
from tagteam.words.names import board_text, card_name, fighter_name, player_name

if TYPE_CHECKING:
    from tagteam.engine.record import GameRecord
    from tagteam.engine.table import GameTable
    from tagteam.engine.view import PlayerView

Role = Literal["Attack", "Block"]


@dataclass(frozen=True, slots=True)
class HpClaim:
    """The line's "HP a → b" for one Fighter over one Turn (``turn`` > 0) or a whole Fight step (``turn`` 0).
    ``moves_only``: the line says "lost"/"healed", so the marker's own moves must account for all of it."""

    fighter: int
    before: int
    after: int
    round: int
    turn: int
    moves_only: bool


@dataclass(frozen=True, slots=True)
class RoleClaim:
    """A line calls the card ``inst`` revealed on that Turn an Attack or a Block."""

    inst: int
    round: int
    turn: int
    role: Role


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence and the claims it makes (what did happen: ``hp``, ``roles``; what would: ``would``)."""

    text: str
    hp: tuple[HpClaim, ...] = ()
    roles: tuple[RoleClaim, ...] = ()
    would: tuple[HitOutcome, ...] = ()
    regrets: tuple[Regret, ...] = ()

    def __str__(self) -> str:
        return self.text


# How one HP change came about: ("move", HP change, "") for a marker move; for a change that is no marker
# move, (kind, HP after, the Health track's name): "transformed" (the Bear), "revived", "stepped_in" (a new
# Fey Folk Character), "spirit" (a Fey Folk Character became a Spirit). Worded by ``hp_words``.
HpChange = tuple[str, int, str]


@dataclass
class Turn:
    """One Turn of the log: where it is, who revealed what, and the HP and Power changes it caused."""

    round: int
    turn: int
    events: list[ev.Event] = field(default_factory=list)
    cards: dict[int, int] = field(default_factory=dict)  # seat -> card instance revealed
    active: dict[int, int] = field(default_factory=dict)  # seat -> Active Fighter
    hp: dict[int, tuple[int, int]] = field(default_factory=dict)  # fighter -> (HP before, HP after)
    power: dict[int, tuple[int, int]] = field(default_factory=dict)  # fighter -> (Power before, after)
    steps: dict[int, list[HpChange]] = field(default_factory=dict)  # fighter -> how its HP changed, in order

    @property
    def where(self) -> str:
        return _("Round {round} · Turn {turn}").format(round=self.round, turn=self.turn)

    def swing(self) -> int:
        """How much this Turn moved the game: HP lost or healed, and Power gained or lost, added up."""
        return sum(abs(b - a) for a, b in self.hp.values()) + sum(abs(b - a) for a, b in self.power.values())


def _start_hp(table: GameTable) -> list[int]:
    return [fd.tracks[0].hp[fd.tracks[0].start] for fd in table.fighters]


def _hp_event(e: ev.Event, table: GameTable, hp: list[int]) -> tuple[int, int, int, HpChange] | None:
    """(fighter, HP before, HP after, how) for an event that sets a Fighter's HP, else None."""
    match e:
        case ev.MarkerMoved(fighter=f, from_hp=a, to_hp=b):
            return f, a, b, ("move", b - a, "")
        case ev.Transformed(fighter=f, hp=h):
            return f, hp[f], h, ("transformed", h, table.fighters[f].tracks[-1].name)
        case ev.Revived(fighter=f, hp=h):
            return f, hp[f], h, ("revived", h, "")
        case ev.CharacterChosen(fighter=f, character=c):
            td = next((t for t in table.fighters[f].tracks if t.name == c), None)
            if td is not None:
                return f, hp[f], td.hp[td.start], ("stepped_in", td.hp[td.start], c)
        case ev.BecameSpirit(fighter=f, character=c):
            return f, hp[f], 0, ("spirit", 0, c)
    return None


def turns(log: Sequence[ev.Event], table: GameTable, start: Sequence[int] | None = None) -> list[Turn]:
    """The log cut into Turns (events before the first Turn, such as Setup, are left out). HP are followed
    from the start of the game, so pass the whole log and pick the Turns you want; a log that starts
    later (a sandbox position) passes each Fighter's HP at its ``start``."""
    hp = list(start) if start is not None else _start_hp(table)
    out: list[Turn] = []
    cur: Turn | None = None
    for e in log:
        if isinstance(e, ev.TurnStarted):
            cur = Turn(e.round, e.turn)
            out.append(cur)
            continue
        if isinstance(e, ev.FightEnded | ev.RoundStarted | ev.BuildLocked):
            cur = None
        if isinstance(e, ev.PowerChanged) and cur is not None:
            cur.power[e.fighter] = (cur.power.get(e.fighter, (e.old, e.old))[0], e.new)
        got = _hp_event(e, table, hp)
        if got is not None:
            f, a, b, step = got
            if cur is not None:
                cur.hp[f] = (cur.hp.get(f, (a, a))[0], b)
                steps = cur.steps.setdefault(f, [])
                if step[0] == "move" and steps and steps[-1][0] == "move":
                    steps[-1] = ("move", steps[-1][1] + step[1], "")
                elif step != ("move", 0, ""):
                    steps.append(step)
            hp[f] = b
        if cur is None:
            continue
        cur.events.append(e)
        if isinstance(e, ev.CardRevealed):
            cur.cards[e.seat] = e.inst
            cur.active[e.seat] = e.fighter
    return out


def _card(table: GameTable, inst: int) -> str:
    return card_name(table.cards[inst].cdef) if 0 <= inst < len(table.cards) else _("a card")


def _fighter(table: GameTable, f: int) -> str:
    return fighter_name(table.fighters[f]) if 0 <= f < len(table.fighters) else _("a Fighter")


def _track(table: GameTable, f: int, name: str) -> str:
    """A Health track's printed name (the Berserker Bear, a Fey Folk Character) in the player's language."""
    fighters = table.fighters
    td = next((t for t in fighters[f].tracks if t.name == name), None) if 0 <= f < len(fighters) else None
    return board_text(td, "name") if td is not None else name


def _whose(table: GameTable, f: int, card: str) -> str:
    # TRANSLATORS: a Fighter's card, "Joan's Holy Shield"
    return _("{fighter}'s {card}").format(fighter=_fighter(table, f), card=card)


def _attacks_words(table: GameTable, stopped: Sequence[ev.AttackBlocked]) -> list[str]:
    """The Attacks one Block negated, each attacker and Power once, with whom they aimed at: the Bear's
    Berserk! on both Opponents read "Bödvar's 13-Power Attack and Bödvar's 13-Power Attack"."""
    seen: dict[tuple[int, int], list[int]] = {}
    for a in stopped:
        seen.setdefault((a.attacker, a.power), []).append(a.target)
    out = []
    for (attacker, power), targets in seen.items():
        if len(targets) > 1:
            words = _("{fighter}'s {power}-Power Attack on {targets}").format(
                fighter=_fighter(table, attacker), power=power, targets=_and([_fighter(table, f) for f in targets])
            )
        else:
            words = _("{fighter}'s {power}-Power Attack").format(fighter=_fighter(table, attacker), power=power)
        out.append(words)
    return out


def block_lines(t: Turn, table: GameTable) -> list[Line]:
    """What each Block did this Turn: the Attack it negated and whether its bonus fired."""
    out = []
    blocked: dict[int, list[ev.AttackBlocked]] = {}
    for e in t.events:
        if isinstance(e, ev.AttackBlocked):
            blocked.setdefault(e.blocker, []).append(e)
    for e in t.events:
        if not isinstance(e, ev.BlockSucceeded):
            continue
        seat = e.blocker >> 1
        inst = t.cards.get(seat, -1)
        card = _card(table, inst) if inst >= 0 else _("Block")
        what = _and(_attacks_words(table, blocked.get(e.blocker, [])))
        if what:
            text = _("{where}: {card} negated {attacks}, so its bonus fired.")
        else:
            text = _("{where}: {card} negated an Attack, so its bonus fired.")
        roles = (RoleClaim(inst, t.round, t.turn, "Block"),) if inst >= 0 else ()
        out.append(Line(text.format(where=t.where, card=_whose(table, e.blocker, card), attacks=what), roles=roles))
    return out


def hp_words(table: GameTable, f: int, a: int, b: int, steps: Sequence[HpChange]) -> tuple[str, bool]:
    """A Fighter's HP change in words, and whether it is all marker moves ("lost"/"healed" only then):
    the Bear's transformation or a new Fey Folk Character is said as what it is, never as a heal."""
    who = _fighter(table, f)
    moves = [d for kind, d, _name in steps if kind == "move"]
    if len(moves) == len(steps):
        d = sum(moves)
        text = (
            _("{fighter} lost {hp} HP ({before} → {after})")
            if d < 0
            else _("{fighter} healed {hp} HP ({before} → {after})")
        )
        return text.format(fighter=who, hp=abs(d), before=a, after=b), True
    parts = [words for kind, d, name in steps if (words := _step_words(table, f, kind, d, name))]
    changes = parts[0] if parts else ""
    for later in parts[1:]:
        # TRANSLATORS: two HP changes of one Fighter in order, "became the Berserker Bear, then lost 3 HP"
        changes = _("{earlier}, then {later}").format(earlier=changes, later=later)
    # TRANSLATORS: {changes} is what happened to the Fighter's HP, "became the Berserker Bear, then lost 3 HP"
    return _("{fighter} {changes} (HP {before} → {after})").format(
        fighter=who, changes=changes, before=a, after=b
    ), False


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


def _ko_line(t: Turn, table: GameTable) -> str | None:
    """Every Fighter this Turn knocked out or incinerated (one Attack on both Opponents can take two)."""
    out = []
    for e in t.events:
        if isinstance(e, ev.KnockedOut):
            out.append(_("{fighter} was Knocked Out").format(fighter=_fighter(table, e.fighter)))
        elif isinstance(e, ev.Incinerated):
            out.append(_("{fighter} was Incinerated").format(fighter=_fighter(table, e.fighter)))
    return _and(out) or None


def turn_line(t: Turn, table: GameTable) -> Line:
    """One line for a Turn that mattered: the cards played and what they did to HP and Power."""
    cards = [_whose(table, t.active[s], _card(table, t.cards[s])) for s in sorted(t.cards) if s in t.active]
    # TRANSLATORS: the two cards revealed on a Turn, "Joan's Holy Shield vs Bödvar's Enrage"
    played = _("{first} vs {second}").format(first=cards[0], second=cards[1]) if len(cards) == 2 else "".join(cards)
    bits = []
    claims = []
    for f, (a, b) in sorted(t.hp.items()):
        if a != b:
            words, moves = hp_words(table, f, a, b, t.steps.get(f, []))
            bits.append(words)
            claims.append(HpClaim(f, a, b, t.round, t.turn, moves))
    bits += [_power(table, f, a, b) for f, (a, b) in sorted(t.power.items()) if a != b]
    sources = {e.source for e in t.events if isinstance(e, ev.Damage) and e.source}
    bits += [wl.damage_source_words(s) for s in sorted(sources) if s in wl.DAMAGE_SOURCE]
    absorbed = sum(1 for e in t.events if isinstance(e, ev.AttackAbsorbed))
    if absorbed:
        bits.append(_("the Golem's Presence absorbed an Attack"))
    ko = _ko_line(t, table)
    if ko:
        bits.append(ko)
    # TRANSLATORS: one Turn, "Round 2 · Turn 1: Joan's Holy Shield vs Bödvar's Enrage: Bödvar lost 2 HP (9 → 7)."
    text = _("{where}: {played}: {changes}.").format(
        where=t.where, played=played, changes=clause_list(bits) if bits else _("nothing changed")
    )
    return Line(text, hp=tuple(claims))


def _power(table: GameTable, f: int, a: int, b: int) -> str:
    return _("{fighter}'s Power {before} → {after}").format(fighter=_fighter(table, f), before=a, after=b)


def _power_swing(step: Sequence[Turn], table: GameTable, f: int, a: int, b: int) -> str:
    """The Fight step's biggest Power swing. "It counts from the next Turn" is said only when the Power changed
    on the step's last Turn alone: Power gained on an earlier Turn already counted in this Fight."""
    change = _power(table, f, a, b)
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


def _net(moves: Iterable[dict[int, tuple[int, int]]]) -> dict[int, tuple[int, int]]:
    """First value before and last value after, per Fighter, over several Turns' moves (their HP or Power)."""
    out: dict[int, tuple[int, int]] = {}
    for moved in moves:
        for f, (a, b) in moved.items():
            out[f] = (out.get(f, (a, a))[0], b)
    return out


def in_reach(view: PlayerView, names: tuple[str, str]) -> list[Line]:
    """Fighters one unblocked Attack from losing the game: for each opposing Fighter, an Attack of its Power
    now is resolved by the engine on a copy of the public position (Stops, Spirits, the Presence, revive
    spaces all count); only an outcome that is certain and ends the game is said."""
    if view.table is None:
        return []
    st = public_state(view)
    out = []
    for fv in view.fighters:
        if fv.ko or fv.track < 0:
            continue
        seat = fv.index >> 1
        hits = [
            unblocked_attack(st, g.index, fv.index, g.power)
            for g in view.fighters
            if g.index >> 1 != seat and not g.ko and g.power > 0
        ]
        kos = [h for h in hits if h.certain and h.knocks_out]
        if not kos:
            continue
        best = max(kos, key=lambda h: (h.power, -h.attacker))
        fields = {
            "fighter": _fighter(view.table, fv.index),
            "player": names[seat],
            "hp": fv.hp,
            "attacker": _fighter(view.table, best.attacker),
            "power": best.power,
        }
        if best.escape == "bear":  # the engine's data: one card could fill his Rage, and that Turn ignores HP
            top = view.table.fighters[fv.index].special_size - 1
            text = _(
                "{fighter} ({player}) has {hp} HP: one unblocked Attack from {attacker} ({power} Power) would be a "
                "knock-out, unless {fighter} turns into the Berserker Bear this Turn (Rage {rage}/{top})."
            ).format(rage=fv.special, top=top, **fields)
        else:  # no pronoun: the card data gives none, and "them" read wrong for one Fighter
            text = _(
                "{fighter} ({player}) has {hp} HP: one unblocked Attack from {attacker} ({power} Power) "
                "would be a knock-out."
            ).format(**fields)
        out.append(Line(text, would=(best,)))
    return out


def fight_claims(
    log: Sequence[ev.Event], table: GameTable, view: PlayerView | None = None, names: tuple[str, str] = ("", "")
) -> list[Line]:
    """A few lines about the latest Fight step: a knock-out first (the Turn it happened on: that is what
    mattered, whatever swung elsewhere), the Blocks that fired, the biggest HP swing when nobody was
    knocked out, the biggest Power swing, and what is now in reach of a KO; each with its claims."""
    ts = turns(log, table)
    if not ts:
        return []
    last_round = ts[-1].round
    step = [t for t in ts if t.round == last_round]
    out: list[Line] = []
    knocked = [t for t in step if _ko_line(t, table)]
    for t in knocked:
        line = turn_line(t, table)
        # TRANSLATORS: leads the recap of a Fight step in which a Fighter was knocked out; {turn} is that Turn's line
        out.append(Line(_("What mattered most: {turn}").format(turn=after_colon(line.text)), hp=line.hp))
    for t in step:
        out.extend(block_lines(t, table))
    hp = {f: ab for f, ab in _net(t.hp for t in step).items() if ab[0] != ab[1]}
    if hp and not knocked:
        f, (a, b) = max(hp.items(), key=lambda kv: (abs(kv[1][1] - kv[1][0]), -kv[0]))
        how = [s for t in step for s in t.steps.get(f, [])]
        words, moves = hp_words(table, f, a, b, how)
        text = _("Biggest HP swing: {change} this Fight.").format(change=words)
        out.append(Line(text, hp=(HpClaim(f, a, b, last_round, 0, moves),)))
    pw = {f: ab for f, ab in _net(t.power for t in step).items() if ab[0] != ab[1]}
    over = view is not None and view.phase == "over"
    if pw and not over:  # at game over a Power change no longer matters
        f, (a, b) = max(pw.items(), key=lambda kv: (abs(kv[1][1] - kv[1][0]), -kv[0]))
        out.append(Line(_power_swing(step, table, f, a, b)))
    if not out:
        out.append(Line(_("Round {round}: no HP or Power changed hands.").format(round=last_round)))
    if view is not None and view.phase != "over":
        out.extend(in_reach(view, names))
    return out


def fight_recap(
    log: Sequence[ev.Event], table: GameTable, view: PlayerView | None = None, names: tuple[str, str] = ("", "")
) -> list[str]:
    """``fight_claims`` as plain lines, for the Fight screen's log."""
    return [x.text for x in fight_claims(log, table, view, names)]


def game_claims(
    log: Sequence[ev.Event],
    table: GameTable,
    names: tuple[str, str],
    key: int = 3,
    record: GameRecord | None = None,
    viewer: int | None = None,
) -> list[Line]:
    """At game over: how the game was decided (the last Turn), the key Turns (the biggest swings), the
    trends that built up over the whole game (Power climbs, Blocks, Presence), and, given the ``record``,
    the Build that cost each player most (a solo game: the human's only; a network seat, ``viewer``: that
    seat's own, since that sentence says "you" to the player reading it); each with its claims."""
    ts = turns(log, table)
    over = next((e for e in reversed(log) if isinstance(e, ev.GameOver)), None)
    out: list[Line] = []
    if over is not None:
        how, detail = wl.reason_words(over.reason), wl.over_detail(over, table)
        if over.winner < 0:
            text = _("How it was decided: It is a draw by {how}.").format(how=how)
        else:
            # TRANSLATORS: {how} is the way the game ended, "Knock Out", "Double KO", "Incineration"
            text = _("How it was decided: {player} wins by {how}.").format(player=names[over.winner], how=how)
        out.append(Line(f"{text} {detail}".strip()))
    decisive = None  # the last blow is said once, not again among the key Turns
    if over is not None:
        decisive = next((t for t in reversed(ts) if t.hp or _ko_line(t, table)), None)
        if decisive is not None:
            last = turn_line(decisive, table)
            out.append(Line(_("The last blow: {turn}").format(turn=after_colon(last.text)), hp=last.hp))
    others = [t for t in ts if t.swing() and t is not decisive]
    ranked = sorted(others, key=lambda t: (-t.swing(), t.round, t.turn))[:key]
    if ranked:
        out.append(Line(_("Key Turns:")))
        for t in sorted(ranked, key=lambda t: (t.round, t.turn)):
            line = turn_line(t, table)
            out.append(Line(f"  {line.text}", hp=line.hp))
    pw = _net(t.power for t in ts)
    climbs = sorted(((b - a, f, a, b) for f, (a, b) in pw.items() if b - a >= 2), reverse=True)
    for _d, f, a, b in climbs[:2]:
        text = _("{fighter}'s Power climbed from {before} to {after} over the game.")
        out.append(Line(text.format(fighter=_fighter(table, f), before=a, after=b)))
    fired = [0, 0]
    for t in ts:
        for e in t.events:
            if isinstance(e, ev.BlockSucceeded):
                fired[e.blocker >> 1] += 1
    for seat in (0, 1):
        if fired[seat]:
            text = ngettext(
                "{player}'s Blocks negated Attacks on {count} Turn.",
                "{player}'s Blocks negated Attacks on {count} Turns.",
                fired[seat],
            )
            out.append(Line(text.format(player=names[seat], count=fired[seat])))
    absorbed = sum(1 for t in ts for e in t.events if isinstance(e, ev.AttackAbsorbed))
    if absorbed:
        text = ngettext(
            "The Golem's Presence absorbed {count} Attack.", "The Golem's Presence absorbed {count} Attacks.", absorbed
        )
        out.append(Line(text.format(count=absorbed)))
    if record is not None and over is not None:
        from tagteam.play.modes import TUTOR

        seats = tuple(
            s
            for s in ((1 - record.solo.seat,) if record.solo is not None else (0, 1))
            if record.players[s] != TUTOR and viewer in (None, s)
        )
        taught = decision_claims(record, table, seats)
        if taught:
            out.append(Line(_("The Build that mattered most (the engine replayed each choice):")))
            out.extend(Line(f"  {x.text}", regrets=x.regrets) for x in taught)
    return out


def game_recap(
    log: Sequence[ev.Event],
    table: GameTable,
    names: tuple[str, str],
    key: int = 3,
    record: GameRecord | None = None,
    viewer: int | None = None,
) -> list[str]:
    """``game_claims`` as plain lines, for the game-over screen (``viewer``: the seat reading it, if only one)."""
    return [x.text for x in game_claims(log, table, names, key, record, viewer)]


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
    kept = _card(table, a.kept)
    alt = _card(table, b.kept)
    built = r.round - 1  # the Build before round N's Fight is made on the screen of round N - 1
    head = _("{player}, your Build in round {round} (for round {fight}'s Fight): you put {card} in {slot}.").format(
        player=name, round=built, fight=r.round, card=kept, slot=_slot(a.choice.position, size)
    )
    where = _slot(b.choice.position, size)
    if b.kept == a.kept:
        how = _("Knowing where your opponent put their card, had you put it in {slot}").format(slot=where)
    else:
        how = _("Knowing where your opponent put their card, had you kept {card} and put it in {slot}").format(
            card=alt, slot=where
        )
    met = (
        _("it would have met {card}").format(card=_card(table, b.met)) if b.met >= 0 else _("it would not have come up")
    )
    seat = r.seat
    if b.winner == seat:
        if a.winner == 1 - seat:
            result = _("you would have won in that Fight instead of losing")
        else:
            result = _("you would have won in that Fight")
    else:
        diffs = ", ".join(
            _("{fighter} {hp} HP (not {was})").format(fighter=_fighter(table, f), hp=b.hp[f], was=a.hp[f])
            for f in range(4)
            if b.hp[f] != a.hp[f]
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


def decision_claims(rec: GameRecord, table: GameTable, seats: Sequence[int] = (0, 1), top: int = 1) -> list[Line]:
    """For a finished game: each listed player's Build(s) that cost the most in the next Fight step, with
    the best alternative the engine found by replaying it (``tagteam.engine.hindsight``)."""
    out = []
    for seat in seats:
        for r in regrets(rec, seat, top):
            text = regret_words(r, table, player_name(rec.players[seat]))
            if _suggested(rec, r):
                text += " " + _("(A lesson suggested that Build, to teach a rule, not as the best one.)")
            out.append(Line(text, regrets=(r,)))
    return out


def _suggested(rec: GameRecord, r: Regret) -> bool:
    """Whether the regretted Build is the one a lesson of the guided game told the player to make."""
    from tagteam.play.modes import TUTOR

    if rec.players[1] != TUTOR or r.seat != 0:
        return False
    plan = PLAN.get(r.round - 1)  # the Build before round N's Fight is made in round N - 1
    return plan is not None and (plan.card, plan.position) == (r.actual.choice.card, r.actual.choice.position)
