"""The tutorial's lesson card: shown over the game's own screen, pointing at the part it talks about.

The lessons come from ``tagteam.play.tutorial`` (Textual-free); this screen only shows them. The widget a
lesson talks about is tinted while the card is up (a tint, not an outline: an outline is drawn over the
widget's first and last columns and hid the first letter of every log line), the card names it in words
(a tint does not show without colour), and it docks on the other half of the screen so the target stays
in view.
"""

from __future__ import annotations

import contextlib
from typing import ClassVar

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Footer, Static

from tagteam.play.tutorial import Lesson
from tagteam.render.glued import Glued
from tagteam.screens.base import WordsModal
from tagteam.screens.messages import BackToTitle, SkipLessons
from tagteam.words import N_, _

# TRANSLATORS: the part of the screen a lesson talks about, as in "Look at the log (below, highlighted)"
TARGET_WORDS = {
    "#log": N_("the log"),
    "#lineup": N_("the line-up"),
    "#drawn": N_("the drawn cards"),
    "#boards": N_("the Fighter boards"),
    "#team1": N_("your tutor's boards"),
    "#table": N_("the Fighter boards"),
    "#choices": N_("the choices"),
    "#recap": N_("the recap"),
}
ELSEWHERE = N_("the highlighted part of the screen")


def pointer(where: str, top: bool | None, more: str) -> str:
    """The card's last line: where its target is (``top``: the card docks at the top, so it is below; None:
    nothing highlighted) and what Enter does (``more``), one whole sentence each way."""
    if top is None:
        return more
    if top:
        # TRANSLATORS: {part} is a part of the screen ("the log"), {next} what Enter does ("Enter: next lesson")
        return _("Look at {part} (below, highlighted) · {next}").format(part=where, next=more)
    return _("Look at {part} (above, highlighted) · {next}").format(part=where, next=more)


def hanging(text: str) -> Group:
    """The lesson's lines, each wrapped under its own first letter: an indented line of a round summary
    stays indented when it wraps, instead of running back to the card's edge."""
    rows = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        rows.append(Padding(Glued(Text(body)), (0, 0, 0, len(line) - len(body))))  # French marks kept
    return Group(*rows)


