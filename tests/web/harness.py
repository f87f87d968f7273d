"""A real server in a subprocess and a headless Chromium, for the browser tests and the screenshots.

Everything talks to 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("SABOTEUR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
PATH_CARD = re.compile(r"^x?N?E?S?W?$")
BOT_DELAY = 0.1  # seconds a bot waits before it moves in the browser tests (the server's: 0.7)


def screenshot_folder(tmp_path: Path) -> Path:
    """Where a test saves its screenshots: ``SABOTEUR_SCREENSHOTS`` (``=docs/img`` refreshes the
    documentation's pictures), else the test's temporary folder, so a test run changes no file."""
    folder = os.environ.get("SABOTEUR_SCREENSHOTS")
    return Path(folder) if folder else tmp_path


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[dev]')"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (run scripts/setup-browser.sh as root)"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


ROOT = Path(__file__).resolve().parents[2]


def plugin_env(rulesets: tuple[str, ...]) -> dict[str, str]:
    """The environment of a server that also registers ``rulesets`` (``module:NAME``), importable
    from the repository's root (e.g. ``tests.toy:TOY``)."""
    env = dict(os.environ)
    if rulesets:
        env["SABOTEUR_RULESETS"] = ",".join(rulesets)
        path = [str(ROOT), *filter(None, [env.get("PYTHONPATH")])]
        env["PYTHONPATH"] = os.pathsep.join(path)
    return env


@contextlib.contextmanager
def running_server(
    data_dir: Path,
    timeout: float = 30.0,
    rulesets: tuple[str, ...] = (),
    bot_delay: float = BOT_DELAY,
) -> Iterator[str]:
    """`saboteur server` on a free port of 127.0.0.1, SQLite in data_dir; yields its URL.
    ``rulesets`` names plug-in rulesets to register too (``SABOTEUR_RULESETS``); bots wait
    ``bot_delay`` seconds before a move (shorter than a server's: no one follows)."""
    port = free_port()
    log = (data_dir / "server.log").open("wb")
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "saboteur.cli", "server", str(port), "--host", "127.0.0.1"),
            *("--data-dir", str(data_dir), "--log-level", "warning"),
            *("--bot-delay", str(bot_delay)),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=plugin_env(rulesets),
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: see {data_dir / 'server.log'}")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


