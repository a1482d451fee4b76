"""The Build screen's line-up: your next Fight slot by slot against the opponent's last Fight.

Pure functions: what a card does (Attack, Block, ...) is read from the card data model through
``effect_keywords``; a clash is only the meeting of those words in the same slot, never a rule applied.
Every Action has one mark (``A`` Attack, ``B`` Block, ...) used at every width, and one legend says them
(``legend``: the rules' key list uses it too). A card name too long for its column keeps its first words and
its last ("Rune…Transformation", "Summoning:…Man": names that start alike differ at their end), so each slot
keeps one row; wide line-ups rarely need it. Widths are in cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text

from tagteam.engine.foresight import coming_acts, meeting
from tagteam.engine.now import reachable_ops
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.render.cards import KEYWORDS, action_word
from tagteam.words import N_, _, cells, pgettext
from tagteam.words.names import card_name as printed_name
from tagteam.words.names import fighter_name

NONE = "—"  # a card with no basic Action (it only moves a track, a token, a card): in the legend too
MAYBE = "?"  # an Action the opposing card decides (a condition on it, or a Success part)
ORDER = ("Attack", "Block", "Direct Damage", "Heal", "Power", "Transfer", "Cancel")  # kinds' words, legend order
# The full legend in English (the tests compare with it); ``legend`` writes it in the player's language
LETTER_LEGEND = (
    "A Attack · B Block · D Direct Damage · H Heal · P Power · T Transfer · C Cancel · ? maybe · — no Action · ★ Start"
)
YOU_BLOCK = N_("you block")
THEY_BLOCK = N_("they block")
NEW_MARK = N_("NEW ▶")
WIDE = 100  # from this width on, names are never shortened


def marks() -> dict[str, str]:
    """Each Action's one mark (keyed by its English word, as ``kinds`` gives it), in the player's language."""
    # TRANSLATORS: one letter per Action on the line-up (Attack, Block, Direct Damage, Heal, Power, Transfer,
    # Cancel); each must differ from the others and from "?"
    return {
        "Attack": pgettext("action mark", "A"),
        "Block": pgettext("action mark", "B"),
        "Direct Damage": pgettext("action mark", "D"),
        "Heal": pgettext("action mark", "H"),
        "Power": pgettext("action mark", "P"),
        "Transfer": pgettext("action mark", "T"),
        "Cancel": pgettext("action mark", "C"),
    }


def mark(kind: str) -> str:
    """The one mark of an Action (its English word as ``kinds`` gives it)."""
    return marks().get(kind, "?")


def _legend_words(short: bool) -> dict[str, str]:
    """The words the legend gives each mark; ``short`` for the narrowest form (80 columns)."""
    if short:
        # TRANSLATORS: the legend's words at 80 columns: as short as can still be read (abbreviate freely)
        return {
            "Attack": pgettext("legend, short", "Attack"),
            "Block": pgettext("legend, short", "Block"),
            "Direct Damage": pgettext("legend, short", "Direct Dmg"),
            "Heal": pgettext("legend, short", "Heal"),
            "Power": pgettext("legend, short", "Power"),
            "Transfer": pgettext("legend, short", "Transfer"),
            "Cancel": pgettext("legend, short", "Cancel"),
            MAYBE: pgettext("legend, short", "maybe"),
        }
    words = {kind: action_word(kind) for kind in ORDER}
    # TRANSLATORS: the legend's "? maybe": an Action the other card decides
    words[MAYBE] = pgettext("legend", "maybe")
    return words


def legend_entries(star: bool = True, short: bool = False, none: bool = False) -> list[str]:
    """The legend's entries, each a mark and its word ("A Attack"), "? maybe", (with ``none``) "— no Action"
    and (with ``star``) "★ Start": the one list of marks that the line-up and the rules' key list both show."""
    words = _legend_words(short)
    out = [f"{mark(kind)} {words[kind]}" for kind in ORDER]
    out.append(f"{MAYBE} {words[MAYBE]}")
    if none:
        out.append(f"{NONE} {no_action()}")
    if star:
        out.append(_("★ Start"))
    return out


def no_action() -> str:
    """The legend's word for ``NONE``: a card with no basic Action."""
    # TRANSLATORS: the legend's "— no Action": a card that only moves a track, a token or a card
    return pgettext("legend", "no Action")


