"""Inbound WebSocket messages: one schema each, with size limits.

>>> parse_message('{"type": "chat", "channel": "global", "text": "hi"}').text
'hi'
>>> parse_message('{"type": "fly", "id": 7}')
Traceback (most recent call last):
...
saboteur.server.protocol.ProtocolError: unknown-type: unknown message type 'fly'
>>> peek_ref('{"type": "lists", "id": "a1"}'), peek_ref('{"id": -1}'), peek_ref("[1]")
('a1', None, None)
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import msgspec
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from saboteur.engine.registry import DEFAULT_RULESET

MAX_MESSAGE_BYTES = 8192
MAX_CHAT_LENGTH = 500

Ref = Annotated[str, StringConstraints(max_length=64)] | Annotated[int, Field(ge=0, lt=2**53)]
NameText = Annotated[str, StringConstraints(min_length=1, max_length=40)]
GameId = Annotated[int, Field(ge=1, lt=2**31)]
OptionValue = Annotated[str, StringConstraints(max_length=32)] | bool | int


class ProtocolError(Exception):
    """A message the server cannot take: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str, ref: str | int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.ref = ref  # the refused message's id, when it could be read


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    id: Ref | None = None


class Hello(Message):
    """First message: come back with ``token``, or arrive as ``name``."""

    type: Literal["hello"]
    name: NameText | None = None
    token: Annotated[str, StringConstraints(max_length=64)] | None = None


PasswordText = Annotated[str, StringConstraints(min_length=1, max_length=256)]


class Login(Message):
    """First message, instead of hello: log in to a registered nickname."""

    type: Literal["login"]
    name: NameText
    password: PasswordText


class Register(Message):
    """Keep my nickname: from now on it takes this password to log in to it."""

    type: Literal["register"]
    password: PasswordText


class ChangePassword(Message):
    """A new password (the old one to prove it is me); my other sessions end."""

    type: Literal["password"]
    old: PasswordText
    new: PasswordText


class Logout(Message):
    """End this session (``everywhere``: all my sessions, on every device)."""

    type: Literal["logout"]
    everywhere: StrictBool = False


class Rename(Message):
    type: Literal["rename"]
    name: NameText


class Chat(Message):
    type: Literal["chat"]
    channel: Literal["global", "game", "whisper"]
    text: Annotated[str, StringConstraints(min_length=1, max_length=MAX_CHAT_LENGTH)]
    game: GameId | None = None
    to: NameText | None = None


class NewGame(Message):
    type: Literal["new_game"]
    ruleset: Annotated[str, StringConstraints(max_length=32)] = DEFAULT_RULESET
    players: Annotated[int, Field(ge=1, le=10)]
    options: Annotated[
        dict[Annotated[str, StringConstraints(max_length=32)], OptionValue], Field(max_length=8)
    ] = {}
    clock: Annotated[int, Field(ge=2, le=3600)] | None = None
    # one entry per seat 1..players-1: null for a person, else a bot (random, heuristic, ismcts)
    bots: (
        Annotated[
            list[Annotated[str, StringConstraints(max_length=32)] | None], Field(max_length=9)
        ]
        | None
    ) = None


class GameCommand(Message):
    game: GameId


class Join(GameCommand):
    type: Literal["join"]


class Leave(GameCommand):
    type: Literal["leave"]


class Start(GameCommand):
    type: Literal["start"]


class Watch(GameCommand):
    type: Literal["watch"]


class Unwatch(GameCommand):
    type: Literal["unwatch"]


class Act(GameCommand):
    type: Literal["act"]
    action: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    seq: Annotated[int, Field(ge=0, lt=100_000)] | None = None


class Lists(Message):
    type: Literal["lists"]


class Lobby(Message):
    """Whether this connection shows the lobby: only those that do are sent its tables and
    high scores as they change (a game window does not show them)."""

    type: Literal["lobby"]
    follow: StrictBool


class Online(Message):
    """A page of the people online, whose names hold ``search``, and which of ``asked`` are."""

    type: Literal["online"]
    search: Annotated[str, StringConstraints(max_length=32)] = ""
    page: Annotated[int, Field(ge=0, lt=100_000)] = 0
    asked: Annotated[
        list[Annotated[str, StringConstraints(max_length=40)]], Field(max_length=50)
    ] = []


class Ping(Message):
    type: Literal["ping"]


Inbound = Annotated[
    Hello
    | Login
    | Register
    | ChangePassword
    | Logout
    | Rename
    | Chat
    | NewGame
    | Join
    | Leave
    | Start
    | Watch
    | Unwatch
    | Act
    | Lists
    | Lobby
    | Online
    | Ping,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Inbound] = TypeAdapter(Inbound)
TYPES = (
    "hello",
    "login",
    "register",
    "password",
    "logout",
    "rename",
    "chat",
    "new_game",
    "join",
    "leave",
    "start",
    "watch",
    "unwatch",
    "act",
    "lists",
    "lobby",
    "online",
    "ping",
)


_REF: TypeAdapter[Ref] = TypeAdapter(Ref)


class _Id(msgspec.Struct):
    id: Any = None


_ID_DECODER = msgspec.json.Decoder(_Id)


def read_ref(value: Any) -> str | int | None:
    """``value`` if it is a valid message ``id``, else None."""
    try:
        return None if value is None else _REF.validate_python(value, strict=True)
    except ValidationError:
        return None


def peek_ref(text: str | bytes) -> str | int | None:
    """The ``id`` of a message, read without the rest being parsed or checked (to refuse it)."""
    if isinstance(text, bytes) or len(text) > MAX_MESSAGE_BYTES:
        return None
    try:
        return read_ref(_ID_DECODER.decode(text).id)
    except msgspec.DecodeError:
        return None


def parse_message(text: str | bytes) -> Inbound:
    """Parse one inbound frame; raises :class:`ProtocolError` naming what is wrong."""
    if isinstance(text, bytes):
        raise ProtocolError("bad-frame", "send text frames holding JSON, not binary frames")
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too-large", f"a message may hold at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad-json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message is a JSON object with a 'type'")
    kind = data.get("type")
    if kind not in TYPES:
        ref = read_ref(data.get("id"))
        raise ProtocolError("unknown-type", f"unknown message type {kind!r}", ref)
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        ref = read_ref(data.get("id"))
        raise ProtocolError("invalid", f"{kind}: {where}: {first['msg']}", ref) from None


def error(code: str, message: str, ref: str | int | None = None, **extra: Any) -> dict[str, Any]:
    """The error reply: ``{"type": "error", "code": …, "message": …}``."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, **extra}
    if ref is not None:
        out["ref"] = ref
    return out
