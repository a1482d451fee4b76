"""The keys' names as the player's language writes them ("Échap", "Début", "Pg préc."): Textual names them in
English in the footers and in the command palette's Keys panel; the app asks here first
(``tagteam.base_app.GameApp.get_key_display``, Textual's public hook)."""

from __future__ import annotations

from typing import Any

from tagteam.words.lang import pgettext


def _names() -> dict[str, str]:
    """Textual's key names -> the language's, read when asked (the language may change)."""
    # TRANSLATORS: the names printed on a keyboard's keys, as the footers and the Keys panel show them
    return {
        "escape": pgettext("key", "Esc"),
        "enter": pgettext("key", "Enter"),
        "tab": pgettext("key", "Tab"),
        "space": pgettext("key", "Space"),
        "home": pgettext("key", "Home"),
        "end": pgettext("key", "End"),
        "pageup": pgettext("key", "PgUp"),
        "pagedown": pgettext("key", "PgDn"),
        "delete": pgettext("key", "Del"),
        "backspace": pgettext("key", "Backspace"),
        "insert": pgettext("key", "Ins"),
    }


def key_name(key: str) -> str | None:
    """One key's name in the player's language ("escape": "Échap"), or None for a key Textual names well."""
    return _names().get(key)


def key_display(binding: Any) -> str | None:
    """How a binding's key is shown (modifiers as Textual joins them, "^" for ctrl), or None to let Textual
    show it: a binding that says its own display, or a key without a name of ours."""
    if binding.key_display:
        return None
    modifiers, key = binding.parse_key()
    name = key_name(key)
    if name is None:
        return None
    if "ctrl" in modifiers:
        modifiers.remove("ctrl")
        name = f"^{name}"
    return "+".join([*modifiers, name])
