"""The sealed channel: a key agreed from the join code (SPAKE2), then every byte sealed (ChaCha20-Poly1305).

The join code is a password of about 40 bits: too weak to derive a key from it directly (a listener could test
every code offline against one recorded message). SPAKE2 turns it into a strong shared key, and a listener, or a
stranger guessing, learns nothing it can test offline: each guess costs one whole exchange with the host, which
the host's door counts and holds (``tagteam.net.guard``). See docs/network.md, "Sealed".

Each direction has its own keys (so a message cannot be reflected back to its sender), and a counter as nonce
(so a message replayed, dropped or put out of order fails its check). A frame is a 4-byte length, itself
encrypted with a key of its own (a listener learns no message boundary it could count cards by), then the body
with its 16-byte tag, which also covers the encrypted length. The plaintext is the same newline-delimited JSON
stream as before, so every line limit of the protocol applies unchanged inside.

Pure computation, no sockets: ``Sealer`` and ``Opener`` take and give bytes; ``OpenedReader`` reads through an
``Opener`` from anything with an ``async read``, so the server's and the client's line readers stay as they were.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B  # type: ignore[import-untyped]  # it ships no type hints

JOINER_ID = b"tagteam joiner"  # SPAKE2's two identities: the key is bound to these roles
HOST_ID = b"tagteam host"
HEADER = 4  # bytes of a frame's (encrypted) length
TAG = 16  # bytes of a frame's authentication tag
MAX_FRAME = 65_536  # plaintext bytes in one frame; a longer write is cut into several
MAX_NONCE = 2**64  # frames one direction may seal before the connection must end (never reached in a game)
PAKE_BYTES = 33  # a SPAKE2 message over Ed25519: one side byte, one point


class SealBroken(Exception):
    """A frame failed its check: tampered with, replayed, dropped or out of order (or a wrong key). ``why`` is a
    reason code for the words layer ("tampered"), never the bytes themselves."""

    def __init__(self, why: str = "tampered") -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class Keys:
    """What both ends derive from one exchange: a confirmation key each, and for each direction a body key and a
    length key. ``up``: joiner to host; ``down``: host to joiner."""

    confirm_joiner: bytes
    confirm_host: bytes
    up: tuple[bytes, bytes]
    down: tuple[bytes, bytes]
    transcript: bytes

    def proof(self, mine: str) -> bytes:
        """The key confirmation ``mine`` ("joiner" or "host") sends: an HMAC of the whole exchange."""
        key = self.confirm_joiner if mine == "joiner" else self.confirm_host
        return hmac.new(key, self.transcript, hashlib.sha256).digest()

    def check(self, theirs: str, proof: bytes) -> bool:
        """Whether the other end's confirmation proves it agreed the same key (so it knew the code)."""
        return hmac.compare_digest(self.proof(theirs), proof)


def _derive(shared: bytes, transcript: bytes, label: bytes) -> bytes:
    """One 32-byte key from the exchange's shared secret, bound to the protocol, the roles and both messages."""
    info = b"tagteam sealed v5|" + label + b"|" + hashlib.sha256(transcript).digest()
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(shared)


def keys_from(shared: bytes, joiner_msg: bytes, host_msg: bytes, version: int) -> Keys:
    """The session's keys from SPAKE2's shared secret and the two messages exchanged (the transcript)."""
    transcript = b"|".join((b"tagteam", str(version).encode(), JOINER_ID, HOST_ID, joiner_msg, host_msg))
    k = {name: _derive(shared, transcript, name) for name in (b"cj", b"ch", b"up", b"uph", b"down", b"downh")}
    return Keys(k[b"cj"], k[b"ch"], (k[b"up"], k[b"uph"]), (k[b"down"], k[b"downh"]), transcript)


class Exchange:
    """One side of a SPAKE2 exchange on the normalised join code: ``message`` to send, ``finish`` with theirs."""

    def __init__(self, code: str, joiner: bool) -> None:
        password = code.encode("utf-8")
        self.joiner = joiner
        self.pake = (SPAKE2_A if joiner else SPAKE2_B)(password, idA=JOINER_ID, idB=HOST_ID)
        self.message: bytes = self.pake.start()

    def finish(self, theirs: bytes, version: int) -> Keys:
        """The keys, or SealBroken("bad_exchange") for a message that is not a SPAKE2 message of the other side."""
        if len(theirs) != PAKE_BYTES:
            raise SealBroken("bad_exchange")
        try:
            shared = self.pake.finish(theirs)
        except Exception:  # spake2 raises its own errors and ValueError for a point off the curve: all one answer
            raise SealBroken("bad_exchange") from None
        joiner_msg, host_msg = (self.message, theirs) if self.joiner else (theirs, self.message)
        return keys_from(shared, joiner_msg, host_msg, version)


