"""Pure functions from a PlayerView to rich renderables: teams, Health tracks, special tracks and tokens.

Everything shown in colour is also written as a mark or a word, so NO_COLOR and colour-blind players lose nothing.
Only public fields of the view are read, so a board can be shown to both players.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tagteam.engine.fighters.bodvar import BEAR
from tagteam.engine.game import BUILD_DRAW
from tagteam.engine.state import BUILD
from tagteam.engine.table import CardInst, FighterDef, GameTable, TrackDef
from tagteam.engine.view import FighterView, PlayerView
from tagteam.render.cards import action_word, dial_names, effect_keywords
from tagteam.words import N_, _, ngettext, pgettext
from tagteam.words.names import active_mark, board_text, card_name, fighter_name

ICON_MARKS: dict[str, str] = {
    "power_self": "+P",
    "power_partner": "+P→",
    "flip_serpent": "⇅",
    "unleash_scheme": "✶",
    "revive": "↺",
    "spirit": "✧",
}
STOP_MARK = "‖"
LEGEND = N_(
    "[n] Health marker · ‖ Stop · KO knock-out space · +P +1 Power · +P→ +1 Power to Partner · "
    "⇅ flip Serpent · ✶ Unleash a Scheme · ↺ back to life · ✧ becomes a Spirit"
)
DIAL = ("Halo", "TL", "TR", "BR", "BL")  # the Divine Voice dial's spaces (English); ``dial`` for the player
ICON_WORDS: dict[str, str] = {
    "power_self": N_("+1 Power"),
    "power_partner": N_("+1 Power to Partner"),
    "flip_serpent": N_("flip Serpent"),
    "unleash_scheme": N_("Unleash a Scheme"),
    "revive": N_("back to life"),
    "spirit": N_("Spirit"),
}
SERPENT_FACES = {"white": N_("white"), "black": N_("black")}


def dial_legend() -> str:
    """The Divine Voice dial's abbreviations spelt out, for the legend: the board writes "TL·TR+P·BR". Empty
    where the language writes them whole (Chinese "左上" is as short as can be): nothing to spell out."""
    short, long = dial(), dial_names()
    pairs = [f"{a} {b}" for a, b in zip(short[1:], long[1:], strict=True) if a != b]
    return _("Divine Voice: {spaces}").format(spaces=", ".join(pairs)) if pairs else ""


def dial() -> tuple[str, ...]:
    """The dial's spaces as the board abbreviates them, in the player's language."""
    # TRANSLATORS: the Divine Voice dial's spaces: Halo, top-left, top-right, bottom-right, bottom-left
    return (
        pgettext("dial", "Halo"),
        pgettext("dial", "TL"),
        pgettext("dial", "TR"),
        pgettext("dial", "BR"),
        pgettext("dial", "BL"),
    )


def ko_word() -> str:
    """The knock-out space's word."""
    return pgettext("space", "KO")


def track_name(fd: FighterDef, t: int) -> str:
    """Health track ``t`` of a Fighter as its board prints it (a Fey Folk Character, the Bear)."""
    model = fd.model.health
    return board_text(model[t], "name") if t < len(model) else fd.tracks[t].name


def transformed(fd: FighterDef, fv: FighterView) -> bool:
    """Bödvar on his Berserker Bear side: his Rage is spent."""
    return fd.rules == "bodvar" and fv.track == BEAR


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


def space_piece(td: TrackDef, i: int, pos: int | None, pal: Palette) -> tuple[str, str]:
    """Space ``i`` of a Health track as the board draws it: its HP (or KO) with its icons' marks and its Stop
    mark, bracketed where the marker stands; and its style."""
    if td.ko[i]:
        label, style = ko_word(), pal.ko
    else:
        label, style = str(td.hp[i]), ""
    icons = "".join(ICON_MARKS.get(icon, "?") for icon in td.icons[i])
    if icons:
        label = icons if "revive" in td.icons[i] or "spirit" in td.icons[i] else label + icons
        style = style or pal.icon
    if td.stop[i]:
        label += STOP_MARK
        style = pal.stop
    if i == pos:
        return f"[{label}]", pal.marker
    return label, style


def health_track(td: TrackDef, pos: int | None, pal: Palette) -> Text:
    """One Health track space by space from the top; the marker's space is bracketed (and reversed)."""
    text = Text()
    for i in range(len(td.hp)):
        if i:
            text.append(" ")
        text.append(*space_piece(td, i, pos, pal))
    return text


GAP = "…"  # spaces of a Health track left out between two drawn