def legend(width: int = 200) -> str:
    """The Action marks' legend, the longest form that fits ``width`` cells: every entry with the ★ (" · "
    between them), then without the ★ (the line-up's title says it), then closer, then in short words; never cut."""
    options = [
        " · ".join(legend_entries(True, none=True)),
        " · ".join(legend_entries(False, none=True)),
        "  ".join(legend_entries(False, none=True)),
        " ".join(legend_entries(False, none=True)),
        " ".join(legend_entries(False, short=True, none=True)),
        " · ".join(legend_entries(True)),
        " · ".join(legend_entries(False)),
        "  ".join(legend_entries(False)),
        " ".join(legend_entries(False)),
        " ".join(legend_entries(False, short=True)),
    ]
    return next((text for text in options if cells(text) <= width), options[-1])


@dataclass(frozen=True, slots=True)
class Slot:
    """One card in a line-up: the instance and whether it lies upside down."""

    inst: int
    flipped: bool


def kinds(table: GameTable, slot: Slot, view: PlayerView | None = None) -> list[str]:
    """The basic Actions the card performs (the icons on its edge), read from the card model, as their
    English words (keys: ``action_words`` and ``mark`` write them for the player).

    With a ``view``, only what the card would do if revealed now (``tagteam.engine.now``): a branch the
    position rules out is dropped. An Action the opposing card decides (or, with no ``view``, any Action
    under a condition) ends in ``MAYBE``."""
    ci = table.cards[slot.inst]
    model = ci.cdef.model
    upside = slot.flipped and model.flipped_text is not None
    effects = (model.flipped_effects or []) if upside else model.effects
    return _kinds(reachable_ops(view, ci.owner, effects), ci.cdef.instant_heal)


def coming_kinds(table: GameTable, slot: Slot, view: PlayerView | None = None) -> list[str]:
    """As ``kinds``, for a card played in a Fight to come (the Build's line-up and drawn cards): sure only
    what nothing before its Turn can change (``tagteam.engine.foresight``), every other Action "maybe"."""
    acts = coming_acts(table, slot.inst, slot.flipped, view)
    return _kinds({a.op: a.sure for a in acts}, table.cards[slot.inst].cdef.instant_heal)


def _kinds(ops: dict[str, bool], instant_heal: int) -> list[str]:
    found: list[str] = []
    for op, sure in ops.items():
        word = KEYWORDS.get(op)
        if word is None:
            continue
        if word + MAYBE in found and sure:
            found.remove(word + MAYBE)
        if word not in found and word + MAYBE not in found:
            found.append(word if sure else word + MAYBE)
    if instant_heal and "Heal" not in found:
        found = ["Heal"] + [k for k in found if k != "Heal" + MAYBE]
    return found


def _base(kind: str) -> tuple[str, bool]:
    return (kind[: -len(MAYBE)], False) if kind.endswith(MAYBE) else (kind, True)


def action_words(kinds_: list[str]) -> list[str]:
    """``kinds`` in the player's language, each maybe still ending in ``MAYBE`` ("Attack?")."""
    words = _legend_words(False)
    out = []
    for k in kinds_:
        word, sure = _base(k)
        out.append(words.get(word, word) if sure else maybe(words.get(word, word)))
    return out


def maybe(words: str) -> str:
    """Words for an Action the opposing card decides, asked as a question ("Attack?"; French "Attaque ?")."""
    # TRANSLATORS: an Action (or "you block") that may not happen: its condition decides; French puts a space
    return pgettext("an Action that may happen", "{action}?").format(action=words)


def kinds_marks(table: GameTable, slot: Slot, view: PlayerView | None = None, ahead: bool = False) -> str:
    """The Actions as their marks ("A+P?"): the one set of marks the legend explains, at every width;
    ``ahead``: in the Fight to come (``coming_kinds``). A card with no basic Action reads ``NONE``."""
    out = []
    for k in (coming_kinds if ahead else kinds)(table, slot, view):
        word, sure = _base(k)
        out.append(mark(word) + ("" if sure else MAYBE))
    return "+".join(out) or NONE


kinds_short = kinds_marks  # one set of marks: the wide and the narrow line-up tag alike
kinds_letters = kinds_marks


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
            out.append(_(words) if blocker["Block"] and attacker["Attack"] else maybe(_(words)))
    return " & ".join(out)


def coming_clash(table: GameTable, mine: Slot | None, theirs: Slot | None, view: PlayerView | None = None) -> str:
    """As ``clash``, in the Fight to come against the opponent's last Fight: their card in a slot is never
    certain (they insert one of their own), so a Block meeting an Attack is always "maybe"
    (``tagteam.engine.foresight.meeting``)."""
    if mine is None or theirs is None:
        return ""
    a = coming_acts(table, mine.inst, mine.flipped, view)
    b = coming_acts(table, theirs.inst, theirs.flipped, view)
    met = meeting(a, b, placed=False)
    out = []
    for verdict, words in ((met.you_block, YOU_BLOCK), (met.they_block, THEY_BLOCK)):
        if verdict is not None:
            out.append(_(words) if verdict else maybe(_(words)))
    return " & ".join(out)


