"""The Duel in the browser: two people play it to the end through the UI, and a screenshot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.web.harness import Player, play_until, screenshot_folder, wait_for


def game_over(players: list[Player]) -> Callable[[], bool]:
    return lambda: all(p.page.locator("#overlay[data-kind=game-over]").count() for p in players)


def duel_of_two(people: Callable[..., Player], names: tuple[str, str]) -> tuple[list[Player], int]:
    """The first creates a one-round Duel in the dialog, the other joins, the host starts."""
    players = [people(name) for name in names]
    host = players[0]
    page = host.page
    page.click("#new-game-btn")
    page.check("#new-game-form input[name=ruleset][value=duel]")
    players_input = page.locator("#new-game-form input[name=players]")
    assert players_input.input_value() == "2" and players_input.is_disabled()
    assert page.locator("#new-game-form .for-classic").first.is_hidden()  # no preset, no demo
    kinds = page.locator("#new-game-form select[name=seat-1] option").evaluate_all(
        "els => els.map(e => e.value)"
    )
    assert kinds == ["", "heuristic", "random"]  # only the bots that can play a duel
    page.click("#new-game-form button[value=cancel]")
    game = host.create_game(ruleset="duel", demo=False, rounds=1)
    listed = players[1].page.locator(f'#open-games li[data-game="{game}"] .meta')
    listed.wait_for()
    assert listed.inner_text().startswith("The Duel")
    players[1].join(game)
    host.start(game)
    for person in players:
        person.wait_game_window(game)
    return players, game


def pass_two(mover: Player) -> None:
    """Turn option D with the panel: pick two hand cards, discard them, draw two."""
    page = mover.page
    seq = mover.seq()
    page.click("#table-actions [data-action=discard-two]")
    page.click('#hand .hand-card[data-index="0"]')
    page.click('#hand .hand-card[data-index="1"]')
    assert page.locator("#hand .hand-card.picked").count() == 2
    page.click("#table-actions [data-action=pass]")
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
    assert len(mover.hand()) == 6


def bribe_if_offered(players: list[Player], done: list[str]) -> None:
    """Turn option B, once, whenever the mover's tunnel reaches a troll: the troll gets the
    mover's marker and the turn goes on (or the game ends, see below)."""
    mover = next((p for p in players if p.my_turn()), None)
    if done or mover is None:
        return
    page = mover.page
    button = page.locator("#table-actions [data-action=bribe]")
    if not button.count() or page.locator("#overlay:not([hidden])").count():
        return
    seq, seat = mover.seq(), players.index(mover)
    button.click()
    target = page.locator(".maze .target").first
    slot = target.get_attribute("data-slot")
    target.click()
    wait_for(page, f"Number(document.body.dataset.seq) > {seq}")
    troll = page.locator(f".maze .card[data-slot='{slot}']")
    assert troll.get_attribute("data-marker") == str(seat)
    assert (troll.get_attribute("data-card") or "").startswith("troll-")
    # the turn goes on (a card is still to be played) unless the bribe ended this one-round
    # game: its marker was the last one, or the opened troll let the tunnel reach the last goal
    ended = "document.querySelector('#overlay[data-kind=game-over]') !== null"
    wait_for(page, f"document.body.dataset.myTurn === 'true' || {ended}")
    assert mover.my_turn() or game_over([mover])()
    done.append(slot or "")


