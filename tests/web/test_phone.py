"""A phone (390×844, touch): every hand card is on the screen without scrolling sideways, and the
hints speak of taps, not keys; tapping the chosen card again turns it (#23)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.web.harness import PATH_CARD, Player, wait_for, wait_my_turn


def test_the_hand_fits_a_phone_and_hints_speak_of_taps(people: Callable[..., Player]) -> None:
    pia = people("Pia", viewport=(390, 844), touch=True)
    page = pia.page
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    game = pia.create_game(players=3, demo=True, bots=("random", "random"))
    pia.start(game)
    pia.wait_game_window(game)
    assert wait_my_turn(pia)

    cards = page.locator("#hand .hand-card")
    assert cards.count() == 6
    boxes = [cards.nth(i).bounding_box() for i in range(6)]
    for box in boxes:
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert len({round(box["y"]) for box in boxes if box}) == 1  # six cards: one row
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    scrolled, shown = page.eval_on_selector("#hand", "h => [h.scrollWidth, h.clientWidth]")
    assert scrolled <= shown, (scrolled, shown)  # nothing hidden sideways

    # a path card that lies two ways: laid, the hint says tap; tapped again, it turns. The random
    # bots may have broken Pia's tool, or her hand may hold no such card that fits: then she plays
    # her turn otherwise and tries again on her next one (a broken tool may stay broken until the
    # round ends, ~20 of her turns at 3 players: hence 24 tries)
    lay = page.locator("#card-menu .menu-item.kind-place:not([disabled])")
    hands: list[list[str]] = []
    for _ in range(24):
        pia.close_round_result()
        found = _a_turnable_card_to_lay(pia, lay)
        if found is not None:
            index, card = found
            break
        hands.append(pia.hand())
        seq = pia.seq()
        pia.play_turn({})
        wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
        assert wait_my_turn(pia)
    else:
        raise AssertionError(f"no path card to lay that turns in 24 turns: {hands}")
    lay.tap()
    hint = page.inner_text("#hint")
    assert hint.startswith("Tap ") and "tap the card again to turn it" in hint, hint
    assert "Esc" not in hint and "R turns" not in hint
    before = card.get_attribute("aria-label")
    card.tap()
    wait_for(
        page,
        "([sel, was]) => document.querySelector(sel).getAttribute('aria-label') !== was",
        arg=[f'#hand .hand-card[data-index="{index}"]', before],
    )
    assert page.locator("#card-menu").is_hidden()  # still placing, now the other way round


def _a_turnable_card_to_lay(person: Player, lay: Any) -> tuple[int, Any] | None:
    """Open the menu of the first hand card that lies two ways and can be laid now (its index and
    locator), closing the others' menus; None if there is none."""
    page = person.page
    hand = person.hand()
    turnable = [
        i
        for i, c in enumerate(hand)
        if PATH_CARD.match(c) and c.lstrip("x") not in ("NESW", "NS", "EW")
    ]
    for index in turnable:
        card = page.locator(f'#hand .hand-card[data-index="{index}"]')
        card.tap()
        page.wait_for_selector("#card-menu:not([hidden])")
        if lay.count():
            return index, card
        card.tap()  # tapped again with its menu open: closed
        page.wait_for_selector("#card-menu", state="hidden")
    return None
