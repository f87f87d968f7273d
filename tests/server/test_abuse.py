"""What one address or one person may do: new nicknames, tables, chat lines, renames (#21)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets
from click.testing import CliRunner

from saboteur.cli import cli
from saboteur.server.limits import AbuseLimits
from tests.server.helpers import Client, LiveServer, ServerProcess, clients, sqlite_url

pytestmark = pytest.mark.anyio


@contextlib.contextmanager
def limited(tmp_path: Path, **limits: tuple[int, float]) -> Iterator[LiveServer]:
    """A server whose limits count this machine's own address too (as a remote one's)."""
    chosen = dataclasses.replace(AbuseLimits(loopback=True), **limits)  # type: ignore[arg-type]
    server = LiveServer(sqlite_url(tmp_path), abuse_limits=chosen).start()
    try:
        yield server
    finally:
        server.stop()


async def hello(url: str, name: str, forwarded: str | None = None) -> dict[str, object]:
    """The answer to a hello with a new nickname (from ``forwarded``, as a proxy says)."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    async with websockets.connect(url, additional_headers=headers) as socket:
        await socket.send(json.dumps({"type": "hello", "name": name, "id": 1}))
        answer: dict[str, object] = json.loads(await socket.recv())
        return answer


async def test_one_person_hosts_at_most_three_open_tables(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        for _ in range(3):
            await ann.send({"type": "new_game", "players": 3})
            await ann.expect("joined")
        error = await ann.error({"type": "new_game", "players": 3, "id": 4})
        assert error["code"] == "too-many-tables" and "at most 3" in error["message"], error
        assert error["ref"] == 4
        assert len(server.get("/api/games", status="open")) == 3


async def test_a_table_flood_from_one_address_is_refused(tmp_path: Path) -> None:
    with limited(tmp_path, new_tables=(4, 60.0)) as server:
        async with clients(server.ws, *[f"Host{n}" for n in range(5)]) as hosts:
            for host in hosts[:4]:
                await host.send({"type": "new_game", "players": 3})
                await host.expect("joined")
            error = await hosts[4].error({"type": "new_game", "players": 3})
            assert error["code"] == "rate-limited" and "your address" in error["message"]
            assert len(server.get("/api/games", status="open")) == 4


async def test_fresh_nicknames_from_one_address_are_limited(tmp_path: Path) -> None:
    with limited(tmp_path, new_users=(3, 3600.0)) as server:
        async with clients(server.ws, "Una", "Dos", "Tres") as [una, *_]:
            answer = await hello(server.ws, "Cuatro")
            assert answer["type"] == "error" and answer["code"] == "rate-limited", answer
            assert "new nicknames" in str(answer["message"]) and answer["ref"] == 1
            back = await Client.open(server.ws, token=una.token)  # a known name still may
            assert back.name == "Una"
            await back.close()
        assert server.get("/api/online") == []


async def test_chat_through_many_names_is_limited_per_address(tmp_path: Path) -> None:
    with limited(tmp_path, chat=(5, 10.0)) as server:
        async with clients(server.ws, "Ein", "Zwei", "Drei") as people:
            for n in range(5):
                await people[n % 3].send({"type": "chat", "channel": "global", "text": f"l{n}"})
                await people[0].expect("chat", text=f"l{n}")
            error = await people[2].error({"type": "chat", "channel": "global", "text": "more"})
            assert error["code"] == "rate-limited" and "your address" in error["message"]


async def test_renames_are_limited_per_person(tmp_path: Path) -> None:
    with limited(tmp_path, renames=(2, 600.0)) as server:
        async with clients(server.ws, "Vera") as [vera]:
            for name in ("Vera B", "Vera C"):
                await vera.send({"type": "rename", "name": name})
                await vera.expect("user")
            error = await vera.error({"type": "rename", "name": "Vera D"})
            assert error["code"] == "rate-limited" and vera.name == "Vera"


async def test_this_machine_is_not_limited_by_default(server: LiveServer) -> None:
    """Tests and load tests connect from 127.0.0.1; a proxy must be trusted to tell players
    apart (next test)."""
    names = [f"Local{n}" for n in range(12)]  # more than the 10 new nicknames an address gets
    async with clients(server.ws, *names) as people:
        assert [person.name for person in people] == names


async def test_x_forwarded_for_counts_only_when_trusted(tmp_path: Path) -> None:
    trusting = ServerProcess(
        tmp_path, "--forwarded-allow-ips", "127.0.0.1", "--limit", "new_users=2/3600"
    )
    try:
        answers = [await hello(trusting.ws, f"Far{n}", "203.0.113.7") for n in range(3)]
        assert [a["type"] for a in answers] == ["welcome", "welcome", "error"]
        assert (await hello(trusting.ws, "Near", "198.51.100.2"))["type"] == "welcome"
    finally:
        trusting.kill()
    ignoring = ServerProcess(tmp_path, "--limit", "new_users=2/3600")  # the header is not trusted
    try:
        answers = [await hello(ignoring.ws, f"Far{n}", "203.0.113.7") for n in range(3)]
        assert [a["type"] for a in answers] == ["welcome"] * 3  # all from 127.0.0.1: exempt
    finally:
        ignoring.kill()


@pytest.mark.parametrize(
    ("pair", "said"),
    [
        ("bogus=1/2", "'bogus' is not a limit"),
        ("chat=ten", "'chat=ten': give COUNT/SECONDS"),
        ("chat=0/10", "'chat=0/10': give COUNT/SECONDS"),
        ("open_tables=0", "'open_tables=0': give a number 1-1000"),
        ("loopback=1", "'loopback' is not a limit"),
    ],
)
def test_bad_limits_are_refused(pair: str, said: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["server", "--data-dir", str(tmp_path), "--limit", pair])
    assert result.exit_code == 2 and said in result.output, result.output
