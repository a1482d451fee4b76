"""Glossary: every rules term the cards, boards and log use, explained; type to filter (``k`` anywhere)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from rich.console import Console
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widgets import Footer, Input

from tagteam.screens.overlay import LinesView, OverlayScreen, laid_out
from tagteam.words import N_, _, language
from tagteam.words.glossary import Term, matching


def entries(terms: list[Term]) -> Text:
    """The terms as a readable list: the word in bold, whose it is, where it shows up, then what it means."""
    out = Text()
    for i, t in enumerate(terms):
        if i:
            out.append("\n\n")
        out.append(t.shown_word, style="bold")
        whose = f" · {t.shown_fighter}" if t.fighter else ""
        out.append(f"   ({t.shown_where}{whose})\n", style="italic")
        out.append(t.shown_meaning)
    if not terms:
        out.append(_("No term matches. Clear the filter to see them all."), style="italic")
    return out


class GlossaryScreen(OverlayScreen):
    """Pushed over any screen and popped with Escape; it shows no game state, so it is safe at any moment."""

    AUTO_FOCUS = "#filter"  # letters typed while it opens go into the filter
    DEFAULT_CSS = """
    GlossaryScreen #filter { margin: 0 1; }
    GlossaryScreen #terms { height: 1fr; padding: 0 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self.query_text = query

    def body(self) -> ComposeResult:
        # TRANSLATORS: the examples are glossary words: give their French words
        yield Input(self.query_text, placeholder=_("Type to filter: Stop, Block, Presence…"), id="filter")
        yield LinesView(self._terms(self.query_text), id="terms")
        yield Footer()

    def _terms(self, query: str) -> Callable[[int], tuple[Strip, ...]]:
        lang = language()
        return lambda width: terms_lines(query, width, self.app.console, lang)

    @on(Input.Changed, "#filter")
    def _filter(self, event: Input.Changed) -> None:
        self.query_one("#terms", LinesView).show(self._terms(event.value))


@lru_cache(maxsize=128)
def terms_lines(query: str, width: int, console: Console, lang: str = "en") -> tuple[Strip, ...]:
    """The terms matching ``query`` laid out at ``width`` in language ``lang`` (the one in use: it is part of the
    cache's key): the whole list once per process, and each filter typed again (a letter deleted) at once."""
    return laid_out(entries(matching(query)), width, console)
