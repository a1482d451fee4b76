"""A ``Select`` that may be mounted after the first frame, when its screen may already be closing.

Textual's ``Select`` sets its value when mounted and looks up its own parts to show it (its overlay, the
current value's label). The title mounts its opponent selector a moment after its first frame; when the
app ends in that moment, the screen is taken down while the selector is being mounted: its parts (the
label first, the deepest) are already gone when its mount runs, and ``Select`` raised ``NoMatches`` ("No
nodes match '#label' on SelectCurrent"), an unhandled error whose traceback the page's process printed on
its way out. In a browser page that moment is likely, not rare: a page that stops reading (reset, stalled,
silent) leaves its app blocked in a write until the server lets it go, and then the title's timer and the
app's ending come together.
"""

from __future__ import annotations

from textual import events, on
from textual.css.query import NoMatches
from textual.widgets import Select


class LateSelect(Select[str]):
    """A ``Select`` whose mount does nothing once it, or any of its parts, is being taken down."""

    def _whole(self) -> bool:
        try:  # its parts, found by their type's name (the classes live in a private module of Textual)
            self.query_one("SelectOverlay")
            self.query_one("SelectCurrent").query_one("#label")
        except NoMatches:
            return False
        return self.is_attached

    @on(events.Mount)
    def _mount_if_whole(self, event: events.Mount) -> None:
        """A handler declared with ``on`` runs before the class's and its bases' named ones; stopping the
        event here keeps ``Select``'s own mount from running."""
        if not self._whole():  # its screen is going (the app is ending): nothing to show, nothing to set
            event.prevent_default()
