"""Accounts in the browser (#21): register a nickname, log in to it from another browser, log
out everywhere, change the password; in English and German."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.web.harness import Player, wait_for

PASSWORD = "mine shaft 42"


def login_error(page: Any) -> str:
    wait_for(page, "document.querySelector('#login-error').textContent !== ''")
    text: str = page.inner_text("#login-error")
    page.evaluate("document.querySelector('#login-error').textContent = ''")
    return text


def test_register_log_in_elsewhere_and_log_out_everywhere(
    browser: Any, web_server: str, people: Callable[..., Player]
) -> None:
    ruth = people("Ruth")
    page = ruth.page
    assert page.is_hidden("#me-mark")
    page.click("#account-btn")
    assert page.is_visible("#register-form") and page.is_hidden("#password-form")
    assert "cannot take the nickname back" in page.inner_text("#account-guest-warning")
    page.fill("#register-password", PASSWORD)
    page.fill("#register-repeat", "mine shaft 43")
    page.click("#register-form button")
    assert page.inner_text("#account-error") == "The two passwords differ."
    page.fill("#register-repeat", PASSWORD)
    page.click("#register-form button")
    page.wait_for_selector("#me-mark:not([hidden]) svg")
    assert "registered" in page.inner_text("#toast")

    # another browser asks for the name: it is refused without the password …
    there = Player(browser, web_server, "Ruth")
    try:
        other = there.page
        other.goto(web_server + "/?name=Ruth")
        other.wait_for_selector("#login:not([hidden])")
        assert "registered" in login_error(other)
        other.click("[data-lang=de]")  # the login screen speaks German too
        assert other.inner_text("label.password span") == "Passwort"
        other.click("[data-lang=en]")
        other.fill("#login-password", "not the password")
        other.click("#login-form button")
        assert login_error(other) == "Wrong nickname or password."
        # … and the right one logs in, as the same registered person
        other.fill("#login-password", PASSWORD)
        other.click("#login-form button")
        other.wait_for_selector("#lobby:not([hidden])")
        assert other.inner_text("#me-name") == "Ruth"
        other.wait_for_selector("#me-mark:not([hidden]) svg")

        # log out everywhere: both browsers are back at the login screen, without a token
        other.click("#account-btn")
        assert other.is_visible("#password-form") and other.is_hidden("#register-form")
        other.click("#logout-all-btn")
        for each in (other, page):
            each.wait_for_selector("#login:not([hidden])")
            assert each.evaluate("localStorage.getItem('saboteur.token')") is None
            assert each.input_value("#login-name") == "Ruth"
    finally:
        there.close()

    # the first browser logs in again, and changes the password
    page.fill("#login-password", PASSWORD)
    page.click("#login-form button")
    page.wait_for_selector("#lobby:not([hidden])")
    page.click("#account-btn")
    page.fill("#password-old", PASSWORD)
    page.fill("#password-new", "deeper shaft 7")
    page.fill("#password-repeat", "deeper shaft 7")
    page.click("#password-form button")
    wait_for(page, "document.querySelector('#toast').textContent.includes('password is changed')")
    assert page.is_hidden("#account-dialog")
    page.reload()  # the session goes on
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.inner_text("#me-name") == "Ruth"


def test_a_guest_in_german_sees_the_account_dialog_in_german(
    people: Callable[..., Player],
) -> None:
    gisela = people("Gisela")
    page = gisela.page
    page.click("[data-lang=de]")
    assert page.inner_text("#account-btn") == "Konto"
    page.click("#account-btn")
    assert "als Gast" in page.inner_text("#account-status")
    assert page.inner_text("#register-form h3") == "Namen registrieren"
    page.click("#logout-btn")  # a guest may log out too: back at the login screen
    page.wait_for_selector("#login:not([hidden])")
    assert page.inner_text("#login-form h1") == "Wähle deinen Spielernamen"
