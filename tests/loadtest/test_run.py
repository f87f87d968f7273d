"""Real runs of ``saboteur loadtest`` against a real server on 127.0.0.1 (a few seconds each).

The server's own lists are read afterwards to check that the figures are what happened.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest

from saboteur.cli import main
from saboteur.loadtest.run import GRACE
from tests.loadtest.helpers import connections_drop_to_zero
from tests.server.helpers import Client, LiveServer


def loadtest(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    began = time.monotonic()
    code = main(["loadtest", *args, "--json"])
    wall = time.monotonic() - began
    out, err = capsys.readouterr()
    data: dict[str, Any] = json.loads(out)
    assert "Traceback" not in err
    assert data["duration_seconds"] <= data["elapsed_seconds"] <= data["duration_seconds"] + GRACE
    assert wall <= data["duration_seconds"] + GRACE + 2  # + starting the event loop
    return code, data, err


async def global_chat(url: str) -> list[str]:
    """The global chat lines a newcomer is shown."""
    client = await Client.open(url, "Checker")
    try:
        return [line["text"] for line in client.welcome["chat"]]
    finally:
        await client.close()


def test_bots_play_whole_games_and_chat_without_errors(
    server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data, err = loadtest(
        capsys,
        *("--url", f"ws://127.0.0.1:{server.port}", "--clients", "10", "--games", "2"),
        # 8 s: both tables must finish a game, which took over 5 s once on a busy machine
        *("--duration", "8", "--chat-every", "2", "--seed", "3", "--fail-on-error"),
    )
    assert code == 0, err
    assert err == ""
    assert data["errors"] == 0 and data["errors_by_kind"] == {}
    assert data["connections_held"] == data["connections_opened"] == 10
    assert data["server_connections_end"] == 10  # the server counts them too
    assert data["groups_without_finished_game"] == 0
    assert data["games_finished"] >= 2
    assert data["games_finished"] <= data["games_started"] <= data["games_finished"] + 2
    assert data["actions"] == data["latency_samples"] > 100
    assert data["actions_total"] >= data["actions"]
    assert 0 < data["measured_seconds"] < 8
    rate = data["actions"] / data["measured_seconds"]
    assert data["actions_per_second"] == pytest.approx(rate, rel=1e-3)
    p50, p95, p99, top = (data[f"latency_{p}_ms"] for p in ("p50", "p95", "p99", "max"))
    assert 0 < p50 <= p95 <= p99 <= top
    assert data["rss_start_bytes"] > 0 and data["rss_end_bytes"] > 0
    assert data["messages_received"] > data["actions"]
    lobby = data["bytes_by_type"].get("presence", 0) + data["bytes_by_type"]["welcome"]
    assert data["lobby_share"] == pytest.approx(lobby / data["bytes_received"], abs=1e-4)
    assert data["lobby_share"] < 0.10  # checked by --fail-on-error too
    # the server agrees: the games were played to their end and stored
    finished = server.get("/api/games", status="finished", limit=500)
    assert data["games_finished"] <= len(finished) <= data["games_started"]
    assert all(len(game["seats"]) == 4 for game in finished)
    # and the idle clients' lobby chat reached it
    lines = asyncio.run(global_chat(server.ws))
    said = [line for line in lines if line.startswith("load test line")]
    assert data["chat_lines"] >= len(said) >= 1


def test_idle_only_holds_connections_and_measures_memory(
    server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data, err = loadtest(
        capsys,
        *("--url", f"ws://localhost:{server.port}/ws", "--clients", "12", "--idle-only"),
        *("--duration", "2", "--concurrency", "3", "--fail-on-error"),
    )
    assert code == 0, err
    assert data["mode"] == "idle" and data["errors"] == 0
    assert data["connections_held"] == data["server_connections_end"] == 12
    assert data["games_started"] == data["actions"] == data["chat_lines"] == 0
    assert data["latency_p50_ms"] is None
    assert data["rss_delta_bytes"] == data["rss_end_bytes"] - data["rss_start_bytes"]
    assert data["rss_per_connection_bytes"] == round(data["rss_delta_bytes"] / 12)
    assert server.get("/api/games", status="active") == []
    assert connections_drop_to_zero(server)  # all closed again


def test_fail_on_error_fails_a_run_whose_tables_finish_no_game(
    server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data, err = loadtest(
        capsys,
        *("--url", f"ws://127.0.0.1:{server.port}", "--clients", "4", "--games", "1"),
        *("--duration", "1.5", "--think", "30", "--fail-on-error"),
    )
    assert code == 1
    assert data["errors"] == 0 and data["games_started"] == 1 and data["games_finished"] == 0
    assert err.startswith("saboteur: error: the load test failed: ")
    assert err.endswith("1 of 1 tables finished no game\n")
    # with no moves, a table's views are few: the lobby's share of so few bytes sits near its
    # bound of 10 %, and is named too when above it
    assert ("presence and welcome took" in err) == (data["lobby_share"] > 0.10), err


def test_a_server_going_away_is_counted_as_errors(
    server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    threading.Timer(1.5, server.stop).start()
    code, data, err = loadtest(
        capsys,
        *("--url", f"ws://127.0.0.1:{server.port}", "--clients", "6", "--games", "1"),
        *("--duration", "4", "--think", "0.05", "--fail-on-error"),
    )
    assert code == 1
    assert data["connections_lost"] == 6 and data["connections_held"] == 0
    assert data["errors_by_kind"]["connection-lost"] == 6
    assert data["errors_by_kind"]["health"] == 1 and data["rss_end_bytes"] is None
    assert err.startswith("saboteur: error: the load test failed: ") and err.count("\n") == 1


def test_bots_play_across_two_nodes_without_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Two nodes on PostgreSQL and Redis: seats alternate between the nodes, so every game
    spans both."""
    import redis

    from tests.server.helpers import REDIS, fresh_postgres, live_server

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.RedisError as unreachable:
        pytest.skip(f"Redis on 127.0.0.1:6379 is unreachable: {unreachable}")
    with fresh_postgres() as db, live_server(db, REDIS) as a, live_server(db, REDIS) as b:
        code, data, err = loadtest(
            capsys,
            *("--url", f"ws://127.0.0.1:{a.port}", "--url", f"ws://127.0.0.1:{b.port}"),
            *("--clients", "8", "--games", "2", "--players", "3", "--rounds", "1"),
            *("--duration", "8", "--seed", "5", "--fail-on-error"),
        )
        assert code == 0, err
        assert data["urls"] == [f"ws://127.0.0.1:{a.port}/ws", f"ws://127.0.0.1:{b.port}/ws"]
        assert data["errors"] == 0 and data["groups_without_finished_game"] == 0
        assert data["server_connections_end"] == 8  # 4 on each node, added up
        finished = {g["id"] for g in a.get("/api/games", status="finished")}
        assert finished == {g["id"] for g in b.get("/api/games", status="finished")}
        assert len(finished) >= data["games_finished"] >= 2


