"""An accessibility audit with axe-core (the npm package, installed by scripts/setup-axe.sh and
injected by Playwright), in English and German (#23): the first visit, the lobby with its high
scores and ratings, the rename and account dialogs, the new-table dialog with every ruleset's
options, the game window and card menu of every ruleset the server offers, the replay viewer and
the results panels (a round's and the final one) of every ruleset: no violation of any impact.
Then what screen readers hear (the live regions) and a whole move played with the keyboard only."""

from __future__ import annotations

import asyncio
import json
import random
import re
import urllib.request
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from saboteur.server.commands import database_url
from tests.server.helpers import clients, play_out, random_chooser, seat_all
from tests.web.harness import (
    ROOT,
    Player,
    create_table,
    running_server,
    wait_for,
    wait_my_turn,
)
from tests.web.test_ratings import rated_games

AXE = ROOT / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
  }));
}"""
LANGS = ("en", "de")
# every ruleset the server offers: seats and options of a finished game (played over the
# protocol, then watched as a replay) ...
FINISHED: dict[str, tuple[int, dict[str, Any]]] = {
    "classic": (3, {"rounds": 2}),
    "duel": (2, {"rounds": 2}),
    "solo": (1, {"rounds": 1, "colour": "blue"}),
    "darkcave": (3, {}),
    "zwergengold": (2, {"rounds": 5}),
}
ROUND_PANELS = ("classic", "duel")  # the rulesets with a panel at the end of each round
# ... and the bots and number fields of a live table (the solo mode has no seat for a bot)
LIVE: dict[str, tuple[int, tuple[str, ...], dict[str, int]]] = {
    "classic": (3, ("random", "random"), {}),
    "duel": (2, ("random",), {}),
    "darkcave": (3, ("random", "random"), {}),
    "zwergengold": (2, ("heuristic",), {"rounds": 5}),
}
PLAYERS = ("Una", "Bob", "Cat")  # the finished games' players (Ann is registered by rated_games)
TURN = {"en": ("Your turn!", "{name}'s turn"), "de": ("Du bist am Zug!", "{name} ist am Zug")}
# the event log's words for my move: a card laid (said of me by name) or discarded (said to me)
MOVE_WORDS = {
    "place": {"en": " laid a ", "de": " hat eine "},
    "discard": {"en": "You discarded ", "de": "Du hast "},
}
# controls named in the interface's language (not in English whatever the language)
NAMES = {
    "#hand": ("Your hand", "Deine Hand"),
    "#chat .chat-channel": ("Channel", "Kanal"),
    "#chat .chat-to": ("Whisper to", "Flüstern an"),
    "#chat .chat-input": ("Message", "Nachricht"),
    "#rename-name": ("Nickname", "Spielername"),
}
ENGINE_CODE = re.compile(r"[a-z]+:[\w-]+|@|\(-?\d+, ?-?\d+\)|\bseat \d")


@dataclass(frozen=True)
class Site:
    url: str
    finished: dict[str, int]  # ruleset -> a finished game's id


async def _finished_games(url: str) -> dict[str, int]:
    """One finished game of every ruleset, played at random over the protocol."""
    ws = url.replace("http://", "ws://") + "/ws"
    games: dict[str, int] = {}
    async with clients(ws, *PLAYERS) as people:
        for ruleset, (players, options) in FINISHED.items():
            game = await seat_all(people[:players], ruleset=ruleset, options=options)
            await play_out(people[:players], game, random_chooser(random.Random(7)))
            games[ruleset] = game
            await asyncio.sleep(1.0)  # the server's 60 messages a second a connection refill
    return games


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The module's server: rated classic games (for the ratings panel) and a finished game of
    every ruleset (for the replays and their results panels)."""
    if not AXE.exists():
        pytest.skip(f"no axe-core at {AXE}: run scripts/setup-axe.sh (npm)")
    folder = Path(tmp_path_factory.mktemp("a11y-server"))
    with running_server(folder) as url:
        with ThreadPoolExecutor(1) as pool:  # (Playwright runs an event loop in this thread)
            pool.submit(asyncio.run, rated_games(database_url(None, folder))).result()
            finished = pool.submit(asyncio.run, _finished_games(url)).result()
        yield Site(url, finished)


