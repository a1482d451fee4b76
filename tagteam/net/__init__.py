"""Two terminals, one game: ``tagteam host`` holds the Session, ``tagteam join`` only asks.

The protocol (``protocol``) is newline-delimited JSON over plain asyncio streams; ``docs/network.md``
describes it. The server (``server``) decides everything and sends each seat only its own view and the
public log lines; the client (``client``) turns what it receives into a feed the existing screens read.
"""
