"""The toy ruleset in the browser: offered by the new-table dialog with its options, drawn and
played to the end by the generic renderer, which knows nothing of the toy.

The server registers the toy as a plug-in (``SABOTEUR_RULESETS=tests.toy:TOY``); the client has
no adapter for it.  Screenshots go to a temporary folder (``SABOTEUR_SCREENSHOTS=docs/img``
writes ``client-toy.png`` there instead).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.harness import Player, running_server, screenshot_folder, wait_for

FORM = "#new-game-form"
LAID = ".maze .layer-cards .card[data-face=up]"


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that knows the toy too (this module's people use it)."""
    with running_server(
        Path(tmp_path_factory.mktemp("toy-server")), rulesets=("tests.toy:TOY",)
    ) as url:
        yield url


def games_of(page: Any) -> list[dict[str, Any]]:
    """Every game message the page receives over its WebSocket, in order (filled as they come)."""
    games: list[dict[str, Any]] = []

    def frame(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "game" and "view" in message:
            games.append(message)

    page.on("websocket", lambda socket: socket.on("framereceived", frame))
    return games


def check_toy_offered(host: Player) -> None:
    """The toy is in the dialog with its options, in German and in English."""
    page = host.page
    toy = f"{FORM} .ruleset-list label:has(input[value=toy])"
    page.click("button[data-lang=de]")
    page.click("#new-game-btn")
    assert page.locator(toy).inner_text().startswith("Spielzeugtunnel (2")
    page.check(f"{FORM} input[name=ruleset][value=toy]")
    distance = page.locator(f"{FORM} #new-options label:has([name=distance])")
    assert distance.inner_text().startswith("Abstand zum Ziel")
    page.click(f"{FORM} button[value=cancel]")
    page.click("button[data-lang=en]")
    page.click("#new-game-btn")
    assert page.locator(toy).inner_text().startswith("Toy tunnels (2")
    page.check(f"{FORM} input[name=ruleset][value=toy]")
    distance = page.locator(f"{FORM} #new-options input[name=distance]")
    assert distance.get_attribute("type") == "number"
    assert (distance.get_attribute("min"), distance.get_attribute("max")) == ("2", "4")
    hand = page.locator(f"{FORM} #new-options select[name=hand] option")
    assert hand.evaluate_all("els => els.map(e => e.value)") == ["2", "3"]
    assert page.locator(f"{FORM} #new-options [name]").count() == 2  # no other ruleset's options
    kinds = page.locator(f"{FORM} select[name=seat-1] option").evaluate_all(
        "els => els.map(e => e.value)"
    )
    assert kinds == ["", "random"]
    page.click(f"{FORM} button[value=cancel]")


def create_toy_table(host: Player) -> int:
    """A toy table of distance 2 against a random bot, made in the dialog."""
    page = host.page
    page.click("#new-game-btn")
    page.check(f"{FORM} input[name=ruleset][value=toy]")
    page.locator(f"{FORM} #new-options input[name=distance]").fill("2")
    page.select_option(f"{FORM} select[name=seat-1]", "random")
    page.click(f"{FORM} button[value=create]")
    table = page.locator("#open-games li.game.mine")
    table.wait_for()
    assert "Toy tunnels" in table.locator(".meta").inner_text()
    return int(table.get_attribute("data-game") or "0")


def play_turn(page: Any) -> str:
    """Choose a hand card, then its highlighted slot furthest East (towards the goal), choosing
    among the moves there if several; with no slot for any card, the first card's pass line."""
    count = page.locator("#hand .hand-card").count()
    for index in range(count):
        page.click(f'#hand .hand-card[data-index="{index}"]')
        page.wait_for_selector("#card-menu:not([hidden])")
        targets = page.locator(".maze .target")
        if targets.count():
            slots = targets.evaluate_all("els => els.map(e => e.dataset.slot)")
            best = max(range(len(slots)), key=lambda i: int(slots[i].split(",")[0]))
            target = targets.nth(best)
            several = target.get_attribute("data-choices")
            if not _click_unless_covered(page, target):
                # the open card menu lies over this slot (it happens near the hand): the
                # keyboard's way to the same slot, as keyboard_turn takes it
                target.focus()
                page.keyboard.press("Enter")
            if several:
                page.locator("#hint button.choice").first.click()
            return "place"
        page.keyboard.press("Escape")
        page.wait_for_selector("#card-menu", state="hidden")
    page.click('#hand .hand-card[data-index="0"]')
    page.click("#card-menu .menu-item.kind-act")
    return "pass"


def _click_unless_covered(page: Any, element: Any) -> bool:
    """Click ``element`` if nothing lies over its middle (else do nothing and say so)."""
    element.scroll_into_view_if_needed()
    box = element.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    covered = page.evaluate(
        "([el, x, y]) => { const hit = document.elementFromPoint(x, y);"
        " return !(hit && (hit === el || el.contains(hit))); }",
        [element.element_handle(), x, y],
    )
    if covered:
        return False
    element.click()
    return True


def keyboard_turn(page: Any) -> str:
    """One turn with the keyboard alone: Enter on the first hand card opens its menu (its slots
    highlighted at once) with the focus on its first possible line; Enter there goes on to the
    first highlighted slot (or passes, if the card has no slot); Enter on the slot lays the card."""
    page.focus('#hand .hand-card[data-index="0"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#card-menu:not([hidden])")
    kind = page.evaluate("document.activeElement.dataset.kind")
    page.keyboard.press("Enter")
    if kind == "act":
        return "pass"
    assert kind == "board"
    wait_for(page, "document.activeElement?.classList.contains('target')")
    page.keyboard.press("Enter")
    if page.locator("#hint button.choice").count():
        page.keyboard.press("Enter")  # the focus is on the first move of that slot
    return "place"


def shot(page: Any, tmp_path: Path) -> None:
    page.screenshot(path=str(screenshot_folder(tmp_path) / "client-toy.png"))


def test_the_toy_is_offered_drawn_and_played_to_the_end(
    people: Callable[..., Player], tmp_path: Path
) -> None:
    host = people("Tina")
    page = host.page
    games = games_of(page)
    page.reload()  # the socket is opened again, now listened to
    page.wait_for_selector("#lobby:not([hidden])")
    check_toy_offered(host)
    game = create_toy_table(host)
    host.start(game)
    host.wait_game_window(game)

    # drawn from the board: the start face up, the goal face down (known to be the goal)
    page.wait_for_selector(".maze .layer-cards .card[data-card=start][data-face=up]")
    goal = page.locator(".maze .layer-cards .card[data-face=down]")
    assert goal.count() == 1 and goal.get_attribute("data-slot") == "2,0"
    assert (
        page.locator(".maze .layer-pieces").count()
        == page.locator(".maze .layer-markers").count()
        == 1
    )
    assert not page.locator("#round-info").is_visible()  # the toy has no rounds

    moves: dict[str, int] = {}
    over = "#overlay[data-kind=game-over]"
    deadline = time.monotonic() + 90
    while not page.locator(over).count():
        assert time.monotonic() < deadline, f"no end: {moves}"
        if not host.my_turn():
            time.sleep(0.05)
            continue
        seq = host.seq()
        # nothing but my own hand: exactly the cards of my last view, and no one else's
        mine = games[-1]["view"]["hand"]
        assert host.hand() == mine
        assert page.locator(".hand-card").count() == len(mine)
        laid = page.locator(LAID).count()
        if not moves:  # a card chosen: its slots highlighted at once, and its menu
            page.click('#hand .hand-card[data-index="0"]')
            page.wait_for_selector("#card-menu:not([hidden])")
            shot(page, tmp_path)
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
            page.wait_for_selector("#card-menu", state="hidden")
        kind = play_turn(page) if moves else keyboard_turn(page)
        moves[kind] = moves.get(kind, 0) + 1
        wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
        if kind == "place":  # the card I laid is drawn (reaching the goal turns it over too)
            wait_for(page, f"document.querySelectorAll('{LAID}').length > {laid}")

    final, names = games[-1]["view"], games[-1]["names"]
    assert final["phase"] == "over" and moves.get("place", 0) > 0
    panel = page.locator(over)
    winners = ", ".join(names[seat] for seat in final["winners"])
    assert (f"Winner: {winners}" if winners else "Nobody won.") in panel.inner_text()
    assert panel.locator("table.results tbody tr").count() == 2
    cards = page.locator(LAID).evaluate_all("els => els.map(e => e.dataset.card)")
    assert "start" in cards and len(cards) == len(final["board"]["cells"]) - sum(
        cell["face"] == "down" for cell in final["board"]["cells"]
    )


def twin_moves(message: str | bytes) -> str | bytes:
    """A game message with a made-up second move on each slot a card can be laid on (as a ruleset
    whose cards turn would list both orientations): ``EW@1,0`` gets ``EW@1,0*`` beside it."""
    data = json.loads(message)
    board = data.get("view", {}).get("board") if data.get("type") == "game" else None
    if not board:
        return message
    twins = [{**t, "action": t["action"] + "*"} for t in board["targets"] if t.get("x") is not None]
    board["targets"] += twins
    return json.dumps(data)


def test_several_moves_on_one_slot_are_offered_to_choose_from(
    people: Callable[..., Player],
) -> None:
    host = people("Tom")
    page = host.page

    def route(socket: Any) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda message: socket.send(twin_moves(message)))
        socket.on_message(lambda message: server.send(message))

    page.route_web_socket(re.compile(r"/ws$"), route)
    page.reload()
    page.wait_for_selector("#lobby:not([hidden])")
    game = create_toy_table(host)
    host.start(game)
    host.wait_game_window(game)
    wait_for(page, "document.body.dataset.myTurn === 'true'")
    page.click('#hand .hand-card[data-index="0"]')  # at the start, every card fits somewhere
    slot = page.locator(".maze .target[data-choices='2']").first
    slot.wait_for()
    real, where = slot.get_attribute("data-action") or "", slot.get_attribute("data-slot")
    slot.click()
    choices = page.locator("#hint button.choice")
    assert choices.evaluate_all("els => els.map(e => e.dataset.action)") == [real, real + "*"]
    page.keyboard.press("Escape")  # back to the highlighted slots
    page.wait_for_selector("#hint button.choice", state="detached")
    seq = host.seq()
    slot.click()
    page.locator(f'#hint button.choice[data-action="{real}"]').click()
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
    page.wait_for_selector(f".maze .layer-cards .card[data-face=up][data-slot='{where}']")
