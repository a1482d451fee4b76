"""The Fight table's words: what each revealed card did, drawn at the pair, and the table's labels.

Short pieces, not sentences: the log (``tagteam.words.log``) tells the same events in full; here each event
is a mark and a few words beside the card that caused it ("⚔ 2 → Golem", "−3 HP Golem"). Every mark is
followed by words, so nothing is said by a symbol or a colour alone.
"""

from __future__ import annotations

from tagteam.words.lang import N_, _, ngettext
from tagteam.words.log import TOKEN_WORDS, _special_name
from tagteam.words.numbers import decimal

LOG_KEY = N_("Log")  # the key that opens the log drawer, as the footer names it

ATTACK = "⚔"
BLOCK = "⊘"
HEAL = "♥"
HURT = "✚"  # never alone: "−3 HP" follows it
UP = "▲"
DOWN = "▼"
TOKEN = "●"
MOVE = "→"


def marks_legend() -> str:
    """What the table's marks beside the revealed cards mean (the log drawer says it)."""
    return _("At the cards: ⚔ Attack (its Power → its target) · ⊘ Block · −HP lost · ♥ healed · ▲▼ up, down · ● token")


def attack(power: int, target: str, short: bool = False) -> str:
    """An Attack declared: its Power on an arrow, and at whom (``short``: the mark says "Attack")."""
    if short:
        return _("{mark} {power} → {target}").format(mark=ATTACK, power=power, target=target)
    # TRANSLATORS: at the revealed card: an Attack of {power} Power aimed at {target} ("⚔ Attack 3 → Golem")
    return _("{mark} Attack {power} → {target}").format(mark=ATTACK, power=power, target=target)


def blocked(blocker: str) -> str:
    """The Attack just drawn was negated by a Block."""
    return _("{mark} negated by {blocker}'s Block").format(mark=BLOCK, blocker=blocker)


def block(negated: bool) -> str:
    """A Block: whether it negated an Attack."""
    if negated:
        return _("{mark} Block: Attack negated").format(mark=BLOCK)
    # TRANSLATORS: a Block with no Attack to negate this Turn
    return _("{mark} Block: nothing to negate").format(mark=BLOCK)


def absorbed(power: int) -> str:
    """An Attack taken by something else than the Fighter's HP."""
    return _("{mark} Attack {power} absorbed").format(mark=BLOCK, power=power)


def hp_lost(amount: int, fighter: str, start: int, end: int, short: bool = False) -> str:
    """HP a Fighter lost this Turn, and where its marker went (``short``: not where)."""
    if short:
        return _("−{amount} HP {fighter}").format(amount=amount, fighter=fighter)
    # TRANSLATORS: on the table: "−3 HP Golem (14 → 11)"
    return _("−{amount} HP {fighter} ({start} → {end})").format(amount=amount, fighter=fighter, start=start, end=end)


def hp_gained(amount: int, fighter: str, start: int, end: int, short: bool = False) -> str:
    """HP a Fighter gained back this Turn, and where its marker went (``short``: not where)."""
    if short:
        return _("{mark} +{amount} HP {fighter}").format(mark=HEAL, amount=amount, fighter=fighter)
    return _("{mark} +{amount} HP {fighter} ({start} → {end})").format(
        mark=HEAL, amount=amount, fighter=fighter, start=start, end=end
    )


def hp_still(fighter: str) -> str:
    """HP changes that left the marker where it was."""
    return _("{fighter}: HP unchanged").format(fighter=fighter)


def power(fighter: str, old: int, new: int, short: bool = False) -> str:
    """A Fighter's Power changed (``short``: without the Fighter's name)."""
    mark = UP if new > old else DOWN
    if short:
        return _("{mark} Power {old} → {new}").format(mark=mark, old=old, new=new)
    return _("{mark} {fighter} Power {old} → {new}").format(mark=mark, fighter=fighter, old=old, new=new)