def _cut(words: list[str], i: int, j: int) -> str:
    """Words before ``i``, "…", words from ``j``."""
    return " ".join(words[:i]) + "…" + " ".join(words[j:])


def shorten(name: str, width: int, ends: bool = True) -> str:
    """A long name cut only between words, in ``width`` cells: its first words, "…", then its last word(s)
    ("Rune…Transformation", "Hand of…Righteous"): the start reads first and the end, where names differ
    ("Rune of Strength", "Rune of Transformation"), stays. The most words kept win, then the most first
    words, then the most cells. Without ``ends``, or where no first and last word fit together, as many
    first words as fit ("Rune of…").
    A name whose first word does not fit is kept whole (it wraps)."""
    if cells(name) <= width:
        return name
    words = name.split()
    best, score = "", (0, 0, 0)
    for i in range(1, len(words)):
        for j in range(i + 1, len(words) + 1) if ends else (len(words),):
            if ends and j == len(words):
                continue
            text = _cut(words, i, j)
            kept = (i + len(words) - j, i, cells(text))
            if cells(text) <= width and (not best or kept > score):
                best, score = text, kept
    if best or not ends:
        return best or name
    return shorten(name, width, ends=False)


def distinct_short(names: list[str], width: int) -> dict[str, str]:
    """Shortened names that stay distinct (``shorten``): a name whose short form another's shares is kept
    whole (it wraps)."""
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
    """The card's printed name in the player's language."""
    return printed_name(table.cards[slot.inst].cdef.model)


def card_marks(table: GameTable, slot: Slot) -> str:
    """What follows a name, never shortened: the Starting star and an upside-down Summoning."""
    return (" ★" if table.cards[slot.inst].starred else "") + (" ⇅" if slot.flipped else "")


def _pad(text: str, width: int) -> str:
    """``text`` padded with blanks to ``width`` cells."""
    return text + " " * max(0, width - cells(text))


