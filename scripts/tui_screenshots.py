"""Regenerate the terminal client's screenshots in docs/img/ (SVG, Textual's own export).

Starts a real server on 127.0.0.1 with a temporary database; the terminal client, driven by
Textual's pilot, opens a one-round table against two random bots, plays a few turns with the
keys and chooses a tunnel card, whose places are highlighted when the picture is taken.

Run from the repository:  .venv/bin/python scripts/tui_screenshots.py [--lang de] [--size 100x30]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from saboteur.tui import targets as T  # noqa: E402
from saboteur.tui.game import GameScreen  # noqa: E402
from saboteur.tui.lobby import LobbyScreen  # noqa: E402
from tests.server.helpers import live_server, sqlite_url  # noqa: E402
from tests.tui.pilot import make_app, new_table, play_to_the_end, until  # noqa: E402

IMG = ROOT / "docs" / "img"


async def shoot(base: Path, lang: str, size: tuple[int, int], turns: int) -> None:
    with live_server(sqlite_url(base)) as server:
        app = make_app(server, "Ann", base, lang)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await new_table(pilot, "classic", 3, {"rounds": "1"}, ["random", "heuristic"])
            await until(pilot, lambda: app.state.my_tables(), "my table")
            game = app.state.my_tables()[0]
            await pilot.pause(0.5)
            app.save_screenshot(str(IMG / f"tui-lobby{'-' + lang if lang != 'en' else ''}.svg"))
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game window")
            await play_to_the_end(pilot, game, stop_after=turns)
            feed = app.state.games[game]
            for _ in range(12):  # a turn with a tunnel card to lay (and tools whole)
                await until(pilot, lambda: feed.my_turn or feed.over, "my turn")
                hand = feed.view["hand"]
                layable = [n for n, card in enumerate(hand) if T.slots(T.for_card(feed.view, card))]
                if layable or feed.over:
                    break
                await play_to_the_end(pilot, game, stop_after=1)
            await pilot.press(str((layable or [0])[0] + 1), "enter")
            await pilot.pause(0.3)
            app.save_screenshot(str(IMG / f"tui-game{'-' + lang if lang != 'en' else ''}.svg"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en", choices=["en", "de"])
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--turns", type=int, default=4)
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(shoot(Path(tmp), args.lang, (width, height), args.turns))
    print(f"wrote docs/img/tui-lobby*.svg and tui-game*.svg ({args.lang}, {args.size})")


if __name__ == "__main__":
    main()