def track_strip(td: TrackDef, pos: int | None, pal: Palette, width: int) -> Text:
    """A Health track on one row of ``width`` cells: whole where it fits, else the marker's space, the last
    one, every Stop and icon, then the spaces nearest the marker (below it first), a run left out drawn as
    ``GAP``. The track is never cut inside a space and never takes two rows, so a board keeps its height."""
    whole = health_track(td, pos, pal)
    if whole.cell_len <= width:
        return whole
    n = len(td.hp)
    here = pos if pos is not None and 0 <= pos < n else 0
    marked = [i for i in range(n) if td.stop[i] or td.icons[i]]
    near = sorted(range(n), key=lambda i: (abs(i - here), i < here))
    pieces = {i: space_piece(td, i, pos, pal) for i in range(n)}

    def drawn(kept: list[int]) -> Text:
        text = Text()
        for k, i in enumerate(kept):
            if k:
                text.append(" " if i == kept[k - 1] + 1 else GAP, style=pal.dim if i != kept[k - 1] + 1 else "")
            elif i > 0:
                text.append(GAP, style=pal.dim)
            text.append(*pieces[i])
        return text

    kept: list[int] = []
    for i in [here, n - 1, *sorted(marked, key=lambda i: abs(i - here)), *near]:
        if i in kept:
            continue
        trial = sorted([*kept, i])
        if drawn(trial).cell_len <= width or not kept:
            kept = trial
    return drawn(kept)


def space_label(td: TrackDef, i: int) -> str:
    """A space as the board prints it: its HP, or KO."""
    return ko_word() if td.ko[i] else str(td.hp[i])


def below_marker(td: TrackDef, pos: int) -> list[str]:
    """What lies under the marker on the way down, read off the track: the next Stop (where an Attack's
    movement ends) and the next icon (what passing it triggers), for boards too narrow for the whole track."""
    below = range(pos + 1, len(td.hp))
    stop = next((i for i in below if td.stop[i]), None)
    icon = next((i for i in below if td.icons[i]), None)
    out = [_("Stop at {space}").format(space=space_label(td, stop)) if stop is not None else _("no Stop")]
    if icon is not None:
        words = " & ".join(_(ICON_WORDS[name]) if name in ICON_WORDS else name for name in td.icons[icon])
        # TRANSLATORS: {icons} is what passing the space triggers ("+1 Power"), {space} its HP (or KO)
        out.append(_("{icons} at {space}").format(icons=words, space=space_label(td, icon)))
    return out


def special_track(fd: FighterDef, value: int, pal: Palette, bear: bool = False) -> Text | None:
    """The Divine Voice dial, Rage, Fleet or Spirit track with its marker written out. With ``bear``
    (Bödvar has transformed) Rage says it is spent, not what it will pay."""
    text = Text()
    if fd.special == "divine_voice":
        text.append(_("Divine Voice:") + " ")
        payouts = {2: "+P", 4: "+P→"}
        for i, name in enumerate(dial()):
            if i:
                text.append(" → ")
            label = name + payouts.get(i, "")
            text.append(f"[{label}]" if i == value else label, style=pal.marker if i == value else "")
        text.append(" " + _("(clockwise)"), style=pal.dim)
    elif fd.special == "rage":
        top = fd.special_size - 1
        text.append(_("Rage: {value}/{top}").format(value=value, top=top))
        if bear:
            text.append(" " + _("(spent: he is the Berserker Bear)"), style=pal.dim)
        else:
            text.append(" " + _("(at {top}: +3 Power, then the Bear)").format(top=top), style=pal.dim)
    elif fd.special == "fleet":
        text.append(ngettext("Fleet: {count}/20 Ship", "Fleet: {count}/20 Ships", 20).format(count=value))
    elif fd.special == "spirit":
        total = fd.special_size - 1
        text.append(
            ngettext(
                "Spirit track: {count} of {total} Spirit", "Spirit track: {count} of {total} Spirits", total
            ).format(count=value, total=total)
        )
    else:
        return None
    return text


def _fey_tracks(fd: FighterDef, fv: FighterView, pal: Palette) -> list[Text]:
    """The Fey Folk: the Character in play with its track; the others as Spirit or waiting."""
    lines = []
    for t, td in enumerate(fd.tracks):
        name = track_name(fd, t)
        if fv.spirit_mask >> t & 1:
            lines.append(Text(_("{character}: Spirit ✧").format(character=name), style=pal.dim))
        elif t == fv.track:
            line = Text(_("{character} (in play):").format(character=name) + " ")
            line.append_text(health_track(td, fv.pos, pal))
            lines.append(line)
        else:
            waiting = _("{character}: waiting, {hp} HP").format(character=name, hp=td.hp[td.start])
            lines.append(Text(waiting, style=pal.dim))
    if fv.track < 0:
        lines.append(Text(_("No Character in play: one must step in"), style="bold"))
    return lines


