"""Zwergengold in the browser: a person and bots play a whole (short) game in real Chromium.

The person attaches cards where the window frames them (the card shown faintly there as it lies,
in the turn the menu chose), steps onto ringed cards showing their AP cost, answers the phase's
buttons and ends turns until the game is over; the labyrinth shows each card's level, the mages and
every seat's AP. A second run is in German at phone width. Screenshots (``client-zwergengold.png``,
``client-zwergengold-phone.png``) go to a temporary folder, or to the docs' pictures with
``SABOTEUR_SCREENSHOTS=docs/img``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.web.harness import Player, create_table, screenshot_folder, wait_for, wait_my_turn

RINGS = ".maze .target-field"
BUTTONS = ("enter", "potion:ap", "retreat", "refuse", "done", "order:0,1,2", "order:0,1", "order:0")


def sent(person: Player, click: Callable[[], None]) -> None:
    """Click, then wait for the view that answers it."""
    seq = person.seq()
    click()
    wait_for(person.page, f"Number(document.body.dataset.seq) > {seq}", timeout=20_000)


def press(target: Any) -> None:
    """Choose a target in the maze by the keyboard (a zoomed maze may hide it under the hand)."""
    target.focus()
    target.page.keyboard.press("Enter")


def choose_on_board(person: Player, targets: Any) -> None:
    """Click the first highlighted place; where several actions share it (the card's turns),
    take the first one offered."""
    page = person.page
    seq = person.seq()
    press(targets.first)
    choice = page.locator("#hint .choice")
    deadline = time.monotonic() + 10
    while person.seq() == seq and time.monotonic() < deadline:
        if choice.count():
            choice.first.click()
            break
        time.sleep(0.05)
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}", timeout=20_000)


def attach_a_card(person: Player) -> bool:
    """Attach a hand card at a highlighted place (under the pile if it fits nowhere)."""
    page = person.page
    for index in range(len(person.hand())):
        page.click(f'#hand .hand-card[data-index="{index}"]')
        page.wait_for_selector("#card-menu:not([hidden])")
        attach = page.locator("#card-menu .menu-item[data-key=play]:not([disabled])")
        if attach.count():
            attach.click()
            targets = page.locator(".maze .target-slot")
            targets.first.wait_for()
            labels = targets.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
            assert all("→" in label for label in labels), labels  # card → (x,y)
            assert page.locator(".maze .target-slot .ghost").count() == len(labels)  # as it lies
            choose_on_board(person, targets)
            return True
        pile = page.locator("#card-menu .menu-item[data-kind=act]:not([disabled])")
        if pile.count():
            sent(person, pile.first.click)
            return True
        page.keyboard.press("Escape")
    return False


# what the person faces: the round, every seat's AP and mage, the moves offered, the rings drawn
SITUATION = """() => {
  const msg = window.saboteur.gameWindow.msg, view = msg?.view ?? {};
  const rings = [...document.querySelectorAll(".maze .target-field")].map(
    (e) => `${e.dataset.slot}:${e.dataset.cost}`);
  const mages = (view.mages ?? []).map((m) => `(${m})`).join(" ");
  const reach = (view.reach ?? []).map((r) => r.action);
  return `round ${view.round} ${view.phase}: AP ${view.ap} mages ${mages}` +
    `${view.stuck ? " stuck" : ""}; reach [${reach}] rings [${rings}]`;
}"""


def one_decision(person: Player, moves: list[str], attached: list[bool]) -> str:
    """One decision to get on with the game: a phase's button, a ringed card to step onto (a few
    a game), a card to attach (once a turn, so that corridors grow from the mages: else a person
    may never get a card to step onto), the end of the turn, else a highlighted card (far sight,
    the duster, the plan's stairs).  ``attached``: whether a card was attached this turn.
    What it did, in a few words."""
    page = person.page
    for action in BUTTONS:
        button = page.locator(f'#table-actions [data-action="{action}"]')
        if button.count():
            sent(person, button.first.click)
            return action
    rings = page.locator(RINGS)
    if rings.count() and len(moves) < 6:
        badges = rings.evaluate_all("els => els.map(e => e.dataset.cost)")
        assert all(b == "?" or b.isdigit() for b in badges), badges
        moves.append(rings.first.get_attribute("data-slot") or "")
        sent(person, lambda: press(rings.first))
        return f"step to {moves[-1]}"
    if (len(person.hand()) >= 5 or not attached[0]) and attach_a_card(person):
        attached[0] = True
        return "attach"
    end = page.locator("#table-actions [data-action=end]")
    if end.count():
        sent(person, end.click)
        attached[0] = False
        return "end"
    targets = page.locator(".maze .target")
    if targets.count():
        choose_on_board(person, targets)
        return "a card on the board"
    if not attach_a_card(person):
        raise AssertionError("no way on: " + page.inner_text("#table-actions"))
    return "attach (hand full)"


def test_a_person_and_bots_play_zwergengold_to_the_end(
    people: Callable[..., Player], tmp_path: Path
) -> None:
    zara = people("Zara")
    page = zara.page
    moves: list[str] = []
    picture = screenshot_folder(tmp_path) / "client-zwergengold.png"
    most = 0  # the most cards the maze showed (a level's maze starts anew)
    attached = [False]  # a card attached in this turn of the person's
    games: list[list[str]] = []  # each game's decisions of the person, with what it faced
    for attempt in range(5):  # a game may give the person no ringed card to step onto: play again
        # (about one in 40, as the engine plays it: a bot reaches the gold first, or the random
        # bot's duels on the start card leave the person no AP to move with, or no card it can
        # pay for is next to it; the failure's message shows each turn of the person's)
        if attempt:
            page.evaluate("location.hash = '#/'")  # back to the lobby
            page.wait_for_selector("#lobby:not([hidden])")
        create_table(zara, "zwergengold", 3, ("heuristic", "random"), {"rounds": 6})
        page.wait_for_selector(".maze .layer-cards .card[data-card=start][data-level='1']")
        assert not page.locator("#overlay[data-kind]").count(), "the last game's panel is gone"
        assert page.locator(".maze .token[data-kind=mage]").count() == 3
        aps = page.locator(".zg-ap").evaluate_all("els => els.map(e => e.dataset.ap)")
        assert aps == ["7", "7", "7"]
        assert "AP" in page.inner_text("#my-role")
        deadline = time.monotonic() + 300
        games.append([])
        attached[0] = False
        while wait_my_turn(zara, 120):
            assert time.monotonic() < deadline, "no end"
            shown = page.locator(".maze .layer-cards .card").count()
            most = max(most, shown)
            if not picture.exists() and shown >= 6:
                page.click("#zoom-in")
                page.screenshot(path=str(picture))
            situation = page.evaluate(SITUATION)
            games[-1].append(f"{situation} -> {one_decision(zara, moves, attached)}")
        if moves and most > 3:  # (a bot may also find the gold before the maze has grown)
            break
    told = "\n\n".join(f"game {n}:\n" + "\n".join(notes) for n, notes in enumerate(games, 1))
    assert moves, f"in five games the person never stepped onto a ringed card:\n{told}"
    levels = page.locator(".maze .layer-cards .card").evaluate_all(
        "els => els.map(e => e.dataset.level)"
    )
    assert most > 3, f"in five games the maze never showed more than {most} cards:\n{told}"
    assert levels and all(level.lstrip("-").isdigit() for level in levels)
    text = page.locator("#overlay .overlay-box").inner_text()
    assert "The game is over" in text
    assert page.locator("#overlay tbody tr").count() == 3


def test_german_at_phone_width(people: Callable[..., Player], tmp_path: Path) -> None:
    ida = people("Ida", (390, 844), True)
    page = ida.page
    page.click('[data-lang="de"]')
    create_table(ida, "zwergengold", 2, ("heuristic",), {"rounds": 5})
    page.wait_for_selector(".maze .layer-cards .card[data-card=start]")
    assert wait_my_turn(ida)
    assert "Dein Magier" in page.inner_text("#my-role")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, width  # nothing wider than the phone
    title = page.locator(".maze .layer-cards .card[data-card=start] title").text_content() or ""
    assert "Ebene 1" in title, title
    page.screenshot(path=str(screenshot_folder(tmp_path) / "client-zwergengold-phone.png"))
