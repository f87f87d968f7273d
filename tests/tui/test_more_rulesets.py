"""The terminal client plays The Dark Cave and Zwergengold on a real server through the
generic board, with the keys the client offers, every action accepted by the server: a whole
short game of Zwergengold (two levels, the smallest table, five rounds), and a bounded number
of my turns of The Dark Cave (a whole game takes minutes with a random pilot) with a walk of
several steps chosen on the maze."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from saboteur.tui.app import SaboteurApp
from saboteur.tui.boardview import BoardView, nearest
from saboteur.tui.connection import Connection
from saboteur.tui.game import GameScreen
from saboteur.tui.lobby import LobbyScreen
from saboteur.tui.picture import Slot
from saboteur.tui.rulesets.darkcave import path_to, walk_fields
from saboteur.tui.state import GameFeed
from tests.server.helpers import LiveServer
from tests.tui.pilot import SIZE, make_app, new_table, play_to_the_end, until, until_screen

pytestmark = pytest.mark.anyio
TURNS = 8  # my turns of The Dark Cave played through the keys


def rejected(app: SaboteurApp, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The errors the server answers the client with, as they come."""
    errors: list[dict[str, Any]] = []
    keep = app.on_error

    def on_error(message: dict[str, Any]) -> None:
        errors.append(message)
        keep(message)

    monkeypatch.setattr(app, "on_error", on_error)
    return errors


async def start(pilot: Pilot[Any], app: SaboteurApp, ruleset: str, options: dict[str, str]) -> int:
    await until_screen(pilot, LobbyScreen, "the lobby")
    await new_table(pilot, ruleset, 2, options, ["random"])
    await until(pilot, lambda: app.state.my_tables(), "my table")
    game: int = app.state.my_tables()[0]
    await until(
        pilot, lambda: None not in (app.state.table(game) or {}).get("seats", [None]), "the bot"
    )
    await pilot.press("s")
    await until_screen(pilot, GameScreen, "the game window")
    return game


@pytest.mark.usefixtures("fixed_deal")
async def test_zwergengold_against_a_bot(
    server: LiveServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(server, "Zora", tmp_path)
    errors = rejected(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        options = {"levels": "2", "table": "9", "rounds": "5"}  # a round limit: it ends
        game = await start(pilot, app, "zwergengold", options)
        view = await play_to_the_end(pilot, game, seed=3, timeout=50)
        assert view["ruleset"] == "zwergengold" and view["phase"] == "over"
    assert isinstance(app.link, Connection)
    assert len([m for m in app.link.sent if m["type"] == "act"]) >= 5
    assert errors == []


def moved_on(feed: GameFeed, seq: object) -> bool:
    return feed.latest.get("seq") != seq


def sent_at_least(link: Connection, count: int) -> bool:
    return len(link.sent) >= count


def far_field(view: dict[str, Any]) -> dict[str, Any] | None:
    """A field of my walk map two steps away or more, alone on its slot."""
    fields = walk_fields(view)
    slots = [(f["x"], f["y"]) for f in fields]
    return next((f for f in fields if f["steps"] > 1 and slots.count((f["x"], f["y"])) == 1), None)


def arrows(start: Slot, goal: Slot, slots: list[Slot]) -> list[str]:
    """The arrow keys that take the board's cursor from ``start`` to ``goal`` among ``slots``."""
    ways: dict[Slot, list[str]] = {start: []}
    todo = [start]
    while todo:
        here = todo.pop(0)
        for key in ("up", "down", "left", "right"):
            there = nearest(here, slots, key)
            if there is not None and there not in ways:
                ways[there] = [*ways[here], key]
                todo.append(there)
    return ways[goal]


async def walk_far(
    pilot: Pilot[Any], app: SaboteurApp, game: int, turns: int
) -> tuple[list[str], list[str]]:
    """Play my turns until my dwarf can walk two steps or more, then walk there with the keys:
    the turn's menu (``a``), its walk line (Enter), arrows to the field, Enter.  The actions
    sent, and the way to the field on the walk map."""
    feed = app.state.games[game]
    for _ in range(turns):
        await until(pilot, lambda: feed.my_turn or feed.over, "my turn")
        field = far_field(feed.view)
        if field is None:
            seq = feed.latest.get("seq")
            await play_to_the_end(pilot, game, seed=len(feed.events), stop_after=1)
            await until(pilot, partial(moved_on, feed, seq), "my turn played")
            continue
        screen = app.screen
        assert isinstance(screen, GameScreen)
        link = app.link
        assert isinstance(link, Connection)
        sent = len(link.sent)
        way = ["step@" + f for f in path_to(feed.view["walk"], field["field"])]
        await pilot.press("a", "enter")
        board = screen.query_one(BoardView)
        assert board.has_focus and board.cursor is not None
        goal = (field["x"], field["y"])
        await pilot.press(*arrows(board.cursor, goal, list(board.targets)))
        assert board.cursor == goal
        await pilot.press("enter")
        wanted = sent + len(way)
        await until(pilot, partial(sent_at_least, link, wanted), "the walk's steps")
        return [m["action"] for m in link.sent[sent:] if m["type"] == "act"], way
    raise AssertionError(f"no walk of two steps in {turns} turns")


@pytest.mark.usefixtures("fixed_deal")
async def test_the_dark_cave_against_a_bot(
    server: LiveServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(server, "Dana", tmp_path)
    errors = rejected(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot, app, "darkcave", {})
        view = await play_to_the_end(pilot, game, seed=4, stop_after=TURNS)
        assert view["ruleset"] == "darkcave"
        steps, way = await walk_far(pilot, app, game, turns=TURNS)
        assert len(way) > 1 and steps == way  # one choice, every step sent in order
    assert errors == []
