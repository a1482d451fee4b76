"""What is wrong with a file (or a message) a person handed us, as data: the file, the field, a code and its values.

Below the words layer nothing puts a problem into a sentence: the reader, the record and position parsers, the
puzzles and the card data each raise a ``ProblemError`` carrying ``Problem`` values, and ``tagteam.words.inputs``
words each one in the player's language. ``str()`` of an error is a technical line (codes, not sentences) for logs
and tests. This module imports nothing of the game, so the engine and the card data can use it without a loop.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any

Value = str | int


class Code(StrEnum):
    """Every kind of input problem; ``tagteam.words.inputs`` has one sentence for each (a test checks it)."""

    # reading a file (tagteam.ground.jsonfile)
    NO_FILE_NAMED = "no_file_named"
    LINK_LOOP = "link_loop"
    CANNOT_READ = "cannot_read"  # why: the system's reason
    FOLDER = "folder"
    NOT_REGULAR = "not_regular"
    TOO_LARGE = "too_large"  # size, limit
    TOO_LARGE_STREAM = "too_large_stream"  # limit
    NOT_UTF8 = "not_utf8"  # byte
    TOO_DEEP = "too_deep"  # at, depth
    NOT_JSON_AT = "not_json_at"  # line, column, why: a JsonFault
    NOT_JSON = "not_json"
    LONG_NUMBER = "long_number"  # count, limit
    NUMBER_RANGE = "number_range"  # number
    NOT_JSON_NUMBER = "not_json_number"  # value

    # any field, from the schema's validation (pydantic's error types, worded by us)
    MISSING = "missing"
    EXTRA = "extra"
    NOT_INT = "not_int"
    NOT_NUMBER = "not_number"
    NOT_STRING = "not_string"
    NOT_BOOL = "not_bool"
    NOT_LIST = "not_list"
    NOT_OBJECT = "not_object"
    AT_LEAST = "at_least"  # limit
    ABOVE = "above"  # limit
    AT_MOST = "at_most"  # limit
    BELOW = "below"  # limit
    TEXT_TOO_LONG = "text_too_long"  # limit
    TEXT_TOO_SHORT = "text_too_short"  # limit
    TOO_MANY = "too_many"  # limit
    TOO_FEW = "too_few"  # limit
    BAD_CHARACTERS = "bad_characters"
    NOT_ONE_OF = "not_one_of"  # choices
    UNKNOWN_KIND = "unknown_kind"  # tag, choices
    INVALID = "invalid"  # the fallback: a value this field cannot hold

    # game records (tagteam.engine.record)
    NOT_RECORD = "not_record"
    DIGEST_MISSING = "digest_missing"  # version
    EDITED = "edited"
    DIGEST_IN_V1 = "digest_in_v1"
    UNKNOWN_FIGHTER = "unknown_fighter"  # name
    SAME_FIGHTER = "same_fighter"
    BAD_TEAMS = "bad_teams"
    ILLEGAL_DECISION = "illegal_decision"  # detail (technical, not worded)
    TURNS_AFTER = "turns_after"  # count

    # sandbox positions (tagteam.engine.position)
    NO_TEAMS = "no_teams"
    HANDS_NOT_DRAFT = "hands_not_draft"
    NOT_IN_GAME = "not_in_game"  # name, fighters
    FIGHT_DECKS_UNEQUAL = "fight_decks_unequal"
    TEAMS_AT_DRAFT = "teams_at_draft"
    NOTHING_YET_AT_DRAFT = "nothing_yet_at_draft"
    ROUND_ONE_AT_DRAFT = "round_one_at_draft"
    NO_HANDS_FREE_PICK = "no_hands_free_pick"
    HAND_SIZE = "hand_size"  # size, count
    NOT_A_FIGHTER = "not_a_fighter"  # name
    DEALT_TWICE = "dealt_twice"  # name
    NOT_A_TRACK = "not_a_track"  # name, choices
    ONLY_FEY_SPIRITS = "only_fey_spirits"
    NOT_FEY_CHARACTER = "not_fey_character"  # name, choices
    SPIRIT_TWICE = "spirit_twice"  # name
    SPIRIT_IN_PLAY = "spirit_in_play"  # name
    NO_CHARACTER = "no_character"
    HP_ABOVE_MAX = "hp_above_max"  # hp, max
    HP_KO = "hp_ko"  # hp
    SPECIAL_RANGE = "special_range"  # fighter
    SPIRIT_TRACK = "spirit_track"  # count
    AFLAME_NEEDS_SHANGO = "aflame_needs_shango"
    AFLAME_TOO_MANY = "aflame_too_many"
    AFLAME_BOTH = "aflame_both"  # one, other
    CONCENTRATION_NEEDS_WONG = "concentration_needs_wong"
    CONCENTRATION_TOO_MANY = "concentration_too_many"
    SHERIFF_NEEDS_WILD_BUNCH = "sheriff_needs_wild_bunch"
    SERPENT_NEEDS_MEPHISTO = "serpent_needs_mephisto"
    PRESENCE_NEEDS_GOLEM = "presence_needs_golem"
    PRESENCE_ON_PARTNER = "presence_on_partner"
    REANIMATE_NO_GOLEM = "reanimate_no_golem"  # seat
    REANIMATE_NEEDS_FIGHT = "reanimate_needs_fight"
    NOT_IN_FIGHT_DECK = "not_in_fight_deck"  # card
    NO_BACK = "no_back"  # card
    FLIPPED_NEEDS_FIGHT = "flipped_needs_fight"
    NOTHING_YET_AT_SETUP = "nothing_yet_at_setup"
    ROUND_ONE_AT_SETUP = "round_one_at_setup"
    UNKNOWN_CARD = "unknown_card"  # card
    STARRED_IN_BUILD = "starred_in_build"
    NO_COPY_LEFT = "no_copy_left"  # card, seat
    NO_STARRED_COPY = "no_starred_copy"  # card
    NO_MILADY = "no_milady"
    NO_SCHEME_LEFT = "no_scheme_left"  # name, choices

    # Build puzzles' settings (tagteam.puzzles.board)
    BOARD_ORDER = "board_order"  # expected
    NOT_SEATS_FIGHTER = "not_seats_fighter"  # seat
    SHERIFF_EXACTLY = "sheriff_exactly"
    SERPENT_EXACTLY = "serpent_exactly"
    STARRED_NEVER_DRAWN = "starred_never_drawn"
    PAST_THEIR_DECK = "past_their_deck"
    BUILD_DECKS_UNEQUAL = "build_decks_unequal"
    PAST_DECK = "past_deck"
    STARRED_MISSING = "starred_missing"
    TOO_FEW_TO_BUILD = "too_few_to_build"
    TRACK_SPACES = "track_spaces"  # count
    SPACE_KO = "space_ko"
    SCHEMES_ELEVEN = "schemes_eleven"

    # the card data (tagteam.content.loader)
    MISSING_KIND = "missing_kind"  # choices
    EXTRA_HINT = "extra_hint"  # hint: the field it was probably meant to be
    FIGHTER_ID_FILE = "fighter_id_file"  # id
    COPIES_TOTAL = "copies_total"  # count, expected
    STARTING_COUNT = "starting_count"  # count, listed
    CARD_ID_PREFIX = "card_id_prefix"  # prefix
    DUPLICATE_CARD_ID = "duplicate_card_id"
    CARD_ID_ELSEWHERE = "card_id_elsewhere"  # other
    # a language's words for the card data (tagteam.content.texts)
    NOT_IN_CARD_DATA = "not_in_card_data"
    TOLD_TWICE = "told_twice"  # english
    EMPTY_SHIPS = "empty_ships"  # lo, hi
    SCHEME_COPIES = "scheme_copies"  # total, expected
    START_OUTSIDE = "start_outside"
    REVIVE_NO_SPACE = "revive_no_space"  # hp
    SPECIAL_START_OUTSIDE = "special_start_outside"  # size
    NOT_A_SPACE = "not_a_space"
    MECHANIC_OP = "mechanic_op"  # what, owner, fighter
    MECHANIC_VALUE = "mechanic_value"  # what, owner, fighter
    MECHANIC_CONDITION = "mechanic_condition"  # what, owner, fighter
    MECHANIC_ICON = "mechanic_icon"  # what, owner, fighter
    MECHANIC_TOKEN = "mechanic_token"  # what, owner, fighter
    MECHANIC_TRACK = "mechanic_track"  # what, owner, fighter
    MECHANIC_SCHEMES = "mechanic_schemes"  # owner, fighter
    NEEDS_TRACK = "needs_track"  # fighter, track
    FLIP_MISSING = "flip_missing"
    CANNOT_LIST = "cannot_list"  # why
    NO_FIGHTER_FILES = "no_fighter_files"
    FIGHTER_COUNT = "fighter_count"  # count, expected

    # a decision the engine refuses (tagteam.engine.game: IllegalAction)
    SEAT_OUT_OF_RANGE = "seat_out_of_range"  # seat: as given
    OWES_NOTHING = "owes_nothing"  # seat: 1 or 2
    WRONG_FIELD_TYPE = "wrong_field_type"  # action: a printable repr
    NOT_LEGAL_NOW = "not_legal_now"  # action, seat
    NOTHING_TO_ADVANCE = "nothing_to_advance"
    NO_DECISION = "no_decision"  # why: a bot's failure (technical)

    # a network message we cannot use (tagteam.net.protocol: ProtocolError)
    MESSAGE_TOO_LONG = "message_too_long"  # size, limit
    NOT_A_MESSAGE = "not_a_message"
    OTHER_CARD_DATA = "other_card_data"  # name
    CARD_OUTSIDE_TABLE = "card_outside_table"
    EVENTS_GAP = "events_gap"  # got, known


class JsonFault(StrEnum):
    """Why the JSON parser stopped, as a code (its own messages are English)."""

    VALUE = "value"
    NAME = "name"
    COMMA = "comma"
    COLON = "colon"
    STRING = "string"
    CONTROL = "control"
    ESCAPE = "escape"
    EXTRA = "extra"
    OTHER = "other"


_JSON_FAULTS = (
    ("Expecting value", JsonFault.VALUE),
    ("Expecting property name", JsonFault.NAME),
    ("Expecting ',' delimiter", JsonFault.COMMA),
    ("Expecting ':' delimiter", JsonFault.COLON),
    ("Unterminated string", JsonFault.STRING),
    ("Invalid control character", JsonFault.CONTROL),
    ("Invalid \\escape", JsonFault.ESCAPE),
    ("Invalid \\u", JsonFault.ESCAPE),
    ("Extra data", JsonFault.EXTRA),
)


def json_fault(msg: str) -> JsonFault:
    """The code of a ``json.JSONDecodeError`` message (``OTHER`` for one this table does not know)."""
    return next((fault for start, fault in _JSON_FAULTS if msg.startswith(start)), JsonFault.OTHER)


@dataclasses.dataclass(frozen=True, slots=True)
class Problem:
    """One defect: in which file (``""``: none named), at which field (a dotted path, ``""``: the whole), what;
    ``card`` names the card of a card data file it sits in (``""``: none)."""

    file: str
    field: str
    code: Code
    values: Mapping[str, Value] = dataclasses.field(default_factory=dict)
    card: str = ""

    def __hash__(self) -> int:  # the values are a mapping: hashed by their items, so problems can go in a set
        return hash((self.file, self.field, self.code, self.card, tuple(sorted(self.values.items()))))

    def at(self, file: str) -> Problem:
        """The same problem, in ``file`` (a problem that already names its file keeps it)."""
        return self if self.file else dataclasses.replace(self, file=file)

    def under(self, prefix: str) -> Problem:
        """The same problem, its field inside ``prefix`` (``decisions.3`` + ``card``)."""
        return dataclasses.replace(self, field=f"{prefix}.{self.field}" if self.field else prefix)

    def technical(self) -> str:
        """A language-free line for logs and tests: ``file: field: code (name=value, ...)``."""
        what = str(self.code)
        if self.values:
            what += " (" + ", ".join(f"{k}={v}" for k, v in self.values.items()) + ")"
        card = f"card {self.card}" if self.card else ""
        return ": ".join(part for part in (self.file, card, self.field, what) if part)


def problem(code: Code, field: str = "", file: str = "", **values: Value) -> Problem:
    """A Problem written the short way: ``problem(Code.HP_KO, "fighters.joan.hp", hp=0)``."""
    return Problem(file, field, code, values)


class ProblemError(ValueError):
    """An input we cannot use, carrying its problems (at least one); a ValueError, as callers catch it so."""

    def __init__(self, problems: Problem | Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = (problems,) if isinstance(problems, Problem) else tuple(problems)
        super().__init__("\n".join(p.technical() for p in self.problems))

    @property
    def problem(self) -> Problem:
        """The first problem: the one a single line reports (an error built with none says only that it is invalid)."""
        return self.problems[0] if self.problems else Problem("", "", Code.INVALID)

    def __str__(self) -> str:
        return "\n".join(p.technical() for p in self.problems)


PROBLEM = "problem"  # in a refusal's fields (``as_fields``): the key of the problem's code
AT = "at"  # ... and of its field


def as_fields(p: Problem, room: int, int_limit: int) -> dict[str, Value]:
    """A problem as a network refusal's fields (its code, its field, then as many values as there is ``room``),
    so the reader words it in their own language rather than the host's."""
    out: dict[str, Value] = {PROBLEM: str(p.code)}
    if p.field:
        out[AT] = printable(p.field, 300)
    for k, v in p.values.items():
        if len(out) < room and k not in out and re.fullmatch(r"[a-z_]{1,16}", k):
            out[k] = v if isinstance(v, int) and abs(v) <= int_limit else printable(v, 300)
    return out


