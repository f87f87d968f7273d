"""The results panels in the browser (issue 23, item 2): the round panel tells who found the gold,
who was what and who got which gold; the final panel a round-by-round table; gold shows as its
value wherever it is known; the gold choice is never covered. In English and in German."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.web.harness import Player, play_until

ROUND = "#overlay:not([hidden])[data-kind=round]"
OVER = "#overlay:not([hidden])[data-kind=game-over]"
VALUE = re.compile(r"◆ (\d+)")


def _shown(person: Player, selector: str) -> Callable[[], bool]:
    def check() -> bool:
        page = person.page
        if page.locator("#hand .gold-card").count():  # the gold choice is never covered
            assert page.locator("#overlay").is_hidden()
        return bool(page.locator(selector).count())

    return check


def _gold(text: str) -> int:
    found = VALUE.fullmatch(text.strip())
    assert found, text
    return int(found.group(1))


def test_the_round_panel_and_the_final_table_tell_the_story(people: Callable[..., Player]) -> None:
    host = people("Ida")
    page = host.page
    game = host.create_game(players=3, demo=False, rounds=2, bots=("random", "random"))
    host.start(game)
    host.wait_game_window(game)
    play_until([host], _shown(host, ROUND), max_turns=120, seconds=240)

    box = page.locator("#overlay .overlay-box")
    assert box.locator("h2").inner_text() == "Round 1 is over"
    winner = box.locator("p.winner").inner_text()
    assert re.search(r"reached the gold|not reached", winner)
    finders = [f.strip() for f in box.locator("tbody .finder").all_inner_texts()]
    assert finders == (["— found the gold"] if "reached the gold" in winner else []), finders
    heads = box.locator("thead th").all_inner_texts()
    assert heads == ["Player", "Role in round 1", "Gold won"]
    rows = box.locator("tbody tr")
    assert rows.count() == 3 and box.locator(".role-pic").count() == 3  # who was what
    mine = box.locator("tbody tr.me td.gold").inner_text()
    won = _gold(mine)  # my own gold: its value
    for other in box.locator("tbody tr:not(.me) td.gold").all_inner_texts():
        assert "◆" not in other and re.fullmatch(r"\d+ cards?|–", other), other  # value secret
    # the players panel shows my gold as its value, the same as "Your gold"
    held_text = re.search(r"Your gold: (\d+)", page.inner_text("#my-role"))
    assert held_text is not None
    held = int(held_text.group(1))
    assert held == won
    assert page.locator("#players .player.me .gold-count").inner_text() == f"◆ {held}"
    page.click('[data-fkey="overlay-close"]')

    play_until([host], _shown(host, OVER), max_turns=120, seconds=240)
    box = page.locator("#overlay .overlay-box")
    assert box.locator("h2").inner_text() == "The game is over"
    heads = box.locator("thead th").all_inner_texts()
    assert heads == ["Player", "Round 1", "Round 2", "Gold in all"]
    rows = box.locator("tbody tr")
    assert rows.count() == 3
    assert box.locator(".role-pic").count() == 6  # every role of both rounds
    for i in range(3):
        cells = rows.nth(i).locator("td")
        per_round = [_gold(t) for t in cells.locator(".gold").all_inner_texts()]  # all known now
        assert len(per_round) == 2
        assert int(cells.last.inner_text()) == sum(per_round)
    assert box.locator("tbody tr.me td").nth(1).locator(".gold").inner_text() == mine


def test_both_panels_in_german(people: Callable[..., Player]) -> None:
    host = people("Greta")
    page = host.page
    game = host.create_game(players=3, demo=False, rounds=2, bots=("random", "random"))
    host.start(game)
    host.wait_game_window(game)
    page.click('[data-lang="de"]')
    play_until([host], _shown(host, ROUND), max_turns=120, seconds=240)
    box = page.locator("#overlay .overlay-box")
    assert box.locator("h2").inner_text() == "Runde 1 ist vorbei"
    assert re.search(r"hat das Gold erreicht|nicht erreicht", box.locator("p.winner").inner_text())
    heads = box.locator("thead th").all_inner_texts()
    assert heads == ["Spieler", "Rolle in Runde 1", "Gewonnenes Gold"]
    assert re.search(r"Goldsucher|Saboteur", box.locator("tbody").inner_text())
    _gold(box.locator("tbody tr.me td.gold").inner_text())  # my own gold: its value
    for other in box.locator("tbody tr:not(.me) td.gold").all_inner_texts():
        assert re.fullmatch(r"\d+ Karten?|–", other), other  # the others' value is secret
    page.click('[data-fkey="overlay-close"]')

    play_until([host], _shown(host, OVER), max_turns=120, seconds=240)
    box = page.locator("#overlay .overlay-box")
    assert box.locator("h2").inner_text() == "Das Spiel ist aus"
    heads = box.locator("thead th").all_inner_texts()
    assert heads == ["Spieler", "Runde 1", "Runde 2", "Gold insgesamt"]
    assert "Gewonnen: " in box.inner_text()
    rows = box.locator("tbody tr")
    assert rows.count() == 3
    for i in range(3):
        cells = rows.nth(i).locator("td")
        per_round = [_gold(t) for t in cells.locator(".gold").all_inner_texts()]
        assert int(cells.last.inner_text()) == sum(per_round)
    gold = page.locator("#players .gold-count").all_inner_texts()
    assert all(VALUE.fullmatch(g) for g in gold), gold  # the game is over: every value is known
    feed = " ".join(page.locator("#feed li").all_inner_texts())
    assert "hat" in feed and not re.search(r"\(-?\d+,-?\d+\)", feed)  # German words, no coordinates
