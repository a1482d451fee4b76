"""The Textual apps of a seat that plays over the network (``tagteam join`` and the host's own seat); the
connection and the protocol below them are ``tagteam.net``, which stays Textual-free."""
