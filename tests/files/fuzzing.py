"""Strategies shared by the property tests over files a person hands us: JSON values and mutations."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

# Any JSON value, including what a careless editor or a malicious file holds: huge integers, NaN,
# infinities, control characters, empty keys.
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["", "build", "joan", "rage", "\n", "\x1b[31m", "[bold]", "0", "1e999"])
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every location in a JSON document (keys and list indexes), the root excluded."""
    out: list[tuple[Any, ...]] = []
    items: Any = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        here = (*prefix, key)
        out.append(here)
        out.extend(paths(value, here))
    return out


def replaced(doc: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> Any:
    """A copy of doc with the value at path replaced (or the key/item removed)."""
    out = copy.deepcopy(doc)
    node = out
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


@st.composite
def mutated_text(draw: st.DrawFn, doc: Any, resign: Any = None) -> bytes:
    """A structured mutation of a valid document, as the bytes of a file.

    Field replaced or removed (optionally with a consistent digest, via ``resign``), truncation, byte
    flips, deep nesting, huge numbers spliced in, or random JSON altogether."""
    text = json.dumps(doc, indent=1)
    kind = draw(st.sampled_from(["replace", "delete", "truncate", "flip", "nest", "number", "random"]))
    if kind in ("replace", "delete"):
        where = draw(st.sampled_from(paths(doc)))
        new = replaced(doc, where, draw(json_values), delete=kind == "delete")
        if resign is not None and draw(st.booleans()):
            resign(new)
        return json.dumps(new).encode()
    if kind == "truncate":
        return text.encode()[: draw(st.integers(0, len(text) - 1))]
    if kind == "flip":
        data = bytearray(text.encode())
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(data) - 1))
            data[i] ^= draw(st.integers(1, 255))
        return bytes(data)
    if kind == "nest":
        depth = draw(st.integers(30, 3000))
        where = draw(st.sampled_from(paths(doc)))
        marker = '"__NEST__"'
        return json.dumps(replaced(doc, where, "__NEST__")).replace(marker, "[" * depth + "]" * depth).encode()
    if kind == "number":
        digits = draw(st.sampled_from(["1e999", "-1e999", "9" * 5000, "1" + "0" * 19, "0.5", "-0", "1E400"]))
        where = draw(st.sampled_from(paths(doc)))
        return json.dumps(replaced(doc, where, "__NUM__")).replace('"__NUM__"', digits).encode()
    return json.dumps(draw(json_values)).encode()


def one_line(message: str) -> bool:
    """A message a terminal shows on exactly one line: no line breaks, no control characters."""
    return bool(message) and all(ch.isprintable() or ch == " " for ch in message)
