"""A card on screen: the face (``tagteam.render.card_face``) in a widget, its full text under the pointer.

A face-up card's tooltip is the card as the gallery and ``tagteam cards`` print it (``card_panel``), so any
card shown, yours or theirs, reads in full on hover; a card lying face down has none.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from tagteam.render.card_face import CardFace
from tagteam.render.cards import card_panel


class CardWidget(Static):
    """One card; ``face`` says which and how (its width is the widget's own, unless the face fixes one).
    A click posts ``CardWidget.Clicked`` with ``index`` (the screen's number for it: a drawn card's place)."""

    class Clicked(Message):
        """The card was clicked (a drawn card chosen, a card looked at)."""

        def __init__(self, widget: CardWidget, index: int) -> None:
            super().__init__()
            self.widget = widget
            self.index = index

    DEFAULT_CSS = """
    CardWidget { width: auto; height: auto; }
    """

    def __init__(
        self,
        face: CardFace,
        *,
        index: int = 0,
        header: Text | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(Group(header, face) if header is not None else face, id=id, classes=classes, markup=False)
        self.face = face
        self.index = index
        self.header = header
        if face.card is not None:
            self.tooltip = card_panel(face.card, face.flipped)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self, self.index))

    def show(self, face: CardFace, header: Text | None = None) -> None:
        """Draw another card (or the same one turned over) in this place, under ``header`` (a line saying whose
        place it is, one widget with the card rather than one more to lay out)."""
        self.face = face
        self.header = header
        self.tooltip = card_panel(face.card, face.flipped) if face.card is not None else None
        self.update(Group(header, face) if header is not None else face)
