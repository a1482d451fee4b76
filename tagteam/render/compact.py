"""Packed team boards for the Build and Fight screens: HP as a number (and a bar), Power, the next Stop, tokens.

Pure functions from a PlayerView to rich renderables. They compute no rules: every number is a field of the
view, and every state shown in colour is also written as a word or a mark (``▶ ACTIVE``, ``KO``, ``[n]``).
Both screens draw their teams with ``team_packed`` and choose its detail with ``board_level``, so a player
reads the same board, at the same size, while building and while fighting.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tagteam.engine.view import FighterView, PlayerView
from tagteam.render.board import (
    Palette,
    deck_counts,
    dial,
    track_name,
    track_strip,
    transformed,
)
from tagteam.render.unwidowed import Unwidowed
from tagteam.words import _, cells
from tagteam.words import boards as words
from tagteam.words.names import active_mark, card_name, card_text, fighter_name

BAR_FULL = "█"
BAR_EMPTY = "░"


def hp_bar(hp: int, max_hp: int, width: int = 12) -> Text:
    """HP as a bar of ``width`` cells plus the number, so the bar is never the only way to read it."""
    width = max(4, width)
    filled = 0 if max_hp <= 0 else round(width * max(0, min(hp, max_hp)) / max_hp)
    if hp > 0 and filled == 0:
        filled = 1  # alive is never drawn as empty
    text = Text(_("HP") + " ")
    text.append(BAR_FULL * filled, style="green" if hp * 3 > max_hp else "red")
    text.append(BAR_EMPTY * (width - filled), style="dim")
    text.append(f" {hp}/{max_hp}", style="bold")
    return text


def short_special(view: PlayerView, fv: FighterView, pal: Palette, brief: bool = False) -> Text | None:
    """The special track in one short line (the dial's spaces abbreviated, the marker bracketed); ``brief``
    leaves Rage its value only ("Rage: 6/7"), for the leanest boards."""
    options = special_rows(view, fv, pal)
    if not options:
        return None
    return options[-1] if brief else options[0]


def _bar(value: int, top: int, cells_: int, pal: Palette) -> Text:
    """A track's fill as ``cells_`` pieces (▰ reached, ▱ not yet): a picture beside the number, never instead."""
    filled = 0 if top <= 0 else round(cells_ * max(0, min(value, top)) / top)
    return Text("▰" * filled, style=pal.icon).append("▱" * (cells_ - filled), style=pal.dim)


def special_rows(view: PlayerView, fv: FighterView, pal: Palette) -> list[Text]:
    """A Fighter's special track as its own labelled row, the richest form first, the shortest last (the
    board draws the first that fits): the Divine Voice dial with its marker, Rage, the Fleet and the Spirit
    track with their value, a bar and what they pay. Empty: no special track."""
    assert view.table is not None
    fd = view.table.fighters[fv.index]
    if fd.special == "divine_voice":
        text = Text(words.voice() + " ")
        payouts = {2: "+P", 4: "+P→"}
        for i, name in enumerate(dial()):
            if i:
                text.append("·")
            label = name + payouts.get(i, "")
            text.append(f"[{label}]" if i == fv.special else label, style=pal.marker if i == fv.special else "")
        return [text]
    if fd.special == "rage":
        top = fd.special_size - 1
        value = Text(words.rage(fv.special, top), style="bold")
        tail = words.rage_spent() if transformed(fd, fv) else words.rage_pays(top)
        return [
            value.copy().append(" ").append_text(_bar(fv.special, top, top, pal)).append(" " + tail, style=pal.dim),
            value.copy().append(" · " + tail, style=pal.dim),
            value,
        ]
    if fd.special == "fleet":
        value = Text(words.fleet(fv.special), style="bold")
        return [value.copy().append(" ").append_text(_bar(fv.special, 20, 10, pal)), value]
    if fd.special == "spirit":
        total = fd.special_size - 1
        value = Text(words.spirits(fv.special, total), style="bold")
        pips = Text("✧" * fv.special, style=pal.icon).append("○" * max(0, total - fv.special), style=pal.dim)
        return [value.copy().append(" ").append_text(pips), value]
    return []


def token_pieces(view: PlayerView, fv: FighterView) -> list[str]:
    """The tokens on this Fighter as pieces, each a mark and a word (and the owner's supply left, on the
    owner's row): the Sheriff, the Presence, the Serpent's face, Concentration, Aflame!, planted Schemes."""
    assert view.table is not None
    rules = view.table.rules[fv.index]
    out: list[str] = []
    if view.sheriff == fv.index:
        out.append(words.sheriff())
    if view.presence == fv.index:
        out.append(words.presence(view.presence_ready))
    if rules == "golem" and view.presence < 0:
        out.append(words.presence_home())
    if rules == "mephisto" and view.serpent:
        out.append(words.serpent(words.serpent_face(view.serpent)))
    if fv.concentration:
        out.append(words.concentration(fv.concentration))
    if fv.aflame:
        out.append(words.aflame(fv.aflame))
    if rules == "milady":
        out.append(words.schemes(view.schemes_planted, view.scheme_pile, len(view.schemes_gone)))
    for key, mark, default, rule in (("concentration", "◉", 2, "wong_fei_hung"), ("aflame", "♨", 5, "shango")):
        if rules == rule:
            total = view.table.fighters[fv.index].tokens.get(key, default)
            used = sum(o.concentration if key == "concentration" else o.aflame for o in view.fighters)
            out.append(words.supply(mark, max(0, total - used), total))
    return out


TOKEN_RULES = frozenset({"wild_bunch", "golem", "mephisto", "wong_fei_hung", "shango", "milady"})


def holds_tokens(view: PlayerView) -> bool:
    """Whether this game has tokens at all (a Fighter whose rules bring some): then every Fighter keeps a
    token row, so a board never grows when a piece arrives."""
    return view.table is not None and any(r in TOKEN_RULES for r in view.table.rules)


def tokens_row(view: PlayerView, fv: FighterView, pal: Palette) -> Text:
    """The token row: the pieces on this Fighter, or "no token", dim."""
    pieces = token_pieces(view, fv)
    if not pieces:
        return Text(words.no_token(), style=pal.dim)
    return Text("  ".join(pieces))


def fighter_rows(
    view: PlayerView, f: int, pal: Palette, width: int, bar: int = 0, tokens: bool = True, track: bool = True
) -> list[Text]:
    """One Fighter as a board, one row each: the head (active mark, name, Power, HP as ``bar`` cells and a
    number); the Health track with its Stops, icons and marker (``track_strip``: one row at any width); its
    special track, labelled; its token row (with ``tokens``, kept even empty). Each row's presence depends on
    the Fighter, never on the Turn, so the board keeps its height as the Fight goes."""
    assert view.table is not None
    fd, fv = view.table.fighters[f], view.fighters[f]

    def begun(mark: str) -> Text:
        head = Text()
        if fv.active:
            head.append(mark + " ", style=pal.active)
        head.append(fighter_name(fd.model), style="bold")
        if fd.rules == "fey_folk" and fv.track >= 0:
            head.append(" · " + track_name(fd, fv.track))
        if transformed(fd, fv):
            head.append(" " + _("(Berserker Bear side)"))
        head.append(" · " + words.power_short(fv.power))
        if fv.ko:
            head.append(" · ").append(words.knocked_out(), style=pal.ko)
        return head

    heads = [begun(active_mark(fd.model)), begun(words.active_short())]  # "▶ ACTIVE", then "▶" alone where narrow
    options: list[Text] = []
    if fv.track >= 0 and not fv.ko:
        number = Text(_("HP {hp}/{max_hp}").format(hp=fv.hp, max_hp=fv.max_hp))
        hps = [hp_bar(fv.hp, fv.max_hp, bar)] if bar else []
        options = [h.copy().append(" · ").append_text(hp) for hp in [*hps, number] for h in heads]
    if track or not options:  # the track's bracketed space says the HP: a head without it will do
        options.extend(heads)
    head = next((o for o in options if o.cell_len <= width), options[-1])  # the head never takes two rows
    out = [head]
    if track:
        if fv.track >= 0:
            out.append(track_strip(fd.tracks[fv.track], fv.pos, pal, width))
        else:
            out.append(Text(words.no_character(), style="bold"))
    options = special_rows(view, fv, pal)
    if options:
        row = next((o for o in options if o.cell_len <= width), options[-1])
        if fd.rules == "fey_folk" and fv.spirit_mask:
            names = ", ".join(track_name(fd, t) for t in range(len(fd.tracks)) if fv.spirit_mask >> t & 1)
            more = Text(" " + words.spirit_names(names), style=pal.dim)
            if row.cell_len + more.cell_len <= width:
                row.append_text(more)
        out.append(row)
    if tokens:
        out.append(tokens_row(view, fv, pal))
    return out


def joined(pieces: list[Text], sep: str = " · ") -> Text:
    text = pieces[0].copy()
    for piece in pieces[1:]:
        text.append(sep).append_text(piece)
    return text


def pack(groups: list[list[Text]], width: int, sep: str = " · ") -> list[Text]:
    """Groups of pieces on as few lines of ``width`` cells as they fit on: a group joins the line before it
    only whole; a group too wide for one line is split between its pieces, never inside one (a piece wider
    than ``width`` gets a line of its own and wraps at its words)."""
    lines: list[Text] = []
    for group in groups:
        whole = joined(group, sep)
        if lines and lines[-1].cell_len + cells(sep) + whole.cell_len <= width:
            lines[-1].append(sep).append_text(whole)
            continue
        lines.append(group[0].copy())
        for piece in group[1:]:
            if lines[-1].cell_len + cells(sep) + piece.cell_len <= width:
                lines[-1].append(sep).append_text(piece)
            else:
                lines.append(piece.copy())
    return lines


def team_packed(
    view: PlayerView,
    seat: int,
    names: tuple[str, str],
    pal: Palette,
    width: int,
    tracks: bool = False,
    bar: bool = True,
    you: int | None = None,
    notes: bool = False,
    trim: int = 0,
) -> Panel:
    """One team for a panel ``width`` cells wide, each Fighter as a board (``fighter_rows``): head, Health
    track, special track, tokens, one row each. With ``tracks`` the Health track is drawn (whole where it
    fits, else around its marker, on one row: ``track_strip``), without it the head says the HP; with
    ``bar``, HP as a bar too where the width allows; ``notes`` is kept for callers (the Stops are drawn on
    the track). ``trim`` gives rows back to a long line-up at 80x24 (the Build screen's last resorts): 1
    leaves out token rows with no piece; 2 leaves out the Health tracks as well. The special tracks and the
    tokens stay at every level. No row depends on the Turn, so a board keeps its height as the Fight goes."""
    inner = max(10, width - 4)
    cells_ = 10 if barred(bar, width) else 0
    reserve = holds_tokens(view) and trim < 1
    parts: list[RenderableType] = []
    for f in (2 * seat, 2 * seat + 1):
        rows_ = fighter_rows(view, f, pal, inner, bar=cells_, tokens=True, track=tracks and trim < 2)
        if not reserve and not token_pieces(view, view.fighters[f]):
            rows_ = rows_[:-1]
        parts.extend(rows_)
    return Panel(
        Group(*(Unwidowed(p) if isinstance(p, Text) else p for p in parts)),
        title=team_title(names, seat, you),
        title_align="left",
        subtitle=deck_line(view, seat),
        subtitle_align="right",
        border_style=pal.seat[seat] or "none",
        padding=(0, 1),
    )


@dataclass(frozen=True, slots=True)
class BoardLevel:
    """How much ``team_packed`` shows: whole Health tracks (where one fits on a line) and HP bars."""

    tracks: bool
    bar: bool


BOARD_LEVELS = (BoardLevel(True, True), BoardLevel(True, False), BoardLevel(False, False))  # richest first
BAR_ROOM = 44  # a panel's inner cells from which the head has room for an HP bar


def barred(bar: bool, width: int) -> bool:
    """Whether a panel ``width`` cells wide draws the HP bar it is asked for (narrower, it has no room)."""
    return bar and max(10, width - 4) >= BAR_ROOM


def drawn_level(level: BoardLevel, width: int) -> BoardLevel:
    """The level a panel of ``width`` cells really draws: two levels that draw alike are measured once."""
    return BoardLevel(level.tracks, barred(level.bar, width))


def rows(console: Console, renderable: RenderableType, width: int) -> int:
    """Terminal rows ``renderable`` takes at ``width`` cells: to choose what fits, never to cut."""
    options = console.options.update_width(max(1, width))
    return len(console.render_lines(renderable, options, pad=False))


def teams_rows(
    console: Console,
    view: PlayerView,
    names: tuple[str, str],
    pal: Palette,
    width: int,
    level: BoardLevel,
    notes: bool = False,
    you: int | None = None,
    memo: dict[BoardLevel, int] | None = None,
) -> int:
    """Rows the taller of the two team panels takes at ``width`` (they stand side by side); ``memo`` keeps
    what one drawing measured (same view, width and words), so no level is laid out twice."""
    key = drawn_level(level, width)
    if memo is not None and key in memo:
        return memo[key]
    most = max(
        rows(console, team_packed(view, s, names, pal, width, level.tracks, level.bar, you, notes), width)
        for s in (0, 1)
    )
    if memo is not None:
        memo[key] = most
    return most


def board_level(
    console: Console,
    view: PlayerView,
    names: tuple[str, str],
    pal: Palette,
    width: int,
    room: int,
    notes: bool = False,
    you: int | None = None,
    memo: dict[BoardLevel, int] | None = None,
) -> BoardLevel:
    """The richest of ``BOARD_LEVELS`` whose team panels (``width`` cells each) take at most ``room`` rows,
    else the leanest: one choice for every screen that shows the boards, so a size shows the same boards.
    Levels that draw alike at this width are measured once (``memo``, given or its own)."""
    memo = {} if memo is None else memo
    for level in BOARD_LEVELS:
        if teams_rows(console, view, names, pal, width, level, notes, you, memo) <= room:
            return level
    return BOARD_LEVELS[-1]


def deck_line(view: PlayerView, seat: int) -> Text:
    """Fight deck progress and Build deck size in a line that fits half of 80 columns (``deck_counts``)."""
    size, played, build = deck_counts(view, seat)
    text = _("Fight {played}/{size} played · Build deck {build}")
    return Text(text.format(played=played, size=size, build=build))


def team_title(names: tuple[str, str], seat: int, you: int | None = None) -> str:
    """The panel title: the player's name, and "you" where one player looks (their secret screens, and the Fight
    screen of a network seat or solo practice) so they find their side."""
    if seat == you:
        return _("P{number} {name} (you)").format(number=seat + 1, name=names[seat])
    return _("P{number} {name}").format(number=seat + 1, name=names[seat])


def revealed_cards(view: PlayerView, names: tuple[str, str], revealed: dict[int, tuple[int, bool]]) -> Group | Text:
    """The two cards on the table: who revealed which card of which Fighter, what it does, and its text."""
    from tagteam.render.lineup import Slot, action_words, kinds

    table = view.table
    if table is None or not revealed:
        return Text(_("No card revealed yet."))
    parts: list[RenderableType] = []
    for seat in (0, 1):
        if seat not in revealed:
            continue
        inst, flipped = revealed[seat]
        ci = table.cards[inst]
        model = ci.cdef.model
        upside = flipped and model.flipped_text is not None
        who = _("P{number} {name}").format(number=seat + 1, name=names[seat])
        head = Text(_("{player}:").format(player=who) + " ", style=f"bold {view_style(seat)}".strip())
        name = card_name(model) + (" ★" if ci.starred else "") + (" " + _("(upside down)") if upside else "")
        head.append(name, style="bold")
        head.append(_(" — {fighter}").format(fighter=fighter_name(table.fighters[ci.owner].model)))
        acts = action_words(kinds(table, Slot(inst, flipped)))
        if acts:
            head.append(" · " + ", ".join(acts), style="italic")
        parts.append(head)
        parts.append(Text(card_text(model, flipped=bool(upside and model.flipped_text)), style=""))
    return Group(*parts)


def view_style(seat: int) -> str:
    """No colour of its own: the seat is always written (P1/P2), colour is left to the team panels."""
    return ""
