"""What the local app and a network seat's app share: the look of a terminal too small, the rules and the
glossary over any screen. Each subclasses ``GameApp`` (``tagteam.app.TagTeamApp``,
``tagteam.remote.client_app.NetApp``), so neither borrows from the other."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.binding import Binding

from tagteam.appearance import StyledApp

MIN_SIZE = (80, 24)  # below it, a notice instead of the screen


class GameApp(StyledApp):
    """The shared shell: the title, the too-small notice (``-too-small`` set from the size) and two actions."""

    TITLE = "Tag Team"
    CSS = """
    TooSmall { display: none; }
    GameApp.-too-small Screen > * { display: none; }
    ToastRack { dock: top; align: right top; margin-bottom: 0; }  /* notices sit over the boards, never the line-up */
    Toast { max-width: 80%; }  /* room for a path's lines (broken_path) at 80 columns */
    GameApp.-too-small Screen > TooSmall {
        display: block; width: 1fr; height: 1fr; content-align: center middle; text-style: bold;
    }
    """

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        self.set_class(width < MIN_SIZE[0] or height < MIN_SIZE[1], "-too-small")

    def get_key_display(self, binding: Binding) -> str:
        """A key as the player's language names it ("Échap", "Début"): Textual's own names are English."""
        from tagteam.words.keys import key_display

        return key_display(binding) or super().get_key_display(binding)

    def action_rules(self) -> None:
        """The rules reference, over any screen (once: ? on it again does nothing)."""
        from tagteam.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_glossary(self) -> None:
        """The glossary of rules terms, over any screen (it shows no game state)."""
        from tagteam.screens.glossary import GlossaryScreen

        if not isinstance(self.screen, GlossaryScreen):
            self.push_screen(GlossaryScreen())

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot: Textual saves into the platform's downloads folder and fails where there is
        none (a server, a fresh account); here it goes there when the folder exists, else into the game's own
        folder, made if missing. Textual's notice then says where the file is."""
        return super().deliver_screenshot(filename, path or str(screenshot_folder()), time_format)


def screenshot_folder() -> Path:
    """The downloads folder when there is one, else ``screenshots`` in the game's home (made here)."""
    from platformdirs import user_downloads_dir

    from tagteam.store.paths import home

    downloads = Path(user_downloads_dir())
    if downloads.is_dir():
        return downloads
    folder = home() / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
