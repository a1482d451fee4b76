"""The Build screen's line-up: your next Fight slot by slot against the opponent's last Fight.

Pure functions: what a card does (Attack, Block, ...) is read from the card data model through
``effect_keywords``; a clash is only the meeting of those words in the same slot, never a rule applied.
A card name too long for its column is shortened between words ("Summon…Green Man") so that two
different names never shorten to the same text and each slot keeps one row; wide line-ups rarely need it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text

from tagteam.engine.now import reachable_ops
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.render.cards import KEYWORDS

SHORT_KINDS: dict[str, str] = {
    "Attack": "Atk",
    "Block": "Blk",
    "Direct Damage": "DD",
    "Heal": "Heal",
    "Power": "Pow",
    "Transfer": "Xfer",
    "Cancel": "Cncl",
}
LETTERS: dict[str, str] = {
    "Attack": "A",
    "Block": "B",
    "Direct Damage": "D",
    "Heal": "H",
    "Power": "P",
    "Transfer": "T",
    "Cancel": "C",
}
KIND_LEGEND = "Atk Attack, Blk Block, DD Direct Damage, Pow Power, Xfer Transfer, Cncl Cancel, ? maybe, ★ Start"
KIND_LEGEND_SHORT = "Atk Attack Blk Block DD Direct Dmg Pow Power Xfer Transfer Cncl Cancel ? maybe ★ Start"
LETTER_LEGEND = "A Attack B Block D Direct Dmg H Heal P Power T Transfer C Cancel a: maybe ★ Start"
LETTER_LEGEND_SHORT = "A Attack B Block D Direct Dmg H Heal P Power T Transfer C Cancel a: maybe"
STAR = "★ Starting Card"
MAYBE = "?"  # an Action the opposing card decides (a condition on it, or a Success part)
YOU_BLOCK = "you block"
THEY_BLOCK = "they block"
NEW_MARK = "NEW ▶"
WIDE = 100  # from this width on, names are never shortened


@dataclass(frozen=True, slots=True)
class Slot:
    """One card in a line-up: the instance and whether it lies upside down."""

    inst: int
    flipped: bool


def kinds(table: GameTable, slot: Slot, view: PlayerView | None = None) -> list[str]:
    """The basic Actions the card performs (the icons on its edge), read from the card model.

    With a ``view``, only what the card would do if revealed now (``tagteam.engine.now``): a branch the
    position rules out is dropped. An Action the opposing card decides (or, with no ``view``, any Action
    under a condition) ends in ``MAYBE``."""
    ci = table.cards[slot.inst]
    cd = ci.cdef
    model = cd.model
    upside = slot.flipped and model.flipped_text is not None
    effects = (model.flipped_effects or []) if upside else model.effects
    found: list[str] = []
    for op, sure in reachable_ops(view, ci.owner, effects).items():
        word = KEYWORDS.get(op)
        if word is None:
            continue
        if word + MAYBE in found and sure:
            found.remove(word + MAYBE)
        if word not in found and word + MAYBE not in found:
            found.append(word if sure else word + MAYBE)
    if cd.instant_heal and "Heal" not in found:
        found = ["Heal"] + [k for k in found if k != "Heal" + MAYBE]
    return found


def _base(kind: str) -> tuple[str, bool]:
    return (kind[: -len(MAYBE)], False) if kind.endswith(MAYBE) else (kind, True)


def kinds_short(table: GameTable, slot: Slot, view: PlayerView | None = None) -> str:
    out = []
    for k in kinds(table, slot, view):
        word, sure = _base(k)
        out.append(SHORT_KINDS.get(word, word) + ("" if sure else MAYBE))
    return "+".join(out) or "—"


def kinds_letters(table: GameTable, slot: Slot, view: PlayerView | None = None) -> str:
    """The Actions as one letter each (``LETTER_LEGEND``), for 80 columns; lower case for a maybe."""
    out = []
    for k in kinds(table, slot, view):
        word, sure = _base(k)
        letter = LETTERS.get(word, "?")
        out.append(letter if sure else letter.lower())
    return "".join(out) or "—"


def clash(table: GameTable, mine: Slot | None, theirs: Slot | None, view: PlayerView | None = None) -> str:
    """Words for a Block meeting an Attack in the same slot: "you block" or "they block" (or both),
    with ``MAYBE`` when either Action is one the opposing card decides."""
    if mine is None or theirs is None:
        return ""
    a = dict(_base(k) for k in kinds(table, mine, view))
    b = dict(_base(k) for k in kinds(table, theirs, view))
    out = []
    for blocker, attacker, words in ((a, b, YOU_BLOCK), (b, a, THEY_BLOCK)):
        if "Block" in blocker and "Attack" in attacker:
            out.append(words + ("" if blocker["Block"] and attacker["Attack"] else MAYBE))
    return " & ".join(out)


def shorten(name: str, width: int) -> str:
    """A long name cut only between words: its first words, "…", its last words (the ends tell cards apart
    best), as many as fit in ``width``; a name whose words cannot be kept that way is kept whole (it wraps)."""
    if len(name) <= width:
        return name
    words = name.split()
    best, score = "", (False, 0)
    for i in range(len(words)):
        for j in range(max(i, 1), len(words) + 1):
            text = " ".join(words[:i]) + "…" + " ".join(words[j:])
            both = (i > 0 and j < len(words), len(text))  # both ends kept tells names apart best
            if i + len(words) - j and len(text) <= width and both > score:
                best, score = text, both
    return best or name


def distinct_short(names: list[str], width: int) -> dict[str, str]:
    """Shortened names that stay distinct: a name whose shortening collides with another's is kept whole."""
    out = {n: shorten(n, width) for n in set(names)}
    seen: dict[str, list[str]] = {}
    for full, short in out.items():
        seen.setdefault(short, []).append(full)
    for fulls in seen.values():
        if len(fulls) > 1:
            for full in fulls:
                out[full] = full
    return out


