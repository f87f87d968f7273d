"""docs/protocol.md: its examples are messages the server takes, it documents every message
type and error code, and its bot plays a whole game."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import pytest

from saboteur.server.protocol import TYPES, ProtocolError, parse_message
from tests.server.helpers import GAME_TIMEOUT, ROOT, LiveServer

DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
SERVER = ROOT / "saboteur" / "server"


def blocks(language: str, text: str = DOC) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.DOTALL)


def section(title: str) -> str:
    start = DOC.index(f"\n## {title}\n")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end]


def json_examples(text: str) -> list[Any]:
    """Each example: a block holding one JSON value, or one per line."""
    out = []
    for block in blocks("json", text):
        try:
            out.append(json.loads(block))
        except ValueError:
            out += [json.loads(line) for line in block.splitlines() if line.strip()]
    return out


def test_the_examples_of_inbound_messages_are_taken_by_the_server() -> None:
    examples = json_examples(section("Connecting")) + json_examples(
        section("Messages to the server")
    )
    inbound = [e for e in examples if e["type"] != "error"]
    assert {e["type"] for e in inbound} == set(TYPES)
    for example in inbound:
        parse_message(json.dumps(example))  # raises ProtocolError if the server would refuse it


def test_every_message_type_and_error_code_is_documented() -> None:
    sources = "\n".join(path.read_text() for path in SERVER.glob("*.py"))
    parts = [
        "service",
        "identity",
        "accounts",
        "presence",
        "chat",
        "lobby",
        "seats",
        "play",
        "tables",
        "feed",
    ]
    built = "\n".join((SERVER / f"{name}.py").read_text() for name in parts)
    outbound = set(re.findall(r"\"type\": \"([a-z_-]+)\"", built))
    assert outbound >= {"welcome", "lists", "games_changed", "presence", "user", "chat", "game"}
    headings = set(re.findall(r"^### ([\w-]+)$", DOC, flags=re.MULTILINE))
    assert set(TYPES) - {"unwatch"} <= headings
    assert outbound <= headings | {"error"}, outbound - headings
    examples = json_examples(section("Messages from the server")) + json_examples(section("Errors"))
    assert {e["type"] for e in examples} == outbound | {"error"}
    codes = set(re.findall(r'(?:ProtocolError|error)\(\s*"([a-z-]+)"', sources))
    assert len(codes) > 20
    table = set(re.findall(r"^\| `([a-z-]+)` \|", section("Errors"), flags=re.MULTILINE))
    assert codes == table, codes ^ table
    with pytest.raises(ProtocolError):
        parse_message('{"type": "act", "game": "3", "action": "x"}')  # types are exact


@pytest.mark.anyio
async def test_the_bot_in_the_docs_plays_a_game(server: LiveServer) -> None:
    [source] = [b for b in blocks("python") if "async def bot(" in b]
    namespace: dict[str, Any] = {"__name__": "bot"}
    exec(compile(source, "bot.py", "exec"), namespace)
    bot = namespace["bot"]
    host = asyncio.ensure_future(bot(server.ws, "Ada"))
    deadline = time.monotonic() + 30
    while not (tables := server.get("/api/games")):
        assert time.monotonic() < deadline and not host.done()
        await asyncio.sleep(0.05)
    game = tables[0]["id"]
    guests = [bot(server.ws, name, game) for name in ("Bea", "Cy")]
    scores = await asyncio.wait_for(asyncio.gather(host, *guests), GAME_TIMEOUT)
    assert scores[0] == scores[1] == scores[2]
    deadline = time.monotonic() + 30  # the bots saw the end; the results are stored just after
    while (summary := server.get(f"/api/games/{game}"))["status"] != "finished":
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)
    results = summary["results"]
    assert [r["gold"] for r in results] == scores[0]
    assert results[0]["name"] == "Ada"  # the host; the guests sit in the order they came
    assert sorted(r["name"] for r in results) == ["Ada", "Bea", "Cy"]
