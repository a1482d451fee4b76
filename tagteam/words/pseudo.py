"""A pseudo-locale for tests: every catalogued message comes back accented and a third longer, so a string
that escaped the catalog (plain ASCII on screen) or a layout that breaks on longer words shows at once."""

from __future__ import annotations

import gettext
import re

_ACCENTS = str.maketrans("aeiouyAEIOUYcCnN", "àéîõûÿÀÉÎÕÛŸçÇñÑ")
# What must survive untouched: format fields (argparse's "%(value)r" too: an accented "%(vàlûé)r" was a
# KeyError) and rich markup tags ([b], [/], [bold red]); a bracketed label such as "[ ✔ Confirm (c) ]" is
# words, and is accented like the rest
_KEEP = re.compile(r"(\{[^{}]*\}|\[/?[a-z@#][\w .=#,:-]*\]|%\([a-z_]+\)[a-z]|%[a-z%])")


def pseudo(message: str) -> str:
    """``message`` accented and padded with '~', its fields and markup kept as they are."""
    if not message:
        return message
    parts = _KEEP.split(message)
    out = [p if _KEEP.fullmatch(p) else p.translate(_ACCENTS) for p in parts]
    text = "".join(out)
    pad = max(1, len(message) // 3)
    return f"{text}{'~' * pad}"


class PseudoTranslations(gettext.NullTranslations):
    """Every lookup answered by ``pseudo``; plurals follow the English rule."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