def card_name(table: GameTable, slot: Slot) -> str:
    return table.cards[slot.inst].cdef.name


def card_marks(table: GameTable, slot: Slot) -> str:
    """What follows a name, never shortened: the Starting star and an upside-down Summoning."""
    return (" ★" if table.cards[slot.inst].starred else "") + (" ⇅" if slot.flipped else "")


def drawn_line(table: GameTable, slot: Slot, mark: str, view: PlayerView | None = None) -> Text:
    """One drawn card in a line: what happens to it, what it does, its full name and its Fighter."""
    ci = table.cards[slot.inst]
    text = Text(mark, style="bold")
    text.append(f" {kinds_short(table, slot, view):<8} ")
    text.append(card_name(table, slot) + card_marks(table, slot), style="bold")
    text.append(f" — {table.fighters[ci.owner].name}")
    return text


def lineup_rows(
    table: GameTable,
    mine: list[Slot],
    theirs: list[Slot] | None,
    position: int,
    width: int,
    wide: bool | None = None,
    view: PlayerView | None = None,
) -> list[Table]:
    """One grid row per slot, laid out for ``width`` columns: slot, your card, the clash, their card.

    ``theirs`` is None when table memory hides the opponent's last Fight. ``wide`` (default: ``width`` from
    ``WIDE`` on) tags Actions in short words rather than letters; the screen passes its own width's verdict.
    With a ``view`` each card is labelled by what it would do now (``kinds``), and a card of theirs the view
    says was removed from the game (Crippling Touch) takes no slot: the engine drops it from their Fight
    deck, so every card below it comes up a Turn sooner. A last row names what was removed."""
    gone = view.removed if view is not None else frozenset()
    other = [s for s in theirs or [] if s.inst not in gone]
    removed = [s for s in theirs or [] if s.inst in gone]
    count = max(len(mine), len(other))
    shown = [card_name(table, s) for s in mine + other]
    wide = width >= WIDE if wide is None else wide
    what = kinds_short if wide else kinds_letters
    tags = {s: what(table, s, view) for s in mine + other}
    kind_w = max([1, *(len(t) for t in tags.values())])
    clashes = [clash(table, a, b, view) for a, b in zip(mine, other, strict=False)]
    clash_w = max([1, *(len(c) for c in clashes)])
    name_w = max(8, (width - 2 - 5 - 2 * kind_w - clash_w - 6) // 2)
    short = distinct_short(shown, name_w - 2)  # room for the marks after a name (★, ⇅)
    rows: list[Table] = []
    for i in range(count):
        grid = Table.grid(expand=True, padding=(0, 1, 0, 0))
        grid.add_column(width=2, justify="right", no_wrap=True)
        grid.add_column(width=5, no_wrap=True)
        grid.add_column(width=kind_w, no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        grid.add_column(width=clash_w, no_wrap=True)
        grid.add_column(width=kind_w, no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        you = mine[i] if i < len(mine) else None
        them = other[i] if i < len(other) else None
        cells: list[Text] = [Text(str(i + 1))]
        if you is not None:
            new = i == position
            cells.append(Text(NEW_MARK if new else "", style="bold reverse" if new else ""))
            cells.append(Text(tags[you]))
            name = short[card_name(table, you)] + card_marks(table, you)
            cells.append(Text(name, style="bold" if new else ""))
        else:
            cells.extend([Text(""), Text(""), Text("")])
        cells.append(Text(clash(table, you, them, view), style="bold"))
        if theirs is None:
            cells.extend([Text("?"), Text("hidden", style="italic")])
        elif them is not None:
            cells.extend([Text(tags[them]), Text(short[card_name(table, them)] + card_marks(table, them))])
        else:
            cells.extend([Text(""), Text("")])
        grid.add_row(*cells)
        rows.append(grid)
    if removed:
        names = ", ".join(card_name(table, s) for s in removed)
        note = Table.grid(expand=True)
        note.add_column(ratio=1, overflow="fold")
        note.add_row(Text(f"Removed from the game, not in their next Fight: {names}", style="italic"))
        rows.append(note)
    return rows


def lineup_header(width: int, hidden: bool = False, star: bool = False) -> str:
    """The line-up's title: the longest wording that fits ``width`` cells (with ``star``, it also says what
    ★ means, for a legend too short to)."""
    them = "their last Fight hidden (table memory)" if hidden else "opponent's last Fight"
    long, short = f"Your next Fight (↑↓ moves NEW) vs {them}", f"Your next Fight vs {them}"
    options = [long, short]
    if star:
        options = [f"{long} · {STAR}", f"{short} · {STAR}", f"{short} · ★ Start"]
    return next((title for title in options if len(title) <= width), options[-1])


def lineup_legend(wide: bool, width: int = 200) -> str:
    """The longest legend for the Action tags in use that fits in ``width`` cells, so none is ever cut."""
    options = (KIND_LEGEND, KIND_LEGEND_SHORT) if wide else (LETTER_LEGEND, LETTER_LEGEND_SHORT)
    return next((legend for legend in options if len(legend) <= width), options[-1])
