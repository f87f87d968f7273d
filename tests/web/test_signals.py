"""The turn signalled, not chatted (#23): the tab's title, one quiet line of the event log, a
tone and a notification the player turned on (kept over a reload), and no turn lines in the chat."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.harness import Player, play_until, wait_for, wait_my_turn

# Stand-ins the page sees before its scripts run: a Notification that records what it shows and
# grants when asked (kept over a reload, as a browser does), a tab that can be "hidden", and the
# tones counted as they are made.
WATCH = """
window.__notes = []; window.__tones = 0; window.__hidden = false; window.__asked = 0;
window.Notification = class {
  static get permission() { return sessionStorage.getItem("permission") || "default"; }
  static async requestPermission() {
    window.__asked += 1;
    sessionStorage.setItem("permission", "granted");
    return "granted";
  }
  constructor(title, options) { window.__notes.push([title, options.body]); }
  close() {}
};
Object.defineProperty(Document.prototype, "visibilityState", {
  get() { return window.__hidden ? "hidden" : "visible"; },
});
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return made.call(this);
};
"""


def test_the_turn_rings_and_notifies_but_is_not_chatted(people: Callable[..., Player]) -> None:
    ann = people("Alma")
    page = ann.page
    ann.context.add_init_script(WATCH)
    page.reload()
    page.wait_for_selector("#lobby:not([hidden])")
    game = ann.create_game(ruleset="duel", demo=False, rounds=1, bots=("random",))
    ann.start(game)
    ann.wait_game_window(game)

    # both off at first; turned on, the notification asks the browser then, and not before
    assert not page.is_checked("#turn-sound") and not page.is_checked("#turn-notify")
    assert page.evaluate("window.__asked") == 0
    page.check("#turn-sound")
    page.check("#turn-notify")
    wait_for(page, "window.__asked === 1")
    assert page.is_checked("#turn-notify")

    page.evaluate("window.__hidden = true")  # the player looks at another tab meanwhile
    play_until([ann], lambda: ann.seq() >= 3, max_turns=3)
    assert wait_my_turn(ann)
    wait_for(page, "window.__notes.length > 0")
    title, body = page.evaluate("window.__notes[0]")
    assert title == page.title() == "▶ Your turn — Saboteur" and body == f"Game #{game}"
    assert page.evaluate("window.__tones") >= 2  # the tone's notes

    # the event log says whose turn it is in one line; the chat has no turn line
    assert page.locator("#feed .ev-turn-now").count() == 1
    assert page.inner_text("#feed li:last-child") == page.inner_text("#turn-banner")
    assert not [line for line in ann.chat_texts() if "turn" in line]

    page.reload()  # the choices are remembered
    ann.wait_game_window(game)
    assert page.is_checked("#turn-sound") and page.is_checked("#turn-notify")
