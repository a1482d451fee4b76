"""The ``tagteam`` commands, one module each: a module's ``register(commands)`` adds its sub-parser (or
parsers: ``history`` and ``stats``, ``host`` and ``join``) with ``set_defaults(run=handler)``, and the handler
takes the parsed line, reads its own typed arguments and returns the exit status. The game itself, what runs
with no command, is ``play.register_default``. ``tagteam.__main__`` only assembles them, in ``COMMANDS`` order
(the order ``tagteam --help`` lists them in).

A command module imports only what building its parser needs (the words, ``parsing``); the engine, the bots,
the server and the apps load when its handler runs, so ``tagteam --help`` and the game start light.
"""

from __future__ import annotations

COMMANDS = ("cards", "sandbox", "bench", "arena", "play", "history", "puzzles", "net", "serve")
