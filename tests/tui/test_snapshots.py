"""Pictures of the terminal client that must not change unnoticed: the lobby and the game
window, in English and German, at 80×24 and larger (pytest-textual-snapshot; update them with
``pytest tests/tui/test_snapshots.py --snapshot-update`` and look at the report)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from saboteur.tui.app import SaboteurApp
from saboteur.tui.game import GameScreen
from saboteur.tui.lobby import LobbyScreen
from tests.tui.canned import FakeLink, game_message, info, welcome


def canned_app(lang: str, game: bool) -> SaboteurApp:
    app = SaboteurApp(info(), None, lang)
    messages = [welcome(), *([game_message()] if game else [])]
    app.link = FakeLink(app, messages)
    return app


async def settled(pilot: Pilot[Any], screen: type) -> None:
    for _ in range(100):
        if isinstance(pilot.app.screen, screen):
            break
        await pilot.pause(0.02)
    await pilot.pause(0.1)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_lobby(snap_compare: Any, lang: str) -> None:
    async def ready(pilot: Pilot[Any]) -> None:
        await settled(pilot, LobbyScreen)

    assert snap_compare(canned_app(lang, game=False), terminal_size=(80, 24), run_before=ready)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_game_window(snap_compare: Any, lang: str) -> None:
    async def ready(pilot: Pilot[Any]) -> None:
        await settled(pilot, GameScreen)

    assert snap_compare(canned_app(lang, game=True), terminal_size=(80, 24), run_before=ready)


def test_a_card_chosen_in_a_larger_terminal(snap_compare: Any) -> None:
    async def ready(pilot: Pilot[Any]) -> None:
        await settled(pilot, GameScreen)
        await pilot.press("1", "enter")
        await pilot.pause(0.1)

    assert snap_compare(canned_app("en", game=True), terminal_size=(120, 36), run_before=ready)


@pytest.mark.anyio
async def test_the_language_switches_at_once() -> None:
    app = canned_app("en", game=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, GameScreen)
        assert "Your hand" in str(app.screen.query_one("#hand-title").render())
        await pilot.press("l")
        await pilot.pause(0.2)
        assert app.texts.lang == "de"
        assert "Deine Hand" in str(app.screen.query_one("#hand-title").render())
        await pilot.press("b")
        await settled(pilot, LobbyScreen)
        await pilot.press("l")
        await pilot.pause(0.2)
        assert app.texts.lang == "en" and isinstance(app.screen, LobbyScreen)
