"""Pure functions from a PlayerView to rich renderables: teams, Health tracks, special tracks and tokens.

Everything shown in colour is also written as a mark or a word, so NO_COLOR and colour-blind players lose nothing.
Only public fields of the view are read, so a board can be shown to both players.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tagteam.engine.table import CardInst, FighterDef, GameTable, TrackDef
from tagteam.engine.view import FighterView, PlayerView
from tagteam.render.cards import effect_keywords

ICON_MARKS: dict[str, str] = {
    "power_self": "+P",
    "power_partner": "+P→",
    "flip_serpent": "⇅",
    "unleash_scheme": "✶",
    "revive": "↺",
    "spirit": "✧",
}
STOP_MARK = "‖"
ACTIVE_MARK = "▶ ACTIVE"
LEGEND = (
    "[n] Health marker · ‖ Stop · KO knock-out space · +P +1 Power · +P→ +1 Power to Partner · "
    "⇅ flip Serpent · ✶ Unleash a Scheme · ↺ back to life · ✧ becomes a Spirit"
)
DIAL = ("Halo", "TL", "TR", "BR", "BL")
ICON_WORDS: dict[str, str] = {
    "power_self": "+1 Power",
    "power_partner": "+1 Power to Partner",
    "flip_serpent": "flip Serpent",
    "unleash_scheme": "Unleash a Scheme",
    "revive": "back to life",
    "spirit": "Spirit",
}


@dataclass(frozen=True, slots=True)
class Palette:
    """Styles for the board; the colour-blind palette uses Okabe-Ito hues, the plain one no colour at all."""

    marker: str
    stop: str
    ko: str
    icon: str
    active: str
    seat: tuple[str, str]
    dim: str


PALETTES: dict[str, Palette] = {
    "default": Palette("bold reverse", "yellow", "bold red", "cyan", "bold green", ("blue", "magenta"), "dim"),
    "colourblind": Palette(
        "bold reverse",
        "#E69F00",
        "bold #D55E00",
        "#56B4E9",
        "bold #0072B2",
        ("#0072B2", "#CC79A7"),
        "dim",
    ),
    "plain": Palette("reverse", "", "bold", "", "bold", ("", ""), ""),
}


def health_track(td: TrackDef, pos: int | None, pal: Palette) -> Text:
    """One Health track space by space from the top; the marker's space is bracketed (and reversed)."""
    text = Text()
    for i, hp in enumerate(td.hp):
        if i:
            text.append(" ")
        if td.ko[i]:
            label, style = "KO", pal.ko
        else:
            label, style = str(hp), ""
        icons = "".join(ICON_MARKS.get(icon, "?") for icon in td.icons[i])
        if icons:
            label = icons if "revive" in td.icons[i] or "spirit" in td.icons[i] else label + icons
            style = style or pal.icon
        if td.stop[i]:
            label += STOP_MARK
            style = pal.stop
        if i == pos:
            text.append(f"[{label}]", style=pal.marker)
        else:
            text.append(label, style=style)
    return text


def space_label(td: TrackDef, i: int) -> str:
    """A space as the board prints it: its HP, or KO."""
    return "KO" if td.ko[i] else str(td.hp[i])


def below_marker(td: TrackDef, pos: int) -> list[str]:
    """What lies under the marker on the way down, read off the track: the next Stop (where an Attack's
    movement ends) and the next icon (what passing it triggers), for boards too narrow for the whole track."""
    below = range(pos + 1, len(td.hp))
    stop = next((i for i in below if td.stop[i]), None)
    icon = next((i for i in below if td.icons[i]), None)
    out = [f"Stop at {space_label(td, stop)}" if stop is not None else "no Stop"]
    if icon is not None:
        words = " & ".join(ICON_WORDS.get(name, name) for name in td.icons[icon])
        out.append(f"{words} at {space_label(td, icon)}")
    return out


