"""Replays in the browser (issue 23): a finished game opens as a replay — stepped forward and
back, by round, played at a speed, every hand and role shown — from a link anyone can open,
also without a nickname; the lobby's finished list tells the winners and gold, is searched by
player and opens the replay; running games are found and watched; and the page
``saboteur replay --html`` writes steps through the same replay from a file, offline."""

from __future__ import annotations

import asyncio
import json
import random
import re
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from saboteur.engine import Record
from saboteur.engine.replays import names_in, replay_of
from saboteur.server.replay_page import replay_page
from tests.server.helpers import clients, play_out, random_chooser, seat_all
from tests.web.harness import Player, screenshot_folder, wait_for

BAR = "#replay-bar:not([hidden])"
COUNT = re.compile(r"(?:Move|Zug) (\d+) (?:of|von) (\d+)")


async def _games(url: str) -> tuple[int, int]:
    """A finished 2-round game of Ann, Bob and Cat, and a running one of Dan, Eve and Fay."""
    ws = url.replace("http://", "ws://") + "/ws"
    async with clients(ws, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay") as people:
        finished = await seat_all(people[:3], options={"rounds": 2})
        await play_out(people[:3], finished, random_chooser(random.Random(2)))
        running = await seat_all(people[3:], options={"demo": True})
    return finished, running


@pytest.fixture(scope="module")
def games(web_server: str) -> tuple[int, int]:
    return asyncio.run(_games(web_server))


@pytest.fixture
def visitor(browser: Any, web_server: str) -> Iterator[Any]:
    """A page in a fresh browser context: nobody has said hello there."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not errors, errors


def _step(page: Any) -> tuple[int, int]:
    found = COUNT.search(page.inner_text("#replay-bar .replay-count"))
    assert found, page.inner_text("#replay-bar .replay-count")
    return int(found.group(1)), int(found.group(2))


def _at(page: Any, k: int) -> None:
    wait_for(page, f"document.querySelector('#replay-bar .replay-slider').value === '{k}'")
    assert _step(page)[0] == k


def test_a_shared_link_opens_the_replay_without_a_nickname(
    visitor: Any, web_server: str, games: tuple[int, int], tmp_path: Path
) -> None:
    finished, _running = games
    page = visitor
    page.goto(f"{web_server}/replay/{finished}")
    page.wait_for_selector(BAR)
    assert page.locator("#login").is_hidden() and page.locator("#game").is_visible()
    assert page.url.endswith(f"/#/replay/{finished}")
    assert page.inner_text("#game-title") == f"Replay of game #{finished}"
    k, last = _step(page)
    assert k == 0 and last > 10
    # every seat's hand and role are shown (the game is over): cards in each player's row
    players = page.locator("#players .player")
    assert players.count() == 3
    for i in range(3):
        assert players.nth(i).locator(".seat-hand .mini-card").count() > 0
        assert players.nth(i).locator(".avatar svg").count() == 1  # the role's picture
    share = page.get_attribute("#replay-bar .replay-link", "href")
    assert share == f"{web_server}/replay/{finished}"
    assert page.inner_text('[data-fkey="replay-copy"]') == "Copy link"

    # forward and back, by button and by key
    feed = page.locator("#feed li")
    before = feed.count()
    for _ in range(3):
        page.click('[data-fkey="replay-next"]')
    _at(page, 3)
    assert feed.count() > before and "To " in " ".join(
        feed.all_inner_texts()
    )  # private events, said for whom
    page.click('[data-fkey="replay-back"]')
    _at(page, 2)
    page.locator("#replay-bar").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    _at(page, 3)

    # jump to round 2: its first step, no panel in between
    page.select_option("#replay-bar .replay-round", label="Round 2")
    start = int(page.eval_on_selector("#replay-bar .replay-round", "el => el.value"))
    _at(page, start)
    assert page.inner_text("#round-info") == "Round 2 of 2"
    assert page.locator("#overlay").is_hidden()

    # play at a speed, then pause
    page.select_option("#replay-bar .replay-speed", "4")
    page.click('[data-fkey="replay-play"]')
    wait_for(
        page, f"Number(document.querySelector('#replay-bar .replay-slider').value) >= {start + 2}"
    )
    page.click('[data-fkey="replay-play"]')
    assert page.get_attribute('[data-fkey="replay-play"]', "aria-pressed") == "false"

    # whose eyes: Bob's hand and role at the bottom
    page.select_option("#replay-bar .replay-eyes", label="Bob")
    wait_for(page, "document.querySelector('#my-role').innerText.includes(\"Bob's hand\")")
    assert page.locator("#players .player.eyes .pname").inner_text() == "Bob"
    page.screenshot(path=str(screenshot_folder(tmp_path) / "client-replay.png"))

    # the end: the final panel; back to the start: gone
    page.click('[data-fkey="replay-last"]')
    page.wait_for_selector("#overlay:not([hidden])[data-kind=game-over]")
    _at(page, last)
    page.keyboard.press("Escape")
    page.click('[data-fkey="replay-first"]')
    _at(page, 0)
    assert page.locator("#overlay").is_hidden()


def test_a_running_games_replay_is_refused_and_the_finished_list_opens_replays(
    people: Callable[..., Player], web_server: str, games: tuple[int, int]
) -> None:
    finished, running = games
    reply = urllib.request.urlopen(f"{web_server}/api/games/{finished}/record", timeout=10)
    scores = json.loads(reply.read())["scores"]
    gil = people("Gil")
    page = gil.page
    page.click('[data-lang="de"]')

    # the finished list: winners and gold, found by player, each with its replay
    row = page.locator(f'#finished-games .game[data-game="{finished}"]')
    row.wait_for()
    assert "Gewonnen: " in row.locator(".winners").inner_text()
    seats = re.sub(r"\s+", " ", row.locator(".seats").inner_text())  # gold: an icon, no text
    assert seats == ", ".join(
        f"{name} {gold}" for name, gold in zip(["Ann", "Bob", "Cat"], scores, strict=True)
    )
    assert row.locator(".seats .icon-gold").count() == 3
    page.fill("#finished-search", "zzz")
    wait_for(page, "document.querySelector('#finished-games').innerText.includes('zzz')")
    page.fill("#finished-search", "cA")
    row.wait_for()

    # running games are found by player and watched
    page.fill("#active-search", "fay")
    watch = page.locator(f'#active-games .game[data-game="{running}"] [data-action="watch"]')
    watch.wait_for()
    page.fill("#active-search", "")

    # a running game has no replay: said so, and back to the lobby
    page.goto(f"{web_server}/#/replay/{running}")
    page.wait_for_selector("#toast:not([hidden])")
    assert "läuft noch" in page.inner_text("#toast")
    page.wait_for_selector("#lobby:not([hidden])")

    row.locator('[data-action="replay"]').click()
    page.wait_for_selector(BAR)
    assert page.inner_text("#game-title") == f"Wiederholung von Spiel #{finished}"
    assert _step(page)[0] == 0 and "Zug" in page.inner_text("#replay-bar")
    page.click('[data-fkey="replay-next"]')
    _at(page, 1)
    page.click("#to-lobby")
    page.wait_for_selector("#lobby:not([hidden])")
    watch.click()
    page.wait_for_selector("#game:not([hidden]) .spectating")
    assert page.locator("#replay-bar").is_hidden()


def test_the_saved_page_steps_through_the_replay_from_a_file(
    browser: Any, web_server: str, games: tuple[int, int], tmp_path: Path
) -> None:
    finished, _running = games
    with urllib.request.urlopen(f"{web_server}/api/games/{finished}/record", timeout=10) as reply:
        data = json.loads(reply.read())
    record = Record.from_json(data)
    page_file = tmp_path / "replay.html"
    page_file.write_text(replay_page(replay_of(record, names_in(data, 3))), encoding="utf-8")

    context = browser.new_context(viewport={"width": 1280, "height": 800}, offline=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(page_file.as_uri())
        page.wait_for_selector(BAR)
        assert page.url.startswith("file://")
        assert _step(page) == (0, len(record.actions))
        assert page.locator("#players .player .seat-hand .mini-card").count() > 0
        for _ in range(4):
            page.click('[data-fkey="replay-next"]')
        _at(page, 4)
        page.click('[data-fkey="replay-back"]')
        _at(page, 3)
        assert page.locator("#feed li").count() > 3
        page.click('[data-lang="de"]')
        wait_for(page, "document.querySelector('#replay-bar').innerText.includes('Zug 3 von')")
        page.click('[data-fkey="replay-last"]')
        page.wait_for_selector("#overlay:not([hidden])[data-kind=game-over]")
    finally:
        context.close()
    assert not errors, errors