def tokens_line(view: PlayerView, fv: FighterView) -> Text | None:
    """Sheriff, Presence, Serpent, Concentration, Aflame! and Schemes on this Fighter, in words."""
    parts: list[str] = []
    rules = view.table.rules[fv.index] if view.table is not None else fv.id  # whose tokens it keeps
    if view.sheriff == fv.index:
        parts.append(_("★ Sheriff"))
    if view.presence == fv.index:
        parts.append(
            _("Golem's Presence (protecting)") if view.presence_ready else _("Golem's Presence (from next Turn)")
        )
    if rules == "mephisto" and view.serpent:
        face = _(SERPENT_FACES[view.serpent]) if view.serpent in SERPENT_FACES else view.serpent
        parts.append(_("Serpent: {face} face up").format(face=face))
    if fv.concentration:
        parts.append(_("Concentration ×{count}").format(count=fv.concentration))
    if fv.aflame:
        parts.append(_("Aflame! ×{count} of 5").format(count=fv.aflame))
    if rules == "milady":
        planted, pile, gone = view.schemes_planted, view.scheme_pile, len(view.schemes_gone)
        if gone:
            text = _("Schemes: {planted} planted, {pile} left in pile, {gone} gone")
        else:
            text = _("Schemes: {planted} planted, {pile} left in pile")
        parts.append(text.format(planted=planted, pile=pile, gone=gone))
    if rules == "golem" and view.presence < 0:
        parts.append(_("Presence token with the Golem"))
    if rules == "wong_fei_hung":
        parts.append(_own_tokens(view, fv, "concentration", 2))
    if rules == "shango":
        parts.append(_own_tokens(view, fv, "aflame", 5))
    if not parts:
        return None
    return Text(_("Tokens: {tokens}").format(tokens=" · ".join(parts)))


def _own_tokens(view: PlayerView, fv: FighterView, key: str, default: int) -> str:
    """The owner's side of a token supply, in the log's words: how many are with him and where the rest are."""
    assert view.table is not None
    tab = view.table
    total = tab.fighters[fv.index].tokens.get(key, default)
    out = [
        (fighter_name(tab.fighters[o.index].model), o.concentration if key == "concentration" else o.aflame)
        for o in view.fighters
    ]
    placed = ", ".join(_("{count} on {fighter}").format(count=k, fighter=name) for name, k in out if k)
    left = max(0, total - sum(k for _name, k in out))
    me = fighter_name(tab.fighters[fv.index].model)
    if key == "concentration":
        text = (
            _("Concentration {left} of {total} with {fighter} ({placed})")
            if placed
            else _("Concentration {left} of {total} with {fighter}")
        )
    else:
        text = (
            _("Aflame! {left} of {total} with {fighter} ({placed})")
            if placed
            else _("Aflame! {left} of {total} with {fighter}")
        )
    return text.format(left=left, total=total, fighter=me, placed=placed)


def fighter_head(view: PlayerView, f: int, pal: Palette, pad: bool) -> tuple[FighterDef, FighterView, Text]:
    """Fighter ``f``'s definition and view, and its head line begun: the active mark in words (or, with
    ``pad``, two blanks so names line up), then the name. The full board and the compact one share it."""
    assert view.table is not None
    fd = view.table.fighters[f]
    fv = view.fighters[f]
    head = Text()
    if fv.active:
        head.append(active_mark(fd.model) + " ", style=pal.active)
    elif pad:
        head.append("  ")
    head.append(fighter_name(fd.model), style="bold")
    return fd, fv, head


def fighter_block(view: PlayerView, f: int, pal: Palette) -> Group:
    """Header (active mark, name, Power, HP), Health track(s), special track and tokens of one Fighter."""
    fd, fv, head = fighter_head(view, f, pal, pad=True)
    if fd.rules == "bodvar":
        head.append(" " + (_("(Berserker Bear side)") if transformed(fd, fv) else _("(Bödvar side)")))
    head.append("  " + _("Power {power}").format(power=fv.power))
    if fv.track >= 0:
        head.append("  " + _("HP {hp}/{max_hp}").format(hp=fv.hp, max_hp=fv.max_hp))
    if fv.ko:
        head.append("  " + _("KNOCKED OUT"), style=pal.ko)
    lines: list[RenderableType] = [head]
    if fd.rules == "fey_folk":
        lines.extend(_fey_tracks(fd, fv, pal))
    elif fv.track >= 0:
        lines.append(health_track(fd.tracks[fv.track], fv.pos, pal))
    spec = special_track(fd, fv.special, pal, transformed(fd, fv))
    if spec is not None:
        lines.append(spec)
    tok = tokens_line(view, fv)
    if tok is not None:
        lines.append(tok)
    return Group(*lines)


