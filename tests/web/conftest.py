"""Fixtures of the browser tests: a real server on 127.0.0.1 and a headless Chromium.

They skip, saying why, only when Chromium or Playwright is missing on this machine
(scripts/setup-browser.sh installs Debian's chromium when run as root).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.harness import Player, browser_missing, launch, running_server


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server's base URL; one server (and SQLite file) per test module."""
    with running_server(Path(tmp_path_factory.mktemp("web-server"))) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = browser_missing()
    if reason:
        pytest.skip(f"browser tests need Chromium and Playwright: {reason}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def people(browser: Any, web_server: str) -> Iterator[Callable[..., Player]]:
    """Make a person in a fresh browser context (own storage, own tab); all close at the end."""
    made: list[Player] = []

    def make(name: str, viewport: tuple[int, int] = (1280, 800), touch: bool = False) -> Player:
        person = Player(browser, web_server, name, viewport, touch).open()
        made.append(person)
        return person

    yield make
    errors = {p.name: p.errors for p in made if p.errors}
    for person in made:
        person.close()
    assert not errors, f"JavaScript errors in the pages: {errors}"