def drawn_line(table: GameTable, slot: Slot, mark_: str, view: PlayerView | None = None) -> Text:
    """One drawn card in a line: what happens to it, what it does, its full name and its Fighter."""
    ci = table.cards[slot.inst]
    text = Text(mark_, style="bold")
    text.append(f" {_pad(kinds_marks(table, slot, view, ahead=True), 8)} ")
    text.append(card_name(table, slot) + card_marks(table, slot), style="bold")
    # TRANSLATORS: after a drawn card's name: the Fighter whose card it is
    text.append(_(" — {fighter}").format(fighter=fighter_name(table.fighters[ci.owner].model)))
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

    ``theirs`` is None when table memory hides the opponent's last Fight. ``wide`` is kept for callers: every
    width tags the Actions with the same marks (``kinds_marks``, explained by ``legend``).
    With a ``view`` each card is labelled by what it would do now (``kinds``), and a card of theirs the view
    says was removed from the game (Crippling Touch) takes no slot: the engine drops it from their Fight
    deck, so every card below it comes up a Turn sooner. A last row names what was removed."""
    gone = view.removed if view is not None else frozenset()
    other = [s for s in theirs or [] if s.inst not in gone]
    removed = [s for s in theirs or [] if s.inst in gone]
    count = max(len(mine), len(other))
    shown = [card_name(table, s) for s in mine + other]
    tags = {s: kinds_marks(table, s, view, ahead=True) for s in mine + other}
    kind_w = max([1, *(cells(t) for t in tags.values())])
    clashes = [coming_clash(table, a, b, view) for a, b in zip(mine, other, strict=False)]
    clash_w = max([1, *(cells(c) for c in clashes)])
    new_mark = _(NEW_MARK)
    new_w = max(5, cells(new_mark))
    name_w = max(8, (width - 2 - new_w - 2 * kind_w - clash_w - 6) // 2)
    short = distinct_short(shown, name_w - 2)  # room for the marks after a name (★, ⇅)
    rows: list[Table] = []
    for i in range(count):
        grid = Table.grid(expand=True, padding=(0, 1, 0, 0))
        grid.add_column(width=2, justify="right", no_wrap=True)
        grid.add_column(width=new_w, no_wrap=True)
        grid.add_column(width=kind_w, no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        grid.add_column(width=clash_w, no_wrap=True)
        grid.add_column(width=kind_w, no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        you = mine[i] if i < len(mine) else None
        them = other[i] if i < len(other) else None
        row: list[Text] = [Text(str(i + 1))]
        if you is not None:
            new = i == position
            row.append(Text(new_mark if new else "", style="bold reverse" if new else ""))
            row.append(Text(tags[you]))
            name = short[card_name(table, you)] + card_marks(table, you)
            row.append(Text(name, style="bold" if new else ""))
        else:
            row.extend([Text(""), Text(""), Text("")])
        row.append(Text(coming_clash(table, you, them, view), style="bold"))
        if theirs is None:
            row.extend([Text("?"), Text(_("hidden"), style="italic")])
        elif them is not None:
            row.extend([Text(tags[them]), Text(short[card_name(table, them)] + card_marks(table, them))])
        else:
            row.extend([Text(""), Text("")])
        grid.add_row(*row)
        rows.append(grid)
    if removed:
        names = ", ".join(card_name(table, s) for s in removed)
        note = Table.grid(expand=True)
        note.add_column(ratio=1, overflow="fold")
        text = _("Removed from the game, not in their next Fight: {cards}").format(cards=names)
        note.add_row(Text(text, style="italic"))
        rows.append(note)
    return rows


@dataclass(frozen=True, slots=True)
class Fold:
    """Line-up rows ``first`` to ``last`` (0-based, both in) left out of sight, said in one row."""

    first: int
    last: int


def folded(heights: Sequence[int], room: int, keep: Iterable[int], around: int) -> list[int | Fold]:
    """The line-up's rows to show in ``room`` terminal rows (``heights``: each row's): all of them when they
    fit. Else the rows of ``keep`` (slot 1, the new card's slot and its neighbours, the bottom: the rows the
    keys reach next), then the rows nearest ``around`` while they fit, and each run of rows left out as one
    ``Fold`` row, so slot 1 and the new card never scroll out of sight. Rows of ``keep`` that do not fit
    are still shown (the box scrolls then)."""
    n = len(heights)
    if sum(heights) <= room:
        return list(range(n))
    shown = {i for i in keep if 0 <= i < n}

    def cost(rows: set[int]) -> int:
        gaps = sum(1 for i in range(n) if i not in rows and (i == 0 or i - 1 in rows))
        return sum(heights[i] for i in rows) + gaps

    for i in sorted(set(range(n)) - shown, key=lambda i: (abs(i - around), i)):
        if cost(shown | {i}) <= room:
            shown.add(i)
    out: list[int | Fold] = []
    for i in range(n):
        if i in shown:
            out.append(i)
        elif i == 0 or i - 1 in shown:
            last = next((j - 1 for j in range(i, n) if j in shown), n - 1)
            out.append(Fold(i, last))
    return out


def fold_row(fold: Fold) -> Table:
    """The row that stands for the folded slots: "⋮ slots 3–8", the slot column's "⋮" under the numbers."""
    grid = Table.grid(expand=True, padding=(0, 1, 0, 0))
    grid.add_column(width=2, justify="right", no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    if fold.first == fold.last:
        # TRANSLATORS: a line-up row standing for one slot out of sight (↑↓ bring it into view)
        text = _("slot {slot} (↑↓)").format(slot=fold.first + 1)
    else:
        # TRANSLATORS: a line-up row standing for the slots out of sight (↑↓ bring them into view)
        text = _("slots {first}–{last} (↑↓)").format(first=fold.first + 1, last=fold.last + 1)
    grid.add_row(Text("⋮"), Text(text, style="dim italic"))
    return grid


def lineup_header(width: int, hidden: bool = False, star: bool = False) -> str:
    """The line-up's title: the longest wording that fits ``width`` cells (with ``star``, it also says what
    ★ means, for a legend too short to)."""
    if hidden:
        long = _("Your next Fight (↑↓ moves NEW) vs their last Fight hidden (table memory)")
        short = _("Your next Fight vs their last Fight hidden (table memory)")
        tiny = _("Your next Fight vs their hidden Fight")
    else:
        long = _("Your next Fight (↑↓ moves NEW) vs opponent's last Fight")
        short = _("Your next Fight vs opponent's last Fight")
        tiny = _("Your next Fight vs their last")
    options = [long, short, tiny]
    if star:
        # TRANSLATORS: {title} is the line-up's title; "★ Starting Card" / "★ Start" say what the star means
        with_star = _("{title} · ★ Starting Card")
        options = [  # a shorter title before a shorter star: "★ Start" alone did not say what it meant
            with_star.format(title=long),
            with_star.format(title=short),
            with_star.format(title=tiny),
            _("{title} · ★ Start").format(title=short),
            _("{title} · ★ Start").format(title=tiny),
        ]
    return next((title for title in options if cells(title) <= width), options[-1])


def lineup_legend(wide: bool, width: int = 200) -> str:
    """The legend for the line-up's marks that fits in ``width`` cells (``legend``; ``wide`` is kept for
    callers: the marks are the same at every width)."""
    return legend(width)
