"""The game log in words: each typed event of ``tagteam.engine.events`` told as one line, in the player's language.

The engine says what happened as data; this module is the one place that writes it as sentences (the Fight
screen's log, the sandbox, the feeds). Card, Fighter and board names come from the card data through
``tagteam.words.names``; every sentence is one catalogued message with named fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tagteam.content.fighters import TOKEN_NAME_OWNER
from tagteam.content.models import DirectDamage
from tagteam.engine import events as ev
from tagteam.engine.events import on_partner
from tagteam.engine.fighters.bodvar import BEAR_MAX_START
from tagteam.words.lang import N_, _, agree, ngettext, npgettext
from tagteam.words.lists import two_sentences
from tagteam.words.names import agreement, board_text, card_name, card_text, player_name
from tagteam.words.names import fighter_name as _data_name

if TYPE_CHECKING:
    from tagteam.engine.table import GameTable, TrackDef

__all__ = [
    "DAMAGE_SOURCE",
    "DIAL_PAYOUT",
    "DIAL_SPACES",
    "ICON_TEXT",
    "PARTNER_WORDS",
    "REASON_WORDS",
    "TOKEN_OWNERS",
    "damage_source_words",
    "describe",
    "describe_log",
    "dial_space",
    "fighter_name",
    "icon_words",
    "over_detail",
    "partner_words",
    "reason_words",
    "space_words",
    "sum_words",
]

REASON_WORDS = {
    "ko": N_("Knock Out"),
    "double_ko": N_("Double KO"),
    "incinerated": N_("Incineration"),
    "drag_to_hell": N_("Drag You to Hell"),
    "depleted": N_("Build deck out"),
    "all_legends": N_("All Legends Must Pass"),
}

IGNORED_WHY = {
    "transforming": N_("ignores HP changes this Turn (transforming into the Berserker Bear)"),
    "terror": N_("ignores HP changes this Turn (Terror of the Seas)"),
    "one_space": N_("has already moved its one space this Turn"),
    "ko_space": N_("is on a KO space and cannot be healed"),
    "spirit": N_("is on the Spirit space and cannot be healed"),
    "no_character": N_("has no Character in play to take HP changes"),
}

# Who a token goes back to when it leaves a board (the event's holder -1): the Fighter who owns it (the registry)
TOKEN_OWNERS = TOKEN_NAME_OWNER

# Token and special-track names as the events carry them (rule terms of the rulebook, so catalogued)
TOKEN_WORDS = {
    "Golem's Presence": N_("Golem's Presence"),
    "Concentration": N_("Concentration"),
    "Aflame!": N_("Aflame!"),
    "Sheriff": N_("Sheriff"),
}
TRACK_WORDS = {
    "Divine Voice": N_("Divine Voice"),
    "Rage": N_("Rage"),
    "Fleet": N_("Fleet"),
    "Spirit": N_("Spirit"),
    "Spirits": N_("Spirits"),
    "Spirit track": N_("Spirit track"),
}

EXECUTION_WHY = {
    # TRANSLATORS: {hp} is the target's HP, {threshold} the most Execution takes
    "too_many_hp": N_("has {hp} HP, more than {threshold}"),
    "no_hp": N_("has no HP left to take"),
    "transforming": IGNORED_WHY["transforming"],
    "terror": IGNORED_WHY["terror"],
}

DAMAGE_SOURCE = {
    "terror": N_("Terror of the Seas: down to 1 HP"),
    "poison": N_("Poison: half the HP left, rounded down"),
    "execution": N_("Execution: all the HP left"),
}

# Joan's Divine Voice dial, by marker index: the log names the space (a counter going 4 -> 1 read as a loss);
# a payout is told only where it fires, on landing (leaving a payout space gives nothing).
DIAL_SPACES = (
    N_("the Halo"),
    N_("top-left"),
    N_("top-right"),
    N_("bottom-right"),
    N_("bottom-left"),
)
DIAL_PAYOUT = {2: N_("+1 Power to Joan"), 4: N_("+1 Power to her Partner")}
DIAL_RANGE = range(len(DIAL_SPACES))

SERPENT_FACES = {
    "white": N_("The Serpent token flips to its white face."),
    "black": N_("The Serpent token flips to its black face."),
}

PARTNER_WORDS = N_(", the Opponent's Partner (not their Active Fighter),")

ICON_TEXT = {
    "power_self": N_("+1 Power"),
    "power_partner": N_("+1 Power to the Partner"),
    "flip_serpent": N_("flip the Serpent token"),
    "unleash_scheme": N_("Unleash a Scheme"),
    "revive": N_("back to life at the end of the Turn"),
    "spirit": N_("this Character becomes a Spirit"),
}


def reason_words(code: str) -> str:
    """The player words for a game-over reason code (the code itself stays in saves and reports)."""
    return _(REASON_WORDS[code]) if code in REASON_WORDS else code.replace("_", " ")


def damage_source_words(code: str) -> str:
    """Why one rule set an HP loss (Terror of the Seas, Poison, Execution)."""
    return _(DAMAGE_SOURCE[code]) if code in DAMAGE_SOURCE else code


def icon_words(icon: str) -> str:
    """What a Health track icon does, in words."""
    return _(ICON_TEXT[icon]) if icon in ICON_TEXT else icon.replace("_", " ")


def partner_words() -> str:
    """The words after a target's name when an Attack hits the Opponent's Partner."""
    return _(PARTNER_WORDS)


def dial_space(pos: int) -> str:
    """A Divine Voice space by its name (top-left, ...)."""
    return _(DIAL_SPACES[pos])


def _token(token: str) -> str:
    return _(TOKEN_WORDS[token]) if token in TOKEN_WORDS else token


def sum_words(attack: int, direct: int, heal: int) -> str:
    """An HP sum in words: "2 from Attacks + 1 Direct Damage - 3 healing"."""
    parts: list[str] = []
    if attack:
        # TRANSLATORS: French counts the damage: "1 dégât d'Attaque", "2 dégâts d'Attaque"
        said = npgettext("an HP sum", "{amount} from Attacks", "{amount} from Attacks", attack)
        parts.append(said.format(amount=attack))
    if direct:
        # TRANSLATORS: English "Direct Damage" is uncountable; French says "1 Dégât direct", "3 Dégâts directs"
        said = npgettext("an HP sum", "{amount} Direct Damage", "{amount} Direct Damage", direct)
        parts.append(said.format(amount=direct))
    out = " + ".join(parts)
    if heal:
        healing = _("{amount} healing").format(amount=heal)
        out = f"{out} - {healing}" if out else healing
    return out or _("nothing")


def space_words(tr: TrackDef, pos: int, mark_stop: bool = True) -> str:
    """A Health space as a player names it: a number, or a KO, Spirit or revive space; a Stop is said."""
    if tr.ko[pos]:
        return _("a KO space")
    icons = tr.icons[pos]
    if "spirit" in icons:
        return _("the Spirit space")
    if "revive" in icons:
        return _("the revive space")
    if mark_stop and tr.stop[pos]:
        return _("{hp} (a Stop)").format(hp=tr.hp[pos])
    return str(tr.hp[pos])


def _name(table: GameTable | None, f: int) -> str:
    if table is None:
        return _("Fighter {number}").format(number=f + 1)
    return _data_name(table.fighters[f].model)


def fighter_name(fid: str, table: GameTable | None = None) -> str:
    """A Fighter's printed name from its id (the draft runs before any table exists)."""
    if table is not None:
        for fd in table.fighters:
            if fd.id == fid:
                return _data_name(fd.model)
    from tagteam.content.loader import load_all

    fm = load_all().get(fid)
    return _data_name(fm) if fm is not None else fid.replace("_", " ").title()


