"""Every inbound message type fuzzed: the server stays up, answers errors, changes nothing.

A fuzzing client holds a seat in a running game and hosts an open one.  Each example is
one frame (a message type with a field given a random JSON value, a value of the wrong
type, a missing or unknown field, a huge string; or non-JSON text, a non-object, an unknown
type, a binary frame).  Then a ping: its pong proves the connection survived, and every
reply in between is a proper error.  When the frame was refused, the games, the finished
list, the high score and a seated player's view are exactly as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio.from_thread
import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saboteur.server import service
from saboteur.server.protocol import MAX_MESSAGE_BYTES, TYPES
from tests.server.helpers import (
    Client,
    LiveServer,
    Message,
    live_server,
    new_table,
    seat_all,
    sqlite_url,
)

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=40)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
NOT_INT = (
    st.text(max_size=10)
    | st.booleans()
    | st.floats()
    | st.lists(SCALARS, max_size=3)
    | st.dictionaries(st.text(max_size=5), SCALARS, max_size=3)
)
NOT_STR = (
    st.integers()
    | st.booleans()
    | st.floats()
    | st.lists(SCALARS, max_size=3)
    | st.dictionaries(st.text(max_size=5), SCALARS, max_size=3)
)

INT_FIELDS = {"game", "players", "clock", "seq", "page"}
STR_FIELDS = {"name", "token", "text", "action", "channel", "ruleset", "to", "search"}
STR_FIELDS |= {"password", "old", "new"}
FIELDS: dict[str, list[str]] = {
    "hello": ["name", "token"],
    "login": ["name", "password"],
    "register": ["password"],
    "password": ["old", "new"],
    "logout": ["everywhere"],
    "rename": ["name"],
    "chat": ["channel", "text", "game", "to"],
    "new_game": ["ruleset", "players", "options", "clock"],
    "join": ["game"],
    "leave": ["game"],
    "start": ["game"],
    "watch": ["game"],
    "unwatch": ["game"],
    "act": ["game", "action", "seq"],
    "lists": [],
    "lobby": ["follow"],
    "online": ["search", "page", "asked"],
    "ping": [],
}
REQUIRED: dict[str, list[str]] = {
    "login": ["name", "password"],
    "register": ["password"],
    "password": ["old", "new"],
    "rename": ["name"],
    "chat": ["channel", "text"],
    "new_game": ["players"],
    "act": ["game", "action"],
    "lobby": ["follow"],
    **{kind: ["game"] for kind in ("join", "leave", "start", "watch", "unwatch")},
}


def base_message(kind: str, active: int) -> Message:
    """A message of this type that the fuzzing client could send (the fuzz changes it)."""
    messages: dict[str, Message] = {
        "hello": {"type": "hello", "name": "Fuzzy"},
        "login": {"type": "login", "name": "Fuzz", "password": "not its password"},
        "register": {"type": "register", "password": "fuzzy password"},
        "password": {"type": "password", "old": "not the password", "new": "fuzzy password"},
        "logout": {"type": "logout", "everywhere": False},
        "rename": {"type": "rename", "name": "Fuzz"},
        "chat": {"type": "chat", "channel": "game", "game": active, "text": "x"},
        "new_game": {"type": "new_game", "players": 3},
        "act": {"type": "act", "game": active, "action": "NS@9,9", "seq": 0},
        "lists": {"type": "lists"},
        "lobby": {"type": "lobby", "follow": True},
        "online": {"type": "online", "search": "a", "page": 0, "asked": ["Fuzzy"]},
        "ping": {"type": "ping"},
    }
    return messages.get(kind, {"type": kind, "game": active})


@st.composite
def fuzzed(draw: st.DrawFn, kind: str, active: int) -> tuple[str, bool]:
    """One frame of this type, and whether the server must refuse it."""
    message = base_message(kind, active)
    fields = [*FIELDS[kind], "id"]
    how = draw(st.sampled_from(["value", "wrong-type", "missing", "extra", "huge"]))
    if how == "value":
        message[draw(st.sampled_from(fields))] = draw(JSON_VALUES)
        return json.dumps(message), False
    if how == "wrong-type":
        field = draw(st.sampled_from(fields))
        if field in INT_FIELDS:
            message[field] = draw(NOT_INT)
        elif field in STR_FIELDS:
            message[field] = draw(NOT_STR)
        elif field in ("follow", "everywhere"):
            message[field] = draw(NOT_STR.filter(lambda value: not isinstance(value, bool)))
        elif field == "asked":  # a list of names, not a name, a number or a list of numbers
            message[field] = draw(
                st.text() | st.integers() | st.lists(st.integers(), min_size=1, max_size=3)
            )
        elif field == "options":
            message[field] = draw(st.lists(SCALARS, max_size=3) | st.text() | st.integers())
        else:  # id: a string or a whole number
            message[field] = draw(st.floats() | st.booleans() | st.lists(SCALARS, max_size=2))
    elif how == "missing":
        required = REQUIRED.get(kind, ["type"])
        del message[draw(st.sampled_from(required))]
    elif how == "extra":
        key = draw(st.text(min_size=1, max_size=12).filter(lambda k: k not in [*fields, "type"]))
        message[key] = draw(JSON_VALUES)
    else:
        field = draw(st.sampled_from(fields))
        message[field] = "x" * draw(st.integers(MAX_MESSAGE_BYTES, 50_000))
    return json.dumps(message), True


def not_json_object(text: str) -> bool:
    try:
        return not isinstance(json.loads(text), dict)
    except ValueError:
        return True


OTHER_FRAMES = st.one_of(
    st.text(max_size=200).filter(not_json_object),
    JSON_VALUES.filter(lambda v: not isinstance(v, dict)).map(json.dumps),
    st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4)
    .map(lambda d: {k: v for k, v in d.items() if k != "type"})
    .flatmap(
        lambda d: (JSON_VALUES.filter(lambda t: t not in TYPES)).map(
            lambda t: json.dumps({**d, "type": t})
        )
    ),
    st.binary(max_size=200),
)


@dataclass
class Fuzzing:
    """The fuzzing client, a seated observer, and the state both must keep."""

    server: LiveServer
    portal: anyio.from_thread.BlockingPortal
    players: list[Client]  # the fuzzer, the observer, a third
    active: int
    snapshot: Any = None
    examples: int = 0
    http: httpx.AsyncClient | None = None

    @property
    def fuzzer(self) -> Client:
        return self.players[0]

    @property
    def observer(self) -> Client:
        return self.players[1]

    async def state(self) -> Any:
        """The open and active games and the observer's view, as the server has them now."""
        if self.http is None:
            self.http = httpx.AsyncClient(base_url=self.server.http)
        lists = [
            (await self.http.get("/api/games", params={"status": status})).json()
            for status in ("open", "active")
        ]
        pushed = [m for m in await self.observer.sync() if m["type"] == "game"]
        assert pushed == []  # nothing changed at the table
        replies = await self.observer.request({"type": "join", "game": self.active})
        [view] = [m for m in replies if m["type"] == "game"]
        return lists, view["seq"], view["view"]

    async def _check(self, frame: str | bytes, refused: bool) -> None:
        self.examples += 1
        if self.snapshot is None:
            self.snapshot = await self.state()
        kind = json_type(frame)
        if kind in ("hello", "login", "logout"):  # a fresh connection (logout: a new user's)
            replies = await fresh_replies(self.server, frame, greet=kind == "logout")
        else:
            await self.fuzzer.send_raw(frame)
            replies = await self.fuzzer.sync()  # the pong: the connection is alive
        errors = [m for m in replies if m["type"] == "error"]
        for error in errors:
            assert set(error) <= {"type", "code", "message", "ref", "rule"}, error
            assert isinstance(error["code"], str) and error["code"] != "internal", error
            assert isinstance(error["message"], str) and error["message"], error
        if refused:
            assert len(errors) == 1, (frame, replies)
        if errors:
            assert await self.state() == self.snapshot, frame
        else:
            self.snapshot = None  # a message that was taken may change things

    def check(self, frame: str | bytes, refused: bool) -> None:
        self.portal.call(self._check, frame, refused)


