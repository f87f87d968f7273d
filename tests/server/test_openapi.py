"""schemathesis over the server's OpenAPI description: no request makes it fail (no 5xx)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode

from tests.server import helpers
from tests.server.helpers import LiveServer

PATHS = [
    "/api/health",
    "/api/rulesets",
    "/api/rulesets/{name}/schema",
    "/api/games",
    "/api/games/{game_id}",
    "/api/games/{game_id}/record",
    "/api/games/{game_id}/replay",
    "/api/highscores",
    "/api/ratings",
    "/api/ratings/{name}",
    "/api/online",
    "/api/messages",
]


async def populate(server: LiveServer) -> None:
    """A finished, an active and an open game, so that every endpoint has something to say."""
    async with helpers.clients(server.ws, "Ann", "Bob", "Cat") as players:
        game = await helpers.seat_all(players, options={"demo": True})
        await helpers.play_out(players, game, helpers.random_chooser(random.Random(1)))
        await players[0].expect("highscores")  # its results are stored
        game = await helpers.seat_all(players)
        await players[0].expect("game", game=game)
        await helpers.new_table(players[0], 5)


@pytest.fixture(scope="module")
def populated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    directory: Path = tmp_path_factory.mktemp("openapi")
    with helpers.live_server(helpers.sqlite_url(directory)) as server:
        anyio.run(populate, server)
        yield server


@pytest.fixture(scope="module")
def api(populated: LiveServer) -> Any:
    return schemathesis.openapi.from_url(f"{populated.http}/openapi.json")


@pytest.mark.parametrize(
    ("path", "mode"),
    [(path, GenerationMode.POSITIVE) for path in PATHS]
    + [(path, GenerationMode.NEGATIVE) for path in PATHS if "game" in path],  # has parameters
)
def test_no_request_makes_the_server_fail(api: Any, path: str, mode: GenerationMode) -> None:
    operation = api[path]["GET"]

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def call(case: Any) -> None:
        response = case.call(timeout=10)
        assert response.status_code < 500, (case.path_parameters, case.query, response.text)

    call()


def test_the_description_lists_every_endpoint(populated: LiveServer) -> None:
    description = httpx.get(f"{populated.http}/openapi.json").json()
    assert sorted(description["paths"]) == sorted(PATHS)
    assert httpx.get(f"{populated.http}/docs").status_code == 200
    assert populated.get("/api/games/1/record")["seed"] >= 0  # the finished game's
    assert httpx.get(f"{populated.http}/api/games/2/record").status_code == 409
    assert populated.get("/api/games/1/replay")["steps"]  # the finished game's
    assert httpx.get(f"{populated.http}/api/games/2/replay").status_code == 409
    rulesets = {r["name"]: r for r in populated.get("/api/rulesets")}
    seats = {name: (r["min_players"], r["max_players"]) for name, r in rulesets.items()}
    assert seats == {
        "classic": (3, 10),
        "darkcave": (2, 8),
        "duel": (2, 2),
        "solo": (1, 1),
        "zwergengold": (2, 7),
    }
    schema = populated.get("/api/rulesets/duel/schema")
    assert schema["view"]["$ref"] == "#/$defs/DuelView" and len(schema["events"]["oneOf"]) > 19
    assert httpx.get(f"{populated.http}/api/rulesets/chess/schema").status_code == 404
    assert rulesets["duel"]["bots"] == ["heuristic", "random"] and rulesets["solo"]["bots"] == []