@pytest.fixture(scope="module")
def web_server(site: Site) -> str:
    return site.url


@pytest.fixture
def person(browser: Any, site: Site, request: pytest.FixtureRequest) -> Iterator[Player]:
    """A person who may have axe-core injected (the page's CSP is bypassed), named per test."""
    name = f"P{zlib.crc32(request.node.name.encode()) % 100000}"
    someone = Player(browser, site.url, name, bypass_csp=True).open()
    yield someone
    someone.close()
    assert not someone.errors, someone.errors


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations, of every impact, on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return found


def choose_language(page: Any, lang: str) -> None:
    page.click(f'[data-lang="{lang}"]')
    wait_for(page, f"document.documentElement.lang === '{lang}'")


def test_every_offered_ruleset_is_audited(site: Site) -> None:
    with urllib.request.urlopen(f"{site.url}/api/rulesets", timeout=10) as reply:
        offered = {r["name"] for r in json.load(reply)}
    assert offered == set(FINISHED), "a ruleset is offered that the audit does not visit"
    assert set(LIVE) == offered - {"solo"}  # the solo mode is audited on its own (no bots)


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_its_ratings_and_its_dialogs(person: Player, lang: str) -> None:
    page = person.page
    choose_language(page, lang)
    wait_for(page, "document.querySelectorAll('#ratings tbody tr button.link').length === 2")
    wait_for(page, "document.querySelectorAll('#finished-games li').length >= 5")
    assert violations(page) == [], "the lobby with high scores, ratings and finished games"
    for selector, names in NAMES.items():
        assert page.get_attribute(selector, "aria-label") == names[LANGS.index(lang)], selector
    page.click("#ratings button.link >> nth=0")
    page.wait_for_selector("#rating-history:not([hidden]) svg path")
    assert violations(page) == [], "a player's rating history"
    for button, dialog in (("#rename-btn", "#rename-dialog"), ("#account-btn", "#account-dialog")):
        page.click(button)
        page.wait_for_selector(f"{dialog}[open]")
        assert violations(page) == [], dialog
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{dialog}:not([open])", state="attached")
    page.click("#new-game-btn")
    page.wait_for_selector("#new-game-dialog[open]")
    for ruleset in FINISHED:  # each ruleset's own options and seats
        page.check(f"#new-game-form input[name=ruleset][value={ruleset}]")
        assert violations(page) == [], f"the new-table dialog, {ruleset}"
    page.click("#new-game-form button[value=cancel]")


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_window_of_every_ruleset(person: Player, lang: str) -> None:
    page = person.page
    choose_language(page, lang)
    for ruleset, (players, bots, numbers) in LIVE.items():
        create_table(person, ruleset, players, bots, numbers)
        assert wait_my_turn(person)
        assert violations(page) == [], f"the game window, {ruleset}"
        card = page.locator("#hand .hand-card").first
        card.click()
        page.wait_for_selector("#card-menu:not([hidden])")
        assert violations(page) == [], f"the card menu, {ruleset}"
        page.keyboard.press("Escape")
        page.click("#to-lobby")
        page.wait_for_selector("#lobby:not([hidden])")
    page.click("#new-game-btn")  # the solo mode starts at once, without a seat for a bot
    page.check("#new-game-form input[name=ruleset][value=solo]")
    page.select_option("#new-game-form select[name=rounds]", "1")
    page.click("#new-game-form button[value=create]")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert violations(page) == [], "the game window, solo"


