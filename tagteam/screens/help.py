"""Rules reference written for this app (a summary in our own words), with the keys of every screen.

The text is a markdown file per language (``tagteam/words/text/rules.<lang>.md``) that a translator edits
as a whole, headings and tables included; the key list of the line-up is filled in from the line-up's own
legend, so the two never disagree.

The text is parsed once per process and language, and drawn as one widget (not one widget per paragraph and table
cell), so ``?`` opens as quickly as the glossary, every time.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown, MarkdownElement, Paragraph
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widgets import Footer

from tagteam.render.glued import Glued
from tagteam.screens.overlay import LinesView, OverlayScreen, laid_out
from tagteam.words import N_, language

TEXT_DIR = Path(__file__).resolve().parents[1] / "words" / "text"
LEGEND = "{legend}"  # where the rules' key list shows the line-up's one legend of Action marks


def rules_file(lang: str) -> Path:
    """The rules reference a translator edits for ``lang`` (``words/text/rules.<lang>.md``), English when that
    language has none (the pseudo-locale of the tests, say)."""
    own = TEXT_DIR / f"rules.{lang}.md"
    return own if own.is_file() else TEXT_DIR / "rules.en.md"


def rules_source(lang: str) -> str:
    """The rules' markdown in ``lang``, the line-up's legend (``render.lineup.legend``) in place of ``{legend}``:
    one legend of the marks for the line-up and this page, in the language in use."""
    from tagteam.render.lineup import legend

    return rules_file(lang).read_text(encoding="utf-8").replace(LEGEND, legend())


def rules_text(lang: str | None = None) -> Markdown:
    """The rules in ``lang`` (the language in use when None), parsed once per process and language."""
    return rules_markdown(lang or language())


class _Paragraph(Paragraph):
    """A paragraph wrapped by ``Glued``: French marks stay with their word, Chinese breaks between ideographs
    (rich alone breaks only at spaces, and folds a longer run of Chinese anywhere: "主题" then "。")."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.text.justify = self.justify
        yield Glued(self.text)


class _Rules(Markdown):
    elements: ClassVar[dict[str, type[MarkdownElement]]] = {**Markdown.elements, "paragraph_open": _Paragraph}


@cache
def rules_markdown(lang: str) -> Markdown:
    """The rules parsed once per process and language (read while ``lang`` is the language in use)."""
    return _Rules(rules_source(lang), hyperlinks=False)


@cache
def rules_lines(width: int, console: Console, lang: str = "en") -> tuple[Strip, ...]:
    """The rules laid out at ``width`` once per process and language: opening the screen again costs nothing."""
    return laid_out(rules_markdown(lang), width, console)


class HelpScreen(OverlayScreen):
    """Pushed over any screen and popped with Escape; it shows no game state, so it is safe at any moment."""

    CSS_PATH = "help.tcss"
    AUTO_FOCUS = "#text"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", N_("Back")),
        Binding("g", "app.gallery", N_("Card gallery")),
    ]

    def body(self) -> ComposeResult:
        lang = language()
        yield LinesView(lambda width: rules_lines(width, self.app.console, lang), id="text")
        yield Footer()
