"""Complete games played through the protocol, then the high score, the lists and the record."""

from __future__ import annotations

import random

import pytest

from saboteur.engine import Record, new_game
from saboteur.engine.registry import get_ruleset
from tests.server.helpers import (
    Client,
    LiveServer,
    Message,
    clients,
    live_server,
    play_out,
    random_chooser,
    seat_all,
)

pytestmark = pytest.mark.anyio


def server_lines(client: Client, game: int) -> list[Message]:
    """The server's lines in the table's chat; none says whose turn it is (the views do)."""
    said = [m for m in client.of_type("chat") if m["from"] is None]
    for line in said:
        assert line["channel"] == "game" and line["game"] == game, line
        assert line["message"]["key"] != "server.turn" and "turn" not in line["text"], line
    return said


async def play_complete_game(server: LiveServer, players: int, seed: int) -> None:
    rng = random.Random(seed)
    names = [f"Player {seed}-{i}" for i in range(players)]
    async with clients(server.ws, *names) as table:
        game = await seat_all(table)
        assert server.status(f"/api/games/{game}/record") == 409  # a running game's is secret
        assert [g["id"] for g in server.get("/api/games", status="active")] == [game]

        last = await play_out(table, game, random_chooser(rng))

        final = last[table[0]]
        scores, winners = final["view"]["scores"], final["view"]["winners"]
        assert len(scores) == players and winners
        for client in table:  # every seat saw the same end
            assert last[client]["seq"] == final["seq"]
            assert last[client]["view"]["scores"] == scores
            assert last[client]["view"]["winners"] == winners
        expected = {
            names[s]: {
                "name": names[s],
                "gold": scores[s],
                "games": 1,
                "won": int(s in winners),
                "registered": False,
            }
            for s in range(players)
        }

        # the high score is pushed to everyone, and served over HTTP
        for client in table:
            push = await client.expect("highscores")
            assert {row["name"]: row for row in push["highscores"]} == expected
            assert [g["id"] for g in push["finished_new"]] == [game]
        assert {row["name"]: row for row in server.get("/api/highscores")} == expected

        # the game moved from the active to the finished list
        assert server.get("/api/games", status="active") == []
        assert server.get("/api/games", status="open") == []
        [listed] = server.get("/api/games", status="finished")
        assert listed["id"] == game and listed["status"] == "finished"
        assert listed["seats"] == names and listed["finished_at"]
        detail = server.get(f"/api/games/{game}")
        assert [(r["name"], r["gold"], r["won"]) for r in detail["results"]] == [
            (names[s], scores[s], s in winners) for s in range(players)
        ]

        # the published record replays to the same result
        data = server.get(f"/api/games/{game}/record")
        assert data["names"] == names
        replayed = Record.from_json(data).replay()
        assert replayed.is_over and replayed.scores == scores and replayed.winners == winners
        assert len(replayed.history) == final["seq"]

        # the table's chat told the rounds' and the game's results only, not every turn
        engine = new_game(data["ruleset"], players, data["options"])
        announced = get_ruleset(data["ruleset"]).announced
        results = [engine.describe(e, names) for e in replayed.events if e.kind in announced]
        assert results and results[-1] == engine.describe(replayed.events[-1], names)
        for client in table:
            assert [m["text"] for m in server_lines(client, game)] == results


@pytest.mark.parametrize("players", [3, 5])
async def test_complete_game(server: LiveServer, players: int) -> None:
    await play_complete_game(server, players, seed=players)


async def test_complete_game_on_postgresql(postgres_url: str) -> None:
    with live_server(postgres_url) as server:
        await play_complete_game(server, 3, seed=11)


async def test_scores_add_up_over_games(server: LiveServer) -> None:
    """Two short games by the same three players: the high score sums them."""
    rng = random.Random(5)
    totals: dict[str, list[int]] = {}
    async with clients(server.ws, "Ann", "Ben", "Cat") as table:
        for _ in range(2):
            game = await seat_all(table, options={"demo": True})
            last = await play_out(table, game, random_chooser(rng))
            view: Message = last[table[0]]["view"]
            assert view["rounds"] == 1
            for seat, client in enumerate(table):
                total = totals.setdefault(client.name, [0, 0, 0])
                total[0] += view["scores"][seat]
                total[1] += 1
                total[2] += seat in view["winners"]
            for client in table:  # only what changed: this game is the one newly finished
                push = await client.expect("highscores")
                assert [g["id"] for g in push["finished_new"]] == [game]
                assert {row["name"] for row in push["highscores"]} == set(totals)
    rows = {
        row["name"]: [row["gold"], row["games"], row["won"]]
        for row in server.get("/api/highscores")
    }
    assert rows == totals
    ordered = server.get("/api/highscores")
    assert [r["gold"] for r in ordered] == sorted((r["gold"] for r in ordered), reverse=True)
    assert len(server.get("/api/games", status="finished")) == 2