def _round_panel(page: Any) -> None:
    """From three steps before round 2 starts, step on until the round's panel shows."""
    start = page.locator("#replay-bar .replay-round option").nth(1).get_attribute("value")
    page.eval_on_selector(
        "#replay-bar .replay-slider",
        "(el, k) => { el.value = String(k); el.dispatchEvent(new Event('input')); }",
        int(start or "0") - 3,
    )
    for _ in range(4):
        page.click('[data-fkey="replay-next"]')
        if page.locator("#overlay:not([hidden])[data-kind=round]").count():
            return
    raise AssertionError("no round panel before round 2")


@pytest.mark.parametrize("lang", LANGS)
def test_replays_and_the_results_panels_of_every_ruleset(
    person: Player, site: Site, lang: str
) -> None:
    page = person.page
    choose_language(page, lang)
    for ruleset, game in site.finished.items():
        page.goto(f"{site.url}/#/replay/{game}")
        page.wait_for_selector("#replay-bar:not([hidden]) .replay-slider")
        wait_for(  # this game's replay, not the one before still on show
            page, f"document.querySelector('#game-title').textContent.split('#').pop() === '{game}'"
        )
        wait_for(page, "document.querySelectorAll('#players .player').length > 0")
        assert violations(page) == [], f"the replay viewer, {ruleset}"
        if ruleset in ROUND_PANELS:
            _round_panel(page)
            assert violations(page) == [], f"the round's results panel, {ruleset}"
            page.keyboard.press("Escape")
        page.click('[data-fkey="replay-last"]')
        page.wait_for_selector("#overlay:not([hidden])[data-kind=game-over]")
        assert violations(page) == [], f"the final results panel, {ruleset}"
        page.keyboard.press("Escape")
        page.wait_for_selector("#overlay", state="hidden")


def test_the_first_visit(browser: Any, site: Site) -> None:
    """A browser that never chose a nickname sees the login form: its fields are named."""
    newcomer = Player(browser, site.url, "Zed", bypass_csp=True)
    try:
        newcomer.page.goto(f"{site.url}/")
        newcomer.page.wait_for_selector("#login:not([hidden])")
        assert violations(newcomer.page) == [], "the first visit"
        assert not newcomer.errors, newcomer.errors
    finally:
        newcomer.close()


def test_axe_finds_a_violation_it_is_shown(person: Player) -> None:
    """The audit can fail: a form field without a label is found."""
    page = person.page
    page.evaluate("document.querySelector('#lobby').append(document.createElement('input'))")
    assert any(v["id"] == "label" for v in violations(page))


# -- the keyboard and the live regions -------------------------------------------------------------


def focused(page: Any, selector: str) -> bool:
    return bool(page.evaluate("sel => document.activeElement?.matches(sel) ?? false", selector))


