"""The settings file's notes in words (``tagteam.store.settings`` says what was wrong as codes): one line for the
whole file, naming each field that fell back to its default."""

from __future__ import annotations

from collections.abc import Sequence

from tagteam.store.settings import DEFAULT_LEVEL, SettingsNote
from tagteam.words import inputs
from tagteam.words.lang import _
from tagteam.words.levels import name as level_name
from tagteam.words.lists import clause_list


def field_line(note: SettingsNote) -> str:
    """One field's value ignored, as a clause of the notice."""
    if note.code == "level":
        return _("unknown level {level} ignored, practising at {default}").format(
            level=note.value, default=level_name(DEFAULT_LEVEL)
        )
    if note.code == "theme":
        return _("unknown theme {theme} ignored, using the default theme").format(theme=note.value)
    if note.code == "reduced_motion":
        # TRANSLATORS: reduced_motion is the settings file's field name: keep it as it is
        return _("reduced_motion {value} ignored (not true or false), animations on").format(value=note.value)
    return _("unknown language {language} not used (kept in the file)").format(language=note.value)


def notice(notes: SettingsNote | Sequence[SettingsNote] | None) -> str:
    """What a load or a save said, in one line ("" when all was well)."""
    found = [notes] if isinstance(notes, SettingsNote) else list(notes or ())
    for note in found:
        if note.code == "unreadable" and note.error is not None:
            return _("Settings ignored: {why}").format(why=inputs.line(note.error))
        if note.code == "not_object":
            return _("Settings ignored: {file}: not a JSON object").format(file=note.file)
        if note.code == "not_saved":
            return _("Settings not saved: {file} ({why})").format(file=note.file, why=note.why)
    if not found:
        return ""
    # TRANSLATORS: {problems} lists what was wrong in the settings file, separated by "; "
    return _("Settings: {problems}.").format(problems=clause_list([field_line(n) for n in found]))
