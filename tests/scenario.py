"""Build base-Saboteur states for scenario tests from the state notation.

A :class:`Scenario` starts from a dealt state's ``to_json()`` and lets a test say only
what matters for the rule under test: the maze, some hands, broken tools, whose turn
it is, the roles, the phase, gold.  Everything left unsaid stays as dealt.  Cards are
moved between the draw pile and the other places so that every card is still somewhere
exactly once (``state_from_json`` refuses states whose cards are not conserved)::

    >>> state = (
    ...     Scenario(players=4)
    ...     .maze("EW@1,0", "EW@2,0")
    ...     .hand(0, "EW", "rockfall")
    ...     .turn(0)
    ...     .build()
    ... )
    >>> state.current_player, state.hands[0]
    (0, ['EW', 'rockfall'])
    >>> state.apply("EW@3,0")
    >>> [cell for cell in state.to_json()["maze"] if cell[1] == 0][-1]
    [3, 0, 'EW']

Maze cells are written like placement actions, ``SHAPE@x,y`` (``NSW@3,-1`` is the card
``NES`` turned 180°); a revealed goal is its shape name, e.g. ``stone-ne:SW@8,0``.
The draw pile is popped from its end: :meth:`draw_next` names the cards drawn next,
first drawn first; :meth:`gold_next` does the same for the gold pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Self

import pytest

from saboteur.engine.base import JSON, IllegalAction, State
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.classic.state import ClassicState

GOAL_XY = ((8, -2), (8, 0), (8, 2))
ALL_CARDS: Counter[str] = Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS)
ALL_GOLD: Counter[int] = Counter(C.GOLD_CARDS)


class ScenarioError(ValueError):
    """The scenario asks for something no conserved state can hold."""


def parse_cell(text: str) -> tuple[int, int, str]:
    """``"NSW@3,-1"`` -> ``(3, -1, "NSW")``.

    >>> parse_cell("stone-ne:SW@8,0")
    (8, 0, 'stone-ne:SW')
    """
    shape, _, where = text.rpartition("@")
    x, y = where.split(",")
    if shape not in C.SHAPES.by_name:
        raise ScenarioError(f"unknown shape {shape!r} in {text!r}")
    return int(x), int(y), shape


def card_of(shape: str) -> str:
    """The card a shape name lies as: ``card_of("NSW") == "NES"``."""
    return C.SHAPES.shapes[C.SHAPES.by_name[shape]].card


def _take(free: Counter[Any], wanted: Iterable[Any], what: str) -> None:
    for item in wanted:
        if free[item] <= 0:
            raise ScenarioError(f"no {item!r} left for {what}: the game has too few")
        free[item] -= 1


class CardSetters:
    """The setters of the maze, hands, broken tools and piles that every ruleset's scenario has.

    A subclass says how a maze cell reads (:meth:`_read_cell`) and which cards are goals.
    """

    def __init__(self, maze: dict[tuple[int, int], str], discard: list[str] | None) -> None:
        self._maze = maze
        self._goals: dict[tuple[int, int], str] = {}
        self._hands: dict[int, list[str]] = {}
        self._broken: dict[int, list[str]] = {}
        self._deck: list[str] | None = None
        self._draw_next: list[str] = []
        self._discard = discard
        self._fields: dict[str, Any] = {}

    def _read_cell(self, text: str) -> tuple[int, int, str, str]:
        """``"NSW@3,-1"`` -> ``(3, -1, "NSW", "NES")``: the slot, the shape and its card."""
        raise NotImplementedError

    def _is_goal(self, card: str, x: int, y: int) -> bool:
        """Whether ``card`` is a goal card (refusing one off the goal slots)."""
        raise NotImplementedError

    def maze(self, *cells: str) -> Self:
        """Lay cards (``"EW@1,0"``; a revealed goal: its shape, e.g. ``"gold:NESW@8,0"``)."""
        for text in cells:
            x, y, shape, card = self._read_cell(text)
            if (x, y) in self._maze:
                raise ScenarioError(f"({x},{y}) already holds {self._maze[x, y]}")
            if self._is_goal(card, x, y):
                self._goals[x, y] = card
            self._maze[x, y] = shape
        return self

    def hand(self, seat: int, *cards: str) -> Self:
        self._hands[seat] = list(cards)
        return self

    def broken(self, seat: int, *tools: str) -> Self:
        """Broken-tool cards in front of ``seat``: ``"pickaxe"``, ``"lantern"``, ``"cart"``."""
        self._broken[seat] = list(tools)
        return self

    def deck(self, *cards: str) -> Self:
        """The whole draw pile, first drawn first (``deck()``: empty; the rest is discarded)."""
        self._deck = list(cards)
        return self

    def draw_next(self, *cards: str) -> Self:
        """The cards on top of the draw pile, first drawn first."""
        self._draw_next = list(cards)
        return self

    def discard(self, *cards: str) -> Self:
        self._discard = list(cards)
        return self

    def turn(self, seat: int) -> Self:
        self._fields["current"] = seat
        return self


class Scenario(CardSetters):
    """A state under construction; every setter returns the scenario (chainable)."""

    def __init__(
        self, players: int = 4, options: Mapping[str, Any] | None = None, seed: int = 1
    ) -> None:
        self.game = ClassicGame(players, options)
        self.players = players
        self.base: JSON = self.game.new_state(seed).to_json()
        super().__init__({(x, y): shape for x, y, shape in self.base["maze"]}, None)
        self._roles: list[str] | None = None
        self._gold: dict[int, list[int]] = {}
        self._gold_next: list[int] = []
        self._gold_pile: list[int] | None = None
        self._gold_rest_to: int | None = None
        self._peeks: dict[int, list[tuple[int, int]]] = {}

    # -- the maze ------------------------------------------------------------------------------

    def clear_maze(self) -> Scenario:
        """Only the start card (drops the demo opening, if any)."""
        self._maze = {(0, 0): C.START}
        return self

    def _read_cell(self, text: str) -> tuple[int, int, str, str]:
        x, y, shape = parse_cell(text)
        return x, y, shape, card_of(shape)

    def _is_goal(self, card: str, x: int, y: int) -> bool:
        if card in C.GOAL_CARDS and (x, y) not in GOAL_XY:
            raise ScenarioError(f"goal {card} must lie on a goal slot, not ({x},{y})")
        return card in C.GOAL_CARDS

    def goals(
        self,
        gold: tuple[int, int] | None = None,
        stone_ne: tuple[int, int] | None = None,
        stone_nw: tuple[int, int] | None = None,
    ) -> Scenario:
        """Where the goal cards lie; unnamed ones take the goal slots left, top to bottom."""
        for card, where in ((C.GOLD_GOAL, gold), (C.STONE_NE, stone_ne), (C.STONE_NW, stone_nw)):
            if where is not None:
                if where not in GOAL_XY:
                    raise ScenarioError(f"{where} is not a goal slot")
                self._goals[where] = card
        return self

    def peek(self, seat: int, x: int, y: int) -> Scenario:
        """``seat`` has looked at the goal at ``(x, y)`` with a map."""
        self._peeks.setdefault(seat, []).append((x, y))
        return self

    # -- cards ---------------------------------------------------------------------------------

    def empty_hands(self, *seats: int) -> Scenario:
        for seat in seats:
            self._hands[seat] = []
        return self

    # -- players, turn, phase ------------------------------------------------------------------

    def roles(self, *roles: str) -> Scenario:
        """Each seat's role; the role card set aside is what the player count leaves over."""
        if len(roles) != self.players:
            raise ScenarioError(f"name {self.players} roles, not {len(roles)}")
        self._roles = list(roles)
        return self

    def saboteurs(self, *seats: int) -> Scenario:
        """These seats are saboteurs, all others gold-diggers."""
        return self.roles(
            *(C.SABOTEUR if seat in seats else C.DIGGER for seat in range(self.players))
        )

    def set(self, **fields: Any) -> Scenario:
        """Any other top-level field of the notation: round, phase, turns, last_player, results.

        Unless ``results`` is given, each round finished before ``round`` (and the current
        one, in the gold phase or once the game is over) gets a made-up result.
        """
        self._fields.update(fields)
        return self

    # -- gold ----------------------------------------------------------------------------------

    def gold(self, seat: int, *values: int) -> Scenario:
        """Gold cards already won by ``seat``."""
        self._gold[seat] = list(values)
        return self

    def gold_next(self, *values: int) -> Scenario:
        """The gold cards on top of the gold pile, first drawn first."""
        self._gold_next = list(values)
        return self

    def gold_pile(self, *values: int, rest_to: int) -> Scenario:
        """The whole gold pile (first drawn first); every other gold card goes to ``rest_to``."""
        self._gold_pile = list(values)
        self._gold_rest_to = rest_to
        return self

    def gold_phase(self, offer: list[int], order: list[int]) -> Scenario:
        """The gold is being shared out: ``offer`` left, ``order[0]`` chooses now."""
        self._fields.update(
            phase="gold", gold_offer=list(offer), gold_order=list(order), current=order[0]
        )
        return self

    # -- the result ----------------------------------------------------------------------------

    def json(self) -> JSON:
        data: JSON = {key: value for key, value in self.base.items()}
        n = self.players
        data.update({k: v for k, v in self._fields.items() if k not in ("gold_offer",)})

        # goals: named ones first, the rest keep their dealt order on the free slots
        goals = dict(self._goals)
        if len(set(goals.values())) != len(goals):
            raise ScenarioError("a goal card cannot lie on two slots")
        left = [card for _, _, card in self.base["goals"] if card not in goals.values()]
        for where in GOAL_XY:
            if where not in goals:
                goals[where] = left.pop(0)
        data["goals"] = [[x, y, goals[x, y]] for x, y in GOAL_XY]

        data["maze"] = [[x, y, shape] for (x, y), shape in self._maze.items()]

        # roles and the card set aside
        if self._roles is not None:
            if self.game.opts.online3:
                pool = Counter({C.DIGGER: 2, C.SABOTEUR: 1})
            else:
                saboteurs, diggers = C.ROLE_TABLE[n]
                pool = Counter({C.SABOTEUR: saboteurs, C.DIGGER: diggers})
            chosen = Counter(self._roles)
            if chosen - pool:
                raise ScenarioError(f"{n} players have role cards {dict(pool)} only")
            data["roles"] = list(self._roles)
            data["role_aside"] = sorted((pool - chosen).elements())

        if "results" not in self._fields:
            data["results"] = self._results(data)
        data["broken"] = [list(self._broken.get(seat, [])) for seat in range(n)]
        data["peeks"] = [[list(xy) for xy in self._peeks.get(seat, [])] for seat in range(n)]
        self._conserve_cards(data)
        self._conserve_gold(data)
        return data

    def _results(self, data: JSON) -> list[JSON]:
        """One made-up result per finished round (the notation wants them): nobody won them."""

        def result(number: int, winner: str, finder: int | None) -> JSON:
            roles = list(data["roles"])
            return {"round": number, "turns": 0, "winner": winner, "finder": finder, "roles": roles}

        results = [result(number, "nobody", None) for number in range(1, data["round"])]
        if data["phase"] == "gold":
            results.append(result(data["round"], "diggers", data["gold_order"][0]))
        elif data["phase"] == "over":
            results.append(result(data["round"], "nobody", None))
        return results

    def _conserve_cards(self, data: JSON) -> None:
        n = self.players
        free = Counter(ALL_CARDS)
        for seat, hand in self._hands.items():
            _take(free, hand, f"seat {seat}'s hand")
        for x, y, shape in data["maze"]:
            card = card_of(shape)
            if card in C.PATH_COUNTS:
                _take(free, [card], f"the maze at ({x},{y})")
        for seat, tools in self._broken.items():
            _take(free, [f"break-{tool}" for tool in tools], f"seat {seat}'s broken tools")
        if self._discard is not None:
            _take(free, self._discard, "the discard pile")
        if self._deck is not None:
            _take(free, self._deck, "the draw pile")
        _take(free, self._draw_next, "the top of the draw pile")

        # hands left unsaid keep what they can of their dealt cards; holes are filled later
        kept: dict[int, list[str | None]] = {}
        for seat in range(n):
            if seat not in self._hands:
                kept[seat] = []
                for card in self.base["hands"][seat]:
                    if free[card] > 0:
                        free[card] -= 1
                        kept[seat].append(card)
                    else:
                        kept[seat].append(None)
        # what is free, in the dealt draw pile's order first (so the deal stays recognisable)
        rest: list[str] = []
        spare = Counter(free)
        for card in self.base["deck"]:
            if spare[card] > 0:
                spare[card] -= 1
                rest.append(card)
        rest = sorted(spare.elements()) + rest
        hands: list[list[str]] = []
        for seat in range(n):
            if seat in self._hands:
                hands.append(list(self._hands[seat]))
                continue
            filled: list[str] = []
            for held in kept[seat]:
                if held is None and not rest:
                    raise ScenarioError("not enough cards left to fill the hands left as dealt")
                filled.append(rest.pop() if held is None else held)
            hands.append(filled)
        data["hands"] = hands

        if self._deck is not None:
            deck = list(reversed(self._deck))
            leftover = rest
        else:
            deck = rest
            leftover = []
        deck += reversed(self._draw_next)
        discard = list(self._discard) if self._discard is not None else list(self.base["discard"])
        if leftover:
            if self._discard is not None:
                raise ScenarioError(
                    f"cards {sorted(leftover)} have no place: the deck and the discard are both"
                    " given"
                )
            discard += sorted(leftover)
        data["deck"] = deck
        data["discard"] = discard

    def _conserve_gold(self, data: JSON) -> None:
        n = self.players
        free = Counter(ALL_GOLD)
        offer: list[int] = list(self._fields.get("gold_offer") or self.base["gold_offer"])
        _take(free, offer, "the gold offer")
        gold = [list(self._gold.get(seat, self.base["gold"][seat])) for seat in range(n)]
        for seat, cards in enumerate(gold):
            _take(free, cards, f"seat {seat}'s gold")
        if self._gold_pile is not None:
            _take(free, self._gold_pile, "the gold pile")
            assert self._gold_rest_to is not None
            gold[self._gold_rest_to] += sorted(free.elements())
            pile = list(reversed(self._gold_pile))
        else:
            _take(free, self._gold_next, "the top of the gold pile")
            pile = []
            for value in self.base["gold_pile"]:
                if free[value] > 0:
                    free[value] -= 1
                    pile.append(value)
            pile = sorted(free.elements()) + pile + list(reversed(self._gold_next))
        data["gold_offer"] = offer
        data["gold"] = gold
        data["gold_pile"] = pile

    def build(self) -> ClassicState:
        return self.game.state_from_json(self.json())