def _track(table: GameTable | None, f: int, name: str) -> TrackDef | None:
    if table is None:
        return None
    tracks = table.fighters[f].tracks
    if not name:
        return tracks[0]
    return next((t for t in tracks if t.name == name), None)


def _track_name(table: GameTable | None, f: int, name: str) -> str:
    """A Health track's printed name (the Bear side, a Fey Folk Character) from the card data."""
    if table is not None:
        for model in table.fighters[f].model.health:
            if model.name == name:
                return board_text(model, "name")
    return name


def track_words(table: GameTable | None, f: int, name: str) -> str:
    """A Health track's printed name, for the sandbox's summary (the card data's, French where it has one)."""
    return _track_name(table, f, name)


def _special_name(name: str, table: GameTable | None = None, f: int = -1) -> str:
    """A special track's name: the words table's, else the card data's (French where it has one)."""
    if name in TRACK_WORDS:
        return _(TRACK_WORDS[name])
    if table is not None and f >= 0:
        special = table.fighters[f].model.special_track
        if special is not None and name == special.name:
            return board_text(special, "name")
    return name


def _scheme_text(table: GameTable | None, f: int, token: str) -> str:
    """A Scheme token's text, read from the card data by its id."""
    if table is not None:
        for tok in table.fighters[f].model.scheme_tokens:
            if tok.id == token:
                return card_text(tok)
    return token.replace("_", " ")


