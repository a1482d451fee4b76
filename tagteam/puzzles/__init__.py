"""Build puzzles from real games: each position is proven by the engine to have exactly one answer that reaches
its goal (made by ``tagteam puzzles make``, re-proven by ``tagteam puzzles verify``). No Textual, no rich."""
