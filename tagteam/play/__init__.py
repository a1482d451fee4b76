"""The game around the engine: the flow of a game's screens, the feeds a screen reads, the recap's and the
tutorial's claims, the kinds of game and how a new one is made. No Textual, no rich, no sentence of its own
(``tagteam.words`` writes them)."""
