"""What is kept on disk: the platform's folders, saved games and the autosave, settings, and the one careful
JSON reader and writer they share. No Textual, no rich."""
