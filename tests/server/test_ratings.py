"""Ratings (#23): OpenSkill's Plackett-Luce over each finished game's ranking by gold, kept for
registered players and bots, per ruleset, with each one's history; over HTTP."""

from __future__ import annotations

import pytest

from saboteur.server.store.ratings import NEWCOMER, ranks, shown
from saboteur.server.store.store import Store
from tests.server.helpers import LiveServer

pytestmark = pytest.mark.anyio


async def finish(store: Store, ruleset: str, seated: list[tuple[int, int]]) -> int:
    """A game of ``ruleset`` played to its end: (user id, gold) per seat."""
    row = await store.create_game(ruleset, len(seated), {}, seated[0][0], None)
    await store.start_game(row.id, 1, {seat: user for seat, (user, _) in enumerate(seated)})
    rows = [
        (seat, user, gold, gold == max(g for _, g in seated))
        for seat, (user, gold) in enumerate(seated)
    ]
    assert await store.finish_game(row.id, rows)
    return row.id


async def test_the_winners_rise_the_losers_fall_and_guests_are_not_kept(store: Store) -> None:
    ann, _ = await store.create_user("Ann")
    bob, _ = await store.create_user("Bob")
    gus, _ = await store.create_user("Gus")  # a guest
    balin, _ = await store.create_user("Balin", bot="heuristic")
    for user in (ann, bob):
        await store.accounts.set_password(user.id, "hash", keep=None)
    games = [await finish(store, "classic", [(ann.id, 5), (bob.id, 2), (gus.id, 0), (balin.id, 2)])]
    games.append(await finish(store, "classic", [(ann.id, 4), (bob.id, 1), (balin.id, 3)]))
    standings = await store.rating_standings("classic")
    assert [row["name"] for row in standings] == ["Ann", "Balin", "Bob"]  # no guest
    assert [row["games"] for row in standings] == [2, 2, 2]
    assert standings[1]["bot"] == "heuristic" and standings[0]["registered"]
    assert not standings[1]["registered"] and standings[0]["bot"] is None
    history = await store.rating_history("ann", "classic")
    assert history is not None and [point["game"] for point in history["history"]] == games
    first, second = (point["rating"] for point in history["history"])
    assert NEWCOMER < first < second == standings[0]["rating"]
    bob_history = await store.rating_history("Bob", "classic")
    assert bob_history is not None
    assert bob_history["history"][-1]["rating"] < standings[1]["rating"]  # behind the bot twice
    assert await store.rating_history("Nobody", "classic") is None
    assert await store.rating_standings("duel") == []  # ratings are per ruleset


async def test_a_game_of_guests_or_of_an_unrated_ruleset_changes_no_rating(store: Store) -> None:
    ann, _ = await store.create_user("Ann")
    await store.accounts.set_password(ann.id, "hash", keep=None)
    guests = [(await store.create_user(name))[0].id for name in ("Gus", "Gil", "Gia")]
    await finish(store, "classic", [(g, n) for n, g in enumerate(guests)])
    await finish(store, "solo", [(ann.id, 17)])  # solo makes no high score: no rating either
    assert await store.rating_standings("classic") == []


async def test_a_game_is_rated_once(store: Store) -> None:
    """A second finish of a game (another node's) is refused, and rates nothing."""
    ann, _ = await store.create_user("Ann")
    await store.accounts.set_password(ann.id, "hash", keep=None)
    bot, _ = await store.create_user("Dwalin", bot="random")
    gus, _ = await store.create_user("Gus")
    game = await finish(store, "classic", [(ann.id, 1), (bot.id, 3), (gus.id, 0)])
    assert not await store.finish_game(game, [(0, ann.id, 1, False)])
    assert [row["games"] for row in await store.rating_standings("classic")] == [1, 1]


def test_places_and_the_rating_shown() -> None:
    assert ranks([0, 0, 0]) == [1, 1, 1]
    assert ranks([1, 9, 4]) == [3, 1, 2]
    assert shown(25.0, 25.0 / 3) == NEWCOMER
    assert shown(30.0, 2.0) == NEWCOMER + 20 * 24


async def test_ratings_over_http(server: LiveServer) -> None:
    store = Store(server.db_url)  # the server's database, from this test's event loop
    try:
        ann, _ = await store.create_user("Ann")
        await store.accounts.set_password(ann.id, "hash", keep=None)
        bot, _ = await store.create_user("Oin", bot="random")
        gus, _ = await store.create_user("Gus")
        game = await finish(store, "classic", [(ann.id, 3), (bot.id, 1), (gus.id, 0)])
    finally:
        await store.close()
    board = server.get("/api/ratings", ruleset="classic")
    assert [(row["name"], row["bot"]) for row in board] == [("Ann", None), ("Oin", "random")]
    assert server.get("/api/ratings/ANN", ruleset="classic")["history"][0]["game"] == game
    assert server.status("/api/ratings?ruleset=solo") == 404
    assert server.status("/api/ratings?ruleset=chess") == 404
    assert server.status("/api/ratings/Nobody") == 404
    assert server.status("/api/ratings?limit=0") == 422