class LessonScreen(WordsModal):
    """One or more lessons in a row: Enter for the next, s to skip the lessons, x to leave the tutorial."""

    SCOPED_CSS = False  # the tint below is for widgets of the screen underneath
    DEFAULT_CSS = """
    .-lesson-mark { background-tint: $warning 18%; }
    LessonScreen { background: $background 15%; align: center bottom; }
    LessonScreen.-top { align: center top; }
    LessonScreen #lesson {
        width: 90%; max-width: 100; height: auto; max-height: 60%;
        border: heavy $warning; background: $surface; padding: 0 1;
    }
    LessonScreen #title { text-style: bold; color: $warning; }
    LessonScreen #body { height: auto; max-height: 35vh; scrollbar-size-vertical: 1; padding-right: 1; }
    LessonScreen #where { color: $text-muted; text-style: italic; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", N_("Next"), priority=True),
        Binding("up", "scroll(-1)", N_("Scroll"), show=False, priority=True),
        Binding("down", "scroll(1)", N_("Scroll"), show=False, priority=True),
        Binding("pageup", "scroll(-8)", N_("Scroll"), show=False, priority=True),
        Binding("pagedown", "scroll(8)", N_("Scroll"), show=False, priority=True),
        Binding("s", "skip", N_("Skip lessons")),
        Binding("x", "leave", N_("Leave tutorial")),
    ]

    def __init__(self, lessons: list[Lesson]) -> None:
        super().__init__()
        self.lessons = lessons
        self.index = 0
        self.marked: list[Widget] = []
        self._placed_for: tuple[object, ...] = ()  # the targets' regions when the card was last placed

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson"):
            yield Static(id="title", markup=False)
            with VerticalScroll(id="body"):  # a long round summary scrolls instead of being cut off
                yield Static(id="text", markup=False)
            yield Static(id="where", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show()
        self._place_again()
        self.set_interval(0.25, self._follow)  # the screen below may be laid out later than any fixed wait

    def _follow(self) -> None:
        """Place the card again when what it points at has moved since it was placed (a resize whose new
        layout of the screen below comes late, on a loaded machine): it must never cover its target."""
        if self._open() and tuple(w.region for w in self._below()) != self._placed_for:
            self._place()

    def on_resize(self) -> None:
        self._place()
        self._place_again()  # the screen below is laid out for the new size after this card's resize

    def _place_again(self) -> None:
        """Once the game screen below is laid out (it may be laid out in the same refresh as this card, or
        later), place the card again: away from its target, within the room left."""
        self.call_after_refresh(self._place)
        self.set_timer(0.2, self._place)

    def _below(self) -> list[Widget]:
        """The widgets of the game screen underneath that the lesson talks about."""
        stack = self.app.screen_stack
        if not self.lesson.target or len(stack) < 2 or stack[-1] is not self:
            return []
        return list(stack[-2].query(self.lesson.target))

    def _open(self) -> bool:
        """Still the top screen (keys typed quickly, or the game moving on, can close it before a deferred
        call runs)."""
        return self.is_mounted and self.app.screen is self

    def _show(self) -> None:
        """The current lesson's words (from on_mount or a key), then its place. Keys typed quickly can close
        the card before its mount runs: its parts are gone then, and there is nothing to show."""
        try:
            head = self.query_one("#title", Static)
            text = self.query_one("#text", Static)
            body = self.query_one("#body", VerticalScroll)
        except NoMatches:  # closed, or the app ending, while the card was being mounted: its parts are going
            return
        title = self.lesson.title
        if len(self.lessons) > 1:
            # TRANSLATORS: a lesson's title and its place in the row of lessons, "Tokens (2/3)"
            title = _("{title} ({number}/{count})").format(title=title, number=self.index + 1, count=len(self.lessons))
        head.update(Text(title))
        text.update(hanging(self.lesson.text))
        body.scroll_home(animate=False)
        self._place()

    def _place(self) -> None:
        """Tint the target, dock away from it, and say where it is (nothing once the card's parts are going)."""
        if not self._open():
            return
        with contextlib.suppress(NoMatches):
            self._place_now()

    def _place_now(self) -> None:
        for w in self.marked:
            w.remove_class("-lesson-mark")
        self.marked = self._below()
        for w in self.marked:
            w.add_class("-lesson-mark")
        self._placed_for = tuple(w.region for w in self.marked)
        top = self._fit()
        what = _(TARGET_WORDS.get(self.lesson.target, ELSEWHERE))
        more = _("Enter: next lesson") if self.index + 1 < len(self.lessons) else _("Enter: back to the game")
        line = pointer(what, top if self.marked else None, more)
        self.query_one("#where", Static).update(line)
        self.call_after_refresh(self._scroll_hint, line)

    def _fit(self) -> bool:
        """Dock the card on the side of the target with more room and keep it within that room, so it never
        covers what it talks about (the text scrolls instead); True when it docks at the top."""
        card = self.query_one("#lesson")
        body = self.query_one("#body")
        shown = [w.region for w in self.marked if w.region.height > 0]
        if not shown:
            self.set_class(False, "-top")
            card.styles.max_height = "60%"
            body.styles.max_height = "35vh"
            return False
        first = min(r.y for r in shown)
        last = max(r.bottom for r in shown)
        above, below = first, self.size.height - 1 - last  # the last row is the footer
        top = above > below
        room = max(above, below, 7)  # with no room either side, a small card over the target's edge
        self.set_class(top, "-top")
        card.styles.max_height = room
        body.styles.max_height = max(2, room - 5)  # the border, the title and up to two lines of "where"
        return top

    def _scroll_hint(self, line: str) -> None:
        """Once laid out: say that the text scrolls when it does not fit (unless the card was closed since:
        keys typed quickly can dismiss it before this runs)."""
        if not self._open():
            return
        body = self.query_one("#body", VerticalScroll)
        if body.max_scroll_y > 0:
            # TRANSLATORS: {line} is the card's last line ("Enter: next lesson"); the text above it scrolls
            line = _("{line} · ↑↓: more text").format(line=line)
        self.query_one("#where", Static).update(line)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#body", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_next(self) -> None:
        if self.index + 1 < len(self.lessons):
            self.index += 1
            self._show()
        else:
            self._close()

    def _close(self) -> None:
        for w in self.marked:
            w.remove_class("-lesson-mark")
        self.marked = []
        self.dismiss()

    def action_skip(self) -> None:
        self.post_message(SkipLessons())
        self._close()

    def action_leave(self) -> None:
        self.post_message(BackToTitle())
        self._close()
