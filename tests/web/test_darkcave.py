"""The Dark Cave in the browser: a person and bots play it in real Chromium through the UI.

The person lays a card, then walks by clicking a highlighted field (the dwarf's piece stands on
that field afterwards); the board shows the dwarfs, the face-down goals and the walk; the game is
played to the end (the person proposes to end it until the bots agree) and the result shows every
character.  A second run is in German at phone width and walks by the arrow keys.  Screenshots
(``client-darkcave.png``, ``client-darkcave-phone.png``) go to a temporary folder, or to the docs'
pictures with ``SABOTEUR_SCREENSHOTS=docs/img``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.web.harness import Player, create_table, screenshot_folder, wait_for, wait_my_turn

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser tests are skipped then (conftest.py)
    PlaywrightTimeout = TimeoutError  # type: ignore[misc,assignment]

WALK = ".maze .target-field"


def phase(page: Any) -> str:
    """The phase as the page shows it: by the buttons and choices on offer."""
    if page.locator("#hand .gold-card.orientation").count():
        return "reveal"
    for action in ("stop", "endure", "agree"):
        if page.locator(f"#table-actions [data-action={action}]").count():
            return action
    return "play"


def lay_a_card(person: Player) -> bool:
    """Lay a path card where it fits farthest from the start; False if none fits."""
    page = person.page
    for index in range(len(person.hand())):
        card = f'#hand .hand-card[data-index="{index}"]'
        page.click(card)
        try:
            page.wait_for_selector("#card-menu:not([hidden])", timeout=4000)
        except PlaywrightTimeout:  # a busy machine: the first click may go astray
            page.click(card)
            page.wait_for_selector("#card-menu:not([hidden])")
        place = page.locator("#card-menu .menu-item.kind-place:not([disabled])")
        if not place.count():  # its targets are highlighted at once: back from them, then the menu
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
            page.wait_for_selector("#card-menu", state="hidden")
            continue
        place.click()
        targets = page.locator(".maze .target")
        targets.first.wait_for()
        slots = targets.evaluate_all("els => els.map(e => e.dataset.slot)")
        far = max(range(len(slots)), key=lambda i: sum(abs(int(v)) for v in slots[i].split(",")))
        seq = person.seq()
        targets.nth(far).click()  # the cave grows outwards
        wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
        return True
    return False


def pass_one(person: Player) -> None:
    """Pass discarding the first hand card (picked for the panel's pass)."""
    page = person.page
    seq = person.seq()
    page.click("#table-actions [data-action=discard-two]")
    page.click('#hand .hand-card[data-index="0"]')
    page.click("#table-actions [data-action=pass]:not([disabled])")
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")


def walk_target(page: Any) -> tuple[Any, str] | None:
    """The farthest highlighted field whose way neither costs nor ends the move, else any."""
    spots = page.locator(WALK)
    if not spots.count():
        return None
    badges = spots.evaluate_all("els => els.map(e => e.querySelector('.target-badge').textContent)")
    free = [i for i, b in enumerate(badges) if not b.endswith("!")]
    pick = max(free or range(len(badges)), key=lambda i: int(badges[i].rstrip("!")))
    spot = spots.nth(pick)
    return spot, spot.get_attribute("data-field") or ""


def my_dwarf_field(page: Any) -> str:
    return (
        page.locator(".maze .token[data-kind=dwarf][data-owner='0']").get_attribute("data-field")
        or ""
    )


def settle(person: Player, before: int) -> None:
    """Wait until a walk of several steps is done: no new view for a moment."""
    page = person.page
    wait_for(page, f"Number(document.body.dataset.seq) > {before}")
    last, still = person.seq(), time.monotonic()
    while time.monotonic() - still < 1.2:
        time.sleep(0.1)
        if person.seq() != last:
            last, still = person.seq(), time.monotonic()


def lay_and_walk(person: Player, shot: Path | None = None, keys: bool = False) -> str:
    """Turns until one lays a card and walks to a highlighted field; returns that field."""
    page = person.page
    for _ in range(8):
        assert wait_my_turn(person)
        seq = person.seq()
        if phase(page) != "play" or person.seq() != seq or not person.my_turn():
            finish_decision(person, end=False)
            continue
        if not lay_a_card(person):
            pass_one(person)
        if not wait_my_turn(person, 10) or phase(page) != "stop":
            continue
        found = walk_target(page)
        if found is None:
            finish_decision(person, end=False)
            continue
        spot, field = found
        assert page.locator(".maze .token[data-kind=dwarf]").count() >= 2
        assert page.locator(".maze .card[data-face=down]").count() >= 3  # goals face down
        if shot is not None:
            for _ in range(3 if keys else 2):
                page.click("#zoom-in")
            page.screenshot(path=str(shot))
        seq = person.seq()
        if keys:
            page.focus('#hand .hand-card[data-index="0"]')
            focused = "document.activeElement?.classList.contains('target-field')"
            for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
                page.keyboard.press(key)
                if page.evaluate(focused):
                    break
            assert page.evaluate(focused)
            field = page.evaluate("document.activeElement.dataset.field")
            steps = int(page.evaluate("document.activeElement.dataset.steps"))
            page.keyboard.press("Enter")
        else:
            steps = int(spot.get_attribute("data-steps") or "1")
            # zoomed in, the field may lie under the page's header: bring it to the middle first
            spot.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
            spot.click()
        wait_for(
            page,
            "f => document.querySelector(\".maze .token[data-kind=dwarf][data-owner='0']\")"
            "?.dataset.field === f",
            arg=field,
            timeout=20_000,
        )  # the way's steps were sent one by one: the dwarf stands on that field
        settle(person, seq)
        assert my_dwarf_field(page) == field, (field, steps)
        if person.my_turn() and phase(page) == "stop":
            seq = person.seq()
            page.click("#table-actions [data-action=stop]")
            wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
        return field
    raise AssertionError("no card could be laid and walked in eight turns")


def finish_decision(person: Player, end: bool = True) -> None:
    """One decision to get on with the game: stop walking, endure, the first way a goal lies, a
    vote (agree if ``end``, else refuse), else (playing) propose to end the game (if ``end``) or
    pass."""
    page = person.page
    seq = person.seq()
    what = phase(page)
    if person.seq() != seq or not person.my_turn():
        return  # the view changed meanwhile: look again
    if what == "agree" and not end:
        what = "refuse"
    if what == "reveal":
        page.locator("#hand .gold-card.orientation").first.click()
    elif what in ("stop", "endure", "agree", "refuse"):
        page.click(f"#table-actions [data-action={what}]")
    elif end and page.locator("#table-actions [data-action=propose-end]").count():
        page.click("#table-actions [data-action=propose-end]")
    else:
        pass_one(person)
        return
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")


def test_a_person_and_bots_walk_through_the_dark_cave(
    people: Callable[..., Player], tmp_path: Path
) -> None:
    dora = people("Dora")
    page = dora.page
    create_table(dora, "darkcave", 3, ("random", "random"))
    page.wait_for_selector(".maze .layer-cards .card[data-card=start][data-face=up]")
    assert page.locator(".maze .card[data-face=down][data-goal=hidden]").count() == 4
    assert page.locator(".maze .token[data-kind=dwarf]").count() == 3
    assert "clan" in page.inner_text("#my-role")
    assert lay_and_walk(dora)
    for _ in range(2):  # the cave grows (the bots lay cards too) before the picture
        assert lay_and_walk(dora)
    picture = screenshot_folder(tmp_path) / "client-darkcave.png"
    assert lay_and_walk(dora, picture)
    assert picture.stat().st_size > 10_000

    deadline = time.monotonic() + 240
    while wait_my_turn(dora, 120):
        assert time.monotonic() < deadline, "no end"
        finish_decision(dora)
    box = page.locator("#overlay .overlay-box")
    text = box.inner_text()
    assert "The game is over" in text and ("clan wins" in text or "A draw" in text)
    characters = box.locator("tbody tr").evaluate_all("els => els.map(e => e.dataset.character)")
    assert len(characters) == 3
    assert all(c.split("-")[1] in ("loyal", "saboteur") for c in characters)
    assert box.locator(".treasure").count() == 2


def test_german_at_phone_width_walks_by_keys(people: Callable[..., Player], tmp_path: Path) -> None:
    ida = people("Ida", (390, 844), True)
    page = ida.page
    page.click('[data-lang="de"]')
    create_table(ida, "darkcave", 2, ("heuristic",))
    assert "Clan" in page.inner_text("#my-role")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, width  # nothing wider than the phone
    lay_and_walk(ida, screenshot_folder(tmp_path) / "client-darkcave-phone.png", keys=True)
    feed = page.locator("#feed li").all_inner_texts()
    assert any("Zwerg" in line or " hat " in line or "legt" in line for line in feed), feed