def _nonce(counter: int) -> bytes:
    return counter.to_bytes(12, "big")


def _length_mask(key: bytes, counter: int) -> bytes:
    """The keystream that hides frame ``counter``'s length (ChaCha20 with the length key, block 0)."""
    encryptor = Cipher(algorithms.ChaCha20(key, bytes(4) + _nonce(counter)), mode=None).encryptor()
    return encryptor.update(bytes(HEADER))


class Sealer:
    """Seals one direction's bytes into frames, numbering them."""

    def __init__(self, keys: tuple[bytes, bytes]) -> None:
        self.aead = ChaCha20Poly1305(keys[0])
        self.length_key = keys[1]
        self.counter = 0

    def seal(self, data: bytes) -> bytes:
        """``data`` as one or more frames (each at most ``MAX_FRAME`` bytes of plaintext; nothing for nothing)."""
        out = bytearray()
        for at in range(0, len(data), MAX_FRAME):
            out += self._frame(data[at : at + MAX_FRAME])
        return bytes(out)

    def _frame(self, chunk: bytes) -> bytes:
        if self.counter >= MAX_NONCE:
            raise SealBroken("worn_out")
        mask = _length_mask(self.length_key, self.counter)
        header = bytes(a ^ b for a, b in zip(len(chunk).to_bytes(HEADER, "big"), mask, strict=True))
        body = self.aead.encrypt(_nonce(self.counter), chunk, header)
        self.counter += 1
        return header + body


class Opener:
    """Opens one direction's frames, in order: a frame that fails its check raises SealBroken, and nothing after
    it is ever opened (the counter no longer matches anything the other end sends)."""

    def __init__(self, keys: tuple[bytes, bytes], max_frame: int = MAX_FRAME) -> None:
        self.aead = ChaCha20Poly1305(keys[0])
        self.length_key = keys[1]
        self.counter = 0
        self.max_frame = max_frame
        self.buf = bytearray()
        self.broken = False

    def feed(self, data: bytes) -> list[bytes]:
        """The plaintext of every frame ``data`` completes (bytes of a frame not yet whole wait here, at most one
        frame's worth: a length over ``max_frame`` fails at once, never buffered)."""
        if self.broken:
            raise SealBroken()
        self.buf += data
        out: list[bytes] = []
        while len(self.buf) >= HEADER:
            header = bytes(self.buf[:HEADER])
            mask = _length_mask(self.length_key, self.counter)
            size = int.from_bytes(bytes(a ^ b for a, b in zip(header, mask, strict=True)), "big")
            if size > self.max_frame or size == 0:  # a sealer never sends an empty frame
                self.broken = True
                raise SealBroken()
            end = HEADER + size + TAG
            if len(self.buf) < end:
                break
            try:
                plain = self.aead.decrypt(_nonce(self.counter), bytes(self.buf[HEADER:end]), header)
            except InvalidTag:
                self.broken = True
                raise SealBroken() from None
            del self.buf[:end]
            self.counter += 1
            out.append(plain)
        return out


class Reader(Protocol):
    """What a line reader reads from: an ``asyncio.StreamReader``, or an ``OpenedReader`` over one."""

    def read(self, n: int = -1) -> Awaitable[bytes]: ...


class OpenedReader:
    """The plaintext of a sealed stream, read as ``asyncio.StreamReader.read`` reads: b"" only at the end of the
    stream (a frame cut short by the end is the end, as a line cut short was). ``first`` is what the exchange's
    reader already held past the exchange; ``tap`` sees every plaintext byte (the tests record them)."""

    def __init__(self, reader: Reader, opener: Opener, first: bytes = b"") -> None:
        self.reader = reader
        self.opener = opener
        self.ready = bytearray()
        self.tap: Callable[[bytes], None] | None = None
        self.first = first

    def _take(self, data: bytes) -> None:
        for plain in self.opener.feed(data):
            self.ready += plain
            if self.tap is not None:
                self.tap(plain)

    async def read(self, n: int = -1) -> bytes:
        """Up to ``n`` bytes of plaintext (all that is open with ``n`` < 0); SealBroken on a frame that fails."""
        if self.first:
            first, self.first = self.first, b""
            self._take(first)
        while not self.ready:
            chunk = await self.reader.read(65_536)
            if not chunk:
                return b""
            self._take(chunk)
        size = len(self.ready) if n < 0 else n
        out = bytes(self.ready[:size])
        del self.ready[:size]
        return out
