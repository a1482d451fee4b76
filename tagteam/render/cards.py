"""Rich renderables for cards and Fighter boards: every mark is spelled out, colour only repeats it."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.text import Text

from tagteam.content.fighters import rules_of
from tagteam.content.models import Card, Effect, Fighter, HealthTrack, SchemeToken, Space, SpecialTrack
from tagteam.engine.fighters.bodvar import BEAR, BEAR_MAX_START
from tagteam.render.glued import glued
from tagteam.words import N_, _, ngettext, pgettext
from tagteam.words.names import board_text, card_name, card_text, fighter_name, other_names

START = "▶"
ICON_LABELS: dict[str, str] = {
    "power_self": N_("+1 Power"),
    "power_partner": N_("+1 Power to Partner"),
    "flip_serpent": N_("flip Serpent"),
    "unleash_scheme": N_("Unleash a Scheme"),
    "revive": N_("REVIVE +1 Power"),
    "spirit": N_("SPIRIT +1"),
}
PAYOUT_LABELS: dict[str, str] = {
    "power_self": N_("+1 Power"),
    "power_partner": N_("+1 Power to Partner"),
    "power_self_3_then_transform": N_("+3 Power, then transform"),
}
DIAL_NAMES = ("Halo", "top-left", "top-right", "bottom-right", "bottom-left")  # English; ``dial_names`` to show
# An effect's op -> the Action it is (English keys: the line-up and the coach compare them; ``action_word`` shows one)
KEYWORDS: dict[str, str] = {
    "attack": "Attack",
    "block": "Block",
    "direct_damage": "Direct Damage",
    "heal": "Heal",
    "gain_power": "Power",
    "transfer_power": "Transfer",
    "set_power_to_partner": "Power",
    "cancel": "Cancel",
}


def action_word(key: str) -> str:
    """An Action's word (a ``KEYWORDS`` value) in the player's language: the card's own icon words."""
    words = {
        "Attack": pgettext("action", "Attack"),
        "Block": pgettext("action", "Block"),
        "Direct Damage": pgettext("action", "Direct Damage"),
        "Heal": pgettext("action", "Heal"),
        "Power": pgettext("action", "Power"),
        "Transfer": pgettext("action", "Transfer"),
        "Cancel": pgettext("action", "Cancel"),
    }
    return words.get(key, key)


def dial_names() -> tuple[str, ...]:
    """The Divine Voice dial's five spaces written out, in the player's language."""
    return (
        pgettext("dial space", "Halo"),
        pgettext("dial space", "top-left"),
        pgettext("dial space", "top-right"),
        pgettext("dial space", "bottom-right"),
        pgettext("dial space", "bottom-left"),
    )


TOKEN_NAMES: dict[str, str] = {
    "sheriff": N_("Sheriff"),
    "aflame": N_("Aflame!"),
    "serpent": N_("Serpent (white/black)"),
    "scheme": N_("Scheme"),
    "presence": N_("Golem's Presence"),
    "concentration": N_("Concentration"),
}
# The Fighters' style tags and box ratings (printed on the box, in the data in English)
TAG_WORDS: dict[str, str] = {
    "Aggressive": N_("Aggressive"),
    "Control": N_("Control"),
    "Elusive": N_("Elusive"),
    "Escalation": N_("Escalation"),
    "High Damage": N_("High Damage"),
    "Immortal": N_("Immortal"),
    "Power Build": N_("Power Build"),
    "Power Manipulation": N_("Power Manipulation"),
    "Precise Timing": N_("Precise Timing"),
    "Protector": N_("Protector"),
    "Resilient": N_("Resilient"),
    "Riposte": N_("Riposte"),
    "Self-Sufficient": N_("Self-Sufficient"),
    "Support": N_("Support"),
    "Tank": N_("Tank"),
    "Transformation": N_("Transformation"),
    "Unpredictable": N_("Unpredictable"),
    "Versatile": N_("Versatile"),
}
RATING_WORDS: dict[str, str] = {
    "Health": N_("Health"),
    "Offense": N_("Offense"),
    "Defense": N_("Defense"),
    "Heal": N_("Heal"),
    "Special": N_("Special"),
}