# -- assertions shared by the rule tests ----------------------------------------------------------


def snapshot(state: State) -> tuple[JSON, list[str], int]:
    """Everything an action could change: the notation, the history and the event log."""
    return state.to_json(), list(state.history), len(state.events)


def refuse(state: State, action: str, rule: str, player: int | None = None) -> IllegalAction:
    """Assert ``action`` is refused naming ``rule`` and that the refusal changed nothing."""
    before = snapshot(state)
    legal = state.legal_actions()
    if player is None:
        assert action not in [str(a) for a in legal], f"{action} is listed as legal"
    with pytest.raises(IllegalAction) as info:
        state.apply(action, player)
    assert info.value.rule == rule, f"expected {rule}, got {info.value}"
    assert snapshot(state) == before, "a refused action changed the state"
    assert state.legal_actions() == legal
    return info.value


def play(state: State, action: str, player: int | None = None) -> None:
    """Assert ``action`` is listed as legal, then apply it."""
    if player is None or player == state.current_player:
        assert action in [str(a) for a in state.legal_actions()], f"{action} is not listed"
    state.apply(action, player)


# the cards that join W to E: 5 T-junctions (N-E-W, or turned E-S-W), 5 crossroads, 3 straights
TUNNEL = ("NEW",) * 5 + ("NESW",) * 5 + ("EW",) * 3


