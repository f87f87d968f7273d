"""Every refusal names the message refused (``ref``) when its ``id`` can be read; a frame that
breaks the protocol is logged as one warning line, not a traceback."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import anyio
import pytest
import websockets

from saboteur.loadtest.stuck import StuckClient
from saboteur.server import service
from tests.server.helpers import LiveServer, Message, clients

pytestmark = pytest.mark.anyio


async def test_validation_errors_carry_the_ref(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        refused: list[tuple[str, Message]] = [
            ("unknown-type", {"type": "fly", "id": "a1"}),
            ("invalid", {"type": "join", "game": "seven", "id": 2}),
        ]
        for code, message in refused:
            error = await ann.error(message)
            assert (error["code"], error.get("ref")) == (code, message["id"]), error
        long_line = {"type": "chat", "channel": "global", "text": "x" * 501, "id": "long"}
        error = await ann.error(long_line)
        assert (error["code"], error.get("ref")) == ("invalid", "long"), error
        error = await ann.error({"type": "lists", "id": -1})  # an id that is no id: no ref
        assert error["code"] == "invalid" and "ref" not in error, error


async def test_rate_limited_messages_carry_their_ref(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        sent = 3 * service.MESSAGE_BURST
        for index in range(sent):  # faster than allowed
            await ann.send({"type": "ping", "id": index})
        await anyio.sleep(service.MESSAGE_WINDOW + 0.5)
        replies = await ann.sync()
        limited = [m for m in replies if m["type"] == "error"]
        assert limited and all(m["code"] == "rate-limited" for m in limited)
        answered = [m["ref"] for m in replies if m["type"] == "pong"]
        assert sorted(answered + [m["ref"] for m in limited]) == list(range(sent))


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def server_log() -> Iterator[list[logging.LogRecord]]:
    """What the server and its WebSocket transport log meanwhile."""
    handler = Kept()
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "saboteur.server")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler.records
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


async def test_invalid_utf8_is_one_warning_line(
    server: LiveServer, server_log: list[logging.LogRecord]
) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        await ann.connection.send(b'{"type": "ping", "id": "\xff"}', text=True)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            for _ in range(10):
                await ann.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
        await bob.expect("presence", online=["Bob"])
    assert_one_warning(server_log, "invalid UTF-8")


async def test_an_invalid_frame_is_one_warning_line(
    server: LiveServer, server_log: list[logging.LogRecord]
) -> None:
    async with clients(server.ws, "Bob") as [bob]:
        raw = await StuckClient.open("127.0.0.1", server.port, "Raw")
        try:
            await bob.expect("presence", online=["Bob", "Raw"])
            reserved_opcode = b"\x83\x80\x00\x00\x00\x00"
            await asyncio.get_running_loop().sock_sendall(raw.sock, reserved_opcode)
            await bob.expect("presence", online=["Bob"])
        finally:
            raw.close()
    assert_one_warning(server_log, "invalid frame")


def assert_one_warning(records: list[logging.LogRecord], text: str) -> None:
    problems = [r for r in records if r.levelno >= logging.WARNING]
    assert len(problems) == 1, [r.getMessage() for r in problems]
    [record] = problems
    assert record.levelno == logging.WARNING and text in record.getMessage(), record.getMessage()
    assert record.exc_info is None and "\n" not in record.getMessage()
