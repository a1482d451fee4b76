"""One small module per Fighter: its special Actions, setup and end-of-Turn rules (the Golden Rule hooks).

Which Fighter plays by which module, and what mechanics it owns, is the registry's (``tagteam.content.fighters``)."""