def _word(table: dict[str, str], key: str) -> str:
    """``table[key]`` in the player's language, or ``key`` as the data has it."""
    return _(table[key]) if key in table else key


def _space_label(space: Space, revive_to_hp: int | None) -> tuple[str, str]:
    """The words written in one Health space and the style that repeats them."""
    words = [] if space.ko else [str(space.hp)]
    style = "green"
    for icon in space.icons:
        label = _word(ICON_LABELS, icon) if icon in ICON_LABELS else icon.replace("_", " ")
        if icon == "revive":
            back = _("{icon}, back to {hp}").format(icon=label, hp=revive_to_hp)
            words = [back if revive_to_hp is not None else label]
            style = "bold magenta"
        elif icon == "spirit":
            words = [label]
            style = "bold cyan"
        else:
            words.append(label)
            style = "cyan"
    if space.stop:
        words.append(_("STOP"))
        style = "bold yellow"
    if space.ko:
        words.append(_("KO"))
        style = "bold red"
    return " ".join(words), style


def health_track_text(track: HealthTrack) -> Text:
    """One Health track, space by space from the top: start marker, numbers, icons, STOP and KO."""
    text = Text()
    text.append(_("{track}:").format(track=board_text(track, "name")) + " ", style="bold")
    for index, space in enumerate(track.spaces):
        if index:
            text.append(" ")
        if index == track.start_index:
            text.append(START, style="bold")
        label, style = _space_label(space, track.revive_to_hp)
        text.append(f"[{label}]", style=style)
    return text


class KeptSpaces:
    """A track's line wrapped only between its spaces, never inside one: "[6 +1 Power]" or "[12 Unleash a Scheme]"
    stays whole on a narrow board (a space longer than the whole width is still folded, as any word is)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def _chunks(self) -> list[tuple[int, int]]:
        """The pieces a line may break between: the track's name, then each space (the name keeps its first
        space on its line when both fit; a name too long for that, the Bear's with how he starts, takes a line
        of its own rather than leave "[15]" alone on the next)."""
        plain = self.text.plain
        cuts, depth = [0], 0
        first = plain.find("[")
        if first > 0:
            cuts.append(first)
        for i, ch in enumerate(plain):
            if ch == "[":
                depth += 1
            elif ch == "]":
                depth = max(0, depth - 1)
            elif ch == " " and depth == 0 and i > first >= 0:
                cuts.append(i + 1)
        cuts.append(len(plain))
        return [(a, b) for a, b in itertools.pairwise(cuts) if b > a]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        plain, width = self.text.plain, options.max_width
        offsets: list[int] = []
        start = 0
        chunks = self._chunks()
        for a, b in chunks:
            if a > start and cell_len(plain[start:b].rstrip()) > width:
                offsets.append(a)
                start = a
        last, before = chunks[-1][0] if chunks else 0, chunks[-2][0] if len(chunks) > 2 else 0
        alone = offsets and offsets[-1] == last and before > 0 and offsets[-2:-1] != [before]
        if alone and cell_len(plain[before:]) <= width:
            offsets[-1] = before  # the last space never alone on its line ("[KO]"): the one before joins it
        for line in self.text.divide(offsets):
            line.rstrip()
            yield from console.render(line, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        widest = max((cell_len(plain[a:b].rstrip()) for a, b in self._chunks()), default=0)
        return Measurement(min(widest, options.max_width), min(cell_len(plain), options.max_width))


def special_track_text(track: SpecialTrack) -> Text:
    """A special track as its spaces in play order, the start marked and every payout written out."""
    text = Text()
    text.append(_("{track}:").format(track=board_text(track, "name")) + " ", style="bold")
    first = 1 if track.kind == "spirit" else 0  # the Spirit track counts 1..4; its space 0 is never used
    pieces = []
    for index in range(first, track.size):
        name = dial_names()[index] if track.kind == "divine_voice" and index < len(DIAL_NAMES) else str(index)
        payout = track.payouts.get(str(index))
        paid = (_word(PAYOUT_LABELS, payout) if payout in PAYOUT_LABELS else payout.replace("_", " ")) if payout else ""
        label = name + (f" {paid}" if payout else "")
        pieces.append((index, label, "cyan" if payout else "yellow"))
    joiner = " → " if track.kind == "divine_voice" else " "
    for position, (index, label, style) in enumerate(pieces):
        if position:
            text.append(joiner)
        if index == track.start:
            text.append(START, style="bold")
        text.append(f"[{label}]", style=style)
    if track.kind == "divine_voice":
        text.append(" " + _("→ back to top-left (clockwise)"))
    return text


def effect_keywords(effects: Iterable[Effect]) -> list[str]:
    """The basic Actions a card can perform, in first-seen order, like the icons along a card's edge."""
    found: list[str] = []

    def visit(items: Iterable[Effect]) -> None:
        for effect in items:
            word = KEYWORDS.get(effect.op)
            if word and word not in found:
                found.append(word)
            for branch in effect.children():
                visit(branch.effects)

    visit(effects)
    return found