def test_two_people_play_a_duel_to_the_end(people: Callable[..., Player], tmp_path: Path) -> None:
    players, _game = duel_of_two(people, ("Greta", "Bruno"))
    for person in players:
        page = person.page
        # both starts (with their colours), six face-down goals, a hand of six, my dwarf
        assert page.locator(".maze .card[data-card=start-green][data-slot='0,0']").count() == 1
        assert page.locator(".maze .card[data-card=start-blue][data-slot='0,2']").count() == 1
        assert page.locator(".maze .goal[data-goal=hidden]").count() == 6
        assert len(person.hand()) == 6
        assert "dwarf" in page.inner_text("#my-role")
        assert "× 8" in page.inner_text("#my-role .supply-markers")
        assert "× 2" in page.inner_text("#my-role .supply-keys")
    assert "green" in players[0].page.inner_text("#my-role")
    assert "blue" in players[1].page.inner_text("#my-role")
    mover = next(p for p in players if p.my_turn())
    assert mover is players[0]  # the green dwarf starts round 1
    pass_two(mover)

    # the picture for docs/client.md: the green dwarf to move, some way into the round
    plan = play_until(players, lambda: players[0].seq() >= 16 and players[0].my_turn(), 60)
    green = players[0].page
    overlay = green.locator('#overlay:not([hidden]) [data-fkey="overlay-close"]')
    if overlay.count():
        overlay.click()
    green.click('#hand .hand-card[data-index="0"]')
    green.wait_for_selector("#card-menu:not([hidden])")
    picture = screenshot_folder(tmp_path) / "client-duel.png"
    green.screenshot(path=str(picture))
    assert picture.stat().st_size > 10_000
    green.keyboard.press("Escape")

    bribed: list[str] = []

    def finished() -> bool:
        bribe_if_offered(players, bribed)
        return game_over(players)()

    more = play_until(players, finished, max_turns=150, seconds=240)
    plan = {kind: plan.get(kind, 0) + more.get(kind, 0) for kind in {*plan, *more}}

    assert plan.get("place", 0) >= 3, plan  # tunnels really were laid through the UI
    for person in players:
        page = person.page
        box = page.locator("#overlay .overlay-box")
        assert "The game is over" in box.inner_text()
        rows = box.locator("tbody tr")
        assert rows.count() == 2
        assert "Winner: " in box.inner_text()
        assert page.locator("#turn-banner").inner_text() == "Game over"
        feed = page.locator("#feed li").all_inner_texts()
        assert any("laid" in line for line in feed)
        assert any(line.startswith("The game is over") for line in feed)
        assert page.locator(".maze .card").count() > 8


def test_a_duel_against_a_bot_and_german_words(people: Callable[..., Player]) -> None:
    ann = people("Alma")
    page = ann.page
    game = ann.create_game(ruleset="duel", demo=False, rounds=1, bots=("random",))
    seats = page.locator(f'#open-games li[data-game="{game}"] .seatlist li')
    assert seats.all_inner_texts() == ["Alma", "Groin (Bot: random)"]
    ann.start(game)
    ann.wait_game_window(game)
    page.click('[data-lang="de"]')
    assert "Zwerg in grün" in page.inner_text("#my-role")
    play_until([ann], lambda: ann.seq() >= 4, max_turns=4)
    feed = page.locator("#feed li").all_inner_texts()
    assert any(" hat " in line for line in feed), feed  # events in German words
    page.click('[data-lang="en"]')

    watcher = people("Wanda")
    watcher.page.click(f'#active-games li[data-game="{game}"] [data-action=watch]')
    watcher.page.wait_for_selector("#game:not([hidden]) .maze .card")
    assert "You are watching" in watcher.page.inner_text("#my-role")
    assert "dwarf markers left" in watcher.page.inner_text("#my-role")
    assert watcher.hand() == []
    assert watcher.page.locator("#table-actions").is_hidden()
    goals = watcher.page.locator(".maze .goal").evaluate_all("els => els.map(e => e.dataset.goal)")
    assert goals and set(goals) == {"hidden"}  # a spectator never sees a face-down goal

    bribed: list[str] = []  # bribe a troll when the tunnel reaches one (most games, not all)

    def finished() -> bool:
        bribe_if_offered([ann], bribed)
        return game_over([ann])()

    play_until([ann], finished, max_turns=100, seconds=200)
    assert "The game is over" in page.locator("#overlay .overlay-box").inner_text()
    watcher.page.wait_for_selector("#overlay[data-kind=game-over]")


def test_a_solo_game_starts_at_once_and_ends_with_a_rating(people: Callable[..., Player]) -> None:
    sol = people("Solveig")
    page = sol.page
    page.click("#new-game-btn")
    page.check("#new-game-form input[name=ruleset][value=solo]")
    assert page.locator("#new-bots").is_hidden()  # nobody else to seat
    page.check("#new-game-form input[name=colour][value=blue]")
    page.select_option("#new-game-form select[name=rounds]", "1")
    page.click("#new-game-form button[value=create]")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")  # started without a click
    assert page.locator(".maze .card[data-card=start-blue][data-slot='0,1']").count() == 1
    assert "× 6" in page.inner_text("#my-role .supply-markers")
    assert "10 cards set aside" in page.inner_text("#my-role")
    play_until([sol], game_over([sol]), max_turns=80, seconds=150)
    box = page.locator("#overlay .overlay-box")
    assert "You found" in box.inner_text()
    assert box.locator(".rating").count() == 1
    page.click('[data-fkey="overlay-lobby"]')
    page.wait_for_selector("#lobby:not([hidden])")
    wait_for(page, "document.querySelector('#finished-games').textContent.includes('Solo')")
    assert "Solveig" not in page.inner_text("#highscores")  # solo points are not gold won