def special_track(fd: FighterDef, value: int, pal: Palette) -> Text | None:
    """The Divine Voice dial, Rage, Fleet or Spirit track with its marker written out."""
    text = Text()
    if fd.special == "divine_voice":
        text.append("Divine Voice: ")
        payouts = {2: "+P", 4: "+P→"}
        for i, name in enumerate(DIAL):
            if i:
                text.append(" → ")
            label = name + payouts.get(i, "")
            text.append(f"[{label}]" if i == value else label, style=pal.marker if i == value else "")
        text.append(" (clockwise)", style=pal.dim)
    elif fd.special == "rage":
        top = fd.special_size - 1
        text.append(f"Rage: {value}/{top}")
        text.append(f" (at {top}: +3 Power, then the Bear)", style=pal.dim)
    elif fd.special == "fleet":
        text.append(f"Fleet: {value}/20 Ships")
    elif fd.special == "spirit":
        text.append(f"Spirit track: {value} of {fd.special_size - 1} Spirits")
    else:
        return None
    return text


def _fey_tracks(fd: FighterDef, fv: FighterView, pal: Palette) -> list[Text]:
    """The Fey Folk: the Character in play with its track; the others as Spirit or waiting."""
    lines = []
    for t, td in enumerate(fd.tracks):
        if fv.spirit_mask >> t & 1:
            lines.append(Text(f"{td.name}: Spirit ✧", style=pal.dim))
        elif t == fv.track:
            line = Text(f"{td.name} (in play): ")
            line.append_text(health_track(td, fv.pos, pal))
            lines.append(line)
        else:
            lines.append(Text(f"{td.name}: waiting, {td.hp[td.start]} HP", style=pal.dim))
    if fv.track < 0:
        lines.append(Text("No Character in play: one must step in", style="bold"))
    return lines


def tokens_line(view: PlayerView, fv: FighterView) -> Text | None:
    """Sheriff, Presence, Serpent, Concentration, Aflame! and Schemes on this Fighter, in words."""
    parts: list[str] = []
    if view.sheriff == fv.index:
        parts.append("★ Sheriff")
    if view.presence == fv.index:
        parts.append("Golem's Presence" + (" (protecting)" if view.presence_ready else " (from next Turn)"))
    if fv.id == "mephisto" and view.serpent:
        parts.append(f"Serpent: {view.serpent} face up")
    if fv.concentration:
        parts.append(f"Concentration ×{fv.concentration}")
    if fv.aflame:
        parts.append(f"Aflame! ×{fv.aflame} of 5")
    if fv.id == "milady":
        gone = f", {len(view.schemes_gone)} gone" if view.schemes_gone else ""
        parts.append(f"Schemes: {view.schemes_planted} planted, {view.scheme_pile} left in pile{gone}")
    if fv.id == "golem" and view.presence < 0:
        parts.append("Presence token with the Golem")
    if fv.id == "wong_fei_hung":
        parts.append(_own_tokens(view, fv, "Concentration", "concentration", 2))
    if fv.id == "shango":
        parts.append(_own_tokens(view, fv, "Aflame!", "aflame", 5))
    if not parts:
        return None
    return Text("Tokens: " + " · ".join(parts))


def _own_tokens(view: PlayerView, fv: FighterView, word: str, key: str, default: int) -> str:
    """The owner's side of a token supply, in the log's words: how many are with him and where the rest are."""
    assert view.table is not None
    total = view.table.fighters[fv.index].tokens.get(key, default)
    out = [(o.name, o.concentration if key == "concentration" else o.aflame) for o in view.fighters]
    placed = [f"{k} on {name}" for name, k in out if k]
    left = max(0, total - sum(k for _name, k in out))
    return f"{word} {left} of {total} with {fv.name}" + (f" ({', '.join(placed)})" if placed else "")


