"""The lobby in the browser: nickname, chat channels, whispers, escaping, languages, tables."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.harness import Player, wait_for


def wait_chat(person: Player, text: str) -> None:
    wait_for(
        person.page,
        "text => [...document.querySelectorAll('#chat .chat-line .text')]"
        ".some(el => el.textContent === text)",
        arg=text,
    )


def test_nickname_comes_from_the_address_and_stays_with_the_token(
    people: Callable[..., Player],
) -> None:
    zoe = people("Zoe")
    page = zoe.page
    assert page.inner_text("#me-name") == "Zoe"
    assert "?name=" not in page.url  # used once, then forgotten
    token = page.evaluate("localStorage.getItem('saboteur.token')")
    assert token
    page.reload()
    page.wait_for_selector("#lobby:not([hidden])")
    wait_for(page, "document.querySelector('#me-name').textContent === 'Zoe'")
    assert page.evaluate("localStorage.getItem('saboteur.token')") == token

    # rename through the dialog; everyone's online list follows
    yves = people("Yves")
    page.click("#rename-btn")
    page.fill("#rename-name", "Zoey")
    page.click("#rename-form button[value=ok]")
    wait_for(page, "document.querySelector('#me-name').textContent === 'Zoey'")
    wait_for(
        yves.page,
        "[...document.querySelectorAll('#online .pname')].some(el => el.textContent === 'Zoey')",
    )
    # a taken name is refused with a message, and the name stays
    page.click("#rename-btn")
    page.fill("#rename-name", "Yves")
    page.click("#rename-form button[value=ok]")
    page.wait_for_selector("#toast:not([hidden])")
    assert "taken" in page.inner_text("#toast")
    assert page.inner_text("#me-name") == "Zoey"


def test_first_visit_without_a_name_asks_for_one(browser, web_server) -> None:
    person = Player(browser, web_server, "Quentin")
    try:
        page = person.page
        page.goto(web_server + "/")
        page.wait_for_selector("#login:not([hidden])")
        page.fill("#login-name", "<b>")
        page.click("#login-form button")
        wait_for(page, "document.querySelector('#login-error').textContent !== ''")
        page.fill("#login-name", "Quentin")
        page.click("#login-form button")
        page.wait_for_selector("#lobby:not([hidden])")
        assert page.inner_text("#me-name") == "Quentin"
    finally:
        person.close()


def test_a_whisper_reaches_only_its_target(people: Callable[..., Player]) -> None:
    ann, bob, cid = people("Ann"), people("Bob"), people("Cid")
    for person in (ann, bob, cid):
        wait_for(person.page, "document.querySelectorAll('#online li').length >= 3")
    # choose the receiver from the online list
    ann.page.click('#online button.whisper[aria-label$=" Bob"]')
    assert ann.page.input_value("#chat .chat-channel") == "whisper"
    assert ann.page.input_value("#chat .chat-to") == "Bob"
    ann.page.fill("#chat .chat-input", "the gold is in the middle")
    ann.page.press("#chat .chat-input", "Enter")
    wait_chat(bob, "the gold is in the middle")
    line = bob.page.locator("#chat .chat-line.ch-whisper").last
    assert "Ann → Bob" in line.inner_text()
    wait_chat(ann, "the gold is in the middle")  # the sender sees their own whisper
    # a global line sent after it reaches Cid; the whisper never does
    ann.chat("hello everyone", channel="global")
    wait_chat(cid, "hello everyone")
    assert "the gold is in the middle" not in cid.chat_texts()
    wait_chat(bob, "hello everyone")


def test_chat_shows_markup_as_text(people: Callable[..., Player]) -> None:
    eve, fay = people("Eve"), people("Fay")
    attack = "<img src=x onerror=alert(1)>"
    eve.chat(attack)
    for person in (eve, fay):
        wait_chat(person, attack)
        assert person.page.locator("#chat img").count() == 0
        assert person.page.locator("#chat .chat-line .text").last.inner_text() == attack
    fay.page.reload()  # from the stored history, too
    wait_chat(fay, attack)
    assert fay.page.locator("#chat img").count() == 0
    assert eve.dialogs == [] and fay.dialogs == []


def test_language_switch_is_remembered(people: Callable[..., Player]) -> None:
    gil = people("Gil")
    page = gil.page
    assert page.inner_text("#new-game-btn") == "New game"
    page.click("[data-lang=de]")
    assert page.inner_text("#new-game-btn") == "Neues Spiel"
    assert page.get_attribute("html", "lang") == "de"
    assert page.get_attribute("[data-lang=de]", "aria-pressed") == "true"
    page.reload()
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.inner_text("#new-game-btn") == "Neues Spiel"
    headings = page.locator("#lobby h2").all_text_contents()
    assert "Spieler online (1)" in headings and "Bestenliste" in headings  # with the count
    page.click("[data-lang=en]")
    assert page.inner_text("#new-game-btn") == "New game"


def test_tables_join_leave_and_start_only_by_the_host_when_full(
    people: Callable[..., Player],
) -> None:
    hana, ivo, jan = people("Hana"), people("Ivo"), people("Jan")
    game = hana.create_game(players=3, demo=False, rounds=1)
    row = f'#open-games li[data-game="{game}"]'
    ivo.page.wait_for_selector(row)
    assert "3 players" in ivo.page.inner_text(row)
    ivo.join(game)
    assert ivo.page.locator(f"{row} [data-action=start]").count() == 0  # only the host starts
    ivo.page.click(f"{row} [data-action=leave]")
    ivo.page.wait_for_selector(f"{row} [data-action=join]")
    ivo.join(game)
    jan.join(game)
    # the in-game chat reaches the table only
    jan.chat("ready when you are", channel="game")
    wait_chat(hana, "ready when you are")
    hana.start(game)
    for person in (hana, ivo, jan):
        person.wait_game_window(game)
    assert hana.page.inner_text("#round-info") == "Round 1 of 1"