def from_fields(fields: Mapping[str, object]) -> Problem | None:
    """A refusal's fields back as the problem they carry (None: they carry none, or a code unknown here)."""
    try:
        code = Code(str(fields.get(PROBLEM, "")))
    except ValueError:
        return None
    values = {k: v for k, v in fields.items() if k not in (PROBLEM, AT) and isinstance(v, str | int)}
    return Problem("", str(fields.get(AT, "")), code, values)


def team_problem(teams: Sequence[Sequence[str]], known: Iterable[str], field: str = "teams") -> Problem | None:
    """What is wrong with two teams of Fighter ids (an unknown id, a Fighter twice), or None: the engine's own
    refusal is a technical line, so the record, the position and the puzzles ask here first."""
    lib = set(known)
    for s, team in enumerate(teams):
        for k, fid in enumerate(team):
            if fid not in lib:
                return problem(Code.UNKNOWN_FIGHTER, f"{field}.{s}.{k}", name=printable(fid, 60))
    ids = [f for team in teams for f in team]
    return problem(Code.SAME_FIGHTER, field) if len(set(ids)) != len(ids) else None


# --------------------------------------------------------------------------- pydantic's errors, as our codes

_TYPES: dict[str, Code] = {
    "missing": Code.MISSING,
    "missing_argument": Code.MISSING,
    "missing_keyword_only_argument": Code.MISSING,
    "missing_positional_only_argument": Code.MISSING,
    "extra_forbidden": Code.EXTRA,
    "unexpected_keyword_argument": Code.EXTRA,
    "unexpected_positional_argument": Code.EXTRA,
    "int_type": Code.NOT_INT,
    "int_parsing": Code.NOT_INT,
    "int_from_float": Code.NOT_INT,
    "float_type": Code.NOT_NUMBER,
    "float_parsing": Code.NOT_NUMBER,
    "finite_number": Code.NOT_NUMBER,
    "string_type": Code.NOT_STRING,
    "string_unicode": Code.NOT_STRING,
    "bool_type": Code.NOT_BOOL,
    "bool_parsing": Code.NOT_BOOL,
    "list_type": Code.NOT_LIST,
    "tuple_type": Code.NOT_LIST,
    "set_type": Code.NOT_LIST,
    "frozen_set_type": Code.NOT_LIST,
    "iterable_type": Code.NOT_LIST,
    "dict_type": Code.NOT_OBJECT,
    "model_type": Code.NOT_OBJECT,
    "model_attributes_type": Code.NOT_OBJECT,
    "dataclass_type": Code.NOT_OBJECT,
    "dataclass_exact_type": Code.NOT_OBJECT,
    "mapping_type": Code.NOT_OBJECT,
    "greater_than_equal": Code.AT_LEAST,
    "greater_than": Code.ABOVE,
    "less_than_equal": Code.AT_MOST,
    "less_than": Code.BELOW,
    "string_too_long": Code.TEXT_TOO_LONG,
    "string_too_short": Code.TEXT_TOO_SHORT,
    "too_long": Code.TOO_MANY,
    "too_short": Code.TOO_FEW,
    "string_pattern_mismatch": Code.BAD_CHARACTERS,
    "literal_error": Code.NOT_ONE_OF,
    "enum": Code.NOT_ONE_OF,
    "union_tag_invalid": Code.UNKNOWN_KIND,
    "union_tag_not_found": Code.MISSING,
}
_LIMITS = {"ge": "limit", "gt": "limit", "le": "limit", "lt": "limit", "max_length": "limit", "min_length": "limit"}