def fighter_head(view: PlayerView, f: int, pal: Palette, pad: bool) -> tuple[FighterDef, FighterView, Text]:
    """Fighter ``f``'s definition and view, and its head line begun: the active mark in words (or, with
    ``pad``, two blanks so names line up), then the name. The full board and the compact one share it."""
    assert view.table is not None
    fd = view.table.fighters[f]
    fv = view.fighters[f]
    head = Text()
    if fv.active:
        head.append(ACTIVE_MARK + " ", style=pal.active)
    elif pad:
        head.append("  ")
    head.append(fd.name, style="bold")
    return fd, fv, head


def fighter_block(view: PlayerView, f: int, pal: Palette) -> Group:
    """Header (active mark, name, Power, HP), Health track(s), special track and tokens of one Fighter."""
    fd, fv, head = fighter_head(view, f, pal, pad=True)
    if fd.id == "bodvar":
        head.append(" (Berserker Bear side)" if fv.track == 1 else " (Bödvar side)")
    head.append(f"  Power {fv.power}")
    if fv.track >= 0:
        head.append(f"  HP {fv.hp}/{fv.max_hp}")
    if fv.ko:
        head.append("  KNOCKED OUT", style=pal.ko)
    lines: list[RenderableType] = [head]
    if fd.id == "fey_folk":
        lines.extend(_fey_tracks(fd, fv, pal))
    elif fv.track >= 0:
        lines.append(health_track(fd.tracks[fv.track], fv.pos, pal))
    spec = special_track(fd, fv.special, pal)
    if spec is not None:
        lines.append(spec)
    tok = tokens_line(view, fv)
    if tok is not None:
        lines.append(tok)
    return Group(*lines)


def deck_status(view: PlayerView, seat: int) -> str:
    """Fight deck size and progress, Build deck size: public counts only."""
    if seat == view.seat:
        size, cur = len(view.my_fight_deck), view.my_cursor
    else:
        size, cur = view.opp_fight_size, view.opp_cursor
    return f"Fight deck {size} cards ({min(cur, size)} played) · Build deck {view.build_sizes[seat]}"


def team_panel(view: PlayerView, seat: int, names: tuple[str, str], pal: Palette) -> Panel:
    """One team's two Fighters in a panel titled with the player's name and seat."""
    blocks: list[RenderableType] = []
    for f in (2 * seat, 2 * seat + 1):
        if blocks:
            blocks.append(Text(""))
        blocks.append(fighter_block(view, f, pal))
    return Panel(
        Group(*blocks),
        title=names[seat] if names[seat] == f"Player {seat + 1}" else f"Player {seat + 1}: {names[seat]}",
        subtitle=deck_status(view, seat),
        border_style=pal.seat[seat] or "none",
        padding=(0, 1),
    )


def board(view: PlayerView, names: tuple[str, str], pal: Palette | None = None) -> Group:
    """Both teams, seat 1 on top, seat 2 below (the table as both players see it)."""
    pal = pal or PALETTES["default"]
    if view.table is None:
        return Group(Text("Teams are not chosen yet."))
    return Group(team_panel(view, 0, names, pal), team_panel(view, 1, names, pal))


def card_label(table: GameTable, inst: int, flipped: bool = False, short: bool = False) -> Text:
    """One line for a card instance: name, Fighter (unless ``short``), Starting star, what it does."""
    ci: CardInst = table.cards[inst]
    cd = ci.cdef
    model = cd.model
    text = Text()
    text.append(cd.name, style="bold")
    if not short:
        text.append(f" ({table.fighters[ci.owner].name})")
    if ci.starred:
        text.append(" ★")
    upside = flipped and model.flipped_text is not None
    if upside:
        text.append(" upside down")
    effects = (model.flipped_effects or []) if upside else model.effects
    kws = effect_keywords(effects)
    if cd.instant_heal:
        kws.insert(0, f"Instant heal {cd.instant_heal}")
    if short:
        lead = Text("/".join(kws) + ": " if kws else "", style="bold")
        return lead.append_text(text)
    if kws:
        text.append(" — " + " · ".join(kws), style="italic")
    return text