def track(fighter: str, name: str, old: int, new: int, short: bool = False) -> str:
    """A special track moved (Rage, Fleet, Spirits, the Divine Voice...); ``short``: without the Fighter."""
    mark = UP if new > old else DOWN
    if short:
        return _("{mark} {track} {old} → {new}").format(mark=mark, track=name, old=old, new=new)
    return _("{mark} {fighter} {track} {old} → {new}").format(mark=mark, fighter=fighter, track=name, old=old, new=new)


def track_name(name: str) -> str:
    """A special track's name, as the log names it."""
    return _special_name(name)


def token(name: str, count: int, to: str) -> str:
    """A token moving to a Fighter, or back to its owner's supply."""
    said = _(TOKEN_WORDS[name]) if name in TOKEN_WORDS else name
    if count > 1:
        # TRANSLATORS: several tokens of one kind, as the boards count them ("Aflame! ×2")
        said = _("{token} ×{count}").format(token=said, count=count)
    return _("{mark} {token} {move} {holder}").format(mark=TOKEN, token=said, move=MOVE, holder=to)


def seconds(value: float) -> str:
    """A delay in seconds as the reader writes a decimal ("0.5", "0,5"): the auto-play's speed."""
    return decimal(value, 2 if round(value, 1) != value else 1)


def supply() -> str:
    """Where a token goes back to: its owner's supply."""
    return _("the supply")


def instant(fighter: str, amount: int) -> str:
    """An Instant Bonus healed before the reveal."""
    return _("{mark} Instant heal {amount}: {fighter}").format(mark=HEAL, amount=amount, fighter=fighter)


def heal_counted(fighter: str, amount: int) -> str:
    """Healing that counts something (per Spirit, per Power)."""
    return _("{mark} heal {amount}: {fighter}").format(mark=HEAL, amount=amount, fighter=fighter)


def knocked_out(fighter: str) -> str:
    return _("✖ {fighter} knocked out").format(fighter=fighter)


def cancelled() -> str:
    """The card was cancelled: it does nothing this Turn."""
    return _("✖ cancelled")


def removed(card: str) -> str:
    """A card left the game."""
    return _("✖ {card} leaves the game").format(card=card)


def nothing() -> str:
    """A card that changed nothing a board shows."""
    return _("no effect on the boards")


def scheme(fighter: str, planted: bool) -> str:
    """Milady plants or unleashes a Scheme."""
    if planted:
        return _("{mark} {fighter} plants a Scheme").format(mark=TOKEN, fighter=fighter)
    return _("{mark} {fighter} unleashes a Scheme").format(mark=TOKEN, fighter=fighter)


def in_play() -> str:
    """Over a card of the pair: it is the one being revealed this Turn."""
    # TRANSLATORS: above the card being revealed this Turn
    return _("revealed now")


def row_label(player: str, count: int, left: int) -> str:
    """A Fight deck's row: whose it is, how many cards it holds and how many are still to come."""
    return ngettext(
        "{player} · {count} card, {left} to come", "{player} · {count} cards, {left} to come", count
    ).format(player=player, count=count, left=left)


def to_come() -> str:
    """On one of your own coming cards, face up where you alone watch: it is still to come."""
    # TRANSLATORS: one short line at the foot of a card of your own still to come this Fight
    return _("▢ to come")


def to_come_yours() -> str:
    """Under your own coming cards, shown face up only where you alone watch."""
    return _("yours to come (only you see them)")


def no_card() -> str:
    """The pair's place before the first Turn."""
    return _("No card revealed yet: n or space reveals the first pair.")


def drawer_title() -> str:
    """The log drawer's heading: what it is and how to close it."""
    return _("Log · l closes · Tab then ↑↓ PgUp PgDn scroll")


def log_key_hint() -> str:
    """The status line's reminder that the log is one key away."""
    return _("l: log")


def recap_hint() -> str:
    """At a pause: the recap of the Fight is in the log drawer."""
    return _("l: the log and the recap")
