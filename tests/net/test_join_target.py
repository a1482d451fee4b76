"""The ``HOST[:PORT]`` a player types (``tagteam join``, the browser's join page) is read in one place, below
the apps: every way it can be wrong is a code, worded in the player's language by the words layer."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tagteam.net.address import BadTarget, is_loopback, parse_target
from tagteam.words.lang import set_language
from tagteam.words.net import TARGET, bad_target
from tests.words.spaces import plain


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("example.org", ("example.org", 9)),
        (" example.org:8210 ", ("example.org", 8210)),
        ("[::1]:8210", ("::1", 8210)),
        ("[::1]", ("::1", 9)),
        ("::1", ("::1", 9)),  # a bare IPv6 address has more than one colon: no port in it
    ],
)
def test_a_target_is_a_host_and_a_port(text: str, want: tuple[str, int]) -> None:
    assert parse_target(text, 9) == want


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "empty"),
        ("x" * 256, "empty"),
        ("[::1", "no_bracket"),
        ("[::1]8210", "no_port_after_bracket"),
        ("bad host:1", "not_a_host"),
        (":8210", "not_a_host"),
        ("host:0", "bad_port"),
        ("host:http", "bad_port"),
        ("host:123456", "bad_port"),
    ],
)
def test_a_bad_target_says_why_as_a_code_each_worded(text: str, code: str) -> None:
    with pytest.raises(BadTarget) as e:
        parse_target(text, 9)
    assert e.value.code == code and code in TARGET
    said = bad_target(e.value.code, e.value.text)
    assert "{" not in said and "\n" not in said
    if code == "bad_port":
        assert said.startswith(f"port {text.partition(':')[2]!r}: expected a whole number from 1 to 65535")


def test_the_words_follow_the_players_language() -> None:
    set_language("fr")
    try:
        assert plain(bad_target("not_a_host", "a b")) == "'a b' : ce n'est pas un nom d'hôte"
    finally:
        set_language("en")
    assert bad_target("not_a_host", "a b") == "'a b': not a host name"


def test_loopback_is_this_machine_only() -> None:
    assert is_loopback("localhost") and is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("127.5.0.1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20") and not is_loopback("example.org")


def test_join_with_a_bad_target_is_one_line_and_status_2() -> None:
    from tagteam.cli import net

    r = subprocess.run(
        [sys.executable, "-m", "tagteam", "join", "[::1", "--code", "K7QF-M2XD"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == net.EXIT_BAD_INPUT
    assert r.stdout == ""
    assert r.stderr == "tagteam: error: '[::1': missing ']' after an IPv6 address\n"


def test_the_network_layer_loads_no_app() -> None:
    """``tagteam.net`` reads addresses for the join page too: it never imports an app (the client's is Textual)."""
    code = (
        "import importlib, pkgutil, sys, tagteam.net as n\n"
        "for m in pkgutil.walk_packages(n.__path__, 'tagteam.net.'): importlib.import_module(m.name)\n"
        "print(sorted({m for m in sys.modules if m.startswith(('tagteam.remote', 'tagteam.cli', 'textual'))}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
