"""A ``Select`` that may be mounted after the first frame, when its screen may already be closing.

Textual's ``Select`` sets its value when mounted and looks up its own parts to show it (its overlay, the
current value's label). The title mounts its opponent selector a moment after its first frame; when the
app ends in that moment (a browser page whose connection was reset right after it opened, Ctrl-Q, a
signal), the screen is taken down while the selector is being mounted: its parts are already gone when its
mount runs, and ``Select`` raised ``NoMatches`` ("No nodes match '#label' on SelectCurrent"), an
unhandled error whose traceback the page's process printed on its way out.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Select


class LateSelect(Select[str]):
    """A ``Select`` whose mount does nothing once it is no longer attached to a running app."""

    def _on_mount(self, event: events.Mount) -> None:
        if not self.is_attached:  # its screen is gone (the app is ending): nothing to show, nothing to set
            event.prevent_default()  # Select's own mount (found later in the class order) would fail