def tab_to(page: Any, selector: str, most: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def open_and_close_the_dialog_by_keyboard(page: Any) -> None:
    tab_to(page, "#new-game-btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-game-dialog[open]")
    assert focused(page, "#new-game-dialog *")
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-game-dialog:not([open])", state="attached")
    assert focused(page, "#new-game-btn")  # the focus is back where it was
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-game-dialog[open]")
    tab_to(page, "#new-game-form button[value=cancel]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-game-dialog:not([open])", state="attached")


def lay_a_card_by_keyboard(page: Any) -> str:
    """From the hand (focused): the first card that can be laid, its place in the maze (the
    arrow keys go from place to place), Enter; a discard if no card can be laid. Which it was."""
    cards = page.locator("#hand .hand-card").count()
    for index in range(cards):
        page.keyboard.press("Enter")
        page.wait_for_selector("#card-menu:not([hidden])")
        if focused(page, "#card-menu .menu-item.kind-place"):
            page.keyboard.press("Enter")
            wait_for(page, "document.activeElement?.matches('.maze .target')")
            frame = "getComputedStyle(document.activeElement.querySelector('.target-frame')).stroke"
            assert page.evaluate(frame) == "rgb(255, 255, 255)"  # the focused place stands out
            slot = "document.activeElement.dataset.slot"
            visited = {page.evaluate(slot)}
            for key in ("ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"):
                page.keyboard.press(key)
                assert focused(page, ".maze .target"), key
                visited.add(page.evaluate(slot))
            assert len(visited) > 1 or page.locator(".maze .target").count() == 1
            page.keyboard.press("Enter")
            return "place"
        page.keyboard.press("Escape")
        wait_for(page, f"document.activeElement?.dataset.index === '{index}'")
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # round the hand to the first card: discard it
    page.wait_for_selector("#card-menu:not([hidden])")
    for _ in range(6):
        if focused(page, "#card-menu .menu-item.kind-discard"):
            page.keyboard.press("Enter")
            return "discard"
        page.keyboard.press("ArrowDown")
    raise AssertionError("no discard in the card menu")


MARK = "document.querySelectorAll('#feed li, #announcer p').forEach(e => e.dataset.heard = '1')"
SINCE = """() => [
  [...document.querySelectorAll('#announcer p:not([data-heard])')].map((p) => p.textContent),
  [...document.querySelectorAll('#feed li:not(.ev-turn-now):not([data-heard])')]
    .map((li) => li.textContent),
]"""


def heard_since_mark(page: Any) -> list[str]:
    """The lines the live region got since MARK: the event log's new lines, the same words."""
    said, logged = page.evaluate(SINCE)
    assert said == logged, (said, logged)
    return list(said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_move_by_keyboard_and_what_screen_readers_hear(person: Player, lang: str) -> None:
    page = person.page
    choose_language(page, lang)
    open_and_close_the_dialog_by_keyboard(page)
    game = person.create_game(players=3, demo=True, bots=("random", "random"))
    person.start(game)
    person.wait_game_window(game)
    live = "sel => document.querySelector(sel).getAttribute('aria-live')"
    assert page.evaluate(live, "#turn-banner") == page.evaluate(live, "#announcer") == "polite"
    assert page.evaluate(live, "#feed") is None  # its new lines are said once, by #announcer
    yours, other = TURN[lang]
    assert wait_my_turn(person)
    wait_for(page, "text => document.querySelector('#turn-banner').textContent === text", yours)

    # the move, keys only: Tab to the hand, a card, its place, Enter
    page.evaluate(MARK)
    seq = person.seq()
    tab_to(page, "#hand .hand-card")
    ring = "getComputedStyle(document.activeElement).outlineStyle"
    assert page.evaluate(ring) == "solid"  # the focused card is ringed
    kind = lay_a_card_by_keyboard(page)
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
    wait_for(page, "document.activeElement?.closest('#hand') !== null")  # back at the hand

    # the live region says the move's line, in words of the interface language, and the banner
    # whose turn it is now
    wait_for(page, "document.querySelector('#announcer p:not([data-heard])')")
    said = heard_since_mark(page)
    assert any(MOVE_WORDS[kind][lang] in line for line in said), said
    assert kind != "place" or said[0].startswith(f"{person.name} "), said
    assert not ENGINE_CODE.search(" ".join(said)), said
    wait_for(  # a bot's turn now: the banner names the player the players panel marks
        page,
        "tpl => { const now = document.querySelector('#players .player.current:not(.me) .pname');"
        " return now && document.querySelector('#turn-banner').textContent"
        " === tpl.replace('{name}', now.textContent); }",
        other,
    )

    # the bots move; then the turn comes back: the banner says so, the bots' moves were said
    assert wait_my_turn(person)
    wait_for(page, "text => document.querySelector('#turn-banner').textContent === text", yours)
    later = heard_since_mark(page)
    assert len(later) > len(said) and not ENGINE_CODE.search(" ".join(later)), later

    # another language draws the whole log afresh: nothing of it is read out
    other_lang = LANGS[1 - LANGS.index(lang)]
    choose_language(page, other_lang)
    wait_for(
        page, "t => document.querySelector('#turn-banner').textContent === t", TURN[other_lang][0]
    )
    assert page.locator("#announcer p").count() == 0 and page.locator("#feed li").count() > 3
