"""Reading JSON that a player hands us (saves, sandbox positions, card data): bounded and one-line errors.

Every file the game reads from a person goes through ``read_json``. It opens regular files only (never
blocking on a FIFO or a device, never following a link loop), caps the size, the nesting depth and the
length of numbers, rejects NaN and infinities, and raises ``InputError`` carrying a ``Problem`` (data: the
file, the field, a code); ``tagteam.words.inputs`` words it in the player's language. Nothing here is a sentence,
so the engine and the card data read files without loading the words layer.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from tagteam.ground.problems import Code, Problem, ProblemError, json_fault, printable

MAX_BYTES = 2_000_000  # a finished game record is ~20 kB; card data ~15 kB a Fighter
MAX_DEPTH = 32
MAX_NUMBER_CHARS = 20  # enough for any 64-bit integer; a 5,000-digit number is refused before it is parsed
INT_LIMIT = 2**63 - 1


__all__ = ["MAX_BYTES", "InputError", "display", "field_path", "parse_json", "printable", "read_bytes", "read_json"]


class InputError(ProblemError):
    """A file (or message) we cannot use: its ``problem`` names the file and the field (worded by the words layer)."""


def _errno_name(e: OSError) -> str:
    """``ENOENT`` and the like: the words layer says the common ones in the player's language."""
    return errno.errorcode.get(e.errno or 0, "")


def _fail(file: str, code: Code, field: str = "", **values: str | int) -> InputError:
    return InputError(Problem(file, field, code, values))


def display(path: str | Path) -> str:
    """How a path is named in a message: as given (``""`` stays visible), printable on one line."""
    text = os.fspath(path)
    return printable(text) if text else "''"


def read_bytes(path: str | Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, at most ``max_bytes``; anything else is an InputError."""
    name = display(path)
    if os.fspath(path) == "":
        raise _fail(name, Code.NO_FILE_NAMED)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise _fail(name, Code.LINK_LOOP) from None
        raise _fail(name, Code.CANNOT_READ, why=printable(e.strerror or e), errno=_errno_name(e)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _fail(name, Code.FOLDER if stat.S_ISDIR(st.st_mode) else Code.NOT_REGULAR)
        if st.st_size > max_bytes:
            raise _fail(name, Code.TOO_LARGE, size=st.st_size, limit=max_bytes)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            total += len(chunk)
            if total > max_bytes:
                raise _fail(name, Code.TOO_LARGE_STREAM, limit=max_bytes)
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as e:
        raise _fail(name, Code.CANNOT_READ, why=printable(e.strerror or e), errno=_errno_name(e)) from None
    finally:
        os.close(fd)


class _BadNumber:
    """Stands in for a refused number while parsing, so the error can name the field it sits in."""

    __slots__ = ("code", "values")

    def __init__(self, code: Code, **values: str | int) -> None:
        self.code = code
        self.values = values


class _Numbers:
    """The number hooks of one parse: refused numbers become ``_BadNumber`` and are reported afterwards."""

    def __init__(self) -> None:
        self.bad = False

    def _refuse(self, code: Code, **values: str | int) -> _BadNumber:
        self.bad = True
        return _BadNumber(code, **values)

    def parse_int(self, text: str) -> int | _BadNumber:
        if len(text) > MAX_NUMBER_CHARS:  # before int(): a 5,000-digit number is never converted
            return self._refuse(Code.LONG_NUMBER, count=len(text), limit=MAX_NUMBER_CHARS)
        value = int(text)
        if abs(value) > INT_LIMIT:
            return self._refuse(Code.NUMBER_RANGE, number=text)
        return value

    def parse_float(self, text: str) -> float | _BadNumber:
        if len(text) > MAX_NUMBER_CHARS:
            return self._refuse(Code.LONG_NUMBER, count=len(text), limit=MAX_NUMBER_CHARS)
        value = float(text)
        if not math.isfinite(value):
            return self._refuse(Code.NUMBER_RANGE, number=text)
        return value

    def parse_constant(self, text: str) -> _BadNumber:
        return self._refuse(Code.NOT_JSON_NUMBER, value=text)


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
            raise _fail(name, Code.NOT_UTF8, byte=e.start) from None
    if text.count("[") + text.count("{") > max_depth:  # cheap test first: only then scan
        at = _too_deep(text, max_depth)
        if at is not None:
            raise _fail(name, Code.TOO_DEEP, at=at, depth=max_depth)
    numbers = _Numbers()
    try:
        data = json.loads(
            text,
            parse_int=numbers.parse_int,
            parse_float=numbers.parse_float,
            parse_constant=numbers.parse_constant,
        )
    except json.JSONDecodeError as e:
        raise _fail(name, Code.NOT_JSON_AT, line=e.lineno, column=e.colno, why=json_fault(e.msg)) from None
    except (RecursionError, ValueError):
        raise _fail(name, Code.NOT_JSON) from None
    if numbers.bad:
        found = _find_bad(data, [])
        if found is not None:
            loc, bad = found
            raise InputError(Problem(name, field_path(loc), bad.code, bad.values))
    return data


def read_json(path: str | Path, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Read and parse a JSON file a person gave us; raises InputError naming the file and the field."""
    return parse_json(read_bytes(path, max_bytes), display(path), max_depth)


def field_path(loc: tuple[int | str, ...] | list[int | str]) -> str:
    """A pydantic error location as a dotted field path, printable: ``decisions.3.action.card``."""
    return printable(".".join(str(x) for x in loc)) or "(root)"
