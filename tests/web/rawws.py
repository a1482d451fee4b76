"""A websocket client made of a bare socket, for the ways a page's connection ends that a browser and aiohttp
never produce on purpose: reset mid-frame (RST), gone silent (no pong, no FIN), or stalled (never reading).
"""

from __future__ import annotations

import base64
import os
import socket
import struct
import time


def open_ws(
    port: int, path: str, origin: str | None = None, host: str | None = None, rcvbuf: int | None = None
) -> socket.socket:
    """A socket past the websocket handshake for ``path`` (the 101 read, nothing after it); ``rcvbuf``: a
    small receive window, so a client that stops reading stalls the server's writes sooner."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)  # before connecting: the window follows it
    sock.settimeout(20)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    origin = origin if origin is not None else f"http://localhost:{port}"
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {host if host is not None else f'localhost:{port}'}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
        f"Origin: {origin}",
    ]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        if not chunk:
            raise ConnectionError(f"closed during the handshake: {head!r}")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(head.split(b"\r\n", 1)[0].decode("latin-1"))
    return sock


def send_text(sock: socket.socket, text: str) -> None:
    """One masked text frame, as a browser sends it."""
    payload = text.encode()
    mask = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x81, 0x80 | n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
    sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def read_at_least(sock: socket.socket, n: int, timeout: float = 30.0) -> bytes:
    """At least ``n`` bytes of what the server sent (frames undecoded), or what came before it closed."""
    got = b""
    end = time.monotonic() + timeout
    while len(got) < n and time.monotonic() < end:
        sock.settimeout(max(0.05, end - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        got += chunk
    return got


def reset(sock: socket.socket) -> None:
    """Close with a reset (RST), not a websocket close nor a FIN: what a crashed browser or a dropped network
    link leaves the server with."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def read_until(sock: socket.socket, want: bytes, timeout: float = 30.0) -> bytes:
    """What the server sent until it holds ``want`` (or the time ran out, or it closed)."""
    got = b""
    end = time.monotonic() + timeout
    while want not in got and time.monotonic() < end:
        sock.settimeout(max(0.05, end - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        got += chunk
    return got
