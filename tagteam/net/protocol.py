"""The wire format: one JSON object per line, each side parsing every line with a strict, bounded model.

Kept in one module so ``docs/network.md`` has a single source to describe. Both directions go through
``tagteam.ground.jsonfile.parse_json`` (depth and number limits) and then a pydantic model with ``extra="forbid"``
and strict types, so a message is either exactly a known shape or one error line.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass, replace
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    Strict,
    TypeAdapter,
    ValidationError,
    create_model,
)
from pydantic_core import core_schema

from tagteam.engine import events as ev
from tagteam.engine.actions import KINDS as ACTION_KINDS
from tagteam.engine.actions import Action, to_dict
from tagteam.engine.state import DecisionKind, Phase
from tagteam.engine.view import FighterView, PlayerView
from tagteam.ground.jsonfile import InputError, parse_json, printable
from tagteam.ground.problems import Code as ProblemCode
from tagteam.ground.problems import Problem, ProblemError, as_fields, first_of, problem

PROTOCOL_VERSION = 5  # 2: events, a typed heading and pause, reasons as codes; 3: seat tokens, rematch asked;
# 4: a bad message or an illegal decision is refused with its problem as data (``problem_fields``), not English;
# 5: sealed: a key agreed from the join code (SPAKE2), every message after it encrypted (``tagteam.net.seal``)
OPENING_CODE = "sealed"  # the opening hello's code: the real one never travels (a v4 host reads the version first)
DEFAULT_PORT = 8765
MAX_CLIENT_LINE = 4_096  # the largest client message (a hello) is ~200 bytes
MAX_SERVER_LINE = 4_000_000  # a state with a whole long game's log and, at the end, its record
CLIENT_DEPTH = 6
SERVER_DEPTH = 12
MAX_EVENTS = 20_000  # events in one state message (a long game has ~2,000)
MAX_ID = 2**31 - 1

Seat = Annotated[int, Strict(), Field(ge=0, le=1)]
Count = Annotated[int, Strict(), Field(ge=0, le=MAX_ID)]
Small = Annotated[int, Strict(), Field(ge=-1_000, le=1_000)]
Inst = Annotated[int, Strict(), Field(ge=0, le=999)]
Id = Annotated[str, Strict(), Field(min_length=1, max_length=40)]
Name = Annotated[str, Strict(), Field(min_length=1, max_length=24)]
Line = Annotated[str, Strict(), Field(max_length=1_000)]
Code = Annotated[str, Strict(), Field(min_length=1, max_length=32)]
Token = Annotated[str, Strict(), Field(min_length=1, max_length=64)]
_STRICT = ConfigDict(extra="forbid")  # strict per field: lists stand for tuples in JSON
Flag = Annotated[bool, Strict()]


class ProtocolError(ProblemError):
    """A message that is not exactly one of the known shapes, carrying its ``Problem`` (``tagteam.words.inputs``
    words it in the reader's language); ``str()`` is the technical line, for logs."""


def problem_fields(p: Problem) -> dict[str, str | int]:
    """A problem as a refusal's fields, within what the wire's ``Fields`` allow (``tagteam.words.net`` words it)."""
    return as_fields(p, room=4, int_limit=MAX_ID)


# ---------------------------------------------------------------------- client -> server


class _ClientMsg(BaseModel):
    model_config = _STRICT
    id: Count | None = None  # echoed as ``re`` in the reply, so a client can wait for its answer


class Hello(_ClientMsg):
    """The hello, twice. In clear, the opening: only the protocol version, in the shape every version reads (so a
    host of another version refuses it in one line), with ``code`` "sealed": the join code never travels. Then,
    sealed, the first message after the key exchange: optionally a seat (to rejoin) and the seat's token.

    There is no name: the seats are Player 1 and Player 2 on both screens, so a name sent here would
    be shown nowhere; a hello with one is refused (unknown field) rather than silently ignored."""

    type: Literal["hello"]
    version: Annotated[int, Strict(), Field(ge=0, le=MAX_ID)]
    code: Code | None = None  # versions 1 to 4: the join code, in clear; from 5: "sealed" in the opening only
    seat: Seat | None = None
    token: Token | None = None


class Act(_ClientMsg):
    """A decision for the sender's own seat; the action dict is checked by the engine's own parser."""

    type: Literal["act"]
    action: dict[str, Any]


class StepMsg(_ClientMsg):
    """Resolve the next Turn (or the rest of the Fight step with ``skip``) if the game is still at ``at``."""

    type: Literal["step"]
    at: Count
    skip: Flag = False


class RematchMsg(_ClientMsg):
    """After game over: ask for a new game for both seats, with the same teams or a new draft (or accept the
    other seat's asking for the same: the new game starts once both asked for it)."""

    type: Literal["rematch"]
    same_teams: Flag


class Ping(_ClientMsg):
    type: Literal["ping"]


class Bye(_ClientMsg):
    type: Literal["bye"]


# The key exchange (clear, before anything sealed): the host's SPAKE2 message, the joiner's with its key
# confirmation, then the host's confirmation (or a ``bye``: wrong code, or the door's "try again").
B64_32 = Annotated[str, Strict(), Field(min_length=44, max_length=44, pattern=r"^[A-Za-z0-9+/]{43}=$")]  # 32 bytes
B64_33 = Annotated[str, Strict(), Field(min_length=44, max_length=44, pattern=r"^[A-Za-z0-9+/]{44}$")]  # 33 bytes


class PakeOffer(BaseModel):
    """Host to joiner, in clear: the host's SPAKE2 message (base64)."""

    model_config = _STRICT
    type: Literal["pake"]
    msg: B64_33


class PakeAnswer(BaseModel):
    """Joiner to host, in clear: the joiner's SPAKE2 message and its key confirmation (base64)."""

    model_config = _STRICT
    type: Literal["pake"]
    msg: B64_33
    proof: B64_32


class PakeProof(BaseModel):
    """Host to joiner, in clear: the host's key confirmation. Everything after it, both ways, is sealed."""

    model_config = _STRICT
    type: Literal["proof"]
    proof: B64_32


ClientMsg = Hello | Act | StepMsg | RematchMsg | Ping | Bye
CLIENT: TypeAdapter[ClientMsg] = TypeAdapter(Annotated[ClientMsg, Field(discriminator="type")])
CLIENT_TYPES = ("hello", "act", "step", "rematch", "ping", "bye")


# ---------------------------------------------------------------------- server -> client: the log as events

EventInt = Annotated[int, Strict(), Field(ge=-10_000, le=10_000)]
EventStr = Annotated[str, Strict(), Field(max_length=64)]
_EVENT_FIELD: dict[object, object] = {
    int: EventInt,
    str: EventStr,
    bool: Flag,
    tuple[str, str]: tuple[EventStr, EventStr],
    tuple[tuple[str, str], tuple[str, str]]: tuple[tuple[EventStr, EventStr], tuple[EventStr, EventStr]],
    tuple[int, ...]: Annotated[list[EventInt], Field(max_length=4)],
}


def _event_model(cls: type[ev.Event]) -> type[BaseModel]:
    """A strict, bounded model of one event kind, field by field from its dataclass (a new field type fails here,
    at import, rather than crossing the wire unchecked)."""
    spec: dict[str, Any] = {"kind": (Literal[cls.kind], ...)}
    defaults = {f.name: f.default for f in fields(cls)}
    for name, hint in typing.get_type_hints(cls).items():
        if name == "kind":
            continue
        wire = _EVENT_FIELD.get(hint)
        if wire is None:
            raise TypeError(f"{cls.__name__}.{name}: no wire type for {hint!r}")
        default = defaults[name]
        spec[name] = (wire, ... if default is MISSING else default)
    model: type[BaseModel] = create_model(f"{cls.__name__}Data", __config__=_STRICT, **spec)
    return model


EVENT_MODELS: dict[str, type[BaseModel]] = {kind: _event_model(cls) for kind, cls in ev.EVENT_TYPES.items()}
if typing.TYPE_CHECKING:
    _EventData = BaseModel
else:  # one strict model per kind, chosen by ``kind``
    _EventData = Annotated[typing.Union[tuple(EVENT_MODELS.values())], Field(discriminator="kind")]
EVENT: TypeAdapter[BaseModel] = TypeAdapter(_EventData)
EVENT_KINDS = tuple(EVENT_MODELS)


def event_data(e: ev.Event) -> BaseModel:
    """An event as the wire carries it: its kind and its fields (``to_dict``), checked by its kind's model."""
    return EVENT_MODELS[e.kind].model_validate(e.to_dict())


def event_of(data: BaseModel) -> ev.Event:
    """A checked event model back as the engine's event."""
    return ev.event_from_dict(data.model_dump())


# ---------------------------------------------------------------------- server -> client


Insts = Annotated[list[Inst], Field(max_length=300)]
Ids = Annotated[list[Id], Field(max_length=40)]
Legal = Annotated[list[Annotated[Action, Field(discriminator="type")]], Field(max_length=2_000)]  # the engine's shapes

# The wire type of each field type a PlayerView (and its FighterViews) holds: ``ViewData`` and ``FighterData`` are
# built from the dataclasses with these, so a new field of one of these types crosses the wire with nothing else
# to write; a field of a new type fails at import (``TypeError``), never crossing the wire unchecked.
_VIEW_FIELD: dict[object, object] = {
    int: Small,
    bool: Flag,
    str: Id,
    str | None: Id | None,
    int | None: Small | None,
    Phase: Phase,
    DecisionKind | None: DecisionKind | None,
    tuple[int, int]: tuple[Small, Small],
    tuple[bool, bool]: tuple[Flag, Flag],
    tuple[int, ...]: Insts,
    frozenset[int]: Insts,  # sent sorted
    tuple[str, ...]: Ids,
    tuple[tuple[int, ...], tuple[int, ...]]: tuple[Insts, Insts],
    tuple[tuple[str, ...], tuple[str, ...]]: tuple[Ids, Ids],
    tuple[Action, ...]: Legal,
}
# Fields whose bounds are not their type's: a seat, the counts that only grow, the draw of three, free text.
_VIEW_BOUND: dict[str, object] = {
    "seat": Seat,
    "round": Count,
    "turn": Count,
    "drawn": Annotated[list[Inst], Field(max_length=3)],
    "name": Line,
    "over_reason": Line,
    "index": Annotated[int, Strict(), Field(ge=0, le=3)],
}
_NOT_SENT = frozenset({"table"})  # public: the client rebuilds it from the teams


@functools.cache
def _sent(cls: type) -> dict[str, Any]:
    """The fields of a view dataclass the wire carries, with their types, in the dataclass's order."""
    return {n: h for n, h in typing.get_type_hints(cls).items() if n not in _NOT_SENT}


def _view_model(cls: type, wire: dict[object, object]) -> type[BaseModel]:
    """A strict, bounded model of a view dataclass, field by field in the dataclass's order (``_VIEW_FIELD``)."""
    spec: dict[str, Any] = {}
    for name, hint in _sent(cls).items():
        field = _VIEW_BOUND.get(name, wire.get(hint))
        if field is None:
            raise TypeError(f"{cls.__name__}.{name}: no wire type for {hint!r}")
        spec[name] = (field, ...)
    model: type[BaseModel] = create_model(f"{cls.__name__.removesuffix('View')}Data", __config__=_STRICT, **spec)
    return model


FighterData = _view_model(FighterView, _VIEW_FIELD)
_FIGHTERS: object = Annotated[list[FighterData], Field(max_length=4)]  # type: ignore[valid-type]
ViewData = _view_model(PlayerView, {**_VIEW_FIELD, tuple[FighterView, ...]: _FIGHTERS})


def _wire(hint: object, value: Any) -> Any:
    """A view's field as the wire carries it: tuples as lists, sets sorted, actions as their dicts."""
    if hint == tuple[Action, ...]:
        return [to_dict(a) for a in value]
    if is_dataclass(hint) and isinstance(hint, type):
        return {n: _wire(h, getattr(value, n)) for n, h in _sent(hint).items()}
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is frozenset:
        return sorted(value)
    if origin is tuple:
        kinds = [args[0]] * len(value) if args[-1] is Ellipsis else args
        return [_wire(k, v) for k, v in zip(kinds, value, strict=True)]
    return value


def _unwire(hint: object, value: Any) -> Any:
    """A checked field back as the dataclass holds it (the inverse of ``_wire``; the table is not sent)."""
    if is_dataclass(hint) and isinstance(hint, type):
        unsent = dict.fromkeys(typing.get_type_hints(hint).keys() & _NOT_SENT)  # None: the table, added by the client
        return hint(**{n: _unwire(h, getattr(value, n)) for n, h in _sent(hint).items()}, **unsent)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is frozenset:
        return frozenset(value)
    if origin is tuple:
        kinds = [args[0]] * len(value) if args[-1] is Ellipsis else args
        return tuple(_unwire(k, v) for k, v in zip(kinds, value, strict=True))
    return value


def _as_view(value: Any, check: Callable[[Any], Any]) -> PlayerView:
    """A view off the wire (a dict) or about to go on it (a PlayerView): checked by ``ViewData`` either way, and
    held as the PlayerView the client reads, without its table (``player_view`` adds it)."""
    wire = _wire(PlayerView, value) if isinstance(value, PlayerView) else value
    view: PlayerView = _unwire(PlayerView, check(wire))
    return view


class _OnTheWire:
    """pydantic's hooks for a PlayerView field: validated by ``ViewData``, written as ``_wire`` writes it."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_wrap_validator_function(
            _as_view,
            handler.generate_schema(ViewData),
            serialization=core_schema.plain_serializer_function_ser_schema(lambda v: _wire(PlayerView, v)),
        )


WireView = Annotated[PlayerView, _OnTheWire]  # a PlayerView in a message: exactly view_for's fields, but the table
WIRE_VIEW: TypeAdapter[PlayerView] = TypeAdapter(WireView)  # one view on its own, as a state carries it


class Welcome(BaseModel):
    model_config = _STRICT
    type: Literal["welcome"]
    version: Count
    seat: Seat
    re: Count | None = None
    token: Token | None = None  # this seat's token: a rejoin with it is never refused by the guessing limits


class RematchAsked(BaseModel):
    """A rematch one seat asked for at game over: it starts once the other seat asks for the same."""

    model_config = _STRICT
    seat: Seat
    same_teams: Flag


class HeadingData(BaseModel):
    """Where the Fight stands (``tagteam.play.feeds.Heading``): round 0 is the Draft and setup, Turn 0 before
    the first."""

    model_config = _STRICT
    round: Count
    turn: Count


class PauseData(BaseModel):
    """Why the Fight stopped resolving Turns (``tagteam.play.feeds.Pause``): the game is over, the Fey Folk's ``seat``
    chooses a Character, or the Build step is next. How a game ended is read from the log's ``game_over`` event."""

    model_config = _STRICT
    why: Literal["over", "character", "build"]
    seat: Seat | None = None


class Notice(BaseModel):
    """Something to pop up: ``event`` is the index in the log of an event to announce (a Draft reveal, an Instant
    bonus), which the client words itself."""

    model_config = _STRICT
    code: Literal["event"]
    event: Count


class State(BaseModel):
    """Everything one seat's screen needs now: its own view, the public log as events, where the Fight stands.

    No sentence: each client words the events, the heading, the pause, the recap and the notices in its own
    player's language (``tagteam.words``)."""

    model_config = _STRICT
    type: Literal["state"]
    re: Count | None = None
    seat: Seat
    version: Count  # changes whenever the game does: a StepMsg names the version it was pressed on
    names: tuple[Name, Name]
    teams: tuple[tuple[Id, Id], tuple[Id, Id]] | None
    view: WireView
    events_from: Count  # ``events`` continue the log from this event (0 after a (re)join)
    events: Annotated[list[_EventData], Field(max_length=MAX_EVENTS)]
    revealed: Annotated[list[tuple[Seat, Inst, Flag]], Field(max_length=2)]
    can_step: Flag
    ended: Flag  # the Turn(s) just resolved ended the Fight step or the game
    decisions: Count
    turns_after: Count
    pause: PauseData | None  # None while a Turn can be resolved
    heading: HeadingData
    over: Flag
    record: dict[str, Any] | None  # only once the game is over: then nothing in it is secret any more
    notices: Annotated[list[Notice], Field(max_length=50)]
    opponent_here: Flag
    rematch_asked: RematchAsked | None = None  # at game over: a rematch one seat asked for, the other to accept


Key = Annotated[str, Strict(), Field(min_length=1, max_length=16, pattern=r"^[a-z_]+$")]
Value = Annotated[int, Strict(), Field(ge=-MAX_ID, le=MAX_ID)] | Annotated[str, Strict(), Field(max_length=300)]
Fields = Annotated[dict[Key, Value], Field(max_length=4)]


class _Reason(BaseModel):
    """A reason as data: ``code`` (``tagteam.words.net.REASONS``) and its ``fields``; ``text`` is the reason in
    this player's words, worded when read."""

    model_config = _STRICT
    code: Code | None = None
    fields: Fields = {}
    line: Line = Field(default="", alias="text")  # only the version refusal, the one shape every version reads

    @property
    def text(self) -> str:
        from tagteam.words.net import reason

        return reason(self.code, self.fields, self.line)


class Error(_Reason):
    """A message refused (the connection stays open): why, as a code."""

    type: Literal["error"]
    re: Count | None = None


class Pong(BaseModel):
    model_config = _STRICT
    type: Literal["pong"]
    re: Count | None = None


class Goodbye(_Reason):
    """The server is closing this connection (host quit, dropped, refused): why, as a code."""

    type: Literal["bye"]


def version_refusal(theirs: int) -> dict[str, Any]:
    """The answer to a hello of another version: a ``bye`` with one ``text`` line, the shape version 1 already
    read, so an older client prints it and exits 2. English: the two peers share no words but this line."""
    return {
        "type": "bye",
        "text": f"protocol version {theirs} is not spoken here (this host speaks version {PROTOCOL_VERSION}; "
        "update tagteam on both machines)",
    }


ServerMsg = Welcome | State | Error | Pong | Goodbye
SERVER: TypeAdapter[ServerMsg] = TypeAdapter(Annotated[ServerMsg, Field(discriminator="type")])
OFFER: TypeAdapter[PakeOffer | Goodbye] = TypeAdapter(Annotated[PakeOffer | Goodbye, Field(discriminator="type")])
PROOF: TypeAdapter[PakeProof | Goodbye] = TypeAdapter(Annotated[PakeProof | Goodbye, Field(discriminator="type")])


# ---------------------------------------------------------------------- encoding and parsing


def encode(msg: BaseModel | dict[str, Any]) -> bytes:
    """One line of ASCII JSON (non-ASCII escaped, so no byte of a message is ever a newline)."""
    data = msg.model_dump(mode="json", exclude_none=False, by_alias=True) if isinstance(msg, BaseModel) else msg
    if isinstance(msg, _Reason):
        data.pop("text", None)  # a code's reason goes as data; only ``version_refusal`` sends a line
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


def printable_line(text: object) -> str:
    """Any text as one printable line that fits a ``Line`` field."""
    return printable(text, 1_000)


def _problem(e: ValidationError, kinds: tuple[str, ...]) -> Problem:
    """The first validation error as a Problem (the message type pydantic puts first in the field is dropped)."""
    return first_of(e.errors(include_url=False), drop=kinds)


def _parse(line: bytes, limit: int, depth: int) -> Any:
    if len(line) > limit:
        raise ProtocolError(problem(ProblemCode.MESSAGE_TOO_LONG, size=len(line), limit=limit))
    try:
        data = parse_json(line, "", max_depth=depth)
    except InputError as e:
        raise ProtocolError(e.problems) from None
    if not isinstance(data, dict):
        raise ProtocolError(problem(ProblemCode.NOT_A_MESSAGE))
    return data


def parse_client(line: bytes) -> ClientMsg:
    """A client's line as one of the client messages, or ProtocolError with one line."""
    data = _parse(line, MAX_CLIENT_LINE, CLIENT_DEPTH)
    try:
        return CLIENT.validate_python(data)
    except ValidationError as e:
        raise ProtocolError(_problem(e, CLIENT_TYPES)) from None


def parse_server(line: bytes) -> ServerMsg:
    """The host's line as one of the server messages, or ProtocolError (a client trusts the host no more)."""
    data = _parse(line, MAX_SERVER_LINE, SERVER_DEPTH)
    try:
        return SERVER.validate_python(data)
    except ValidationError as e:
        raise ProtocolError(_problem(e, ("welcome", "state", "error", "pong", "bye", *ACTION_KINDS))) from None


def parse_answer(line: bytes) -> PakeAnswer:
    """The joiner's half of the key exchange, or ProtocolError with one line."""
    data = _parse(line, MAX_CLIENT_LINE, CLIENT_DEPTH)
    try:
        return PakeAnswer.model_validate(data)
    except ValidationError as e:
        raise ProtocolError(_problem(e, ("pake",))) from None


def parse_exchange(line: bytes, step: TypeAdapter[PakeOffer | Goodbye] | TypeAdapter[PakeProof | Goodbye]) -> Any:
    """The host's half of the key exchange (``OFFER`` or ``PROOF``), or a ``bye``; ProtocolError otherwise."""
    data = _parse(line, MAX_CLIENT_LINE, CLIENT_DEPTH)
    try:
        return step.validate_python(data)
    except ValidationError as e:
        raise ProtocolError(_problem(e, ("pake", "proof", "bye"))) from None


# ---------------------------------------------------------------------- views on the wire


def view_data(view: PlayerView) -> PlayerView:
    """A seat's view as a state carries it: exactly the fields of ``view_for`` (it already hides the other seat),
    checked as the wire checks them, without its table."""
    return _as_view(view, ViewData.model_validate)


def player_view(data: PlayerView, teams: tuple[tuple[str, str], tuple[str, str]] | None) -> PlayerView:
    """The view sent with its table: the table is public (built from the teams); the rest is the data sent.

    Raises ProtocolError when the teams are unknown here or a card is outside their table (different card data)."""
    from tagteam.engine.table import build_table, library

    if teams is None:
        return data
    lib = library()
    unknown = [fid for team in teams for fid in team if fid not in lib]
    if unknown:
        raise ProtocolError(problem(ProblemCode.OTHER_CARD_DATA, "teams", name=printable(unknown[0], 40)))
    table = build_table(teams, lib)
    if any(i >= len(table.cards) for i in (*data.my_fight_deck, *data.drawn, *data.removed, *data.flipped)):
        raise ProtocolError(problem(ProblemCode.CARD_OUTSIDE_TABLE, "view"))
    return replace(data, table=table)
