"""The results panels in the browser (issue 23, item 2): the round panel tells who found the gold,
who was what and who got which gold; the final panel a round-by-round table; gold shows as its
value wherever it is known; the gold choice is never covered. In English and in German."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.web.harness import Player, play_until

ROUND = "#overlay:not([hidden])[data-kind=round]"
OVER = "#overlay:not([hidden])[data-kind=game-over]"
VALUE = re.compile(r"(\d+)")  # a known value, after the gold icon (an SVG, no text)
LANGS = ("en", "de")
WORDS: dict[str, tuple[object, object]] = {  # what the panels say, in English and in German
    "round": ("Round 1 is over", "Runde 1 ist vorbei"),
    "reached": ("reached the gold", "hat das Gold erreicht"),
    "winner": (r"reached the gold|not reached", r"hat das Gold erreicht|nicht erreicht"),
    "finder": ("— found the gold", "— hat das Gold gefunden"),
    "round_heads": (
        ["Player", "Role in round 1", "Gold won"],
        ["Spieler", "Rolle in Runde 1", "Gewonnenes Gold"],
    ),
    "secret": (r"\d+ cards?|–", r"\d+ Karten?|–"),
    "my_gold": (r"Your gold: (\d+)", r"Dein Gold: (\d+)"),
    "over": ("The game is over", "Das Spiel ist aus"),
    "final_heads": (
        ["Player", "Round 1", "Round 2", "Gold in all"],
        ["Spieler", "Runde 1", "Runde 2", "Gold insgesamt"],
    ),
    "winners": ("Winner: ", "Gewonnen: "),
    "feed": (" laid a ", " hat "),
}


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


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_panel_and_the_final_table_tell_the_story(
    people: Callable[..., Player], lang: str
) -> None:
    words = {key: texts[LANGS.index(lang)] for key, texts in WORDS.items()}
    host = people(f"Ida{lang}")
    page = host.page
    game = host.create_game(players=3, demo=False, rounds=2, bots=("random", "random"))
    host.start(game)
    host.wait_game_window(game)
    page.click(f'[data-lang="{lang}"]')
    play_until([host], _shown(host, ROUND), max_turns=120, seconds=240)

    # the round panel: who won and how, who found the gold, who was what, who got which gold
    box = page.locator("#overlay .overlay-box")
    assert box.locator("h2").inner_text() == words["round"]
    winner = box.locator("p.winner").inner_text()
    assert re.search(str(words["winner"]), winner)
    finders = [f.strip() for f in box.locator("tbody .finder").all_inner_texts()]
    assert finders == ([words["finder"]] if words["reached"] in winner else []), finders
    assert box.locator("thead th").all_inner_texts() == words["round_heads"]
    rows = box.locator("tbody tr")
    assert rows.count() == 3 and box.locator(".role-pic").count() == 3  # who was what
    mine = box.locator("tbody tr.me td.gold").inner_text()
    won = _gold(mine)  # my own gold: its value
    for other in box.locator("tbody tr:not(.me) td.gold").all_inner_texts():
        assert re.fullmatch(str(words["secret"]), other), other  # the others' value is secret
    # the players panel shows my gold as its value, the same as my own panel
    held = re.search(str(words["my_gold"]), page.inner_text("#my-role"))
    assert held is not None and int(held.group(1)) == won
    mine_held = page.locator("#players .player.me .gold-count")
    assert (
        mine_held.inner_text().strip() == str(won) and mine_held.locator(".icon-gold").count() == 1
    )
    page.click('[data-fkey="overlay-close"]')
    page.wait_for_selector("#overlay[hidden]:not([data-kind])", state="attached")  # nothing shown

    # the final panel: role and gold per round (all values known now) and the total
    play_until([host], _shown(host, OVER), max_turns=120, seconds=240)
    box = page.locator("#overlay .overlay-box")
    assert box.locator("h2").inner_text() == words["over"]
    assert box.locator("thead th").all_inner_texts() == words["final_heads"]
    assert str(words["winners"]) in box.inner_text()
    rows = box.locator("tbody tr")
    assert rows.count() == 3
    assert box.locator(".role-pic").count() == 6  # every role of both rounds
    for i in range(3):
        cells = rows.nth(i).locator("td")
        per_round = [_gold(t) for t in cells.locator(".gold").all_inner_texts()]
        assert len(per_round) == 2
        assert int(cells.last.inner_text()) == sum(per_round)
    assert box.locator("tbody tr.me td").nth(1).locator(".gold").inner_text() == mine
    you = page.eval_on_selector(
        "#overlay tbody tr.me td", "td => getComputedStyle(td, '::after').content"
    )
    assert you == ('" (Du)"' if lang == "de" else '" (You)"')  # "you" in words, not a ★
    gold = page.locator("#players .gold-count").all_inner_texts()
    assert all(VALUE.fullmatch(g.strip()) for g in gold), (
        gold
    )  # the game is over: every value known
    assert page.locator("#players .gold-count .icon-gold").count() == 3
    assert "◆" not in page.inner_text("#game")  # gold is drawn, not a character a font must have
    feed = " ".join(page.locator("#feed li").all_inner_texts())
    assert str(words["feed"]) in feed and not re.search(r"\(-?\d+,-?\d+\)", feed)  # words