def row(y: int, x_from: int, x_to: int, shapes: tuple[str, ...] = TUNNEL) -> list[str]:
    """A W-E tunnel on row ``y`` from ``x_from`` to ``x_to`` (the deck has only 3 straights).

    >>> row(0, 1, 3, ("EW", "ESW"))
    ['EW@1,0', 'ESW@2,0', 'EW@3,0']
    """
    count = x_to - x_from + 1
    sequence = [shapes[i % len(shapes)] for i in range(count)]
    return [f"{shape}@{x},{y}" for shape, x in zip(sequence, range(x_from, x_to + 1), strict=True)]


def cells(state: State) -> dict[tuple[int, int], str]:
    """The maze as ``{(x, y): shape}``."""
    return {(x, y): shape for x, y, shape in state.to_json()["maze"]}


def goal_view(state: ClassicState, player: int | None, x: int, y: int) -> JSON:
    """The entry of ``(x, y)`` in ``player``'s view of the goals."""
    found: JSON = next(g for g in state.view(player)["goals"] if (g["x"], g["y"]) == (x, y))
    return found


def with_turn(state: ClassicState, seat: int) -> ClassicState:
    """The same state through the notation, with ``seat`` to play (to try a second card)."""
    data = state.to_json()
    data["current"] = seat
    return state.game.state_from_json(data)