def describe_log(
    log: Sequence[ev.Event], start: int = 0, table: GameTable | None = None, players: tuple[str, str] | None = None
) -> list[str]:
    """``describe`` for ``log[start:]``, each told with the Active Fighters of its Turn (read from the reveals
    before it), so an Attack on the Opponent's Partner says so: the event alone cannot tell."""
    active = [-1, -1]
    shown: dict[int, tuple[str, bool]] = {}  # this Turn's reveals: a Direct Damage line names its card
    for e in reversed(log[:start]):
        if isinstance(e, ev.TurnStarted):
            break
        if isinstance(e, ev.CardRevealed) and e.seat not in shown:
            shown[e.seat] = (e.card_id, e.flipped)
    for e in reversed(log[:start]):
        if isinstance(e, ev.CardRevealed) and active[e.seat] < 0:
            active[e.seat] = e.fighter
            if min(active) >= 0:
                break
    out = []
    for e in log[start:]:
        if isinstance(e, ev.TurnStarted | ev.FightEnded):
            shown = {}
        if isinstance(e, ev.CardRevealed):
            active[e.seat] = e.fighter
            shown[e.seat] = (e.card_id, e.flipped)
        out.append(describe(e, table, players, (active[0], active[1]), tuple(shown.values())))
    return out


def _deals_direct(effects: Sequence[Any]) -> bool:
    """Whether a card's effects (its tree, ``children``) hold any Direct Damage."""
    return any(isinstance(x, DirectDamage) or any(_deals_direct(b.effects) for b in x.children()) for x in effects)


def direct_dealers(table: GameTable | None, shown: Sequence[tuple[str, bool]]) -> list[str]:
    """Of the cards revealed this Turn (id, turned over), those whose face in play can deal Direct Damage."""
    if table is None:
        return []
    out = []
    for cid, flipped in shown:
        model = table.cards_by_id[cid].model if cid in table.cards_by_id else None
        if model is None:
            continue
        effects = model.flipped_effects if flipped and model.flipped_effects is not None else model.effects
        if _deals_direct(effects):
            out.append(cid)
    return out


def over_detail(e: ev.GameOver, table: GameTable | None = None) -> str:
    """How a game ended, in one sentence, from the reason code and the Fighters concerned."""

    def n(f: int) -> str:
        return _name(table, f)

    fs = e.fighters
    match e.reason:
        case "drag_to_hell" if fs:
            return _("{fighter}'s Drag You to Hell turns the loss into a win.").format(fighter=n(fs[0]))
        case "incinerated" if fs:
            return _("{fighter} is Incinerated.").format(fighter=n(fs[0]))
        case "double_ko":
            return _("Fighters of both teams are KO'd on the same Turn: Double KO.")
        case "all_legends" if fs:
            return _(
                "{fighter} reveal All Legends Must Pass with all three Characters as Spirits, and are Knocked Out."
            ).format(fighter=n(fs[0]))
        case "ko" if len(fs) >= 2:
            return _("{fighter} and {other} are Knocked Out.").format(fighter=n(fs[0]), other=n(fs[1]))
        case "ko" if fs:
            return _("{fighter} is Knocked Out.").format(fighter=n(fs[0]))
        case "depleted":
            return _("A Build deck cannot give 3 cards: the game is a draw.")
    return ""


def describe(
    e: ev.Event,
    table: GameTable | None = None,
    players: tuple[str, str] | None = None,
    active: tuple[int, int] | None = None,
    shown: Sequence[tuple[str, bool]] = (),
) -> str:
    """One line for an event (the game log); ``players`` names the seats; ``active`` (each seat's Active Fighter,
    when known) lets an Attack on the Opponent's Partner be named as one; ``shown``, the cards revealed this
    Turn (id, turned over), lets Direct Damage name the card it came from."""
    teller = _Teller(table, players, active)
    teller.shown = tuple(shown)
    if isinstance(e, ev.Damage):
        return teller.damage(e)
    return teller.tell(e)


