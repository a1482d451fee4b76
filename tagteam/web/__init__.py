"""``tagteam serve``: the same Textual app, shown in a browser page by textual-serve (see docs/web.md)."""