def test_games_whose_views_stop_are_listed_as_abandoned(
    server: LiveServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server that stops sending a game's views after action 5: every game the load test
    gives up is listed with the last view its seat saw and whether it was that seat's turn."""
    after_change = server.service.play.after_change

    async def views_stop_after_five(table: Any, origin: bool = True) -> None:
        if table.seq <= 5:
            await after_change(table, origin)

    monkeypatch.setattr(server.service.play, "after_change", views_stop_after_five)
    code, data, _ = loadtest(
        capsys,
        *("--url", f"ws://127.0.0.1:{server.port}", "--clients", "4", "--games", "1"),
        *("--duration", "4", "--think", "0.05", "--timeout", "0.5", "--fail-on-error"),
    )
    assert code == 1
    abandoned = data["abandoned_games"]
    assert len(abandoned) >= 1 and data["games_finished"] == 0
    assert set(data["errors_by_kind"]) <= {"timeout", "stalled"}
    assert sum(data["errors_by_kind"].values()) == data["errors"] >= len(abandoned)
    for entry in abandoned:
        assert entry["seq"] == 5 and entry["why"] in ("timeout", "stalled"), entry
        assert entry["its_turn"] is (entry["why"] == "timeout"), entry  # the mover waited
        assert 0 < entry["at_seconds"] < 4
    active = {game["id"] for game in server.get("/api/games", status="active")}
    # each game given up is still active; a game begun late (on a busy machine) may still have
    # been waiting for its timeout when the run's time was up: active, not given up
    assert {entry["game"] for entry in abandoned} <= active
    assert len(active) <= data["games_started"]
