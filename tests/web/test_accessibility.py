"""An accessibility audit with axe-core (the npm package, installed by scripts/setup-axe.sh and
injected by Playwright) of the first visit, the lobby, the new-table dialog and a game window, in
English and German: no serious or critical violation (#23)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.harness import ROOT, Player, wait_my_turn

AXE = ROOT / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
  }));
}"""


@pytest.fixture
def auditor(browser: Any, web_server: str) -> Iterator[Player]:
    if not AXE.exists():
        pytest.skip(f"no axe-core at {AXE}: run scripts/setup-axe.sh (npm)")
    person = Player(browser, web_server, "Ada", bypass_csp=True).open()
    yield person
    person.close()
    assert not person.errors, person.errors


def violations(page: Any, also: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now, and those of the
    rules ``also`` names whatever their impact."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [v for v in found if v["impact"] in SERIOUS or v["id"] in also]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_serious_violation_in_the_lobby_dialog_and_game(auditor: Player, lang: str) -> None:
    page = auditor.page
    page.click(f'[data-lang="{lang}"]')
    assert violations(page, also=("page-has-heading-one",)) == [], "the lobby"
    page.click("#new-game-btn")
    page.wait_for_selector("#new-game-dialog[open]")
    assert violations(page) == [], "the new-table dialog"
    page.click("#new-game-form button[value=cancel]")
    game = auditor.create_game(players=3, demo=True, bots=("random", "random"))
    auditor.start(game)
    auditor.wait_game_window(game)
    assert wait_my_turn(auditor)
    assert violations(page) == [], "the game window"
    page.click('#hand .hand-card[data-index="0"]')
    page.wait_for_selector("#card-menu:not([hidden])")
    assert violations(page) == [], "the card menu"


def test_no_serious_violation_on_the_first_visit(browser: Any, web_server: str) -> None:
    """A browser that never chose a nickname sees the login form: its fields are named."""
    if not AXE.exists():
        pytest.skip(f"no axe-core at {AXE}: run scripts/setup-axe.sh (npm)")
    newcomer = Player(browser, web_server, "Zed", bypass_csp=True)
    try:
        newcomer.page.goto(f"{web_server}/")
        newcomer.page.wait_for_selector("#login:not([hidden])")
        assert violations(newcomer.page) == [], "the first visit"
        assert not newcomer.errors, newcomer.errors
    finally:
        newcomer.close()


def test_axe_finds_a_violation_it_is_shown(auditor: Player) -> None:
    """The audit can fail: a form field without a label is found."""
    page = auditor.page
    page.evaluate("document.querySelector('#lobby').append(document.createElement('input'))")
    assert any(v["id"] == "label" for v in violations(page))
