"""The Dark Cave in the terminal: walks of several steps (the view's walk map: every field the
dwarf or creature reaches, its steps sent one a view), the turn's own phases and actions in
words (stop, defend, vote, end by agreement), my clan and character."""

from __future__ import annotations

from typing import Any

from saboteur.tui import targets as T
from saboteur.tui.adapters import Adapter, Choice, register
from saboteur.tui.state import GameFeed
from saboteur.tui.texts import Texts

RULESET = "darkcave"
LOOSE = ("stop", "propose-end", "drive-off", "endure", "agree", "refuse")
CREATURES = ("rat", "wyrm", "goblin")
PHASES = ("move", "creature", "defend", "vote")  # phases with a line of their own
WALKING = ("move", "creature")
STEP = "step@"


def walk_fields(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The walk map's fields when the viewer is to walk (none otherwise)."""
    walk = view.get("walk") or {}
    return list(walk.get("fields") or []) if view.get("legal") else []


def path_to(walk: dict[str, Any], field: str) -> list[str]:
    """The fields from the walk's start to ``field`` (itself last); [] if it is not reached.

    >>> walk = {"start": "0,0.0", "fields": [{"field": "0,1.0", "via": "0,0.0"},
    ...     {"field": "0,2.0", "via": "0,1.0"}]}
    >>> path_to(walk, "0,2.0"), path_to(walk, "9,9.0")
    (['0,1.0', '0,2.0'], [])
    """
    via = {f["field"]: f.get("via") for f in walk.get("fields") or []}
    if field not in via:
        return []
    path = [field]
    while len(path) <= len(via):
        before = via.get(path[-1])
        if before == walk.get("start") or before is None:
            return path[::-1]
        path.append(before)
    return []


class DarkCave(Adapter):
    name = RULESET

    def targets(self, view: dict[str, Any]) -> list[T.Target]:
        own = T.of(view)
        known = {t["action"] for t in own}
        walked = [
            {
                "action": STEP + f["field"],
                "kind": "walk",
                "hand_card": None,
                "x": f["x"],
                "y": f["y"],
            }
            for f in walk_fields(view)
            if STEP + f["field"] not in known
        ]
        return own + walked

    def plan(self, action: str, view: dict[str, Any]) -> list[str]:
        if not action.startswith(STEP) or action in (view.get("legal") or []):
            return [action]
        path = path_to(view.get("walk") or {}, action[len(STEP) :])
        return [STEP + field for field in path] or [action]

    def table_menu(self, feed: GameFeed, texts: Texts) -> list[Choice]:
        view = feed.view
        fields = walk_fields(view)
        if not fields:
            return super().table_menu(feed, texts)
        rest = [c for c in super().table_menu(feed, texts) if not c.board]
        steps = [STEP + f["field"] for f in fields]
        return [Choice(texts.t("dc.walk", n=len(fields)), steps, board=True), *rest]

    def choice_label(self, action: str, feed: GameFeed, texts: Texts) -> str:
        if not action.startswith(STEP):
            return f"{texts.card(RULESET, action.partition('@')[0])}  ({action})"
        field = action[len(STEP) :]
        entry = next((f for f in walk_fields(feed.view) if f["field"] == field), None)
        return self.walk_words(feed.view, texts, entry) if entry else action

    def walk_words(self, view: dict[str, Any], texts: Texts, entry: dict[str, Any]) -> str:
        """A field of the walk map in words: where, its steps, what entering it costs."""
        where = self.where(view, texts, entry["x"], entry["y"])
        parts = [texts.t("dc.walkTo", where=where, n=entry["steps"])]
        if entry.get("cards"):
            parts.append(texts.t("dc.cost.cards", n=entry["cards"]))
        if entry.get("gold"):
            parts.append(texts.t("dc.cost.gold", n=entry["gold"]))
        parts += [
            texts.t(f"dc.enter.{what}")
            for what in entry.get("enter") or []
            if what not in ("card", "gold")
        ]
        return " — ".join(parts)

    def cell_words(
        self, cell: dict[str, Any] | None, view: dict[str, Any], texts: Texts, x: int, y: int
    ) -> str:
        words = super().cell_words(cell, view, texts, x, y)
        here = [f for f in walk_fields(view) if (f["x"], f["y"]) == (x, y)]
        return " · ".join([words, *(self.walk_words(view, texts, f) for f in here[:1])])

    def loose_label(self, target: dict[str, Any], feed: GameFeed, texts: Texts) -> str:
        action = str(target["action"])
        if action in LOOSE:
            return texts.t(f"dc.act.{action}")
        if action in CREATURES:
            return texts.t("dc.lureAgain", creature=texts.card(RULESET, action))
        if action.startswith("pass:") and "+" in action:
            cards = [texts.card(RULESET, c) for c in action[5:].split("+")]
            return texts.t("menu.discardTwo", cards=", ".join(cards))
        return super().loose_label(target, feed, texts)

    def banner(self, feed: GameFeed, texts: Texts) -> str | None:
        view = feed.view
        phase = view.get("phase")
        if phase not in PHASES:
            return None
        current = view.get("current")
        name = (
            feed.names[current] if isinstance(current, int) and current < len(feed.names) else "?"
        )
        moving = view.get("moving") or (view.get("attack") or {}).get("creature")
        creature = texts.card(RULESET, moving) if moving else ""
        steps = view.get("creature_steps") if phase == "creature" else view.get("steps_left")
        key = f"dc.turn.{phase}Yours" if feed.my_turn else f"dc.turn.{phase}"
        return texts.t(key, name=name, creature=creature, n=steps if steps is not None else "?")

    def my_facts(self, feed: GameFeed, texts: Texts) -> list[str]:
        card = str(feed.view.get("clan_card") or "")
        if feed.seat is None or not card:
            return []
        clan, _, character = card.partition("-")
        return [
            texts.t(
                "dc.you",
                clan=texts.t(f"dc.clan.{clan}"),
                character=texts.t(f"dc.character.{character or 'loyal'}"),
            )
        ]

    def player_facts(self, feed: GameFeed, seat: int, texts: Texts) -> list[str]:
        facts = super().player_facts(feed, seat, texts)
        clans = feed.view.get("clans") or []
        if seat < len(clans) and clans[seat]:
            facts.insert(0, texts.t(f"dc.clan.{clans[seat]}"))
        return facts


register([RULESET], DarkCave())