def wait_for(page: Any, expression: str, arg: Any = None, timeout: float = 10_000) -> Any:
    """Like ``page.wait_for_function``, which the server's Content-Security-Policy stops (it
    evaluates the expression in the page with ``eval``): polls ``page.evaluate`` until the
    expression (or function of ``arg``) is true, for at most ``timeout`` milliseconds."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true within {timeout / 1000:g} s: {expression}")
        page.wait_for_timeout(50)


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


class Player:
    """One person at one browser context, driving the client through its UI only."""

    def __init__(
        self,
        browser: Any,
        base: str,
        name: str,
        viewport: tuple[int, int] = (1280, 800),
        touch: bool = False,
        bypass_csp: bool = False,
    ):
        self.name = name
        self.base = base
        self.context = browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]},
            reduced_motion="reduce",
            has_touch=touch,
            is_mobile=touch,
            bypass_csp=bypass_csp,  # only to inject a test's own script (axe-core)
        )
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.on("console", self._console)
        self.page.on("dialog", self._dialog)
        self.page.set_default_timeout(10_000)

    def _console(self, message: Any) -> None:
        """A breach of the server's Content-Security-Policy counts as an error of the page."""
        if message.type == "error" and "Content Security Policy" in message.text:
            self.errors.append(message.text)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def open(self, query: str = "") -> Player:
        self.page.goto(f"{self.base}/{query or '?name=' + self.name}")
        self.page.wait_for_selector("#lobby:not([hidden]), #game:not([hidden])")
        return self

    def close(self) -> None:
        self.context.close()

    # -- lobby ---------------------------------------------------------------------------------

    def create_game(
        self,
        players: int = 3,
        demo: bool = True,
        rounds: int = 3,
        bots: tuple[str, ...] = (),
        ruleset: str = "classic",
    ) -> int:
        """Create a game in the dialog; ``bots`` sets seats 2, 3, … to these bot kinds; a
        ``ruleset`` other than classic fixes the seats and has no demo."""
        page = self.page
        before = set(self.open_game_ids())
        page.click("#new-game-btn")
        page.check(f"#new-game-form input[name=ruleset][value={ruleset}]")
        if ruleset == "classic":
            page.locator("#new-game-form input[name=players]").fill(str(players))
        if demo and ruleset == "classic":
            page.check("#new-game-form input[name=demo]")
        else:
            page.select_option("#new-game-form select[name=rounds]", str(rounds))
        for seat, kind in enumerate(bots, start=1):
            page.select_option(f"#new-game-form select[name=seat-{seat}]", kind)
        page.click("#new-game-form button[value=create]")
        mine = "#open-games li.game.mine"
        wait_for(
            page,
            "([sel, before]) => [...document.querySelectorAll(sel)]"
            ".some(li => !before.includes(Number(li.dataset.game)))",
            arg=[mine, sorted(before)],
        )
        ids = [
            int(x) for x in page.locator(mine).evaluate_all("els => els.map(e => e.dataset.game)")
        ]
        return max(set(ids) - before)

    def open_game_ids(self) -> list[int]:
        found = self.page.locator("#open-games li.game").evaluate_all(
            "els => els.map(e => Number(e.dataset.game))"
        )
        return [int(x) for x in found]

    def join(self, game: int) -> None:
        self.page.click(f'#open-games li[data-game="{game}"] button[data-action=join]')
        self.page.wait_for_selector(f'#open-games li.mine[data-game="{game}"]')

    def start(self, game: int) -> None:
        button = self.page.locator(f'#open-games li[data-game="{game}"] button[data-action=start]')
        button.wait_for()
        wait_for(
            self.page,
            "sel => { const b = document.querySelector(sel); return b && !b.disabled; }",
            arg=f'#open-games li[data-game="{game}"] button[data-action=start]',
        )
        button.click()

    def wait_game_window(self, game: int) -> None:
        self.page.wait_for_selector("#game:not([hidden]) #hand")
        wait_for(self.page, f"location.hash === '#/game/{game}'")

    def chat(self, text: str, channel: str = "global", to: str | None = None) -> None:
        page = self.page
        page.select_option("#chat .chat-channel", channel)
        if to is not None:
            page.select_option("#chat .chat-to", to)
        page.fill("#chat .chat-input", text)
        page.press("#chat .chat-input", "Enter")

    def chat_texts(self) -> list[str]:
        texts: list[str] = self.page.locator("#chat .chat-line .text").all_text_contents()
        return texts

    # -- the game window -----------------------------------------------------------------------

    def seq(self) -> int:
        return int(self.page.evaluate("document.body.dataset.seq || '-1'"))

    def my_turn(self) -> bool:
        return bool(self.page.evaluate("document.body.dataset.myTurn === 'true'"))

    def hand(self) -> list[str]:
        cards: list[str] = self.page.locator("#hand .hand-card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        return cards

    def close_round_result(self) -> None:
        """If a round's result is on show, read it and go on (it covers the hand)."""
        result = self.page.locator('#overlay:not([hidden]) [data-fkey="overlay-close"]')
        if result.count():
            result.click()
            self.page.wait_for_selector("#overlay", state="hidden")

    def play_turn(self, plan: dict[str, int]) -> str:
        """Take one turn with clicks: gold if offered, else lay a tunnel towards the goals, else
        break or repair, else discard. Returns what was done; counts it in ``plan``.

        With a broken tool of its own it repairs or discards but never breaks back: two people
        who broke each other's tools would otherwise discard to the end of the round."""
        page = self.page
        self.close_round_result()
        gold = page.locator("#hand .gold-card")
        if gold.count():
            gold.first.click()
            return self._done(plan, "gold")
        cards = self.hand()
        blocked = page.locator("#players .player.me .tool-icon").count() > 0  # a broken tool
        order = sorted(
            range(len(cards)), key=lambda i: (not PATH_CARD.match(cards[i]), cards[i] == "rockfall")
        )
        for index in order:
            card = cards[index]
            if card == "rockfall" or (
                blocked and (PATH_CARD.match(card) or card.startswith("break-"))
            ):
                continue
            page.click(f'#hand .hand-card[data-index="{index}"]')
            page.wait_for_selector("#card-menu:not([hidden])")
            item = page.locator(
                "#card-menu .menu-item:not([disabled]):not(.kind-discard):not(.kind-turn)"
            )
            if item.count() == 0:
                page.keyboard.press("Escape")
                page.wait_for_selector("#card-menu", state="hidden")
                continue
            kind = item.first.get_attribute("data-kind") or ""
            item.first.click()
            if kind == "player":
                page.locator("#players .player.target").first.click()
            else:
                targets = page.locator(".maze .target")
                targets.first.wait_for()
                slots = targets.evaluate_all("els => els.map(e => e.dataset.slot)")
                best = max(range(len(slots)), key=lambda i: int(slots[i].split(",")[0]))
                targets.nth(best).click()
            return self._done(plan, kind)
        page.click('#hand .hand-card[data-index="0"]')
        page.click("#card-menu .menu-item.kind-discard")
        return self._done(plan, "discard")

    @staticmethod
    def _done(plan: dict[str, int], kind: str) -> str:
        plan[kind] = plan.get(kind, 0) + 1
        return kind


def play_until(
    players: list[Player], done: Any, max_turns: int = 200, seconds: float = 150.0
) -> dict[str, int]:
    """Let whoever's turn it is play, until ``done()`` is true; bounded in turns and time."""
    plan: dict[str, int] = {}
    deadline = time.monotonic() + seconds
    turns = 0
    while not done():
        if turns >= max_turns or time.monotonic() > deadline:
            raise AssertionError(f"no end after {turns} turns: {plan}")
        mover = next((p for p in players if p.my_turn()), None)
        if mover is None:
            time.sleep(0.05)
            continue
        seq = mover.seq()
        mover.play_turn(plan)
        turns += 1
        wait_for(mover.page, f"Number(document.body.dataset.seq) > {seq}")
        for other in players:  # everyone has seen the move before the next one
            wait_for(other.page, f"Number(document.body.dataset.seq) > {seq}")
    return plan


def create_table(
    host: Player,
    ruleset: str,
    players: int,
    bots: tuple[str, ...],
    numbers: dict[str, int] | None = None,
) -> int:
    """A table of ``ruleset`` for ``players`` made in the new-table dialog, the seats after the
    host's ``bots``, the number fields ``numbers`` (option name -> value) filled in; started."""
    form = "#new-game-form"
    page = host.page
    page.click("#new-game-btn")
    page.check(f"{form} input[name=ruleset][value={ruleset}]")
    page.eval_on_selector(
        f"{form} input[name=players]",
        "(el, n) => { el.value = String(n); el.dispatchEvent(new Event('input', {bubbles: true}));"
        " el.dispatchEvent(new Event('change', {bubbles: true})); }",
        players,
    )
    for name, value in (numbers or {}).items():
        page.fill(f"{form} input[name={name}]", str(value))
    for seat, kind in enumerate(bots, start=1):
        page.select_option(f"{form} select[name=seat-{seat}]", kind)
    page.click(f"{form} button[value=create]")
    table = page.locator("#open-games li.game.mine")
    table.wait_for()
    game = int(table.get_attribute("data-game") or "0")
    host.start(game)
    host.wait_game_window(game)
    return game


def wait_my_turn(person: Player, seconds: float = 60) -> bool:
    """Until it is the person's decision (True) or the game is over (False)."""
    page = person.page
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.locator("#overlay:not([hidden])[data-kind=game-over]").count():
            return False
        if person.my_turn():
            return True
        time.sleep(0.05)
    raise AssertionError("my turn never came")
