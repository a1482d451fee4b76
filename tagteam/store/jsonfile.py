"""Reading JSON that a player hands us (saves, sandbox positions, card data): bounded and one-line errors.

Every file the game reads from a person goes through ``read_json``. It opens regular files only (never
blocking on a FIFO or a device, never following a link loop), caps the size, the nesting depth and the
length of numbers, rejects NaN and infinities, and raises ``InputError`` with a single printable line.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from tagteam.words.lang import _

MAX_BYTES = 2_000_000  # a finished game record is ~20 kB; card data ~15 kB a Fighter
MAX_DEPTH = 32
MAX_NUMBER_CHARS = 20  # enough for any 64-bit integer; a 5,000-digit number is refused before it is parsed
INT_LIMIT = 2**63 - 1


class InputError(ValueError):
    """A file (or message) we cannot use; ``str()`` is one line naming the file and the field."""


def printable(text: object, limit: int = 200) -> str:
    """One line, control characters escaped, long text shortened: safe to print whatever the input held."""
    s = str(text)
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch.isprintable() or ch == " ":
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    line = "".join(out)
    return line if len(line) <= limit else line[: limit - 1] + "…"


def display(path: str | Path) -> str:
    """How a path is named in a message: as given (``""`` stays visible), printable on one line."""
    text = os.fspath(path)
    return printable(text) if text else "''"


def read_bytes(path: str | Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, at most ``max_bytes``; anything else is an InputError."""
    name = display(path)
    if os.fspath(path) == "":
        raise InputError(_("{file}: no file named").format(file=name))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise InputError(_("{file}: a link loop, not a file").format(file=name)) from None
        raise InputError(_("{file}: cannot read ({why})").format(file=name, why=printable(e.strerror or e))) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = _("{file}: a folder") if stat.S_ISDIR(st.st_mode) else _("{file}: not a regular file")
            raise InputError(kind.format(file=name))
        if st.st_size > max_bytes:
            raise InputError(
                _("{file}: too large ({size} bytes; the limit is {limit})").format(
                    file=name, size=st.st_size, limit=max_bytes
                )
            )
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            total += len(chunk)
            if total > max_bytes:
                raise InputError(_("{file}: too large (over {limit} bytes)").format(file=name, limit=max_bytes))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as e:
        raise InputError(_("{file}: cannot read ({why})").format(file=name, why=printable(e.strerror or e))) from None
    finally:
        os.close(fd)


def _long_number(text: str) -> str:
    return _("a number of {count} characters (at most {limit})").format(count=len(text), limit=MAX_NUMBER_CHARS)


class _BadNumber:
    """Stands in for a refused number while parsing, so the error can name the field it sits in."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


class _Numbers:
    """The number hooks of one parse: refused numbers become ``_BadNumber`` and are reported afterwards."""

    def __init__(self) -> None:
        self.bad = False

    def _refuse(self, why: str) -> _BadNumber:
        self.bad = True
        return _BadNumber(why)

    def parse_int(self, text: str) -> int | _BadNumber:
        if len(text) > MAX_NUMBER_CHARS:  # before int(): a 5,000-digit number is never converted
            return self._refuse(_long_number(text))
        value = int(text)
        if abs(value) > INT_LIMIT:
            return self._refuse(_("the number {number} is out of range").format(number=text))
        return value

    def parse_float(self, text: str) -> float | _BadNumber:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(_long_number(text))
        value = float(text)
        if not math.isfinite(value):
            return self._refuse(_("the number {number} is out of range").format(number=text))
        return value

    def parse_constant(self, text: str) -> _BadNumber:
        return self._refuse(_("{value} is not a JSON number").format(value=text))


def _find_bad(node: Any, loc: list[int | str]) -> tuple[list[int | str], _BadNumber] | None:
    """The location of the first refused number (the depth is already bounded, so recursion is safe)."""
    if isinstance(node, _BadNumber):
        return loc, node
    items: Any = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if isinstance(value, (dict, list, _BadNumber)):
            found = _find_bad(value, [*loc, key])
            if found is not None:
                return found
    return None


def _too_deep(text: str, limit: int) -> int | None:
    """The offset where nesting first passes ``limit``, found without parsing (strings skipped)."""
    depth = 0
    in_string = False
    escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return i
        elif ch in "]}":
            depth -= 1
    return None


def parse_json(text: str | bytes, name: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text with the limits above; ``name`` leads the error line."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(_("{file}: byte {byte}: not UTF-8 text").format(file=name, byte=e.start)) from None
    if text.count("[") + text.count("{") > max_depth:  # cheap test first: only then scan
        at = _too_deep(text, max_depth)
        if at is not None:
            raise InputError(
                _("{file}: character {at}: nested deeper than {depth} levels").format(file=name, at=at, depth=max_depth)
            )
    numbers = _Numbers()
    try:
        data = json.loads(
            text,
            parse_int=numbers.parse_int,
            parse_float=numbers.parse_float,
            parse_constant=numbers.parse_constant,
        )
    except json.JSONDecodeError as e:
        raise InputError(
            _("{file}: line {line} column {column}: not valid JSON ({why})").format(
                file=name, line=e.lineno, column=e.colno, why=e.msg
            )
        ) from None
    except (RecursionError, ValueError) as e:
        raise InputError(_("{file}: not valid JSON ({why})").format(file=name, why=printable(e))) from None
    if numbers.bad:
        found = _find_bad(data, [])
        if found is not None:
            loc, bad = found
            raise InputError(f"{name}: {field_path(loc)}: {printable(bad.why)}")
    return data


def read_json(path: str | Path, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Read and parse a JSON file a person gave us; raises InputError with one line."""
    return parse_json(read_bytes(path, max_bytes), display(path), max_depth)


def field_path(loc: tuple[int | str, ...] | list[int | str]) -> str:
    """A pydantic error location as a dotted field path, printable: ``decisions.3.action.card``."""
    return printable(".".join(str(x) for x in loc)) or "(root)"
