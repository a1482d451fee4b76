"""The tests' pseudo-locale ("xx") never breaks a message and is never a player's language: ``tagteam --lang
xx`` crashed with ``KeyError: 'vàlûé'`` (argparse's "invalid choice: %(value)r" accented inside its field)
instead of saying one line and exiting 2."""

from __future__ import annotations

import argparse
import inspect
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tagteam.words.args import lang_flag
from tagteam.words.lang import LANGUAGES, choose
from tagteam.words.pseudo import pseudo

FIELD = re.compile(r"%\(([a-z_]+)\)([a-z])")


def _argparse_messages() -> list[str]:
    """Every message argparse hands to gettext (its own errors and usage words), read from its source."""
    src = inspect.getsource(argparse)
    return [m.group(2) for m in re.finditer(r"""\b_\((['"])(.+?)\1\)""", src)]


def test_every_argparse_message_formats_after_pseudo_translation() -> None:
    messages = _argparse_messages()
    assert any("%(value)r" in m for m in messages)  # the one that crashed is among them
    for m in messages:
        names = FIELD.findall(m)
        if names:
            fields = {n: f"<{n}>" for n, _conv in names}
            said = pseudo(m) % fields  # no KeyError, no ValueError
            assert all(f"<{n}>" in said for n in fields), (m, said)  # every value lands in the sentence
            assert all(f"%({n}){c}" in pseudo(m) for n, c in names)
        elif re.search(r"%[a-z]", m):
            values = tuple(f"<{i}>" for i in range(len(re.findall(r"%[a-z]", m))))
            said = pseudo(m) % values
            assert all(v in said for v in values), (m, said)


@given(st.from_regex(r"[a-z ]{0,8}%\([a-z_]{1,8}\)[rsd][a-z ]{0,8}", fullmatch=True))
def test_a_printf_field_survives_pseudo_untouched(message: str) -> None:
    name, conv = FIELD.findall(message)[0]
    assert f"%({name}){conv}" in pseudo(message)


def test_the_pseudo_locale_is_chosen_only_by_the_apps_own_argument() -> None:
    assert lang_flag(["--lang", "xx"]) is None and lang_flag(["--lang=xx"]) is None
    assert choose("xx", None, {}) == "xx"  # the tests' way in
    assert choose(None, "xx", {}) == "en"  # a saved setting
    assert choose(None, None, {"TAGTEAM_LANG": "xx"}) == "en"
    assert choose(None, None, {"LANGUAGE": "xx:fr"}) == "fr"
    assert choose(None, None, {"LANGUAGE": "xx"}) == "en"


def test_lang_xx_on_the_command_line_is_one_line_and_status_2(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "tagteam", "--lang", "xx"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"TAGTEAM_HOME": str(tmp_path), "PATH": "", "LANG": "C.UTF-8"},
    )
    assert r.returncode == 2
    choices = ", ".join(repr(code) for code in LANGUAGES)  # every language of the list, never the pseudo-locale
    said = f"tagteam: error: argument --lang: invalid choice: 'xx' (choose from {choices}) (see --help)"
    assert r.stderr.strip() == said