def card_panel(card: Card, flipped: bool = False) -> Panel:
    """One card: name, copies, Starting star, Instant Bonus, text and (for Summonings) its other half."""
    upside_down = flipped and card.flipped_text is not None
    lines: list[RenderableType] = []
    name = card_name(card)
    if name != card.name:  # a translated name shown: the English one, as other players may know it
        lines.append(Text(_("EN: {name}").format(name=card.name), style="dim"))
    else:  # the English name shown: the names the other languages print, for players who know those
        lines.extend(Text(said, style="dim") for said in other_names(card))
    if upside_down:
        lines.append(Text(_("UPSIDE DOWN: {text}").format(text=card_text(card, flipped=True))))
        effects: Sequence[Effect] = card.flipped_effects or []
    else:
        lines.append(Text(card_text(card)))
        effects = card.effects
        if card.flipped_text:
            other = _("Other half (after turning over): {text}").format(text=card_text(card, flipped=True))
            lines.append(Text(other, style="dim"))
    keywords = [action_word(k) for k in effect_keywords(effects)]
    if card.instant_heal:
        keywords.insert(0, _("Instant Bonus (heal {amount})").format(amount=card.instant_heal))
    if keywords:
        lines.append(Text(_("Actions: {actions}").format(actions=" · ".join(keywords)), style="bold"))
    subtitle = f"×{card.copies}"
    if card.starting:
        star = _("★ Starting Card (one copy)") if card.copies > 1 else _("★ Starting Card")
        subtitle += " · " + star
    title = _("{card} (upside down)").format(card=name) if upside_down else name
    return Panel(Group(*lines), title=title, subtitle=subtitle, border_style="green" if card.starting else "blue")


def _scheme_lines(tokens: Sequence[SchemeToken]) -> list[Text]:
    lines = [Text(_("Scheme token faces:"), style="bold")]
    lines.extend(Text(f"  ×{t.copies} {board_text(t, 'text')}") for t in tokens)
    return lines


RATINGS_RE = re.compile(r"\s*((?:[A-Z][a-z]+ \d(?:, )?)+)\.\s*$")
RATINGS_LABEL = N_("Ratings out of 5 (how good at each, not HP or Power): ")


