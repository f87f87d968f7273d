"""Whole games in three browser contexts, through the UI only: cards, menus and targets."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.web.harness import PATH_CARD, Player, play_until, wait_for


def table_of_three(
    people: Callable[..., Player], names: tuple[str, str, str], phone: bool = False
) -> tuple[list[Player], int]:
    """Three people: the first creates a one-round demo game, the others join, the host starts.
    With ``phone``, the last of them uses a phone-width touch screen."""
    players = [people(name) for name in names[:2]]
    players.append(people(names[2], (390, 844), True) if phone else people(names[2]))
    host = players[0]
    game = host.create_game(players=3, demo=True)
    start = host.page.locator(f'#open-games li[data-game="{game}"] [data-action=start]')
    assert start.is_disabled()  # not full yet
    for other in players[1:]:
        other.join(game)
    host.start(game)
    for person in players:
        person.wait_game_window(game)
    return players, game


def game_over(players: list[Player]) -> Callable[[], bool]:
    return lambda: all(p.page.locator("#overlay[data-kind=game-over]").count() for p in players)


def test_three_players_play_a_full_round_to_its_end(people: Callable[..., Player]) -> None:
    players, game = table_of_three(people, ("Anna", "Ben", "Carl"))
    names = [p.name for p in players]
    for person in players:
        page = person.page
        # the game window: maze with the start, three face-down goals, my hand, my role picture
        assert page.locator(".maze .card[data-slot='0,0']").count() == 1
        assert page.locator(".maze .goal[data-goal=hidden]").count() == 3
        assert len(person.hand()) == 6
        assert page.locator("#my-role .role-pic").count() == 1
        assert re.search(r"Gold-digger|Saboteur", page.inner_text("#my-role"))
        seats = page.locator("#players .pname").all_inner_texts()
        assert [seat.removesuffix(" (You)") for seat in seats] == ["Anna", "Ben", "Carl"]
    movers = [p for p in players if p.my_turn()]
    assert len(movers) == 1
    assert movers[0].page.inner_text("#turn-banner") == "Your turn!"
    assert movers[0].page.title().startswith("▶")
    waiting = [p for p in players if p is not movers[0]]
    assert all(p.page.inner_text("#turn-banner").endswith("'s turn") for p in waiting)

    plan = play_until(players, game_over(players))

    assert plan.get("place", 0) >= 3, plan  # tunnels really were laid through the UI
    for person in players:
        page = person.page
        box = page.locator("#overlay .overlay-box")
        assert "The game is over" in box.inner_text()
        rows = box.locator("tbody tr")
        assert rows.count() == 3
        assert [rows.nth(i).locator("td").first.inner_text() for i in range(3)] == names
        assert box.locator(".role-pic").count() == 3  # every role revealed
        assert re.search(r"Winner: ", box.inner_text())
        scores = [int(rows.nth(i).locator("td").last.inner_text()) for i in range(3)]
        assert all(score >= 0 for score in scores)
        assert page.locator("#turn-banner").inner_text() == "Game over"
        feed = page.locator("#feed li").all_inner_texts()
        assert any(" laid a " in line for line in feed)  # words, not codes: tests/test_words.py
        assert any(line.startswith("The game is over") for line in feed)

    # back in the lobby: the finished game and the high-score table show the three players
    anna = players[0]
    anna.page.click('[data-fkey="overlay-lobby"]')
    anna.page.wait_for_selector("#lobby:not([hidden])")
    wait_for(
        anna.page,
        "names => names.every(n => [...document.querySelectorAll('#highscores td')]"
        ".some(td => td.textContent === n))",
        arg=names,
    )
    finished = anna.page.locator("#finished-games").inner_text()
    assert f"Game #{game}" in finished and "Ben" in finished


def test_reload_and_dropped_connection_restore_the_seat_and_the_keyboard_plays(
    people: Callable[..., Player],
) -> None:
    players, game = table_of_three(people, ("Dora", "Emil", "Finn"))
    play_until(players, lambda: players[0].seq() >= 3, max_turns=3)

    # a reload: the stored token brings the same seat, hand and role back
    emil = players[1]
    hand, role = emil.hand(), emil.page.inner_text("#my-role")
    emil.page.reload()
    emil.wait_game_window(game)
    wait_for(emil.page, "document.querySelectorAll('#hand .hand-card').length > 0")
    assert emil.hand() == hand
    assert emil.page.inner_text("#my-role") == role
    assert "Emil (You)" in emil.page.locator("#players .player.me").inner_text()
    assert emil.page.locator("#players .player.me").get_attribute("data-seat") == "1"
    assert emil.page.locator("#feed li").count() > 0  # the feed came back too

    # a dropped connection: the client says so, reconnects by itself and keeps the window
    finn = players[2]
    finn_hand = finn.hand()
    finn.page.evaluate("window.saboteur.conn.drop()")
    finn.page.wait_for_selector("#conn[data-status=closed]")
    finn.page.wait_for_selector("#conn[data-status=open]", timeout=15_000)
    finn.wait_game_window(game)
    assert finn.hand() == finn_hand

    # the player to move plays one turn with the keyboard alone
    mover = next(p for p in players if p.my_turn())
    page = mover.page
    seq = mover.seq()
    cards = mover.hand()
    index = next((i for i, card in enumerate(cards) if PATH_CARD.match(card)), 0)
    page.focus(f'#hand .hand-card[data-index="{index}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#card-menu:not([hidden])")
    page.keyboard.press("Escape")  # Escape closes the menu, focus goes back to the card
    page.wait_for_selector("#card-menu", state="hidden")
    assert page.evaluate("document.activeElement.dataset.index") == str(index)
    page.keyboard.press("Enter")
    page.wait_for_selector("#card-menu:not([hidden])")
    focused_kind = page.evaluate("document.activeElement.dataset.kind")
    assert focused_kind  # the first enabled choice has the focus
    if focused_kind == "place":
        page.keyboard.press("Enter")
        page.wait_for_selector(".maze .target")
        assert page.evaluate("document.activeElement.classList.contains('target')")
        page.keyboard.press("Space")
    else:  # no path card in the hand: Tab on to discarding the card
        for _ in range(12):
            if page.evaluate("document.activeElement.dataset.kind") == "discard":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.kind") == "discard"
        page.keyboard.press("Enter")
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
    assert len(mover.hand()) == 6  # played one card and drew one


def test_turning_a_path_card_switches_its_shape_and_slots(people: Callable[..., Player]) -> None:
    players, _game = table_of_three(people, ("Gus", "Hal", "Ida"))
    mover = next(p for p in players if p.my_turn())
    page = mover.page
    asym = [i for i, card in enumerate(mover.hand()) if PATH_CARD.match(card)]
    for index in asym:
        page.click(f'#hand .hand-card[data-index="{index}"]')
        if page.locator("#card-menu [data-kind=turn]").count():
            break
        page.keyboard.press("Escape")
    else:
        return  # no turnable path card in this hand: nothing to check
    card = page.get_attribute(f'#hand .hand-card[data-index="{index}"]', "data-card")
    label = page.inner_text("#card-menu .menu-head")
    page.click("#card-menu [data-kind=turn]")
    assert page.inner_text("#card-menu .menu-head") != label  # the card is shown turned
    page.keyboard.press("r")  # and back
    assert page.inner_text("#card-menu .menu-head") == label
    place = page.locator("#card-menu [data-kind=place]")
    if place.is_disabled():
        return
    place.click()
    ghosts = page.locator(".maze .target").evaluate_all("els => els.map(e => e.dataset.action)")
    assert ghosts and all(a.split("@")[0] in (card, turned(card)) for a in ghosts)
    shape = ghosts[0].split("@")[0]
    assert all(a.startswith(shape + "@") for a in ghosts)  # one orientation at a time
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    assert page.locator(".maze .target").count() == 0


def turned(shape: str) -> str:
    flip = {"N": "S", "S": "N", "E": "W", "W": "E"}
    dead = shape.startswith("x")
    sides = {flip[s] for s in shape.lstrip("x")}
    return ("x" if dead else "") + "".join(s for s in "NESW" if s in sides)


def test_a_spectator_watches_without_a_hand(people: Callable[..., Player]) -> None:
    players, game = table_of_three(people, ("Jo", "Kai", "Lu"))
    watcher = people("Mia")
    watcher.page.click(f'#active-games li[data-game="{game}"] [data-action=watch]')
    watcher.page.wait_for_selector("#game:not([hidden])")
    assert watcher.page.inner_text("#my-role") == "You are watching"
    assert watcher.hand() == []
    assert watcher.page.locator(".maze .goal[data-goal=hidden]").count() == 3
    seq = players[0].seq()
    play_until(players, lambda: players[0].seq() > seq, max_turns=1)
    wait_for(watcher.page, f"Number(document.body.dataset.seq) > {seq}")
    assert watcher.page.locator("#feed li").count() > 0
    # a table opened while the game window is on screen: not sent to it, but in the lobby on
    # the way back
    newcomer, onlooker = people("Ned"), people("Ola")
    table = newcomer.create_game(players=3)
    onlooker.page.wait_for_selector(f'#open-games li[data-game="{table}"]')  # the feed went out
    watcher.page.wait_for_timeout(300)
    shown = "id => window.saboteur.S.games.open.some(g => g.id === id)"
    assert not watcher.page.evaluate(shown, table)
    watcher.page.click("#to-lobby")
    watcher.page.wait_for_selector(f'#open-games li[data-game="{table}"]')


def test_a_phone_player_plays_by_touch(people: Callable[..., Player]) -> None:
    players, _game = table_of_three(people, ("Ola", "Per", "Quy"), phone=True)
    phone = players[2]
    page = phone.page
    # one column: the maze above the hand, the players below it
    maze, hand = page.locator(".board").bounding_box(), page.locator("#hand").bounding_box()
    assert maze and hand and maze["y"] + maze["height"] <= hand["y"]
    assert maze["width"] <= 390
    play_until(players, phone.my_turn, max_turns=3)
    seq = phone.seq()
    cards = phone.hand()
    index = next((i for i, card in enumerate(cards) if PATH_CARD.match(card)), 0)
    page.tap(f'#hand .hand-card[data-index="{index}"]')
    sheet = page.locator("#card-menu")
    sheet.wait_for()
    box = sheet.bounding_box()
    assert box and abs(box["y"] + box["height"] - 844) < 2  # a sheet at the bottom of the screen
    place = page.locator("#card-menu [data-kind=place]:not([disabled])")
    if place.count():
        place.tap()
        page.locator(".maze .target").first.tap()
    else:
        page.tap("#card-menu [data-kind=discard]")
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
    assert not phone.my_turn()


def test_a_host_plays_two_bots_to_the_end(people: Callable[..., Player]) -> None:
    dora = people("Hedda")
    page = dora.page
    game = dora.create_game(players=3, demo=True, bots=("heuristic", "random"))
    seats = page.locator(f'#open-games li[data-game="{game}"] .seatlist li')
    assert seats.all_inner_texts() == ["Hedda", "Frar (Bot: heuristic)", "Groin (Bot: random)"]
    dora.start(game)
    dora.wait_game_window(game)
    assert page.locator("#players .pbot").count() == 2
    # icons drawn as SVG, not emoji a machine may lack the font for
    assert page.locator("#players .pbot svg.icon-bot").count() == 2
    assert page.locator("#players .hand-size svg.icon-card").count() == 3
    assert not any(ch in page.inner_text("#players") for ch in "\U0001f916\U0001f0a0")
    play_until([dora], game_over([dora]))
    assert "The game is over" in page.locator("#overlay .overlay-box").inner_text()
