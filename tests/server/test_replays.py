"""Replays of finished games over HTTP, and the finished and running games' lists by page and
player (issue 23): a running or open game's record and replay are never served."""

from __future__ import annotations

import asyncio
import gzip
import json
import random

import httpx
import pytest

from saboteur.engine import Record
from saboteur.engine.replays import seat_views
from tests.server.helpers import (
    TIMEOUT,
    LiveServer,
    clients,
    new_table,
    play_out,
    random_chooser,
    seat_all,
)

pytestmark = pytest.mark.anyio


def get(server: LiveServer, path: str, **params: str | int) -> httpx.Response:
    return httpx.get(server.http + path, params=params, timeout=TIMEOUT)


async def test_a_finished_games_replay_is_served_and_a_running_games_never(
    server: LiveServer,
) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat", "Dan") as (ann, bob, cat, dan):
        waiting = await new_table(dan, 3)  # an open game
        game = await seat_all([ann, bob, cat], options={"demo": True})
        for path in (f"/api/games/{game}/replay", f"/api/games/{game}/record"):
            for secret in (game, waiting):
                refused = get(server, path.replace(str(game), str(secret)))
                assert refused.status_code == 409, refused.text
                assert "once the game is finished" in refused.json()["detail"]
                assert "seed" not in refused.text and "actions" not in refused.text

        last = await play_out([ann, bob, cat], game, random_chooser(random.Random(3)))
        final = last[ann]["view"]

    reply = get(server, f"/api/games/{game}/replay")
    assert reply.status_code == 200 and reply.headers["content-encoding"] == "gzip"
    assert reply.headers["content-type"] == "application/json"
    data = reply.json()
    record = Record.from_json(get(server, f"/api/games/{game}/record").json())
    assert data["format"] == "saboteur-replay/1" and data["game"] == game
    assert data["names"] == ["Ann", "Bob", "Cat"] and data["bots"] == [None, None, None]
    assert data["scores"] == final["scores"] and data["winners"] == final["winners"]
    assert len(data["steps"]) == len(record.actions) + 1
    assert [s["action"] for s in data["steps"][1:]] == record.actions
    state = record.replay()
    for seat in range(3):
        views = seat_views(data, seat)
        assert views[-1]["phase"] == "over" and views[-1]["hand"] == state.view(seat)["hand"]
        assert all(view["legal"] == [] for view in views)  # watched, not played
        assert all(goal["card"] for goal in views[0]["goals"])  # every goal shown
    private = [e for s in data["steps"] for e in s["events"] if e.get("to") is not None]
    assert {e["to"] for e in private} == {0, 1, 2}  # everyone's hand, revealed
    assert all(e["message"]["key"] for s in data["steps"] for e in s["events"])

    # without gzip the same JSON; a second request comes from the cache
    plain = httpx.get(
        f"{server.http}/api/games/{game}/replay",
        headers={"Accept-Encoding": "identity"},
        timeout=TIMEOUT,
    )
    assert "content-encoding" not in plain.headers and json.loads(plain.content) == data
    assert len(gzip.compress(plain.content)) < 100_000

    # the address to share opens the client's replay viewer
    shared = httpx.get(f"{server.http}/replay/{game}", timeout=TIMEOUT)
    assert shared.status_code == 307 and shared.headers["location"] == f"/#/replay/{game}"


@pytest.mark.parametrize("path", ["replay", "record"])
def test_unknown_and_bad_game_ids_are_refused(server: LiveServer, path: str) -> None:
    for game in (99999, 0, -1, 2**40):
        refused = get(server, f"/api/games/{game}/{path}")
        assert refused.status_code == 404 and refused.json()["detail"] == f"there is no game {game}"
    bad = get(server, f"/api/games/abc/{path}")
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["path", "game_id"]
    assert get(server, "/replay/abc").status_code == 422


async def test_finished_games_are_listed_by_page_and_player_with_gold_and_winners(
    server: LiveServer,
) -> None:
    rng = random.Random(7)
    played: list[tuple[int, list[int], list[int]]] = []
    async with clients(server.ws, "Ann", "Bob", "Cat", "Zoe") as (ann, bob, cat, zoe):
        for table in ([ann, bob, cat], [ann, bob, zoe], [bob, cat, zoe]):
            game = await seat_all(table, options={"demo": True})
            view = (await play_out(table, game, random_chooser(rng)))[table[0]]["view"]
            played.append((game, view["scores"], view["winners"]))
        for _ in range(100):  # the last game's results are stored just after its last move
            replies = await ann.request({"type": "lists"})
            lists = next(m for m in replies if m["type"] == "lists")
            if len(lists["finished"]) == len(played):
                break
            await asyncio.sleep(0.05)

    newest_first = played[::-1]
    wanted = [{"id": g, "gold": gold, "winners": won} for g, gold, won in newest_first]
    seen = [{k: row[k] for k in ("id", "gold", "winners")} for row in lists["finished"]]
    assert seen == wanted  # the lobby's list tells the gold and the winners

    page = get(server, "/api/games", status="finished", limit=2)
    assert page.status_code == 200 and page.headers["x-total-count"] == "3"
    assert [row["id"] for row in page.json()] == [newest_first[0][0], newest_first[1][0]]
    assert page.json()[0]["gold"] == newest_first[0][1]
    assert page.json()[0]["winners"] == newest_first[0][2]
    rest = get(server, "/api/games", status="finished", limit=2, offset=2)
    assert [row["id"] for row in rest.json()] == [newest_first[2][0]]
    past = get(server, "/api/games", status="finished", offset=10)
    assert past.json() == [] and past.headers["x-total-count"] == "3"

    zoe_games = get(server, "/api/games", status="finished", player=" zO ")  # any case, trimmed
    assert [row["id"] for row in zoe_games.json()] == [played[2][0], played[1][0]]
    assert zoe_games.headers["x-total-count"] == "2"
    assert get(server, "/api/games", status="finished", player="%").json() == []  # no wildcards
    assert get(server, "/api/games", status="finished", player="nobody").json() == []

    for bad in ({"limit": 0}, {"limit": 501}, {"offset": -1}, {"player": "x" * 33}):
        refused = get(server, "/api/games", status="finished", **bad)
        assert refused.status_code == 422, bad
        assert refused.json()["detail"][0]["loc"] == ["query", next(iter(bad))]
    assert get(server, "/api/games", status="nothing").status_code == 422


async def test_every_running_game_can_be_found_by_page_and_player(server: LiveServer) -> None:
    names = [f"P{i}" for i in range(9)]
    async with clients(server.ws, *names) as people:
        games = [await seat_all(people[i : i + 3]) for i in range(0, 9, 3)]
        page = get(server, "/api/games", status="active", limit=2)
        assert page.headers["x-total-count"] == "3"
        assert [row["id"] for row in page.json()] == [games[2], games[1]]  # the newest first
        rest = get(server, "/api/games", status="active", limit=2, offset=2).json()
        assert [row["id"] for row in rest] == [games[0]]
        found = get(server, "/api/games", status="active", player="p4").json()
        assert [row["id"] for row in found] == [games[1]]
