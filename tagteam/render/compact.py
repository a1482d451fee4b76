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
    below_marker,
    deck_counts,
    dial,
    fighter_head,
    health_track,
    special_track,
    tokens_line,
    track_name,
    transformed,
)
from tagteam.render.unwidowed import Unwidowed
from tagteam.words import _, cells
from tagteam.words.names import card_name, card_text, fighter_name

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
    leaves Rage its value only ("Rage: 6/7"), for the Build screen's leanest boards."""
    assert view.table is not None
    fd = view.table.fighters[fv.index]
    if fd.special == "divine_voice":
        text = Text(_("Voice:") + " ")
        payouts = {2: "+P", 4: "+P→"}
        for i, name in enumerate(dial()):
            if i:
                text.append("·")
            label = name + payouts.get(i, "")
            text.append(f"[{label}]" if i == fv.special else label, style=pal.marker if i == fv.special else "")
        return text
    if fd.special == "rage":
        top = fd.special_size - 1
        if brief:  # the value alone: a Build at 80x24 (the head says when he is the Bear)
            return Text(_("Rage: {value}/{top}").format(value=fv.special, top=top))
        if transformed(fd, fv):  # the Bear: Rage has paid out, it promises nothing more
            return Text(_("Rage {value}/{top} (spent: he is the Bear)").format(value=fv.special, top=top))
        return Text(_("Rage {value}/{top} (at {top}: +3 Power, Bear)").format(value=fv.special, top=top))
    return special_track(fd, fv.special, pal, transformed(fd, fv))


def fighter_chunks(
    view: PlayerView, f: int, pal: Palette, bar: int = 0, track: bool = False, notes: bool = False
) -> list[list[Text]]:
    """One Fighter as groups of short pieces: head (name, Power); HP with what lies under the marker (next
    Stop, next icon) unless the whole ``track`` is drawn (with ``notes``, written beside it too); Spirits;
    special track; tokens. ``bar`` cells of HP bar (0: none). The pieces of a group stay together on a line
    where they fit."""
    fd, fv, head = fighter_head(view, f, pal, pad=False)
    if transformed(fd, fv):
        head.append(" " + _("(Berserker Bear side)"))
    head.append(" · " + _("Power {power}").format(power=fv.power))
    out = [[head]]
    if fv.ko:
        out.append([Text(_("KNOCKED OUT"), style=pal.ko)])
    elif fv.track >= 0:
        hp = (
            hp_bar(fv.hp, fv.max_hp, bar)
            if bar
            else Text(_("HP {hp}/{max_hp}").format(hp=fv.hp, max_hp=fv.max_hp), style="bold")
        )
        if fd.rules == "fey_folk":
            hp = Text(track_name(fd, fv.track) + " ").append_text(hp)
        under = [] if track and not notes else [Text(part) for part in below_marker(fd.tracks[fv.track], fv.pos)]
        out.append([hp, *under])
    else:
        out.append([Text(_("No Character in play: one must step in"), style="bold")])
    if fd.rules == "fey_folk" and fv.spirit_mask:
        spirits = [track_name(fd, t) for t in range(len(fd.tracks)) if fv.spirit_mask >> t & 1]
        out.append([Text(_("Spirits ✧: {characters}").format(characters=", ".join(spirits)))])
    for extra in (short_special(view, fv, pal), tokens_line(view, fv)):
        if extra is not None:
            out.append([extra])
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
    """One team for a panel ``width`` cells wide: each Fighter packed on as few lines as fit, with the next
    Stop and icon under its marker; with ``tracks`` (room to spare), the whole Health track where it fits
    on one line instead (with ``notes``, as well: the Fight screen, where the marker moves, says the next
    Stop in words at every size); with ``bar``, HP as a bar too where the width allows. ``trim`` gives rows
    back to a long line-up at 80x24 (the Build screen's last resorts, ``trimmed_chunks``): 1 packs each
    Fighter's name, Power, HP, special track in brief, next Stop and tokens; 2 leaves the next Stop out. The
    special track and the tokens stay at every level."""
    inner = max(10, width - 4)
    cells = 10 if bar and inner >= 44 else 0
    parts: list[RenderableType] = []
    for f in (2 * seat, 2 * seat + 1):
        if trim:
            parts.extend(pack(trimmed_chunks(view, f, pal, stops=trim < 2), inner))
            continue
        fv = view.fighters[f]
        full = None
        if tracks and view.table is not None and fv.track >= 0 and not fv.ko:
            full = health_track(view.table.fighters[f].tracks[fv.track], fv.pos, pal)
            full = full if full.cell_len <= inner else None
        chunks = fighter_chunks(view, f, pal, bar=cells, track=full is not None, notes=notes)
        if full is None:
            parts.extend(pack(chunks, inner))
        else:
            parts.extend([*pack(chunks[:2], inner), full, *pack(chunks[2:], inner)])
    return Panel(
        Group(*(Unwidowed(p) if isinstance(p, Text) else p for p in parts)),
        title=team_title(names, seat, you),
        title_align="left",
        subtitle=deck_line(view, seat),
        subtitle_align="right",
        border_style=pal.seat[seat] or "none",
        padding=(0, 1),
    )


def trimmed_chunks(view: PlayerView, f: int, pal: Palette, stops: bool = True) -> list[list[Text]]:
    """One Fighter for the Build screen's leanest boards (a long line-up at 80x24): name, Power and HP on
    one line, then the special track in brief, the Spirits, what lies under the marker (with ``stops``) and
    the tokens, packed together where they fit. The special track and the tokens are never left out: a
    Build is chosen by them (the Rage about to pay, the Ships a card counts, the Concentration to spend)."""
    fd, fv, head = fighter_head(view, f, pal, pad=False)
    chunks = fighter_chunks(view, f, pal)
    head.append(" · " + _("Power {power}").format(power=fv.power))  # the Bear's side is said by his Rage
    first = [head, *chunks[1][:1]]  # name and Power, HP (or KNOCKED OUT)
    under = chunks[1][1:] if stops and not fv.ko else []
    spirits = [chunks[2]] if fd.rules == "fey_folk" and fv.spirit_mask else []  # fighter_chunks' Spirits line
    special = short_special(view, fv, pal, brief=True)
    if special is not None and transformed(fd, fv):
        special.append(" " + _("(Berserker Bear side)"))
    tokens = tokens_line(view, fv)
    out = [first]
    if special is not None:
        out.append([special])
    out.extend(spirits)
    if under:
        out.append(under)
    if tokens is not None:
        out.append([tokens])
    return out


@dataclass(frozen=True, slots=True)
class BoardLevel:
    """How much ``team_packed`` shows: whole Health tracks (where one fits on a line) and HP bars."""

    tracks: bool
    bar: bool


BOARD_LEVELS = (BoardLevel(True, True), BoardLevel(False, True), BoardLevel(False, False))  # richest first


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
) -> int:
    """Rows the taller of the two team panels takes at ``width`` (they stand side by side)."""
    return max(
        rows(console, team_packed(view, s, names, pal, width, level.tracks, level.bar, you, notes), width)
        for s in (0, 1)
    )


def board_level(
    console: Console,
    view: PlayerView,
    names: tuple[str, str],
    pal: Palette,
    width: int,
    room: int,
    notes: bool = False,
    you: int | None = None,
) -> BoardLevel:
    """The richest of ``BOARD_LEVELS`` whose team panels (``width`` cells each) take at most ``room`` rows,
    else the leanest: one choice for every screen that shows the boards, so a size shows the same boards."""
    for level in BOARD_LEVELS:
        if teams_rows(console, view, names, pal, width, level, notes, you) <= room:
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
