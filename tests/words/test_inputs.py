"""A file we cannot use is said in the player's language (issue 24): every input problem's code has its own
sentence in English and in French, pydantic's error types become our codes, and whatever bytes a save or a
sandbox position holds, the refusal is a Problem whose French line carries none of pydantic's English."""

from __future__ import annotations

import json
import re
import string
from typing import Annotated, Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, Strict, ValidationError

from tagteam.engine import position, record
from tagteam.ground.jsonfile import InputError, parse_json
from tagteam.ground.problems import Code, JsonFault, Problem, ProblemError, first_of, from_pydantic
from tagteam.words import inputs, set_language
from tests.words.spaces import plain

# pydantic's own English: none of it may reach a player
PYDANTIC_ENGLISH = re.compile(
    r"Input should|Field required|Extra inputs|should have at (most|least)|String should|valid (integer|boolean)"
    r"|Value error|Unable to|Tuple should|List should|Dictionary should|permitted|Expecting"
)
FIELD = re.compile(r"\{([a-z_]+)\}")


def _sample(code: Code) -> Problem:
    """A problem of ``code`` with every value its sentences name filled in (counts of 2: the plural form)."""
    names: set[str] = set()
    for text in (inputs.SENTENCES.get(code, ""), "{limit} {count} {size}"):
        names |= set(FIELD.findall(text))
    values: dict[str, str | int] = {n: 2 if n in ("limit", "count", "size") else f"<{n}>" for n in names}
    if code is Code.NOT_JSON_AT:
        values["why"] = JsonFault.COMMA
    return Problem("save.json", "seed", code, values)


@pytest.mark.parametrize("code", list(Code))
def test_every_code_has_an_english_and_a_french_sentence(code: Code) -> None:
    assert code in inputs.SENTENCES or code in inputs.COUNTED
    p = _sample(code)
    set_language("en")
    english = inputs.sentence(p)
    set_language("fr")
    french = inputs.sentence(p)
    assert english and french and english != french, (english, french)
    for said in (english, french):
        assert "{" not in said and "}" not in said and "\n" not in said, said
    assert not PYDANTIC_ENGLISH.search(french), french


def test_no_sentence_is_written_for_a_code_that_does_not_exist() -> None:
    assert set(inputs.SENTENCES) | set(inputs.COUNTED) == set(Code)
    assert set(inputs.JSON_FAULTS) == set(JsonFault)


def test_a_line_names_the_file_the_card_and_the_field_in_each_language() -> None:
    p = Problem("joan.json", "effects.0.amount", Code.AT_LEAST, {"limit": 0}, card="joan.holy_shield")
    set_language("en")
    assert inputs.line(p) == "joan.json: card joan.holy_shield: effects.0.amount: should be at least 0"
    assert inputs.line(p, named=False) == "card joan.holy_shield: effects.0.amount: should be at least 0"
    set_language("fr")
    assert plain(inputs.line(p)) == "joan.json : carte joan.holy_shield : effects.0.amount : doit valoir au moins 0"


def test_counts_follow_each_language_plural_rule() -> None:
    one = Problem("a.json", "turns_after", Code.TURNS_AFTER, {"count": 1})
    two = Problem("a.json", "turns_after", Code.TURNS_AFTER, {"count": 2})
    set_language("en")
    assert inputs.sentence(one) == "only 1 Turn can follow the last decision"
    assert inputs.sentence(two) == "only 2 Turns can follow the last decision"
    set_language("fr")
    assert inputs.sentence(one) == "seul 1 Tour peut suivre la dernière décision"
    assert inputs.sentence(two) == "seuls 2 Tours peuvent suivre la dernière décision"


def test_the_error_text_is_technical_and_language_free() -> None:
    """``str()`` of an error is for logs and tests: codes, never a sentence in either language."""
    e = ProblemError(Problem("a.json", "hp", Code.HP_ABOVE_MAX, {"hp": 30, "max": 18}))
    assert str(e) == "a.json: hp: hp_above_max (hp=30, max=18)"
    assert isinstance(e, ValueError) and e.problem.values["max"] == 18


class _Sample(BaseModel):
    """One field of each kind the game's files hold, to make pydantic's error types happen."""

    model_config = ConfigDict(extra="forbid")
    n: Annotated[int, Strict(), Field(ge=0, le=9)]
    text: Annotated[str, Strict(), Field(min_length=1, max_length=3, pattern=r"^[a-z]+$")]
    flag: Annotated[bool, Strict()]
    items: Annotated[list[int], Field(max_length=2)]
    mode: Literal["free", "standard"]
    inner: dict[str, int]


