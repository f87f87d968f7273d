"""Regenerate the browser client's screenshots in docs/img/ (desktop 1280x800 and phone 390x844).

Starts a real server on 127.0.0.1 with a temporary database, fills it with a finished game (played
over the protocol by three scripted players, for the high scores) and chat, then three people
play a demo game in headless Chromium through the UI and the pictures are taken.

Run from the repository:  .venv/bin/python scripts/web_screenshots.py
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.sync.client import connect  # noqa: E402

from tests.web.harness import PATH_CARD, Player, launch, play_until, running_server  # noqa: E402

IMG = ROOT / "docs" / "img"
DESKTOP, PHONE = (1280, 800), (390, 844)


def scripted_game(base: str, names: list[str], seed: int = 4) -> None:
    """Three protocol clients create, start and finish a three-round game with random legal moves
    (three rounds: the high scores then show gold won, where one random round often ends with
    none)."""
    url = base.replace("http://", "ws://") + "/ws"
    rng = random.Random(seed)
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(url)) for _ in names]
        play_protocol_game(sockets, names, rng)


def play_protocol_game(sockets: list[Any], names: list[str], rng: random.Random) -> None:
    def until(ws: Any, kind: str) -> dict[str, Any]:
        for _ in range(500):
            message: dict[str, Any] = json.loads(ws.recv(timeout=10))
            if message["type"] == kind:
                return message
        raise RuntimeError(f"no {kind} message")

    for ws, name in zip(sockets, names, strict=True):
        ws.send(json.dumps({"type": "hello", "name": name}))
        until(ws, "welcome")
    sockets[0].send(json.dumps({"type": "new_game", "players": 3, "options": {"rounds": 3}}))
    game = until(sockets[0], "joined")["game"]["id"]
    for ws in sockets[1:]:
        ws.send(json.dumps({"type": "join", "game": game}))
        until(ws, "joined")
    sockets[0].send(json.dumps({"type": "start", "game": game}))
    views = [until(ws, "game") for ws in sockets]
    for _ in range(400):
        if views[0]["view"]["phase"] == "over":
            break
        seat = views[0]["view"]["current"]
        legal = views[seat]["view"]["legal"]
        action = rng.choice([a for a in legal if not a.startswith("pass")] or legal)
        sockets[seat].send(json.dumps({"type": "act", "game": game, "action": action}))
        views = [until(ws, "game") for ws in sockets]
        time.sleep(0.03)  # within the server's 60 messages a second per connection
    sockets[1].send(
        json.dumps({"type": "chat", "channel": "global", "text": "gg! who wants another round?"})
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    IMG.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, running_server(Path(tmp)) as base:
        scripted_game(base, ["Ragna", "Thorin", "Gimli"])
        with sync_playwright() as playwright:
            browser = launch(playwright)
            anna, ben, carl = (Player(browser, base, n).open() for n in ("Anna", "Ben", "Carl"))
            dora = Player(browser, base, "Dora").open()
            game = anna.create_game(players=3, demo=True)
            ben.join(game)
            carl.join(game)
            dora.create_game(players=4, demo=False, rounds=3)
            anna.chat("Who is in for a quick demo round?")
            ben.chat("Me! Carl, join us")
            carl.chat("on my way")
            anna.start(game)
            for person in (anna, ben, carl):
                person.wait_game_window(game)
            table = [anna, ben, carl]
            play_until(table, lambda: anna.seq() >= 9, max_turns=9)
            dora.chat("good luck down there")
            # the lobby, from a player waiting for their own table to fill
            dora.page.wait_for_timeout(300)
            dora.page.screenshot(path=str(IMG / "client-lobby.png"))
            # the game window of the player to move, with a path card about to be laid
            play_until(table, lambda: anna.my_turn(), max_turns=3)
            ben.chat("I have a map, the gold is not at the top", channel="game")
            show_targets(anna)
            anna.page.screenshot(path=str(IMG / "client-game.png"))
            # phone width
            anna.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            anna.page.wait_for_timeout(300)
            anna.page.screenshot(path=str(IMG / "client-game-phone.png"))
            anna.page.keyboard.press("Escape")
            anna.page.keyboard.press("Escape")
            dora.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            dora.page.wait_for_timeout(300)
            dora.page.screenshot(path=str(IMG / "client-lobby-phone.png"))
            # German, and the end of the round with every role revealed
            anna.page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
            anna.page.click("[data-lang=de]")
            play_until(
                table,
                lambda: all(p.page.locator("#overlay[data-kind=game-over]").count() for p in table),
            )
            anna.page.wait_for_timeout(300)
            anna.page.screenshot(path=str(IMG / "client-results-de.png"))
            browser.close()
    for name in sorted(IMG.glob("client-*.png")):
        print(name.relative_to(ROOT))


def show_targets(person: Player) -> None:
    """Select a path card that can be laid and choose 'lay it': the legal slots light up."""
    page = person.page
    for index, card in enumerate(person.hand()):
        if not PATH_CARD.match(card):
            continue
        page.click(f'#hand .hand-card[data-index="{index}"]')
        place = page.locator("#card-menu [data-kind=place]:not([disabled])")
        if place.count():
            place.click()
            page.locator(".maze .target").first.hover()
            return
        page.keyboard.press("Escape")
    page.click('#hand .hand-card[data-index="0"]')  # no tunnel to lay: show the card menu instead


if __name__ == "__main__":
    main()
