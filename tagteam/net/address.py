"""Where a seat connects and whether that is this machine: the ``HOST[:PORT]`` a player types, read once.

``tagteam join`` (the terminal) and the browser's join page read the same text the same way; a text that
is not an address raises ``BadTarget`` with a code, worded by ``tagteam.words.net.bad_target`` in the
player's language. No sockets and no Textual here.
"""

from __future__ import annotations

import ipaddress


class BadTarget(ValueError):
    """A typed address that cannot be joined: ``code`` says why, ``text`` is the part that is wrong."""

    def __init__(self, code: str, text: str = "") -> None:
        super().__init__(code, text)
        self.code = code
        self.text = text


def parse_target(text: str, default_port: int) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT`` as ``(host, port)``; ``default_port`` when none is given."""
    text = text.strip()
    if not text or len(text) > 255:
        raise BadTarget("empty")
    port = default_port
    host = text
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise BadTarget("no_bracket", text)
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise BadTarget("no_port_after_bracket", text)
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _colon, tail = text.partition(":")
        port = _port(tail)
    if not host or any(ch.isspace() or not ch.isprintable() for ch in host):
        raise BadTarget("not_a_host", text)
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or len(text) > 5 or not 1 <= int(text) <= 65535:
        raise BadTarget("bad_port", text)
    return int(text)


def is_loopback(addr: str) -> bool:
    """``localhost`` or a loopback IP address: only this machine can reach what listens there."""
    if addr == "localhost":
        return True
    try:
        return ipaddress.ip_address(addr).is_loopback
    except ValueError:
        return False
