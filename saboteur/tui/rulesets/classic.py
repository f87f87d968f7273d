"""Base Saboteur in the terminal: goals as gold or stone, roles and gold, orientations and
tools in words, the gold on offer, round results with the roles."""

from __future__ import annotations

from typing import Any

from saboteur.tui.adapters import Adapter, Glyph, register
from saboteur.tui.state import GameFeed
from saboteur.tui.texts import Texts

RULESET = "classic"
GOLD = Glyph("$", "bold #ffd23f")
STONE = Glyph("▪", "bold #aeb4be")


class Classic(Adapter):
    name = RULESET

    def glyph(self, cell: dict[str, Any], view: dict[str, Any]) -> Glyph | None:
        card = str(cell.get("card") or "")
        if cell.get("kind") != "goal" or not card:
            return None
        return GOLD if card.startswith("gold") else STONE

    def card_name(self, view: dict[str, Any], texts: Texts, card: str) -> str:
        return texts.card(RULESET, card)

    def choice_label(self, action: str, feed: GameFeed, texts: Texts) -> str:
        shape = action.partition("@")[0]
        return f"{texts.card(RULESET, shape)}  ({action})"

    def seat_label(self, target: dict[str, Any], feed: GameFeed, texts: Texts) -> str:
        _, _, tool = str(target["action"]).partition("@")[0].partition("/")
        if tool:
            said = texts.render(
                {"key": "card.repair", "args": {"tool": {"key": f"tool.{tool}", "args": {}}}}
            )
            seat = target["seat"]
            return texts.t(
                "menu.onPlayer",
                card=said,
                name=feed.names[seat] if seat < len(feed.names) else seat,
            )
        return super().seat_label(target, feed, texts)

    def loose_label(self, target: dict[str, Any], feed: GameFeed, texts: Texts) -> str:
        action = str(target["action"])
        if action.startswith("gold:"):
            return texts.t("gold.take", n=action[5:])
        return super().loose_label(target, feed, texts)

    def hand_plays(self, feed: GameFeed) -> bool:
        return feed.view.get("phase") == "play"

    def banner(self, feed: GameFeed, texts: Texts) -> str | None:
        view = feed.view
        if view.get("phase") != "gold":
            return None
        if feed.my_turn:
            return texts.t("gold.yours")
        current = view.get("current")
        name = (
            feed.names[current] if isinstance(current, int) and current < len(feed.names) else "?"
        )
        return texts.t("gold.other", name=name)

    def player_facts(self, feed: GameFeed, seat: int, texts: Texts) -> list[str]:
        view = feed.view
        facts = [f for f in super().player_facts(feed, seat, texts) if not f.startswith("◆")]
        scores = view.get("scores")
        cards = (view.get("gold_cards") or [0] * (seat + 1))[seat]
        if isinstance(scores, list):
            facts.append(f"◆ {scores[seat]}")
        elif seat == feed.seat and isinstance(view.get("gold"), list):
            facts.append(f"◆ {sum(view['gold'])}")
        elif cards:
            facts.append(f"◆ ?×{cards}")
        return facts

    def my_facts(self, feed: GameFeed, texts: Texts) -> list[str]:
        role = feed.view.get("role")
        if feed.seat is None or not role:
            return []
        return [texts.t("role.you", role=texts.t(f"role.{role}"))]

    def results(self, feed: GameFeed, texts: Texts, game_over: bool) -> list[str]:
        view = feed.view
        names = feed.names
        results = view.get("results") or []
        if game_over or not results:
            lines = super().results(feed, texts, game_over)
        else:
            last = results[-1]
            lines = [texts.t("result.round", r=last.get("round"))]
            winner = last.get("winner")
            finder = last.get("finder")
            if winner == "diggers":
                who = names[finder] if isinstance(finder, int) and finder < len(names) else "?"
                lines.append(texts.t("result.diggers", name=who))
            elif winner == "saboteurs":
                lines.append(texts.t("result.saboteurs"))
            else:
                lines.append(texts.t("result.nobody"))
        for result in results if game_over else results[-1:]:
            lines.append("")
            lines.append(texts.t("result.roundN", r=result.get("round")))
            roles = result.get("roles") or []
            gold = result.get("gold") or []
            cards = result.get("gold_cards") or []
            for seat, name in enumerate(names):
                role = texts.t(f"role.{roles[seat]}") if seat < len(roles) and roles[seat] else ""
                value = gold[seat] if seat < len(gold) else None
                won = (
                    f"◆ {value}"
                    if isinstance(value, int)
                    else f"◆ ?×{cards[seat] if seat < len(cards) else 0}"
                )
                lines.append(f"  {name:<16} {role:<14} {won}")
        return lines


register([RULESET], Classic())
