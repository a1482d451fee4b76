"""French typesetting in the texts and kept by every wrapper of ours: a no-break space before ":" "»" (U+00A0)
and before ";" "!" "?" "%" (U+202F), after "«", and between a number and its unit ("12 PV"); "…" and "×";
the decimal comma. The French `tagteam --help` once broke before " :" at 14 widths between 50 and 120."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rich.text import Text

from tagteam.render.glued import wrap
from tagteam.words import set_language
from tests.words.test_french_terms import french_texts

NB, NNB = "\u00a0", "\u202f"
PLAIN_SPACE_BEFORE = {
    "a plain space before a colon": r" :(?=\s|$)",
    "a plain space before ; ! ?": r" [;!?](?=\s|$)",
    "a plain space inside « »": r"« | »",
    "a plain space between a number and its unit": r"(?:\d|\}) (?:PV|s)(?![\w'])",
    "three dots for an ellipsis": r"\.\.\.",
    "an x for a times sign": r"(?<![\w{])x(?:\d|\{)",
    "a question mark glued to its word": r"\bAttaque\?",
}


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


@pytest.mark.parametrize("fault", sorted(PLAIN_SPACE_BEFORE))
def test_the_french_texts_use_no_break_spaces(fault: str) -> None:
    pattern = re.compile(PLAIN_SPACE_BEFORE[fault])
    bad = [f"{where}: {text[:90]!r}" for where, text in french_texts() if pattern.search(text)]
    assert bad == [], f"{fault}:\n" + "\n".join(bad[:20])


@pytest.mark.parametrize("width", range(50, 121))
def test_french_help_never_breaks_before_a_mark_or_a_unit(width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from tagteam.__main__ import build_parser

    monkeypatch.setenv("COLUMNS", str(width))
    text = build_parser().format_help()
    assert "options" + NB + ":" in text
    bad = [line for line in text.splitlines() if re.match(r"\s*[:;!?»%]", line)]
    assert bad == [], bad


def test_our_wrapper_keeps_a_number_with_its_unit_and_a_word_with_its_mark() -> None:
    line = f"Bödvar perd 12{NB}PV au total{NB}: Jeanne récupère 3{NB}PV{NNB}; 25{NNB}% de victoire{NNB}?"
    for width in range(12, len(line) + 1):  # from the widest glued word up: a wider one is folded
        rows = [r.plain for r in wrap(Text(line), width)]
        assert all(not r.lstrip().startswith((":", ";", "?", "%", "PV")) for r in rows), (width, rows)
        assert all(not r.rstrip().endswith(("12", " 3", "25")) for r in rows), (width, rows)


def test_decimals_and_dates_are_french() -> None:
    from tagteam.words import fight, puzzles
    from tagteam.words.numbers import when

    assert fight.seconds(1.0) == "1,0" and fight.seconds(0.25) == "0,25"
    assert "1,5" in puzzles.verified(3, "f.jsonl", 1.5, 0) and "1.5" not in puzzles.verified(3, "f.jsonl", 1.5, 0)
    assert re.match(r"\d\d/\d\d/\d{4}", when(1_800_000_000)), when(1_800_000_000)
