"""The look the player picks in the command palette (a theme, the colour-blind theme, animations), kept
between runs: one base class for the local app (``tagteam``) and the network seat's app (``tagteam join``),
so the themes, the two palette commands, applying the saved choice and saving a new one live in one place.
Both pages of ``tagteam serve`` run these same apps on the same settings, so they follow the same choice.

What the environment says wins over what was saved: ``TAGTEAM_REDUCED_MOTION`` (``0`` animates, anything
else does not) and Textual's ``TEXTUAL_THEME``; so does an app made with ``reduced_motion`` given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.theme import Theme, ThemeProvider

from tagteam.store import settings
from tagteam.words import settings as settings_words
from tagteam.words.lang import N_, _

if TYPE_CHECKING:
    from tagteam.render.board import Palette

CB_THEME = Theme(
    name="tagteam-colourblind",
    primary="#0072B2",
    secondary="#56B4E9",
    accent="#E69F00",
    warning="#F0E442",
    error="#D55E00",
    success="#009E73",
    foreground="#F0F0F0",
    background="#101418",
    surface="#1A2026",
    panel="#24303A",
    dark=True,
)
MOTION_ENV = "TAGTEAM_REDUCED_MOTION"
SEARCH_COMMANDS = N_("Search for commands…")  # Textual's own search lines, said in the player's language
SEARCH_THEMES = N_("Search for themes…")


def forced_motion(given: bool | None) -> bool | None:
    """Reduced motion as the caller or the environment fixes it; None when the saved choice decides."""
    if given is not None:
        return given
    env = os.environ.get(MOTION_ENV, "")
    return None if env == "" else env != "0"


class StyledApp(App[int]):
    """An app whose theme and animations are the player's saved choice, and saved again when changed.

    A subclass calls ``apply_settings`` first thing in its ``on_mount`` (it returns the rest of the settings)
    and yields ``appearance_commands`` among its system commands."""

    def __init__(self, reduced_motion: bool | None = None) -> None:
        super().__init__()
        self.register_theme(CB_THEME)
        self._forced_motion = forced_motion(reduced_motion)
        self.reduced_motion = bool(self._forced_motion)
        self._saved_theme: str | None = None  # the theme the settings file holds, once read
        self._timed: set[str] = set()  # notices a NoticeLine shows (hot-seat and network seat), timed here

    def action_command_palette(self) -> None:
        """Textual's command palette, its search line in the player's language ("Search for commands…")."""
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=_(SEARCH_COMMANDS)))

    def search_themes(self) -> None:
        """The palette's theme list, its search line in the player's language."""
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=_(SEARCH_THEMES)))

    def _refresh_notifications(self) -> None:
        """A screen whose choices fill its top (Draft, Setup) says the notices in its own layout (a
        ``NoticeLine``) and shows no toast, so none covers a choice; the others keep Textual's toasts."""
        from tagteam.widgets.basic import NoticeLine

        try:
            lines = list(self.screen.query(NoticeLine))
        except Exception:  # no screen yet, or one being torn down
            lines = []
        if not lines:
            super()._refresh_notifications()
            return
        notes = [n for n in self._notifications if not n.has_expired]
        for n in notes:  # without a toast to time it out, each notice is removed when its time is up
            if n.identity not in self._timed:
                self._timed.add(n.identity)
                self.set_timer(max(0.1, n.time_left), partial(self._unnotify, n))
        for line in lines:
            line.show_notices([(n.title or "", str(n.message)) for n in notes])

    @property
    def palette(self) -> Palette:
        """The board's colours: none without colour, Okabe-Ito hues with the colour-blind theme."""
        from tagteam.render.board import PALETTES

        if self.no_color:
            return PALETTES["plain"]
        return PALETTES["colourblind" if self.theme == CB_THEME.name else "default"]

    def apply_settings(self) -> settings.Settings:
        """Read the settings once, put the saved theme and animations on, and save the theme from now on
        whenever it changes (the palette's Theme list sets it directly). A bad file's one-line notice is shown."""
        prefs, notes = settings.load(themes=self.available_themes)
        notice = settings_words.notice(notes)
        if prefs.theme and not os.environ.get("TEXTUAL_THEME"):
            self.theme = prefs.theme
        if self._forced_motion is None:
            self.reduced_motion = prefs.reduced_motion
        self._saved_theme = prefs.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if notice:
            self.notify(notice, title="Settings", severity="warning", timeout=10)
        return prefs

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self._saved_theme:
            self._saved_theme = theme.name
            self._say_problem(settings.update(theme=theme.name))

    def _say_problem(self, note: settings.SettingsNote | None) -> None:
        problem = settings_words.notice(note)
        if problem:
            self.notify(problem, severity="warning")

    def action_toggle_motion(self) -> None:
        self.reduced_motion = not self.reduced_motion
        self.notify("Animations off (reduced motion)." if self.reduced_motion else "Animations on.")
        self._say_problem(settings.update(reduced_motion=self.reduced_motion))

    def action_cb_theme(self) -> None:
        self.theme = CB_THEME.name

    def appearance_commands(self) -> Iterator[SystemCommand]:
        yield SystemCommand("Toggle animations", "Reduced motion on or off", self.action_toggle_motion)
        yield SystemCommand("Colour-blind theme", "Okabe-Ito colours, marks unchanged", self.action_cb_theme)