def choices(expected: str) -> str:
    """Pydantic's ``"'a', 'b' or 'c'"`` as ``'a', 'b', 'c'``: the list without its English ``or``."""
    return ", ".join(part for part in re.split(r", | or ", expected) if part)


def _value(v: Any) -> Value:
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    return printable(v, 300)


def from_pydantic(err: Mapping[str, Any], *, drop: Iterable[str] = (), file: str = "") -> Problem:
    """One pydantic error (``ValidationError.errors()[i]``) as a Problem: its type becomes our code, its context
    our values, and its English ``msg`` is never used. Location parts in ``drop`` (the tags pydantic adds for
    a discriminated union's member) are not fields and are left out."""
    dropped = set(drop)
    loc = [str(x) for x in err.get("loc", ()) if str(x) not in dropped and not str(x).startswith("function-")]
    kind = str(err.get("type", ""))
    ctx: Mapping[str, Any] = err.get("ctx") or {}
    code = _TYPES.get(kind, Code.INVALID)
    values: dict[str, Value] = {}
    for key, name in _LIMITS.items():
        if key in ctx:
            values[name] = _value(ctx[key])
    if code is Code.NOT_ONE_OF:
        values["choices"] = choices(str(ctx.get("expected", "")))
    elif code is Code.UNKNOWN_KIND:
        loc.append(str(ctx.get("discriminator", "type")).strip("'"))
        values["tag"] = printable(repr(ctx.get("tag", "")), 60)
        values["choices"] = str(ctx.get("expected_tags", ""))
    elif kind == "union_tag_not_found":
        loc.append(str(ctx.get("discriminator", "type")).strip("'"))
    return Problem(file, _field_path(loc), code, values)


