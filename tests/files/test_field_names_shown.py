"""A field named by a no-break space (the fuzzer's Joan card: ``{"amount": {"\\xa0": 1e16}}``) printed as
nothing: "cards.3.effects.0.amount. : …". Names read from a file escape such spaces; our own sentences keep
the French no-break spaces (tests/words/test_french_nbsp.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tagteam.ground.problems import from_pydantic, printable


def test_a_no_break_space_in_a_field_name_is_escaped() -> None:
    p = from_pydantic({"loc": ("cards", 3, "effects", 0, "amount", "\xa0"), "type": "int_type", "msg": "x"})
    assert p.field == "cards.3.effects.0.amount.\\xa0", p.field


def test_a_sentence_keeps_its_no_break_spaces() -> None:
    assert printable("Équipes\u00a0: Bödvar\u202f!") == "Équipes\u00a0: Bödvar\u202f!"


@given(st.text(st.characters(categories=["Zs", "Cc", "Cf", "Ll"]), max_size=20))
def test_a_field_name_prints_as_seen(name: str) -> None:
    shown = printable(name, spaces=False)
    assert all(ch.isprintable() or ch == " " for ch in shown), shown


def test_an_unknown_field_named_by_a_no_break_space_is_seen_in_the_line() -> None:
    from tagteam.ground.problems import Code, problem
    from tagteam.words.inputs import line

    said = line(problem(Code.EXTRA, "\xa0", "joan.json"))
    assert "\\xa0" in said and all(ch.isprintable() or ch == " " for ch in said), said
