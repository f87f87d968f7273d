"""Zwergengold in the terminal: every action in words instead of its notation (where a card is
attached and how it is turned, with or without its scroll, the moves with what they cost, the
duels with their AP, the turn's choices), each mage's AP, and a line for the phase.

>>> parse("play:T-duster@3,-1:2")
Parsed(kind='play', card='T-duster', slot=(3, -1), turn=2, seat=None, ap=None, order=())
>>> parse("duel@1:3").ap, parse("order:2,0,1").order, parse("end").kind
(3, (2, 0, 1), 'end')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from saboteur.tui import targets as T
from saboteur.tui.adapters import Adapter, Choice, register
from saboteur.tui.state import GameFeed
from saboteur.tui.texts import Texts

RULESET = "zwergengold"
WORDS = ("enter", "retreat", "agree", "refuse", "done", "end", "potion:ap", "potion:cards")
MOVES = ("step", "under", "trapdoor")
SCROLLS = ("cloak", "pick", "farsight", "foreboding", "hammer", "draught", "duster")
Where = Callable[[int, int], str]
PHASES = ("shown", "grille", "look", "foreboding", "duster", "plan")  # besides "turn"


class Parsed(NamedTuple):
    """An action's parts (None or empty where it has none)."""

    kind: str
    card: str | None = None
    slot: tuple[int, int] | None = None
    turn: int | None = None
    seat: int | None = None
    ap: int | None = None
    order: tuple[int, ...] = ()


_PLAY = re.compile(r"^(play|read):([A-Za-z-]+)@(?:(-?\d+),(-?\d+):([0-3])|pile)$")
_STAIRS = re.compile(r"^stairs@(-?\d+),(-?\d+):([0-3])$")
_DUEL = re.compile(r"^duel@(\d+):(\d+)$")
_ORDER = re.compile(r"^order:([\d,]+)$")
_AT = re.compile(r"^([a-z]+)@(-?\d+),(-?\d+)$")


def parse(action: str) -> Parsed:
    """The parts of a Zwergengold action's notation (``Parsed(kind=action)`` if it has none)."""
    if m := _PLAY.match(action):
        if m[3] is None:  # under the pile
            return Parsed(m[1], m[2])
        return Parsed(m[1], m[2], (int(m[3]), int(m[4])), int(m[5]))
    if m := _STAIRS.match(action):
        return Parsed("stairs", "S", (int(m[1]), int(m[2])), int(m[3]))
    if m := _DUEL.match(action):
        return Parsed("duel", seat=int(m[1]), ap=int(m[2]))
    if m := _ORDER.match(action):
        return Parsed("order", order=tuple(int(n) for n in m[1].split(",")))
    if m := _AT.match(action):
        return Parsed(m[1], slot=(int(m[2]), int(m[3])))
    return Parsed(action)


def scroll_of(card: str | None) -> str | None:
    """The scroll on a card's back (``T-duster``: duster), if it has one."""
    return next((p for p in (card or "").split("-") if p in SCROLLS), None)


def action_words(
    action: str, view: dict[str, Any], names: list[str], texts: Texts, where: Where
) -> str:
    """An action in the reader's words (its notation where it has none); ``where`` words a
    slot ("right of the start")."""
    a = parse(action)
    if a.kind in WORDS:
        return texts.t(f"zg.act.{a.kind}")
    if a.kind in ("play", "read", "stairs"):
        scroll = scroll_of(a.card)
        args: dict[str, Any] = {
            "card": texts.card(RULESET, a.card),
            "scroll": texts.t(f"zwergengold.scroll.{scroll}") if scroll else "",
        }
        if a.slot is None:
            return texts.t("zg.act.readPile" if a.kind == "read" else "zg.act.pile", **args)
        return texts.t(f"zg.act.{a.kind}", where=where(*a.slot), deg=(a.turn or 0) * 90, **args)
    if a.kind == "duel" and a.seat is not None:
        name = names[a.seat] if a.seat < len(names) else f"#{a.seat}"
        return texts.t("zg.act.duel", name=name, n=a.ap)
    if a.kind == "order":
        foreseen = view.get("foreseen") or []
        return " › ".join(
            texts.card(RULESET, foreseen[i]) if i < len(foreseen) else str(i) for i in a.order
        )
    if a.kind in MOVES and a.slot is not None:
        reach: list[dict[str, Any]] = view.get("reach") or []
        entry = next((r for r in reach if r.get("action") == action), {})
        cost = entry.get("cost")
        cost_words = "?" if cost is None else cost
        return texts.t(f"zg.act.{a.kind}", where=where(*a.slot), cost=cost_words)
    if a.slot is not None and f"zg.act.{a.kind}" in texts.catalogue:
        return texts.t(f"zg.act.{a.kind}", where=where(*a.slot))
    return action


class Zwergengold(Adapter):
    name = RULESET

    def seat_label(self, target: T.Target, feed: GameFeed, texts: Texts) -> str:
        return self.words(str(target["action"]), feed, texts)

    def loose_label(self, target: T.Target, feed: GameFeed, texts: Texts) -> str:
        return self.words(str(target["action"]), feed, texts)

    def choice_label(self, action: str, feed: GameFeed, texts: Texts) -> str:
        return self.words(action, feed, texts)

    def words(self, action: str, feed: GameFeed, texts: Texts) -> str:
        """:func:`action_words` with the places of the feed's board."""

        def where(x: int, y: int) -> str:
            return self.where(feed.view, texts, x, y)

        return action_words(action, feed.view, feed.names, texts, where)

    def table_menu(self, feed: GameFeed, texts: Texts) -> list[Choice]:
        lines = super().table_menu(feed, texts)
        for line in lines:
            if line.board and all(parse(a).kind in MOVES for a in line.actions):
                places = {parse(a).slot for a in line.actions}
                line.label = texts.t("zg.menu.moves", n=len(places))
        return lines

    def player_facts(self, feed: GameFeed, seat: int, texts: Texts) -> list[str]:
        facts = super().player_facts(feed, seat, texts)
        ap = feed.view.get("ap") or []
        if seat < len(ap) and not feed.over:
            facts.insert(0, texts.t("zg.ap", n=ap[seat]))
        return facts

    def banner(self, feed: GameFeed, texts: Texts) -> str | None:
        view = feed.view
        phase = view.get("phase")
        if phase != "turn" and phase not in PHASES:
            return None
        turn = view.get("turn")
        seat = turn if isinstance(turn, int) else view.get("current")
        name = feed.names[seat] if isinstance(seat, int) and seat < len(feed.names) else "?"
        ap = view.get("ap") or []
        n = ap[seat] if isinstance(seat, int) and seat < len(ap) else 0
        return texts.t(f"zg.phase.{phase}{'Yours' if feed.my_turn else ''}", name=name, n=n)


register([RULESET], Zwergengold())
