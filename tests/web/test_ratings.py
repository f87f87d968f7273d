"""Ratings in the browser (#23): the lobby's ratings panel with a player's history, and the bots'
ratings in the new-game dialog."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from saboteur.server.commands import database_url
from saboteur.server.store.store import Store
from tests.server.test_ratings import finish
from tests.web.harness import Player, running_server, wait_for


async def rated_games(url: str) -> None:
    """Two finished classic games between Ann (registered), the bot Oin and a guest."""
    store = Store(url)
    try:
        ann, _ = await store.create_user("Ann")
        await store.accounts.set_password(ann.id, "hash", keep=None)
        oin, _ = await store.create_user("Oin", bot="heuristic")
        gus, _ = await store.create_user("Gus")
        for gold in ((3, 1, 0), (4, 2, 0)):
            await finish(store, "classic", list(zip((ann.id, oin.id, gus.id), gold, strict=True)))
    finally:
        await store.close()


def test_the_ratings_panel_and_the_bots_ratings(browser: Any, tmp_path: Path) -> None:
    with running_server(tmp_path) as base:
        url = database_url(None, tmp_path)
        with ThreadPoolExecutor(1) as pool:  # (Playwright runs an event loop in this thread)
            pool.submit(asyncio.run, rated_games(url)).result()
        person = Player(browser, base, "Vera").open()
        try:
            page = person.page
            wait_for(
                page, "document.querySelectorAll('#ratings tbody tr button.link').length === 2"
            )
            rows = page.locator("#ratings tbody tr")
            assert rows.nth(0).locator("td").nth(1).inner_text().strip() == "Ann"
            assert rows.nth(0).locator(".mark svg").count() == 1  # registered
            assert rows.nth(1).locator(".pbot svg").count() == 1  # a bot
            first, second = (int(rows.nth(i).locator("td").nth(2).inner_text()) for i in (0, 1))
            assert first > second > 0
            page.click("#ratings button.link >> text=Ann")
            page.wait_for_selector("#rating-history:not([hidden]) svg path")
            assert f"→ {first}" in page.inner_text("#rating-history")
            page.click("#new-game-btn")
            wait_for(
                page,
                "[...document.querySelectorAll('#new-bots select.seat-kind option')]"
                ".some(o => o.textContent.includes('rating'))",
            )
            page.keyboard.press("Escape")
            page.click("[data-lang=de]")
            wait_for(
                page, "document.querySelector('.p-ratings h2 span').textContent === 'Wertungen'"
            )
            assert page.locator("#ratings-ruleset option").first.inner_text() != ""
            assert not person.errors, person.errors
        finally:
            person.close()
