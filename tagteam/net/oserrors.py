"""Why a connection or a listening socket failed, as a reason code the words layer turns into a sentence.

The system's own text is no sentence for a player: asyncio says "Connect call failed ('127.0.0.1', 8999)" and,
for a name with two addresses, "Multiple exceptions: [Errno 111] ...". The common cases get a code here
(``tagteam.words.net`` words them in the player's language); any other keeps the system's short reason.
"""

from __future__ import annotations

import errno
import os
import re
import socket

_ERRNO = re.compile(r"\[Errno (-?\d+)\]")
_NO_NAME = {
    code
    for name in ("EAI_NONAME", "EAI_NODATA", "EAI_AGAIN", "EAI_FAIL", "EAI_ADDRFAMILY")
    if (code := getattr(socket, name, None)) is not None
}
CONNECT = {
    errno.ECONNREFUSED: "conn_refused",
    errno.ETIMEDOUT: "no_answer",
    errno.ENETUNREACH: "no_route",
    errno.EHOSTUNREACH: "no_route",
    errno.EHOSTDOWN: "no_route",
}
LISTEN = {
    errno.EADDRINUSE: "port_in_use",
    errno.EACCES: "port_forbidden",
    errno.EPERM: "port_forbidden",
    errno.EADDRNOTAVAIL: "no_such_address",
}


def errno_of(e: OSError) -> int | None:
    """The error's number; for asyncio's "Multiple exceptions" (one per address of a name) the first one named."""
    if e.errno is not None:
        return e.errno
    found = _ERRNO.search(str(e))
    return int(found.group(1)) if found else None


def why(e: OSError) -> str:
    """The system's reason in its own short words ("Connection reset by peer"), never asyncio's sentence."""
    number = errno_of(e)
    if isinstance(e, socket.gaierror) and e.strerror:
        return e.strerror
    if number is not None and number > 0:
        return os.strerror(number)
    return e.strerror or str(e) or type(e).__name__


def connect_reason(e: OSError) -> str:
    """A failed connection's reason code (``tagteam.words.net.GONE``): refused, name not found, no route..."""
    if isinstance(e, socket.gaierror):
        return "no_name" if e.errno in _NO_NAME else "unreachable"
    if isinstance(e, TimeoutError):
        return "no_answer"
    number = errno_of(e)
    return CONNECT.get(number, "unreachable") if number is not None else "unreachable"


def listen_reason(e: OSError) -> str:
    """A failed listen's reason code (``tagteam.words.net.LISTEN``): port taken, forbidden, no such address..."""
    if isinstance(e, socket.gaierror):
        return "no_such_address"
    number = errno_of(e)
    return LISTEN.get(number, "cannot_listen") if number is not None else "cannot_listen"
