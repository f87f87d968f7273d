"""Zwergengold in the terminal: every action in words instead of its notation (where a card is
attached and how it is turned, with or without its scroll, the moves with what they cost, the
duels with their AP, the turn's choices), each mage's AP, and a line for the phase.

>>> a = parse("play:T-duster@3,-1:2")
>>> a.kind, a.card, a.slot, a.choice, scroll_of(a.card)
('play', 'T-duster', (3, -1), '2', 'duster')
>>> parse("end").kind, parse("nonsense")
('end', None)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saboteur.engine.base import Action, NotationError
from saboteur.engine.zwergengold.actions import (
    MOVES,
    POTION,
    POTION_AP,
    POTION_CARDS,
    order_of,
    parse_action,
    turns_of,
)
from saboteur.engine.zwergengold.actions import WORDS as WORD_ACTIONS
from saboteur.engine.zwergengold.cards import scroll as scroll_of
from saboteur.tui import targets as T
from saboteur.tui.adapters import Adapter, Choice, register
from saboteur.tui.state import GameFeed
from saboteur.tui.texts import Texts

RULESET = "zwergengold"
WORDS = (*WORD_ACTIONS, f"{POTION}:{POTION_AP}", f"{POTION}:{POTION_CARDS}")  # a word each
Where = Callable[[int, int], str]
PHASES = ("shown", "grille", "look", "foreboding", "duster", "plan")  # besides "turn"


def parse(action: str) -> Action | None:
    """A Zwergengold action's parts, read by the engine's notation (``None`` for a text that
    is none)."""
    try:
        return parse_action(action)
    except NotationError:
        return None


def action_words(
    action: str, view: dict[str, Any], names: list[str], texts: Texts, where: Where
) -> str:
    """An action in the reader's words (its notation where it has none); ``where`` words a
    slot ("right of the start")."""
    a = parse(action)
    if a is None:
        return action
    if action in WORDS:
        return texts.t(f"zg.act.{action}")
    if a.kind in ("play", "read", "stairs") and a.card is not None:
        scroll = scroll_of(a.card)
        args: dict[str, Any] = {
            "card": texts.card(RULESET, a.card),
            "scroll": texts.t(f"zwergengold.scroll.{scroll}") if scroll else "",
        }
        if a.slot is None:  # under the pile
            return texts.t("zg.act.readPile" if a.kind == "read" else "zg.act.pile", **args)
        deg = turns_of(a) * 90
        return texts.t(f"zg.act.{a.kind}", where=where(*a.slot), deg=deg, **args)
    if a.kind == "duel" and a.seat is not None:
        name = names[a.seat] if a.seat < len(names) else f"#{a.seat}"
        return texts.t("zg.act.duel", name=name, n=int(a.choice or 0))
    if a.kind == "order":
        foreseen = view.get("foreseen") or []
        return " › ".join(
            texts.card(RULESET, foreseen[i]) if i < len(foreseen) else str(i) for i in order_of(a)
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
            parsed = [parse(a) for a in line.actions]
            if line.board and all(a is not None and a.kind in MOVES for a in parsed):
                places = {a.slot for a in parsed if a is not None}
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