def deck_counts(view: PlayerView, seat: int) -> tuple[int, int, int]:
    """A seat's Fight deck size, the cards of it played, and its Build deck size, as its board shows them.

    In the Build step a lock changes the counts at once (a card more in the Fight deck, one less in the Build
    deck) while the played count is the last Fight's until the next one starts. So the other seat's counts
    stay those the Build step began with until the Fight starts (a new count would tell that they have built,
    and it read "2/3 played": the new size beside the old progress); a seat's own new deck, once locked, is
    shown as not played yet. A seat's own Build deck is its true size: less the three cards it drew (it read
    18 while they were drawn, then 17 after the lock, as if the lock took a card from it); the other seat's is
    less its three drawn cards for the whole step (both drew three; 15 beside 18 read as three cards more)."""
    if seat == view.seat:
        size, cur, build = len(view.my_fight_deck), view.my_cursor, view.build_sizes[seat]
        if view.phase == BUILD and view.pending is None and view.winner is None:  # locked: the new Fight deck
            cur = 0
        build -= len(view.drawn)  # the view counts the cards drawn with the deck: they are out of it till the lock
    else:
        size, cur, build = view.opp_fight_size, view.opp_cursor, view.build_sizes[seat]
        if view.phase == BUILD and not view.opp_pending and view.winner is None and size > 0:  # locked
            size, build = size - 1, build + 1  # their card added goes back to the three they drew
        if view.phase == BUILD and view.winner is None:  # they drew three too: out of their deck, as for mine
            build -= BUILD_DRAW
    return size, min(cur, size), build


def deck_status(view: PlayerView, seat: int) -> str:
    """Fight deck size and progress, Build deck size: public counts only (``deck_counts``)."""
    size, played, build = deck_counts(view, seat)
    text = ngettext(
        "Fight deck {size} card ({played} played) · Build deck {build}",
        "Fight deck {size} cards ({played} played) · Build deck {build}",
        size,
    )
    return text.format(size=size, played=played, build=build)


def team_panel(view: PlayerView, seat: int, names: tuple[str, str], pal: Palette) -> Panel:
    """One team's two Fighters in a panel titled with the player's name and seat."""
    blocks: list[RenderableType] = []
    for f in (2 * seat, 2 * seat + 1):
        if blocks:
            blocks.append(Text(""))
        blocks.append(fighter_block(view, f, pal))
    return Panel(
        Group(*blocks),
        title=seat_title(names, seat),
        subtitle=deck_status(view, seat),
        border_style=pal.seat[seat] or "none",
        padding=(0, 1),
    )


def seat_title(names: tuple[str, str], seat: int) -> str:
    """ "Player 1", or "Player 1: Ada" when the player has a name of their own."""
    plain = _("Player {number}").format(number=seat + 1)
    if names[seat] in (plain, f"Player {seat + 1}"):
        return plain
    return _("Player {number}: {name}").format(number=seat + 1, name=names[seat])


def board(view: PlayerView, names: tuple[str, str], pal: Palette | None = None) -> Group:
    """Both teams, seat 1 on top, seat 2 below (the table as both players see it)."""
    pal = pal or PALETTES["default"]
    if view.table is None:
        return Group(Text(_("Teams are not chosen yet.")))
    return Group(team_panel(view, 0, names, pal), team_panel(view, 1, names, pal))


def card_label(table: GameTable, inst: int, flipped: bool = False, short: bool = False) -> Text:
    """One line for a card instance: name, Fighter (unless ``short``), Starting star, what it does."""
    ci: CardInst = table.cards[inst]
    cd = ci.cdef
    model = cd.model
    text = Text()
    text.append(card_name(model), style="bold")
    if not short:
        text.append(" " + _("({fighter})").format(fighter=fighter_name(table.fighters[ci.owner].model)))
    if ci.starred:
        text.append(" ★")
    upside = flipped and model.flipped_text is not None
    if upside:
        text.append(" " + _("upside down"))
    effects = (model.flipped_effects or []) if upside else model.effects
    kws = [action_word(k) for k in effect_keywords(effects)]
    if cd.instant_heal:
        kws.insert(0, _("Instant heal {amount}").format(amount=cd.instant_heal))
    if short:
        lead = Text("/".join(kws) + ": " if kws else "", style="bold")
        return lead.append_text(text)
    if kws:
        text.append(" — " + " · ".join(kws), style="italic")
    return text
