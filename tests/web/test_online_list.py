"""The lobby's online list in the browser: counted, paged, searched, with my table mates on top."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator

from tests.server.helpers import Client
from tests.web.harness import Player, wait_for

CROWD = 55  # more than one page of names (50)


@contextlib.contextmanager
def crowd(web_server: str, names: list[str]) -> Iterator[None]:
    """``names`` online (WebSocket clients held open in a thread of their own) until the end."""
    ready, done = threading.Event(), threading.Event()
    failures: list[BaseException] = []

    async def hold() -> None:
        url = web_server.replace("http://", "ws://") + "/ws"
        opened = [await Client.open(url, name) for name in names]
        ready.set()
        while not done.is_set():
            await asyncio.sleep(0.05)
        for client in opened:
            await client.close()

    def run() -> None:
        try:
            asyncio.run(hold())
        except BaseException as err:  # seen by the test, not lost in the thread
            failures.append(err)
            ready.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(60), "the crowd did not come online"
    assert not failures, failures
    try:
        yield
    finally:
        done.set()
        thread.join(30)


def names_shown(page: object) -> list[str]:
    return page.eval_on_selector_all("#online .pname", "els => els.map(e => e.textContent)")  # type: ignore[attr-defined, no-any-return]


def test_the_online_list_is_counted_paged_and_searched(
    people: Callable[..., Player], web_server: str
) -> None:
    names = [f"Pal{n:02d}" for n in range(CROWD)]
    with crowd(web_server, names):
        anna = people("Anna")
        page = anna.page
        wait_for(page, f"document.querySelector('#online-count').textContent === '({CROWD + 1})'")
        assert names_shown(page) == ["Anna", *names[:49]]  # one page, sorted regardless of case
        assert "1 / 2" in page.inner_text("#online-pager")
        page.click("#online-pager [data-fkey=page-next]")
        wait_for(page, "document.querySelector('#online .pname')?.textContent === 'Pal49'")
        assert names_shown(page) == names[49:]
        page.fill("#online-search", "pal1")
        wait_for(page, "document.querySelectorAll('#online .pname').length === 10")
        assert names_shown(page) == [f"Pal1{n}" for n in range(10)]
        assert page.inner_text("#online-pager") == ""  # one page: no pager
        page.fill("#online-search", "nobody")
        wait_for(page, "document.querySelector('#online .empty') !== null")
        assert "nobody" in page.inner_text("#online .empty")


def test_my_table_mates_are_shown_online_or_not_whatever_the_page(
    people: Callable[..., Player],
) -> None:
    ben, cleo = people("Ben"), people("Cleo")
    game = ben.create_game(players=3, demo=False, rounds=1)
    cleo.page.wait_for_selector(f'#open-games li[data-game="{game}"]')
    cleo.join(game)
    wait_for(
        ben.page,
        "[...document.querySelectorAll('#circle .pname')].some(e => e.textContent === 'Cleo')",
    )
    ben.page.fill("#online-search", "zzz")  # the page shows nobody; the circle still does
    wait_for(ben.page, "document.querySelector('#online .empty') !== null")
    assert ben.page.eval_on_selector_all(
        "#circle .pname", "els => els.map(e => e.textContent)"
    ) == ["Cleo"]
    assert ben.page.query_selector("#circle li.away") is None  # online: a whisper button
    assert ben.page.query_selector("#circle .whisper") is not None
