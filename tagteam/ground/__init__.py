"""The ground floor: what every layer may use and that imports nothing of the game.

Problems as data (``problems``), the one bounded JSON reader (``jsonfile``) and the one atomic, durable file
write (``atomic``). The engine, the card data and the stores all stand on it, so it can never import them.
"""
