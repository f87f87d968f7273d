"""One symbol per meaning, drawn as SVG (#23): the host's crown in a table's seats, the letter
that starts a whisper; no ★, ✉ or ◆ character left in the lobby."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.harness import Player


def test_the_host_and_the_whisper_are_svg_icons(people: Callable[..., Player]) -> None:
    ann, bob = people("Ann"), people("Bob")
    page = ann.page
    game = ann.create_game(players=3, demo=True)
    seats = page.locator(f'#open-games li[data-game="{game}"] .seatlist li')
    host = seats.first.locator(".host-mark")
    assert host.get_attribute("aria-label") == "host" and host.locator("svg.icon-host").count() == 1
    assert seats.first.inner_text().strip() == "Ann"
    assert seats.nth(1).locator(".host-mark").count() == 0  # a free seat
    whisper = page.locator('#online button.whisper[aria-label$=" Bob"]')
    whisper.wait_for()
    assert whisper.locator("svg.icon-mail").count() == 1 and whisper.inner_text().strip() == ""
    lobby = page.inner_text("#lobby")
    assert not {"★", "✉", "◆"} & set(lobby), lobby
    page.click('[data-lang="de"]')
    assert host.get_attribute("aria-label") == "Gastgeber"
    assert bob.page.locator("#online .whisper svg.icon-mail").count() >= 1