def json_type(frame: str | bytes) -> Any:
    try:
        data = json.loads(frame)
    except ValueError:
        return None
    return data.get("type") if isinstance(data, dict) else None


async def fresh_replies(server: LiveServer, frame: str | bytes, greet: bool) -> list[Message]:
    """The replies to ``frame`` on a new connection (that first says hello, if ``greet``)."""
    client = await Client.open(server.ws, "Leaver") if greet else await Client.connect(server.ws)
    try:
        await client.send_raw(frame)
        await client.send({"type": "ping", "id": "end"})
        replies: list[Message] = []
        for _ in range(10):
            message = await client.recv()
            if message.get("ref") == "end":
                return replies
            replies.append(message)
        raise AssertionError(replies)
    finally:
        await client.close()


@pytest.fixture(scope="module")
def fuzzing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzing]:
    directory: Path = tmp_path_factory.mktemp("fuzz")
    with (
        pytest.MonkeyPatch.context() as patch,
        live_server(sqlite_url(directory)) as server,
        anyio.from_thread.start_blocking_portal("asyncio") as portal,
    ):
        patch.setattr(service, "MESSAGE_BURST", 1_000_000)  # the fuzzer sends fast

        async def setup() -> Fuzzing:
            fuzzer = await Client.open(server.ws, "Fuzz")
            others = [await Client.open(server.ws, name) for name in ("Obs", "Third")]
            active = await seat_all([fuzzer, *others])
            await new_table(fuzzer, 4)
            for client in (fuzzer, *others):
                await client.sync()
            return Fuzzing(server, portal, [fuzzer, *others], active)

        env = portal.call(setup)
        yield env
        if env.http is not None:
            portal.call(env.http.aclose)
        assert httpx.get(f"{server.http}/api/health").json()["status"] == "ok"


FUZZ = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.mark.parametrize("kind", TYPES)
@FUZZ
@given(data=st.data())
def test_every_message_type_fuzzed(fuzzing: Fuzzing, kind: str, data: st.DataObject) -> None:
    frame, refused = data.draw(fuzzed(kind, fuzzing.active))
    fuzzing.check(frame, refused)


@settings(FUZZ, max_examples=100)
@given(frame=OTHER_FRAMES)
def test_frames_that_are_no_message(fuzzing: Fuzzing, frame: str | bytes) -> None:
    fuzzing.check(frame, refused=True)


def test_the_fuzzed_server_still_plays(fuzzing: Fuzzing) -> None:
    """After all that, the game is where it was and goes on."""

    async def act() -> None:
        views = []
        for client in fuzzing.players:
            replies = await client.request({"type": "join", "game": fuzzing.active})
            views += [m for m in replies if m["type"] == "game"]
        assert [v["seq"] for v in views] == [0, 0, 0]  # no fuzzed action was ever taken
        [mine] = [v for v in views if v["view"]["legal"]]
        mover = fuzzing.players[mine["seat"]]
        action = mine["view"]["legal"][0]
        await mover.send({"type": "act", "game": fuzzing.active, "action": action, "seq": 0})
        for client in fuzzing.players:
            await client.expect("game", game=fuzzing.active, seq=1)

    fuzzing.portal.call(act)
    assert fuzzing.examples >= 30 * len(TYPES)