def _field_path(loc: Sequence[str]) -> str:
    """A printable dotted path, ``""`` for the whole input. Names come from the file: a no-break space in one is
    escaped (``\\xa0``), or a field named by it would print as nothing."""
    return printable(".".join(loc), spaces=False) if loc else ""


def _space(ch: str) -> bool:
    """A space of any width (the French no-break spaces, the ideographic space): Python calls it unprintable,
    yet it can neither move the cursor nor colour the terminal."""
    return unicodedata.category(ch) == "Zs"


def visible_spaces(text: str) -> str:
    """``text`` with every space but the plain one escaped (``\\xa0``): a name read from a file, which a
    no-break space alone would print as nothing."""
    return "".join(ch if ch == " " or not _space(ch) else ch.encode("unicode_escape").decode("ascii") for ch in text)


def printable(text: object, limit: int = 200, spaces: bool = True) -> str:
    """One line, control characters escaped, long text shortened: safe to print whatever the input held.
    ``spaces``: a space of another width (a sentence's French no-break space) is kept; data names escape it."""
    out = []
    for ch in str(text):
        if ch == "\\":
            out.append("\\\\")
        elif ch.isprintable() or ch == " " or (spaces and _space(ch)):
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    line = "".join(out)
    return line if len(line) <= limit else line[: limit - 1] + "…"


