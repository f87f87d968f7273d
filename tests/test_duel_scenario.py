"""Build Duel and solo states for scenario tests from the state notation (and test the builder).

A :class:`DuelScenario` starts from a dealt state's ``to_json()`` and lets a test say only what
matters: the maze, goals, hands, broken tools, markers, keys, gold, whose turn it is.  Cards are
moved between the draw pile and the other places so that every card stays somewhere exactly once
(``state_from_json`` refuses states whose cards are not conserved)::

    >>> state = DuelScenario().maze("EW@1,0").hand(0, "EW", "map").turn(0).build()
    >>> state.apply("EW@2,0")
    >>> [cell for cell in state.to_json()["maze"] if cell[1] == 0][-1]
    [2, 0, 'EW']

Maze cells are written like placements, ``SHAPE@x,y``; a revealed goal is its shape name
(``goal-2-green:NeSW@6,0``).  Goal slots of the Duel: (5,1); (6,0), (6,2); (7,-1), (7,1), (7,3).
The draw pile is popped from its end: :meth:`draw_next` names the cards drawn next, in order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from saboteur.engine import new_game
from saboteur.engine.base import JSON
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.state import DuelState
from tests.scenario import CardSetters, ScenarioError, _take
from tests.scenario import cells as cells
from tests.scenario import play as play
from tests.scenario import refuse as refuse

ALL_CARDS: Counter[str] = Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS)
ALL_GOALS: Counter[str] = Counter(C.GOAL_COUNTS)


def parse_cell(text: str) -> tuple[int, int, str]:
    shape, _, where = text.rpartition("@")
    x, y = where.split(",")
    if shape not in C.SHAPES.by_name or shape.endswith("+open"):
        raise ScenarioError(f"unknown shape {shape!r} in {text!r}")
    return int(x), int(y), shape


def card_of(shape: str) -> str:
    return C.SHAPES.shapes[C.SHAPES.by_name[shape]].card


def _keep(free: Counter[str], cards: list[str]) -> list[str]:
    """Those of ``cards`` still free, one by one (taken from ``free``)."""
    kept = []
    for card in cards:
        if free[card] > 0:
            free[card] -= 1
            kept.append(card)
    return kept


class DuelScenario(CardSetters):
    """A state under construction; every setter returns the scenario (chainable)."""

    def __init__(
        self, ruleset: str = "duel", options: Mapping[str, Any] | None = None, seed: int = 1
    ) -> None:
        self.players = 2 if ruleset == "duel" else 1
        self.game = new_game(ruleset, self.players, options)
        self.base: JSON = self.game.new_state(seed).to_json()
        super().__init__({}, [])
        self._gold: dict[int, list[str]] = {}

    def _read_cell(self, text: str) -> tuple[int, int, str, str]:
        x, y, shape = parse_cell(text)
        return x, y, shape, card_of(shape)

    def _is_goal(self, card: str, x: int, y: int) -> bool:
        return card in C.GOAL_COUNTS

    def goal(self, x: int, y: int, card: str) -> DuelScenario:
        """The goal card lying (face down, unless laid with :meth:`maze`) at ``(x, y)``."""
        self._goals[x, y] = card
        return self

    def gold(self, seat: int, *cards: str) -> DuelScenario:
        self._gold[seat] = list(cards)
        return self

    def marker(self, x: int, y: int, seat: int) -> DuelScenario:
        self._fields.setdefault("markers", []).append([x, y, seat])
        return self

    def key(self, x: int, y: int, seat: int) -> DuelScenario:
        self._fields.setdefault("keys", []).append([x, y, seat])
        return self

    def peek(self, seat: int, x: int, y: int) -> DuelScenario:
        peeks = self._fields.setdefault("peeks", [[] for _ in range(self.players)])
        peeks[seat].append([x, y])
        return self

    def set(self, **fields: Any) -> DuelScenario:
        """Any other top-level field: round, phase, turns, pending, results, box."""
        self._fields.update(fields)
        return self

    def json(self) -> JSON:
        data: JSON = dict(self.base)
        data.update(self._fields)
        n, base = self.players, self.base
        starts = [cell for cell in base["maze"] if cell[2].startswith("start-")]
        data["maze"] = starts + [[x, y, shape] for (x, y), shape in self._maze.items()]
        data["gold"] = [list(self._gold.get(seat, [])) for seat in range(n)]
        box = list(data.get("box", []))
        free_goals = Counter(ALL_GOALS)
        won = [card for cards in data["gold"] for card in cards] + box
        _take(free_goals, [c for c in won if c in C.GOAL_COUNTS], "gold and the box")
        _take(free_goals, list(self._goals.values()), "the goal slots named")
        goals: dict[tuple[int, int], str] = {}  # unnamed slots keep their dealt goal if left
        for x, y, card in base["goals"]:
            named = self._goals.get((x, y))
            goals[x, y] = named or (_keep(free_goals, [card]) or [""])[0]
        for where, card in goals.items():
            if not card:
                goals[where] = sorted(free_goals.elements())[0]
                free_goals[goals[where]] -= 1
        data["goals"] = [[x, y, card] for (x, y), card in goals.items()]
        pile = _keep(free_goals, self.base["goal_pile"])
        data["goal_pile"] = sorted(free_goals.elements()) + pile
        if data["round"] > 1 and "results" not in self._fields:
            empty = [0] * n
            data["results"] = [
                {"round": r, "turns": 0, "end": "cards", "gold": empty, "paid": empty}
                for r in range(1, data["round"])
            ]
        data["broken"] = [list(self._broken.get(seat, [])) for seat in range(n)]
        self._conserve(data, won)
        return data

    def _conserve(self, data: JSON, won: list[str]) -> None:
        n = self.players
        free = Counter(ALL_CARDS)
        _take(free, [c for c in won if c in C.PATH_COUNTS], "gold and the box")
        for seat, hand in self._hands.items():
            _take(free, hand, f"seat {seat}'s hand")
        for (x, y), shape in self._maze.items():
            if card_of(shape) in C.PATH_COUNTS:
                _take(free, [card_of(shape)], f"the maze at ({x},{y})")
        for seat, tools in self._broken.items():
            _take(free, [f"break-{tool}" for tool in tools], f"seat {seat}'s broken tools")
        _take(free, self._discard or [], "the discard pile")
        if self._deck is not None:
            _take(free, self._deck, "the draw pile")
        _take(free, self._draw_next, "the top of the draw pile")
        kept: dict[int, list[str]] = {}  # hands left unsaid keep what they can of their deal
        for seat in range(n):
            if seat not in self._hands:
                kept[seat] = _keep(free, self.base["hands"][seat])
        aside = _keep(free, self.base["aside"])
        rest = _keep(free, self.base["deck"])  # the dealt order, so the deal stays recognisable
        rest = sorted(free.elements()) + rest
        aside += [rest.pop(0) for _ in range(len(self.base["aside"]) - len(aside))]
        hands = []
        for seat in range(n):
            if seat in self._hands:
                hands.append(list(self._hands[seat]))
            else:
                missing = len(self.base["hands"][seat]) - len(kept[seat])
                hands.append(kept[seat] + [rest.pop() for _ in range(missing)])
        data["hands"], data["aside"] = hands, aside
        discard = list(self._discard or [])
        if self._deck is not None:
            deck = list(reversed(self._deck))
            discard += sorted(rest)
        else:
            deck = rest
        data["deck"] = deck + list(reversed(self._draw_next))
        data["discard"] = discard

    def build(self) -> DuelState:
        state = self.game.state_from_json(self.json())
        assert isinstance(state, DuelState)
        return state


# -- assertions shared by the rule tests (refuse, play, cells: tests.scenario) --------------------


def kinds(state: DuelState, since: int = 0) -> list[str]:
    return [event.kind for event in state.events[since:]]


# -- the builder itself ---------------------------------------------------------------------------


def test_an_untouched_scenario_is_the_deal():
    scenario = DuelScenario()
    assert scenario.build().to_json() == scenario.base


def test_solo_scenario_keeps_ten_cards_aside():
    state = DuelScenario("solo").hand(0, "NS", "map").turn(0).build()
    assert len(state.aside) == 10 and state.hands[0] == ["NS", "map"]


def test_a_scenario_asking_for_too_many_cards_fails():
    with pytest.raises(ScenarioError):
        DuelScenario().hand(0, "key", "key", "key", "key").json()
