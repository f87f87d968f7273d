"""What differs between rulesets in the terminal client: adapters, and the generic one.

The game window knows no ruleset.  It draws and plays every one from the generic parts of
its view (``board``, ``hand``, ``legal``, ``phase``, ``scores``, ``winners``) through the
**generic adapter** below.  A ruleset may register an adapter of its own for nicer glyphs and
words (``register(["name"], adapter)``, an instance of a subclass of :class:`Adapter`): the
built-in ones live in ``saboteur/tui/rulesets/``, a plug-in's are found through the entry point
group ``saboteur.tui`` (each entry point a module that registers when imported).  An adapter
overrides only what it does differently; there is never an ``if ruleset == …`` in the client.

>>> adapter_for("no-such-ruleset").name
'generic'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from saboteur.engine.places import Landmark, Places
from saboteur.tui import targets as T
from saboteur.tui.state import GameFeed
from saboteur.tui.texts import Texts

View = dict[str, Any]


@dataclass
class Choice:
    """A line of a menu: its label and the actions it stands for; ``board``: chosen on the
    board (its actions' slots are highlighted), else sent at once (one action)."""

    label: str
    actions: list[str] = field(default_factory=list)
    board: bool = False
    reason: str = ""  # why it cannot be chosen now

    @property
    def enabled(self) -> bool:
        return bool(self.actions)


@dataclass(frozen=True)
class Glyph:
    """A character to draw in a cell's middle, with its colour (Rich style)."""

    char: str
    style: str


def places_of(view: View | None) -> Places | None:
    """The board's landmarks (its starts and goals) to tell places in words, if it names any."""
    marks = ((view or {}).get("board") or {}).get("landmarks") or []
    return Places([Landmark(m["x"], m["y"], m["name"]) for m in marks]) if marks else None


class Adapter:
    """The generic adapter: every hook as any ruleset's board allows."""

    name = "generic"
    # background colours of face-up cards by their kind (any other kind: path's)
    fills: dict[str, str] = {"start": "#24514c", "path": "#4a3320", "goal": "#5b4d1c"}  # noqa: RUF012

    # -- the board --

    def board(self, view: View) -> View:
        """The board to draw (an adapter may label its pieces: ``label``'s first character)."""
        board: View = view.get("board") or {}
        return board

    def fill(self, cell: View) -> str:
        return self.fills.get(str(cell.get("kind")), self.fills["path"])

    def glyph(self, cell: View, view: View) -> Glyph | None:
        """A glyph for the middle of a cell (a face-down card's, a special card's); ``None``:
        the tunnels' junction, or a face-down card's back."""
        return None

    def where(self, view: View | None, texts: Texts, x: int, y: int) -> str:
        """Slot (x, y) in words ("right of the start"), or its coordinates."""
        places = places_of(view)
        return texts.render(places.where(x, y).to_json()) if places else f"({x},{y})"

    def cell_words(self, cell: View | None, view: View, texts: Texts, x: int, y: int) -> str:
        """What lies on slot (x, y), in words, for the line under the board."""
        where = self.where(view, texts, x, y)
        if cell is None:
            return texts.t("board.empty", where=where)
        if cell.get("face") == "down":
            card = cell.get("card")
            what = texts.card(view.get("ruleset"), card) if card else texts.t("card.faceDown")
            return texts.t("board.cell", card=what, where=where)
        return texts.t(
            "board.cell", card=texts.card(view.get("ruleset"), cell.get("card")), where=where
        )

    # -- targets and plans --

    def targets(self, view: View) -> list[T.Target]:
        """The targets the board offers: the view's (an adapter may add its own, e.g. the fields
        a walk reaches in several steps)."""
        return T.of(view)

    def plan(self, action: str, view: View) -> list[str]:
        """The actions that carry out a chosen target, in order (sent one per new view)."""
        return [action]

    # -- menus --

    def card_name(self, view: View, texts: Texts, card: str) -> str:
        return texts.card(view.get("ruleset"), card)

    def seat_label(self, target: T.Target, feed: GameFeed, texts: Texts) -> str:
        """A menu line for an action on a player."""
        seat = target["seat"]
        name = feed.names[seat] if 0 <= seat < len(feed.names) else texts.t("seat", n=seat)
        card = target.get("hand_card")
        what = self.card_name(feed.view, texts, card) if card else target.get("kind", "")
        return texts.t("menu.onPlayer", card=what, name=name)

    def loose_label(self, target: T.Target, feed: GameFeed, texts: Texts) -> str:
        """A menu line for an action that points at nothing: a pass is "Discard (pass)"."""
        if target.get("kind") == "pass":
            return texts.t("menu.discard")
        return str(target["action"])

    def choice_label(self, action: str, feed: GameFeed, texts: Texts) -> str:
        """An action offered among several on one slot (the generic adapter: its text)."""
        return action

    def card_menu(self, card: str, feed: GameFeed, texts: Texts) -> list[Choice]:
        """What hand card ``card`` can do now: its slots, its players, its other actions."""
        mine = T.for_card(feed.view, card)
        if not feed.my_turn:
            return [Choice(texts.t("menu.notTurn"), reason=texts.t("menu.notTurn"))]
        out: list[Choice] = []
        spots = T.slots(mine)
        actions = [a for group in spots.values() for a in group]
        label = texts.t("menu.board", n=len(spots)) if spots else texts.t("menu.noBoard")
        out.append(Choice(label, actions, board=True, reason="" if spots else label))
        out += self._singles(mine, feed, texts)
        return out

    def table_menu(self, feed: GameFeed, texts: Texts) -> list[Choice]:
        """What needs no hand card: its slots (chosen on the board), players and other actions."""
        mine = [t for t in self.targets(feed.view) if t.get("hand_card") is None]
        out: list[Choice] = []
        spots = T.slots(mine)
        if spots:
            actions = [a for group in spots.values() for a in group]
            out.append(Choice(texts.t("menu.tableBoard", n=len(spots)), actions, board=True))
        return out + self._singles(mine, feed, texts)

    def _singles(self, mine: list[T.Target], feed: GameFeed, texts: Texts) -> list[Choice]:
        out = [Choice(self.seat_label(t, feed, texts), [t["action"]]) for t in T.seats(mine)]
        out += [Choice(self.loose_label(t, feed, texts), [t["action"]]) for t in T.loose(mine)]
        labels = [c.label for c in out]
        for choice in out:  # two lines alike: say which action each is
            if labels.count(choice.label) > 1:
                choice.label += f" ({choice.actions[0]})"
        return out

    # -- players and me --

    def player_facts(self, feed: GameFeed, seat: int, texts: Texts) -> list[str]:
        """A player's public state in short words: cards in hand, broken tools, score."""
        view = feed.view
        facts: list[str] = []
        sizes = view.get("hand_sizes")
        if isinstance(sizes, list) and seat < len(sizes):
            facts.append(texts.t("player.cards", n=sizes[seat]))
        broken = view.get("broken")
        if isinstance(broken, list) and seat < len(broken) and broken[seat]:
            tools = [texts.t(f"tool.{tool}") for tool in broken[seat]]
            facts.append(texts.t("player.broken", tools=", ".join(tools)))
        scores = view.get("scores")
        if isinstance(scores, list) and seat < len(scores):
            facts.append(texts.t("player.score", n=scores[seat]))
        return facts

    def my_facts(self, feed: GameFeed, texts: Texts) -> list[str]:
        """What only I know of myself (a role, my gold): none in general."""
        return []

    def hand_plays(self, feed: GameFeed) -> bool:
        """Whether hand cards can be chosen in the view's phase (any but the end)."""
        return not feed.over

    def banner(self, feed: GameFeed, texts: Texts) -> str | None:
        """A line for a phase of the ruleset's own (the generic adapter: none)."""
        return None

    # -- results --

    def results(self, feed: GameFeed, texts: Texts, game_over: bool) -> list[str]:
        """The lines of a results panel: the winners and every seat's score."""
        view = feed.view
        names = feed.names
        round_ = view.get("round", "")
        lines = [texts.t("result.gameOver") if game_over else texts.t("result.round", r=round_)]
        winners = view.get("winners") or []
        if game_over:
            who = ", ".join(names[s] for s in winners if 0 <= s < len(names))
            lines.append(
                texts.t("result.winners", names=who) if who else texts.t("result.noWinner")
            )
        scores = view.get("scores")
        if isinstance(scores, list):
            for seat, name in enumerate(names):
                mark = "★" if seat in winners else " "
                lines.append(f"{mark} {name:<20} {scores[seat] if seat < len(scores) else ''}")
        return lines

    def round_over(self, feed: GameFeed) -> bool:
        """Whether the latest view calls for a round's results panel (more results than seen)."""
        return len(feed.view.get("results") or []) > feed.results_seen


GENERIC = Adapter()
_ADAPTERS: dict[str, Adapter] = {}
_LOADED = False


def register(names: Iterable[str], adapter: Adapter) -> Adapter:
    """Use ``adapter`` for the rulesets ``names``; returns it."""
    for name in names:
        _ADAPTERS[name] = adapter
    return adapter


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    importlib.import_module("saboteur.tui.rulesets")
    for point in entry_points(group="saboteur.tui"):
        importlib.import_module(point.value.partition(":")[0])


def adapter_for(ruleset: str | None) -> Adapter:
    """The adapter registered for ``ruleset``, else the generic one."""
    _load()
    return _ADAPTERS.get(ruleset or "", GENERIC)