GOOD = {"n": 1, "text": "ab", "flag": True, "items": [1], "mode": "free", "inner": {}}
BAD = [
    ({"n": None}, Code.MISSING),
    ({"n": "1"}, Code.NOT_INT),
    ({"n": 1.5}, Code.NOT_INT),
    ({"n": -1}, Code.AT_LEAST),
    ({"n": 10}, Code.AT_MOST),
    ({"text": 3}, Code.NOT_STRING),
    ({"text": ""}, Code.TEXT_TOO_SHORT),
    ({"text": "abcd"}, Code.TEXT_TOO_LONG),
    ({"text": "A!"}, Code.BAD_CHARACTERS),
    ({"flag": "yes"}, Code.NOT_BOOL),
    ({"items": {}}, Code.NOT_LIST),
    ({"items": [1, 2, 3]}, Code.TOO_MANY),
    ({"mode": "chess"}, Code.NOT_ONE_OF),
    ({"inner": []}, Code.NOT_OBJECT),
    ({"extra": 1}, Code.EXTRA),
]


@pytest.mark.parametrize(("change", "code"), BAD)
def test_pydantic_error_types_become_our_codes(change: dict[str, Any], code: Code) -> None:
    data = {**GOOD, **change}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(ValidationError) as e:
        _Sample.model_validate(data)
    found = first_of(e.value.errors(include_url=False), file="x.json")
    assert found.code is code, e.value.errors()
    for lang in ("en", "fr"):
        set_language(lang)
        said = inputs.line(found)
        assert said.startswith("x.json") and not PYDANTIC_ENGLISH.search(said), said


def test_an_unknown_pydantic_error_type_is_the_generic_code() -> None:
    found = from_pydantic({"type": "something_new", "loc": ("a", 1), "msg": "Something went wrong", "input": 1})
    assert (found.code, found.field) == (Code.INVALID, "a.1")
    set_language("fr")
    assert plain(inputs.line(found)) == "a.1 : valeur non valide"


# ------------------------------------------------------------------------ whatever a file holds

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
RECORD_KEYS = st.sampled_from(
    ["format", "version", "seed", "draft", "teams", "players", "solo", "decisions", "turns_after", "digest", "x"]
)
POSITION_KEYS = st.sampled_from(
    ["teams", "draft", "hands", "seed", "round", "fighters", "sheriff", "serpent", "presence", "fight", "decisions"]
)


def _french_refusal(error: ProblemError) -> str:
    assert isinstance(error.problem, Problem)
    set_language("fr")
    said = inputs.line(error)
    assert "\n" not in said and not PYDANTIC_ENGLISH.search(said), said
    return said


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields=st.dictionaries(RECORD_KEYS, JSON, max_size=6), tagged=st.booleans())
def test_any_record_json_is_refused_as_a_problem(fields: dict[str, Any], tagged: bool) -> None:
    data = {**fields, "format": "tagteam-record"} if tagged else fields
    try:
        rec = record.parse(data, "save.json")
        record.replay(rec)
    except record.RecordError as e:
        _french_refusal(e)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields=st.dictionaries(POSITION_KEYS, JSON, max_size=5))
def test_any_position_json_is_refused_as_a_problem(fields: dict[str, Any]) -> None:
    try:
        pos = position.parse(fields)
        position.build(pos)
    except position.PositionError as e:
        _french_refusal(e)


@settings(deadline=None)
@given(blob=st.binary(max_size=80) | st.text(alphabet=string.printable, max_size=60).map(str.encode))
def test_any_bytes_are_refused_as_a_problem(blob: bytes) -> None:
    try:
        data = parse_json(blob, "save.json")
    except InputError as e:
        assert plain(_french_refusal(e)).startswith("save.json : ")
        return
    for attempt in (lambda: record.parse(data, "save.json"), lambda: position.parse(data)):
        try:
            attempt()
        except ProblemError as e:
            _french_refusal(e)


def test_a_json_syntax_fault_is_said_in_french() -> None:
    with pytest.raises(InputError) as e:
        parse_json(json.dumps({"a": 1})[:-1] + ",}", "save.json")
    assert plain(_french_refusal(e.value)).startswith("save.json : ligne 1 colonne ")