class _Teller:
    """The names of one game (Fighters, seats, cards), and one method per group of events."""

    def __init__(
        self, table: GameTable | None, players: tuple[str, str] | None, active: tuple[int, int] | None
    ) -> None:
        self.table = table
        self.players = players
        self.active = active
        self.shown: tuple[tuple[str, bool], ...] = ()

    def n(self, f: int) -> str:
        return _name(self.table, f)

    def seat(self, s: int) -> str:
        # the default seat names in the reader's language (a French host's log, read in English, says "Player 1")
        return player_name(self.players[s]) if self.players else _("Player {number}").format(number=s + 1)

    def fname(self, fid: str) -> str:
        return fighter_name(fid, self.table)

    def cname(self, cid: str) -> str:
        if self.table is not None and cid in self.table.cards_by_id:
            return card_name(self.table.cards_by_id[cid].model)
        return cid.split(".")[-1].replace("_", " ").title()

    def holder(self, token: str) -> str:
        """Where a token goes back to: the Fighter who owns it (its supply)."""
        kind = TOKEN_OWNERS.get(token)
        if self.table is not None and kind in self.table.rules:
            return self.n(self.table.rules.index(kind))
        return _("the supply")

    def damage(self, e: ev.Damage) -> str:
        """The HP sum and its net; a marker that cannot move (``stuck``) is not said to heal or lose, and a net
        the end of the track cut short (``capped``) says what the track really changed, as the recap does."""
        stuck = e.stuck
        fields: dict[str, Any] = {"fighter": self.n(e.fighter), "sum": sum_words(e.attack, e.direct, e.heal)}
        x = e.net
        if e.source:
            fields["why"] = damage_source_words(e.source)
        elif e.direct and len(dealt := direct_dealers(self.table, self.shown)) == 1:  # its cause, when one card
            # TRANSLATORS: why a Fighter takes Direct Damage: the one card revealed this Turn that deals it
            fields["why"] = _("from {card}").format(card=self.cname(dealt[0]))
        if stuck and x < 0:
            # TRANSLATORS: the marker is already at the top: nothing is healed (the next line says why)
            msg = (
                N_("{fighter}: {sum} ({why}), net: would heal {hp} HP.")
                if "why" in fields
                else N_("{fighter}: {sum}, net: would heal {hp} HP.")
            )
            return _(msg).format(hp=-x, **fields)
        if stuck and x > 0:
            msg = (
                N_("{fighter}: {sum} ({why}), net: would lose {hp} HP.")
                if "why" in fields
                else N_("{fighter}: {sum}, net: would lose {hp} HP.")
            )
            return _(msg).format(hp=x, **fields)
        if e.capped and x > 0:
            # TRANSLATORS: the marker reached the last space of its track: {hp} is what it really lost
            msg = (
                N_("{fighter}: {sum} ({why}), net: loses {hp} HP (the marker reaches the end of its track).")
                if "why" in fields
                else N_("{fighter}: {sum}, net: loses {hp} HP (the marker reaches the end of its track).")
            )
            return _(msg).format(hp=x - e.capped, **fields)
        if e.capped and x < 0:
            # TRANSLATORS: the marker reached the top of its track: {hp} is what it really healed
            msg = (
                N_("{fighter}: {sum} ({why}), net: heals {hp} HP (the marker reaches the top of its track).")
                if "why" in fields
                else N_("{fighter}: {sum}, net: heals {hp} HP (the marker reaches the top of its track).")
            )
            return _(msg).format(hp=-x - e.capped, **fields)
        if x > 0:
            msg = (
                N_("{fighter}: {sum} ({why}), net: loses {hp} HP.")
                if "why" in fields
                else N_("{fighter}: {sum}, net: loses {hp} HP.")
            )
        elif x < 0:
            msg = (
                N_("{fighter}: {sum} ({why}), net: heals {hp} HP.")
                if "why" in fields
                else N_("{fighter}: {sum}, net: heals {hp} HP.")
            )
        else:
            msg = (
                N_("{fighter}: {sum} ({why}), net: is unchanged.")
                if "why" in fields
                else N_("{fighter}: {sum}, net: is unchanged.")
            )
        return _(msg).format(hp=abs(x), **fields)

    def marker(self, e: ev.MarkerMoved) -> str:
        f, tr, fp, tp, s = e.fighter, e.track, e.from_pos, e.to_pos, e.stopped
        who = self.n(f)
        if tr:
            who = _("{fighter} ({track})").format(fighter=who, track=_track_name(self.table, f, tr))
        td = _track(self.table, f, tr) if fp >= 0 and tp >= 0 else None
        if td is not None and fp < len(td.hp) and tp < len(td.hp):
            src, dst = space_words(td, fp), space_words(td, tp, mark_stop=not s)
            same, went = fp == tp, abs(fp - tp)
        else:
            src, dst, same, went = str(e.from_hp), str(e.to_hp), e.from_hp == e.to_hp, abs(e.from_hp - e.to_hp)
        if same and not s:
            if td is not None and fp == 0:
                return _("{fighter}: the Health marker is already at the top ({space}): the healing is lost.").format(
                    fighter=who, space=src
                )
            if td is not None and fp == td.last:
                return _(
                    "{fighter}: the Health marker is already on the last space ({space}): the loss goes no further."
                ).format(fighter=who, space=src)
            return _("{fighter}: the Health marker stays on {space} (it cannot go further).").format(
                fighter=who, space=src
            )
        if s:
            return _(
                "{fighter}: the Health marker moves from {start} to {end} (a Stop halted it after {moved} of {wanted})."
            ).format(fighter=who, start=src, end=dst, moved=went, wanted=e.wanted)
        return _("{fighter}: the Health marker moves from {start} to {end}.").format(fighter=who, start=src, end=dst)

    def attack(self, e: ev.AttackDeclared) -> str:
        a, t, p, b, k, bf = e.attacker, e.target, e.power, e.bonus, e.bonus_kind, e.base_from
        who = self.n(t) + (partner_words() if on_partner(a, t, self.active) else "")
        fields = {"attacker": self.n(a), "target": who, "power": p}
        if not k and bf < 0:
            return _("{attacker} Attacks {target} with {power} Power.").format(**fields)
        if not k:
            return _("{attacker} Attacks {target} with {power} Power ({fighter}'s Power).").format(
                fighter=self.n(bf), **fields
            )
        base, bonus = p - b, b
        if k == "Spirit":
            if bf >= 0:
                msg = ngettext(
                    "{attacker} Attacks {target} with {power} Power "
                    "({fighter}'s Power {base} + {bonus} Spirit = {power}).",
                    "{attacker} Attacks {target} with {power} Power "
                    "({fighter}'s Power {base} + {bonus} Spirits = {power}).",
                    b,
                )
                return msg.format(fighter=self.n(bf), base=base, bonus=bonus, **fields)
            msg = ngettext(
                "{attacker} Attacks {target} with {power} Power (Power {base} + {bonus} Spirit = {power}).",
                "{attacker} Attacks {target} with {power} Power (Power {base} + {bonus} Spirits = {power}).",
                b,
            )
            return msg.format(base=base, bonus=bonus, **fields)
        kind = _token(k)
        if bf >= 0:
            return _(
                "{attacker} Attacks {target} with {power} Power ({fighter}'s Power {base} + {bonus} {kind} = {power})."
            ).format(fighter=self.n(bf), base=base, bonus=bonus, kind=kind, **fields)
        return _("{attacker} Attacks {target} with {power} Power (Power {base} + {bonus} {kind} = {power}).").format(
            base=base, bonus=bonus, kind=kind, **fields
        )

    def heal_counted(self, e: ev.HealCounted) -> str:
        fields = {"fighter": self.n(e.fighter), "total": e.each * e.count, "each": e.each, "count": e.count}
        if e.per == "spirit":
            msg = ngettext(
                "{fighter} is to heal {total} ({each} per Spirit × {count} Spirit).",
                "{fighter} is to heal {total} ({each} per Spirit × {count} Spirits).",
                e.count,
            )
            return msg.format(**fields)
        if e.per == "power":
            return _("{fighter} is to heal {total} ({each} per Power × {count} Power).").format(**fields)
        if e.per == "blocked_power":
            return _("{fighter} is to heal {total} ({each} per blocked Power × {count} blocked Power).").format(
                **fields
            )
        return _("{fighter} is to heal {total} ({each} × {count}).").format(**fields)

    def ignored(self, e: ev.HpIgnored) -> str:
        who = self.n(e.fighter)
        why = _(IGNORED_WHY[e.reason]) if e.reason in IGNORED_WHY else e.reason.replace("_", " ")
        if e.attack or e.direct or e.heal:
            what = sum_words(e.attack, e.direct, e.heal)
        elif e.net > 0:
            what = _("{hp} HP of loss").format(hp=e.net)
        elif e.net < 0:
            what = _("{amount} healing").format(amount=-e.net)
        else:
            # TRANSLATORS: {why} is a phrase such as "has already moved its one space this Turn"
            return _("{fighter} {why}.").format(fighter=who, why=why)
        # TRANSLATORS: {what} is an HP sum such as "2 from Attacks + 1 Direct Damage"
        return _("{fighter} {why}: {what} ignored.").format(fighter=who, why=why, what=what)

    def icon(self, e: ev.IconFired) -> str:
        fields = {"fighter": self.n(e.fighter), "effect": icon_words(e.icon)}
        if e.icon == "spirit":
            return _("Icon on {fighter}'s Spirit space fires: {effect}.").format(**fields)
        if e.icon == "revive":
            return _("Icon on {fighter}'s revive space fires: {effect}.").format(**fields)
        return _("Icon on {fighter}'s {hp} space fires: {effect}.").format(hp=e.hp, **fields)

    def track(self, e: ev.TrackChanged) -> str:
        f, t, o, w = e.fighter, e.track, e.old, e.new
        if t == "Divine Voice" and {o, w} <= set(DIAL_RANGE):
            fields = {"fighter": self.n(f), "start": dial_space(o), "end": dial_space(w)}
            if w in DIAL_PAYOUT:
                return _("{fighter}'s Divine Voice moves from {start} to {end}: {payout}.").format(
                    payout=self.payout(f, w), **fields
                )
            return _("{fighter}'s Divine Voice moves from {start} to {end}.").format(**fields)
        track = _special_name(t, self.table, f)
        return _("{fighter}'s {track}: {old} → {new}.").format(fighter=self.n(f), track=track, old=o, new=w)

    def payout(self, f: int, space: int) -> str:
        """What Joan's dial gives on ``space``; her Partner's gift agrees with the Partner ("sa Partenaire")."""
        if space != 4 or self.table is None:
            return _(DIAL_PAYOUT[space])
        partner = self.table.fighters[f ^ 1] if 0 <= f ^ 1 < len(self.table.fighters) else None
        return agree("+1 Power to her Partner", agreement(partner) if partner is not None else None)

    def token(self, e: ev.TokenMoved) -> str:
        t, o, w, k = e.token, e.old, e.new, e.count
        name = _token(t)
        if w < 0:
            msg = ngettext(
                "The {token} token on {fighter} goes back to {owner}.",
                "{count} {token} tokens on {fighter} go back to {owner}.",
                k,
            )
            return msg.format(token=name, fighter=self.n(o), owner=self.holder(t), count=k)
        if o < 0:
            msg = ngettext(
                "The {token} token moves from {owner} to {fighter}.",
                "{count} {token} tokens move from {owner} to {fighter}.",
                k,
            )
            return msg.format(token=name, fighter=self.n(w), owner=self.holder(t), count=k)
        msg = ngettext(
            "The {token} token moves from {giver} to {fighter}.",
            "{count} {token} tokens move from {giver} to {fighter}.",
            k,
        )
        return msg.format(token=name, fighter=self.n(w), giver=self.n(o), count=k)

    def game_over(self, e: ev.GameOver) -> str:
        detail = over_detail(e, self.table)
        how = reason_words(e.reason)
        if e.winner < 0:
            line = _("Game over ({reason}): Draw.").format(reason=how)
        else:
            line = _("Game over ({reason}): {player} wins.").format(reason=how, player=self.seat(e.winner))
        return two_sentences(line, detail.rstrip())

    def tell(self, ev_: ev.Event) -> str:
        n, seat, cname, fname = self.n, self.seat, self.cname, self.fname
        match ev_:
            case ev.TeamsSet(teams=t):
                return _("Teams: {player} plays {first} + {second}, {other} plays {third} + {fourth}.").format(
                    player=seat(0),
                    first=fname(t[0][0]),
                    second=fname(t[0][1]),
                    other=seat(1),
                    third=fname(t[1][0]),
                    fourth=fname(t[1][1]),
                )
            case ev.DraftRevealed(step=st, picks=p):
                return _("Draft pick {number} revealed: {player} takes {pick}, {other} takes {other_pick}.").format(
                    number=st + 1, player=seat(0), pick=fname(p[0]), other=seat(1), other_pick=fname(p[1])
                )
            case ev.RoundStarted(round=r, deck_size=d):
                return ngettext(
                    "══ Round {round} ══ Each Fight deck holds {count} card.",
                    "══ Round {round} ══ Each Fight deck holds {count} cards.",
                    d,
                ).format(round=r, count=d)
            case ev.TurnStarted(round=r, turn=t):
                return _("── Round {round} · Turn {turn} ──").format(round=r, turn=t)
            case ev.CardRevealed(seat=s, card_id=c, fighter=f, starting=st, flipped=fl):
                fields = {"player": seat(s), "card": cname(c), "fighter": n(f)}
                if st and fl:
                    return _("{player} reveals {card} (Starting Card) (turned over): {fighter} is Active.").format(
                        **fields
                    )
                if st:
                    return _("{player} reveals {card} (Starting Card): {fighter} is Active.").format(**fields)
                if fl:
                    return _("{player} reveals {card} (turned over): {fighter} is Active.").format(**fields)
                return _("{player} reveals {card}: {fighter} is Active.").format(**fields)
            case ev.CardCancelled(seat=s, inst=i):
                tab = self.table
                if tab is not None and 0 <= i < len(tab.cards):
                    return _("{player}'s {card} is cancelled and has no effect.").format(
                        player=seat(s), card=card_name(tab.cards[i].cdef.model)
                    )
                return _("{player}'s card is cancelled and has no effect.").format(player=seat(s))
            case ev.Reanimated(seat=s):
                return _(
                    "Reanimation: {player}'s card takes effect a second time, as a new Turn for that Fighter."
                ).format(player=seat(s))
            case ev.AttackDeclared():
                return self.attack(ev_)
            case ev.AttackBlocked(attacker=a, target=t, power=p, blocker=b):
                return _("{blocker} Blocks {attacker}'s {power}-Power Attack on {target}.").format(
                    blocker=n(b), attacker=n(a), power=p, target=n(t)
                )
            case ev.BlockSucceeded(blocker=b):
                return _("{fighter}'s Block succeeds: its bonus fires once.").format(fighter=n(b))
            case ev.BlockIdle(blocker=b):
                return _("{fighter} Blocks, but there is no Attack to negate.").format(fighter=n(b))
            case ev.AttackAbsorbed(target=t, power=p):
                return _("The Golem's Presence absorbs the {power}-Power Attack on {fighter}: 0 HP lost.").format(
                    power=p, fighter=n(t)
                )
            case ev.AttackRedirected(target=t, power=p):
                return _("You are Mine: the blocked Attacks ({power} Power) hit {fighter} instead.").format(
                    power=p, fighter=n(t)
                )
            case ev.HealCancelled(target=t, amount=a, by=b):
                return _("{fighter} cancels {target}'s healing of {amount}.").format(
                    fighter=n(b), target=n(t), amount=a
                )
            case ev.HealCounted():
                return self.heal_counted(ev_)
            case ev.MarkerMoved():
                return self.marker(ev_)
            case ev.HpIgnored():
                return self.ignored(ev_)
            case ev.IconFired():
                return self.icon(ev_)
            case ev.PowerChanged(fighter=f, old=o, new=w):
                return _("{fighter}'s Power: {old} → {new}.").format(fighter=n(f), old=o, new=w)
            case ev.TrackChanged():
                return self.track(ev_)
            case ev.TokenMoved():
                return self.token(ev_)
            case ev.SchemePlanted(fighter=f, left_in_pile=p):
                return _("{fighter} plants a Scheme face down ({count} left in the pile).").format(
                    fighter=n(f), count=p
                )
            case ev.SchemeUnleashed(fighter=f, token=tok, from_track=tr):
                text = _scheme_text(self.table, f, tok).rstrip(".")
                if tr:
                    return _("{fighter} unleashes a Scheme from her Health track: {scheme}.").format(
                        fighter=n(f), scheme=text
                    )
                return _("{fighter} unleashes a Scheme: {scheme}.").format(fighter=n(f), scheme=text)
            case ev.SchemeIdle(fighter=f, action=a, from_track=tr):
                if a == "plant":
                    return _("{fighter} would plant a Scheme, but the pile is empty: nothing is planted.").format(
                        fighter=n(f)
                    )
                if tr:
                    return _(
                        "Unleash a Scheme (Health track icon): {fighter} has no Scheme planted, nothing to unleash."
                    ).format(fighter=n(f))
                return _("Unleash a Scheme: {fighter} has no Scheme planted, nothing to unleash.").format(fighter=n(f))
            case ev.ExecutionChecked(fighter=f, target=t, hp=h, threshold=th, outcome=o):
                if o == "hits":
                    return _(
                        "Execution: {target} has {hp} HP ({threshold} or fewer): {fighter} deals {hp} Direct Damage."
                    ).format(target=n(t), hp=h, threshold=th, fighter=n(f))
                why = _(EXECUTION_WHY[o]).format(hp=h, threshold=th) if o in EXECUTION_WHY else o.replace("_", " ")
                return _("Execution: {target} {why}: nothing happens.").format(target=n(t), why=why)
            case ev.CrippleIdle(fighter=_f, seat=s, card_id=c):
                if not c:
                    return _(
                        "Crippling Touch: {player} revealed no card, so there is nothing of theirs to remove."
                    ).format(player=seat(s))
                return _("Crippling Touch: {player}'s {card} has already left the game.").format(
                    player=seat(s), card=cname(c)
                )
            case ev.SerpentFlipped(face=fa):
                if fa in SERPENT_FACES:
                    return _(SERPENT_FACES[fa])
                return _("The Serpent token flips to its {face} face.").format(face=fa)
            case ev.CardFlipped(card_id=c):
                return _("{card} is turned upside down for the rest of the Fight.").format(card=cname(c))
            case ev.CardRemoved(seat=s, card_id=c, by_card=b, by_seat=bs) if b and bs == s:
                # TRANSLATORS: the card that removes a card (Crippling Touch) leaves the game itself, as printed on it
                return _("{player}'s {card} leaves the game, as its text says.").format(player=seat(s), card=cname(c))
            case ev.CardRemoved(seat=s, card_id=c, by_card=b, by_seat=bs) if b and bs >= 0:
                return _("{player}'s {card} is removed from the game by {other}'s {cause}.").format(
                    player=seat(s), card=cname(c), other=seat(bs), cause=cname(b)
                )
            case ev.CardRemoved(seat=s, card_id=c):
                return _("{player}'s {card} is removed from the game.").format(player=seat(s), card=cname(c))
            case ev.Transformed(fighter=f, hp=h):
                text = _(
                    "{fighter} transforms into the Berserker Bear with {hp} HP (his Power, at most {cap}); "
                    "no HP change this Turn."
                )
                return text.format(fighter=n(f), hp=h, cap=BEAR_MAX_START)
            case ev.Revived(fighter=f, hp=h):
                return _("{fighter} comes back to life: +1 Power, back to {hp} HP.").format(fighter=n(f), hp=h)
            case ev.BecameSpirit(fighter=f, character=c, spirits=k):
                return _("{fighter}: {character} becomes a Spirit ({count} on the Spirit track).").format(
                    fighter=n(f), character=_track_name(self.table, f, c), count=k
                )
            case ev.CharacterChosen(fighter=f, character=c):
                return _("{fighter}: {character} steps in.").format(
                    fighter=n(f), character=_track_name(self.table, f, c)
                )
            case ev.Incinerated(fighter=f):
                return _("{fighter} carries 5 Aflame! tokens and is Incinerated.").format(fighter=n(f))
            case ev.KnockedOut(fighter=f):
                return _("{fighter} is Knocked Out.").format(fighter=n(f))
            case ev.DragApplied(seat=s):
                return _("Drag You to Hell: {player} would have lost, and wins instead.").format(player=seat(s))
            case ev.FightEnded(round=r):
                return _("End of the Fight step of round {round}.").format(round=r)
            case ev.BuildLocked(seat=s):
                return _("{player} has added a card to their Fight deck.").format(player=seat(s))
            case ev.InstantBonus(seat=s, fighter=f, heal=h):
                return _("Instant bonus for {player}: {fighter} heals {amount}.").format(
                    player=seat(s), fighter=n(f), amount=h
                )
            case ev.GameOver():
                return self.game_over(ev_)
        return ev_.kind.replace("_", " ").capitalize() + "."
