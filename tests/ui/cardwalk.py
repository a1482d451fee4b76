"""Walk every card a screen shows and check its whole text is one hover or one key away (issue 40).

Reusable from any table screen (Build, Fight, ...): a card drawn as a widget (``CardWidget``, a Build's
``CardTile``) must carry the whole card under the pointer (its tooltip); every card named on the screen,
as a widget or in a line (the line-up), must read whole in the ``v`` panel.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widget import Widget

from tagteam.content.models import Card
from tagteam.screens.cards import CardsScreen
from tagteam.widgets.basic import CardTile
from tagteam.widgets.card import CardWidget
from tagteam.words.names import card_text


def flat(text: str) -> str:
    return " ".join(text.split())


def rendered(renderable: Any, width: int = 60) -> str:
    """A rich renderable as plain words (borders left in, words whole)."""
    console = Console(width=width, color_system=None, file=io.StringIO(), record=True)
    console.print(renderable)
    return flat(console.export_text())


def unbordered(text: str) -> str:
    return flat(text.replace("│", " "))


def card_widgets(screen: Widget) -> list[Widget]:
    """The widgets of ``screen`` that draw one card (face up or down)."""
    return [w for w in screen.query("*") if isinstance(w, CardWidget | CardTile)]


def hover_text_missing(widget: Widget, card: Card, flipped: bool = False) -> str | None:
    """None if ``widget``'s tooltip reads ``card`` whole, else what it reads."""
    tip = widget.tooltip
    if tip is None:
        return "no tooltip"
    said = unbordered(rendered(tip))
    if flat(card_text(card, flipped=flipped and card.flipped_text is not None)) not in said:
        return said
    return None


async def check_every_card_readable(app: Any, pilot: Pilot[Any], named: Iterable[Card] = ()) -> int:
    """Every card widget on the current screen reads whole on hover (its tooltip); then ``v`` opens the
    panel, where every card of ``named`` and of those widgets reads whole. Returns the widgets walked."""
    screen = app.screen
    faults = []
    seen: list[Card] = list(named)
    walked = 0
    for widget in card_widgets(screen):
        if not widget.display:
            continue
        card = card_of(widget)
        if card is None:  # a card lying face down: nothing to read, nothing told
            assert widget.tooltip is None, widget
            continue
        walked += 1
        seen.append(card)
        missing = hover_text_missing(widget, card)
        if missing is not None:
            faults.append(f"{card.id}: {missing}")
    assert not faults, "\n".join(faults)
    await pilot.press("v")
    await pilot.pause()
    panel = app.screen
    assert isinstance(panel, CardsScreen), type(panel).__name__
    faces = {w.face.card.id: w for w in panel.query(CardWidget) if w.face.card is not None}
    for card in seen:
        assert card.id in faces, card.id
        face = faces[card.id].face
        assert face.text, card.id  # drawn with its text
        assert flat(card_text(card)) in unbordered(rendered(face, 40)), card.id
    await pilot.press("v")
    await pilot.pause()
    assert app.screen is screen
    return walked


def card_of(widget: Widget) -> Card | None:
    """The card a card widget draws (None: face down)."""
    if isinstance(widget, CardWidget):
        return widget.face.card
    return getattr(widget, "card", None)