def shown(text: object) -> str:
    """A line as a terminal may receive it: every character that is not printable (an escape, a line break, a
    carriage return, a bidirectional override) escaped, the rest as it is (backslashes too: unlike
    ``printable``, a line already made of escaped values is not escaped twice). What a command prints of data
    goes through here: an escape sequence or a newline in a value can neither colour the terminal nor fake a line."""
    out = []
    for ch in str(text):
        out.append(ch if ch.isprintable() or _space(ch) else ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def shown_lines(text: str) -> str:
    """Several lines, each ``shown`` (the line breaks between them kept)."""
    return "\n".join(shown(line) for line in text.split("\n"))


def shown_json(text: str) -> str:
    """JSON text as a terminal may receive it: characters the JSON encoder leaves raw (C1 controls, line and
    paragraph separators, bidirectional overrides) written as ``\\uXXXX`` escapes, which is the same JSON."""
    out = []
    for ch in text:
        if ch.isprintable() or ch in " \n":
            out.append(ch)
        elif ord(ch) > 0xFFFF:
            high, low = divmod(ord(ch) - 0x10000, 0x400)
            out.append(f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}")
        else:
            out.append(f"\\u{ord(ch):04x}")
    return "".join(out)


def first_of(errors: Sequence[Mapping[str, Any]], *, drop: Iterable[str] = (), file: str = "") -> Problem:
    """The first pydantic error as a Problem (the one line a file's refusal reports)."""
    return from_pydantic(errors[0], drop=drop, file=file)