def split_ratings(profile: str) -> tuple[str, list[tuple[str, int]]]:
    """The blurb and its trailing ratings ("Health 4, Offense 3, ..."): shown apart and labelled, so a
    rating of 4 beside an 18-HP Health track is not read as HP."""
    m = RATINGS_RE.search(profile)
    if m is None:
        return profile, []
    pairs = [(k, int(v)) for k, v in (x.rsplit(" ", 1) for x in m.group(1).split(", "))]
    return profile[: m.start()].rstrip(), pairs


def as_played(model: Fighter) -> Fighter:
    """The board as the engine plays it: the Berserker Bear has no start space (the data's ``start_index``
    is unused there), he enters at Bödvar's Power when he transforms, at most the engine's cap. Without
    this the board drew ▶ on the Bear's 15, read as "the Bear starts at 15"."""
    if rules_of(model.id) != "bodvar" or len(model.health) <= BEAR:
        return model
    bear = model.health[BEAR]
    told = _("{track} (starts at {fighter}'s Power when he transforms, at most {cap})").format(
        track=board_text(bear, "name"), fighter=fighter_name(model), cap=BEAR_MAX_START
    )
    health = list(model.health)
    # -1: no ▶ drawn on any space (``told`` is already in the reader's language)
    health[BEAR] = bear.model_copy(update={"name": told, "start_index": -1})
    return model.model_copy(update={"health": health})


def fighter_board_panel(fighter: Fighter) -> Panel:
    """A Fighter board: base Power, Health track(s), special track, tokens, complexity, tags, profile (the
    gallery, the Draft, the setup screen and ``tagteam cards`` all draw it, as the engine plays it)."""
    fighter = as_played(fighter)
    lines: list[RenderableType] = []
    head = Text()
    head.append(_("Base Power: {power}").format(power=fighter.base_power), style="bold")
    dots = "●" * fighter.complexity + "○" * (5 - fighter.complexity)
    head.append("   " + _("Complexity: {dots} ({level}/5)").format(dots=dots, level=fighter.complexity))
    if fighter.tags:
        head.append("   " + _("Style: {tags}").format(tags=" · ".join(_word(TAG_WORDS, t) for t in fighter.tags)))
    lines.append(head)
    if fighter.partner_start_power:
        lines.append(Text(_("Partner starts with +{power} Power").format(power=fighter.partner_start_power)))
    lines.append(Text(_("Health track, from its top space to KO (▶ = start):"), style="bold"))
    lines.extend(KeptSpaces(health_track_text(track)) for track in fighter.health)
    if fighter.special_track is not None:
        lines.append(KeptSpaces(special_track_text(fighter.special_track)))
    if fighter.tokens:
        names = (
            f"{_word(TOKEN_NAMES, k) if k in TOKEN_NAMES else k.replace('_', ' ')} ×{n}"
            for k, n in fighter.tokens.items()
        )
        lines.append(Text(_("Tokens: {tokens}").format(tokens=", ".join(names))))
    if fighter.scheme_tokens:
        lines.extend(_scheme_lines(fighter.scheme_tokens))
    if fighter.profile:
        _blurb, ratings = split_ratings(fighter.profile)  # the ratings are read off the English profile
        blurb, _ratings = split_ratings(board_text(fighter, "profile"))
        lines.append(Text(blurb, style="italic"))
        if ratings:
            lines.append(Text(_(RATINGS_LABEL) + " · ".join(f"{_word(RATING_WORDS, k)} {v}" for k, v in ratings)))
    name = fighter_name(fighter)
    # the printed (English) name beside a translated one; never a third language's (Chinese on a Portuguese
    # screen, where the Portuguese name is the English one)
    title = f"{name} / {fighter.name}" if name != fighter.name else name
    copies = sum(card.copies for card in fighter.cards)
    subtitle = ngettext(
        "{kinds} different card, {copies} in the deck",
        "{kinds} different cards, {copies} in the deck",
        len(fighter.cards),
    ).format(kinds=len(fighter.cards), copies=copies)
    return Panel(glued(Group(*lines)), title=title, subtitle=subtitle)  # French marks kept with their word
