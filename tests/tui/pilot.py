"""Driving the terminal client with Textual's pilot as a person would: keys, and waiting for
what the screen shows.  Every wait is bounded."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Select

from saboteur.tui.adapters import adapter_for
from saboteur.tui.app import SaboteurApp
from saboteur.tui.connection import Greeting, TokenFile, fetch_info
from saboteur.tui.dialogs import ChoiceScreen, NewTableScreen, ResultsScreen
from saboteur.tui.game import GameScreen
from tests.server.helpers import LiveServer

SIZE = (100, 32)


def make_app(server: LiveServer, name: str, tmp: Path, lang: str = "en") -> SaboteurApp:
    info = fetch_info(server.http + "/")
    address = f"127.0.0.1:{server.port}"
    tokens = TokenFile(tmp / f"tokens-{name}.json")
    return SaboteurApp(info, Greeting(name=name), lang, tokens=tokens, address=address, exact=True)


async def until(
    pilot: Pilot[Any], check: Callable[[], object], what: str, timeout: float = 20
) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        await pilot.pause(0.05)


S = TypeVar("S", bound=Screen[Any])


async def until_screen(pilot: Pilot[Any], kind: type[S], what: str, timeout: float = 20) -> S:
    """Until the current screen is a ``kind`` with its widgets mounted; that screen. A pushed
    screen is current at once, but composes and mounts its widgets later (on a busy machine,
    after a pause or more): until then, querying them finds nothing."""

    def shown() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, kind) and screen.is_mounted

    await until(pilot, shown, what, timeout)
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


async def new_table(
    pilot: Pilot[Any], ruleset: str, players: int, options: dict[str, str], bots: list[str]
) -> None:
    """Open the new-table dialog with its key and fill it in."""
    await pilot.press("n")
    screen = await until_screen(pilot, NewTableScreen, "the new-table dialog")

    async def settled(check: Callable[[], bool], what: str) -> None:
        """Until ``check`` holds and the form, rebuilt after a choice, is mounted again."""
        await until(pilot, check, what)

        def rebuilt() -> bool:
            field = screen.query_one("#f-players", Select)
            rules = screen.ruleset()
            seats = set(range(rules["min_players"], rules["max_players"] + 1))
            return field._legal_values == seats and field.value == screen.players()

        await pilot.pause(0.2)
        await until(pilot, rebuilt, f"the form after {what}")

    screen.query_one("#f-ruleset", Select).value = ruleset
    await settled(lambda: screen.values["ruleset"] == ruleset, ruleset)
    screen.query_one("#f-players", Select).value = players
    await settled(lambda: screen.players() == players, f"{players} seats")
    for name, value in options.items():
        field = screen.query_one(f"#o-{name}")
        assert isinstance(field, Select | Input), field
        field.value = value
        await pilot.pause()
    for seat, bot in enumerate(bots, 1):
        screen.query_one(f"#f-bot-{seat}", Select).value = bot
        await pilot.pause()
    await pilot.press("ctrl+s")


async def play_to_the_end(
    pilot: Pilot[Any], game: int, seed: int = 1, timeout: float = 45, stop_after: int | None = None
) -> dict[str, Any]:
    """Play my seat of ``game`` with the keys until it is over: a playable hand card (its digit),
    the first line of its menu (Enter), the first target on the board (Enter) and the first of
    several moves there (Enter); the turn's menu (``a``) where no card plays; results panels
    closed with Enter.  The final view."""
    app = pilot.app
    assert isinstance(app, SaboteurApp)
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    acted: tuple[Any, float] | None = None
    turns = 0
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        feed = app.state.games[game]
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            await pilot.press("enter")
            continue
        if isinstance(screen, ChoiceScreen):
            await pilot.press("enter")
            continue
        if feed.over or (stop_after is not None and turns >= stop_after):
            return feed.view
        if not isinstance(screen, GameScreen) or not feed.my_turn:
            await pilot.pause(0.05)
            continue
        seq = feed.latest.get("seq")
        if acted and acted[0] == seq and time.monotonic() - acted[1] < 3:
            await pilot.pause(0.05)
            continue
        acted = (seq, time.monotonic())
        turns += 1
        adapter = adapter_for(feed.view["ruleset"])
        hand = feed.view.get("hand") or []
        playable = [
            n
            for n, card in enumerate(hand[:9])
            if adapter.hand_plays(feed)
            and any(c.enabled for c in adapter.card_menu(card, feed, app.texts))
        ]
        if playable:
            await pilot.press(str(rng.choice(playable) + 1))
        else:
            await pilot.press("a")
        await pilot.press("enter")
        await pilot.pause()
        if screen.query_one("#board").has_focus:
            await pilot.press(*["right"] * rng.randrange(3))
            await pilot.press("enter")
        await pilot.pause()
