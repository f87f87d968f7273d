"""The Duel (and solo) in the terminal: goals, trolls and ladders as glyphs, the dwarves'
markers and keys on their cards, bribes and the discards of two cards in words, my colour
and what is left of my markers and keys."""

from __future__ import annotations

from typing import Any

from saboteur.tui.adapters import Adapter, Choice, Glyph, register
from saboteur.tui.state import GameFeed
from saboteur.tui.texts import Texts

RULESETS = ("duel", "solo")
GLYPHS = {
    "troll": Glyph("T", "bold #9fd36b"),
    "ladder": Glyph("H", "bold #d8c8a0"),
}
HIDDEN_GOAL = Glyph("?", "bold #ffd23f")
SEEN_GOAL = Glyph("!", "bold #ffd23f")
PIECES = {"gold-marker": "●", "key": "¤"}  # a dwarf's marker, a key (in its owner's colour)
BRIBE = "bribe@"


def colour_of(view: dict[str, Any], seat: object, texts: Texts) -> str:
    colours = view.get("colours") or []
    if not isinstance(seat, int) or not 0 <= seat < len(colours):
        return "?"
    key = f"duel.colour.{colours[seat]}"
    return texts.t(key) if key in texts.catalogue else str(colours[seat])


class Duel(Adapter):
    name = "duel"

    def board(self, view: dict[str, Any]) -> dict[str, Any]:
        board = dict(super().board(view))
        board["pieces"] = [
            {**piece, "label": PIECES.get(str(piece.get("kind")), piece.get("label"))}
            for piece in board.get("pieces") or []
        ]
        return board

    def glyph(self, cell: dict[str, Any], view: dict[str, Any]) -> Glyph | None:
        kind = str(cell.get("kind"))
        if kind == "goal":
            return SEEN_GOAL if cell.get("card") and cell.get("face") == "down" else HIDDEN_GOAL
        return GLYPHS.get(kind)

    def cell_words(
        self, cell: dict[str, Any] | None, view: dict[str, Any], texts: Texts, x: int, y: int
    ) -> str:
        words = super().cell_words(cell, view, texts, x, y)
        for piece in (view.get("board") or {}).get("pieces") or []:
            if (piece.get("x"), piece.get("y")) != (x, y):
                continue
            key = {"gold-marker": "duel.markerOf", "key": "duel.keyOf"}.get(str(piece.get("kind")))
            if key:
                words += " — " + texts.t(key, colour=colour_of(view, piece.get("owner"), texts))
        return words

    def choice_label(self, action: str, feed: GameFeed, texts: Texts) -> str:
        card, _, place = action.partition("@")
        if action.startswith(BRIBE):
            x, _, y = place.partition(",")
            return texts.t("duel.bribeAt", where=self.where(feed.view, texts, int(x), int(y)))
        return f"{texts.card(feed.view.get('ruleset'), card)}  ({action})"

    def table_menu(self, feed: GameFeed, texts: Texts) -> list[Choice]:
        lines = super().table_menu(feed, texts)
        for line in lines:
            if line.board and all(a.startswith(BRIBE) for a in line.actions):
                line.label = texts.t("duel.bribe", n=len(line.actions))
        return lines

    def loose_label(self, target: dict[str, Any], feed: GameFeed, texts: Texts) -> str:
        action = str(target["action"])
        head, _, cards = action.partition(":")
        named = ", ".join(texts.card(feed.view.get("ruleset"), c) for c in cards.split("+"))
        if head.startswith("clear-"):
            tool = texts.t(f"tool.{head[len('clear-') :]}")
            return texts.t("duel.clear", tool=tool, cards=named)
        if head == "pass" and "+" in cards:
            return texts.t("menu.discardTwo", cards=named)
        return super().loose_label(target, feed, texts)

    def hand_plays(self, feed: GameFeed) -> bool:
        return feed.view.get("phase") == "play"

    def player_facts(self, feed: GameFeed, seat: int, texts: Texts) -> list[str]:
        return [colour_of(feed.view, seat, texts), *super().player_facts(feed, seat, texts)]

    def my_facts(self, feed: GameFeed, texts: Texts) -> list[str]:
        view = feed.view
        if feed.seat is None:
            return []
        facts = [texts.t("duel.you", colour=colour_of(view, feed.seat, texts))]
        if isinstance(view.get("markers_left"), int):
            facts.append(f"{PIECES['gold-marker']}×{view['markers_left']}")
        if isinstance(view.get("keys_left"), int):
            facts.append(f"{PIECES['key']}×{view['keys_left']}")
        return facts


register(RULESETS, Duel())
