"""Rich renderables for cards and Fighter boards: every mark is spelled out, colour only repeats it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tagteam.content.models import Card, Effect, Fighter, HealthTrack, SchemeToken, Space, SpecialTrack
from tagteam.engine.fighters.bodvar import BEAR, BEAR_MAX_START

START = "▶"
ICON_LABELS: dict[str, str] = {
    "power_self": "+1 Power",
    "power_partner": "+1 Power to Partner",
    "flip_serpent": "flip Serpent",
    "unleash_scheme": "Unleash a Scheme",
    "revive": "REVIVE +1 Power",
    "spirit": "SPIRIT +1",
}
PAYOUT_LABELS: dict[str, str] = {
    "power_self": "+1 Power",
    "power_partner": "+1 Power to Partner",
    "power_self_3_then_transform": "+3 Power, then transform",
}
DIAL_NAMES = ("Halo", "top-left", "top-right", "bottom-right", "bottom-left")
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
TOKEN_NAMES: dict[str, str] = {
    "sheriff": "Sheriff",
    "aflame": "Aflame!",
    "serpent": "Serpent (white/black)",
    "scheme": "Scheme",
    "presence": "Golem's Presence",
    "concentration": "Concentration",
}


def _space_label(space: Space, revive_to_hp: int | None) -> tuple[str, str]:
    """The words written in one Health space and the style that repeats them."""
    words = [] if space.ko else [str(space.hp)]
    style = "green"
    for icon in space.icons:
        label = ICON_LABELS.get(icon, icon.replace("_", " "))
        if icon == "revive":
            words = [label + (f", back to {revive_to_hp}" if revive_to_hp is not None else "")]
            style = "bold magenta"
        elif icon == "spirit":
            words = [label]
            style = "bold cyan"
        else:
            words.append(label)
            style = "cyan"
    if space.stop:
        words.append("STOP")
        style = "bold yellow"
    if space.ko:
        words.append("KO")
        style = "bold red"
    return " ".join(words), style


def health_track_text(track: HealthTrack) -> Text:
    """One Health track, space by space from the top: start marker, numbers, icons, STOP and KO."""
    text = Text()
    text.append(f"{track.name}: ", style="bold")
    for index, space in enumerate(track.spaces):
        if index:
            text.append(" ")
        if index == track.start_index:
            text.append(START, style="bold")
        label, style = _space_label(space, track.revive_to_hp)
        text.append(f"[{label}]", style=style)
    return text


def special_track_text(track: SpecialTrack) -> Text:
    """A special track as its spaces in play order, the start marked and every payout written out."""
    text = Text()
    text.append(f"{track.name}: ", style="bold")
    first = 1 if track.kind == "spirit" else 0  # the Spirit track counts 1..4; its space 0 is never used
    pieces = []
    for index in range(first, track.size):
        name = DIAL_NAMES[index] if track.kind == "divine_voice" and index < len(DIAL_NAMES) else str(index)
        payout = track.payouts.get(str(index))
        label = name + (f" {PAYOUT_LABELS.get(payout, payout.replace('_', ' '))}" if payout else "")
        pieces.append((index, label, "cyan" if payout else "yellow"))
    joiner = " → " if track.kind == "divine_voice" else " "
    for position, (index, label, style) in enumerate(pieces):
        if position:
            text.append(joiner)
        if index == track.start:
            text.append(START, style="bold")
        text.append(f"[{label}]", style=style)
    if track.kind == "divine_voice":
        text.append(" → back to top-left (clockwise)")
    return text


def effect_keywords(effects: Iterable[Effect]) -> list[str]:
    """The basic Actions a card can perform, in first-seen order, like the icons along a card's edge."""
    found: list[str] = []

    def visit(items: Iterable[Effect]) -> None:
        for effect in items:
            word = KEYWORDS.get(effect.op)
            if word and word not in found:
                found.append(word)
            for name in ("then", "otherwise", "on_success", "on_blocked", "effects"):
                inner = getattr(effect, name, None)
                if isinstance(inner, list):
                    visit(inner)

    visit(effects)
    return found


