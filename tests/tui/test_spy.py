"""The terminal client receives nothing more than the browser client does.

It speaks the documented protocol only, so the server sends it exactly what it sends any
client in its seat: the spy check of ``tests/server/test_spy.py`` runs on every message the
terminal client received in a whole game against two bots (its views are exactly the engine's
views of its seat, no other hand or role, no face-down goal it did not look at, no draw pile,
no seed), and every message it sent or received is of a type the protocol documents.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from saboteur.tui.game import GameScreen
from saboteur.tui.lobby import LobbyScreen
from tests.server.helpers import LiveServer
from tests.server.test_spy import check_client, replay
from tests.tui.pilot import SIZE, make_app, new_table, play_to_the_end, until, until_screen

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]


def documented_types(section: str) -> set[str]:
    """The message types of a section of docs/protocol.md's tables (``to`` or ``from``)."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    start = text.index(
        "## Messages to the server" if section == "to" else "## Messages from the server"
    )
    table = text[start : text.index("\n### ", start)]
    return {line.split("`")[1] for line in table.splitlines() if line.startswith("| [`")}


async def test_the_terminal_client_learns_no_secret(server: LiveServer, tmp_path: Path) -> None:
    app = make_app(server, "Spy", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, LobbyScreen, "the lobby")
        await new_table(pilot, "classic", 3, {"rounds": "1"}, ["random", "random"])
        await until(pilot, lambda: app.state.my_tables(), "my table")
        game = app.state.my_tables()[0]
        await until(
            pilot, lambda: None not in (app.state.table(game) or {}).get("seats", [None]), "bots"
        )
        await pilot.press("s")
        await until_screen(pilot, GameScreen, "the game window")
        await play_to_the_end(pilot, game, seed=3)
        await until(pilot, lambda: server.status(f"/api/games/{game}/record") == 200, "the record")
    record: dict[str, Any] = server.get(f"/api/games/{game}/record")
    truth, events = replay(record)
    received = app.received
    got = check_client(SimpleNamespace(log=received), 0, 0, game, truth, record["seed"])  # type: ignore[arg-type]
    assert got == events[0]  # every event of its seat, each once, and no other
    assert {m["type"] for m in received} <= documented_types("from")
    assert app.link is not None
    sent = [m["type"] for m in app.link.sent]  # type: ignore[attr-defined]
    assert set(sent) <= documented_types("to") and "act" in sent