def card_panel(card: Card, flipped: bool = False) -> Panel:
    """One card: name, copies, Starting star, Instant Bonus, text and (for Summonings) its other half."""
    upside_down = flipped and card.flipped_text is not None
    lines: list[RenderableType] = []
    if card.name_fr:
        lines.append(Text(f"FR: {card.name_fr}", style="dim"))
    if upside_down:
        lines.append(Text(f"UPSIDE DOWN: {card.flipped_text}"))
        effects: Sequence[Effect] = card.flipped_effects or []
    else:
        lines.append(Text(card.text))
        effects = card.effects
        if card.flipped_text:
            lines.append(Text(f"Other half (after turning over): {card.flipped_text}", style="dim"))
    keywords = effect_keywords(effects)
    if card.instant_heal:
        keywords.insert(0, f"Instant Bonus (heal {card.instant_heal})")
    if keywords:
        lines.append(Text("Actions: " + " · ".join(keywords), style="bold"))
    subtitle = f"x{card.copies}"
    if card.starting:
        subtitle += " · ★ Starting Card" + (" (one copy)" if card.copies > 1 else "")
    title = card.name + (" (upside down)" if upside_down else "")
    return Panel(Group(*lines), title=title, subtitle=subtitle, border_style="green" if card.starting else "blue")


def _scheme_lines(tokens: Sequence[SchemeToken]) -> list[Text]:
    lines = [Text("Scheme token faces:", style="bold")]
    lines.extend(Text(f"  ×{t.copies} {t.text}") for t in tokens)
    return lines


RATINGS_RE = re.compile(r"\s*((?:[A-Z][a-z]+ \d(?:, )?)+)\.\s*$")
RATINGS_LABEL = "Ratings out of 5 (how good at each, not HP or Power): "


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
    if model.id != "bodvar" or len(model.health) <= BEAR:
        return model
    bear = model.health[BEAR]
    told = f"{bear.name} (starts at {model.name}'s Power when he transforms, at most {BEAR_MAX_START})"
    health = list(model.health)
    health[BEAR] = bear.model_copy(update={"name": told, "start_index": -1})  # -1: no ▶ drawn on any space
    return model.model_copy(update={"health": health})


def fighter_board_panel(fighter: Fighter) -> Panel:
    """A Fighter board: base Power, Health track(s), special track, tokens, complexity, tags, profile (the
    gallery, the Draft, the setup screen and ``tagteam cards`` all draw it, as the engine plays it)."""
    fighter = as_played(fighter)
    lines: list[RenderableType] = []
    head = Text()
    head.append(f"Base Power: {fighter.base_power}", style="bold")
    dots = "●" * fighter.complexity + "○" * (5 - fighter.complexity)
    head.append(f"   Complexity: {dots} ({fighter.complexity}/5)")
    if fighter.tags:
        head.append(f"   Style: {' · '.join(fighter.tags)}")
    lines.append(head)
    if fighter.partner_start_power:
        lines.append(Text(f"Partner starts with +{fighter.partner_start_power} Power"))
    lines.append(Text("Health track, from its top space to KO (▶ = start):", style="bold"))
    lines.extend(health_track_text(track) for track in fighter.health)
    if fighter.special_track is not None:
        lines.append(special_track_text(fighter.special_track))
    if fighter.tokens:
        names = (f"{TOKEN_NAMES.get(k, k.replace('_', ' '))} ×{n}" for k, n in fighter.tokens.items())
        lines.append(Text("Tokens: " + ", ".join(names)))
    if fighter.scheme_tokens:
        lines.extend(_scheme_lines(fighter.scheme_tokens))
    if fighter.profile:
        blurb, ratings = split_ratings(fighter.profile)
        lines.append(Text(blurb, style="italic"))
        if ratings:
            lines.append(Text(RATINGS_LABEL + " · ".join(f"{k} {v}" for k, v in ratings)))
    title = fighter.name + (f" / {fighter.name_fr}" if fighter.name_fr and fighter.name_fr != fighter.name else "")
    copies = sum(card.copies for card in fighter.cards)
    subtitle = f"{len(fighter.cards)} different cards, {copies} in the deck"
    return Panel(Group(*lines), title=title, subtitle=subtitle)
