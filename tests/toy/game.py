"""The toy game: two players lay tunnels from the start; whoever reaches the goal wins.

Each holds ``hand`` cards (an option); a turn lays one where it fits (``EW@1,0``) or throws one
away (``pass:EW``), then draws.  The goal lies ``distance`` slots East of the start (an option);
the player whose card leads the tunnel into it wins.  When the cards run out nobody wins.

>>> game = ToyGame(2, {"distance": 2})
>>> state = game.new_state(seed=1)
>>> state.current_player, len(state.view(0)["hand"]), state.view(1)["hands"]
(0, 3, [3, 3])
>>> "hand" in state.view(None)
False
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from saboteur.engine.base import JSON, Action, Event, Game, IllegalAction, NotationError, State
from saboteur.engine.board import board, face_down, face_up
from saboteur.engine.maze import Maze, slot_index, slot_xy
from saboteur.engine.messages import Arg, Message, Seat
from saboteur.engine.options import Option, OptionsSchema
from saboteur.engine.ruleset import PlayerRange
from tests.toy import cards as C

SEATS = PlayerRange(2, 2, 2)
SCHEMA = OptionsSchema(
    "toy",
    (
        Option(
            "distance",
            "int",
            3,
            minimum=2,
            maximum=4,
            title={"en": "Distance to the goal", "de": "Abstand zum Ziel"},
            help={"en": "slots East of the start", "de": "Felder östlich vom Start"},
        ),
        Option("hand", "int", 3, choices=(2, 3), title={"en": "Hand size", "de": "Handkarten"}),
    ),
)


class ToyGame(Game):
    """The toy for exactly 2 players."""

    ruleset = "toy"

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = SEATS.check(self.ruleset, players)
        given = SCHEMA.read(options or {}, players)
        self.distance: int = given.get("distance", 3)
        self.hand: int = given.get("hand", 3)
        self.options = given

    def new_state(self, seed: int) -> ToyState:
        return ToyState(self, seed)

    def state_from_json(self, data: JSON) -> ToyState:
        """The toy's notation is its seed and actions: the state is their replay."""
        state = self.new_state(int(data["seed"]))
        for text in data["history"]:
            state.apply(text)
        return state

    def parse_action(self, text: str) -> Action:
        card, sep, where = text.partition("@")
        if sep:
            x, comma, y = where.partition(",")
            if card in C.COUNTS and comma:
                try:
                    slot = (int(x), int(y))
                except ValueError:
                    slot = None
                if slot is not None:
                    return Action(text, "place", card=card, slot=slot)
        kind, colon, card = text.partition(":")
        if kind == "pass" and colon and card in C.COUNTS:
            return Action(text, "pass", card=card)
        raise NotationError(f"not a toy action: {text!r} (expected CARD@x,y or pass:CARD)")

    def message(self, event: Event) -> Message:
        """The event as a message of the toy's catalogue (tests/toy/messages.json)."""
        data, args = event.data, dict[str, Arg]({"actor": Seat(event.seat)})
        if event.kind == "deal":
            return Message("toy.deal", {"hand": [self.card(card) for card in data["hand"]]})
        if event.kind in ("place", "pass", "drew"):
            args["card"] = self.card(data["card"])
            if event.kind == "place":
                args |= {"x": data["x"], "y": data["y"]}
            return Message(f"toy.{event.kind}", args)
        winners = [Seat(seat) for seat in data["winners"]]
        return Message("toy.game-over" if winners else "toy.game-over-none", {"winners": winners})

    @classmethod
    def card(cls, card: str) -> Message:
        return Message(f"toy.card.{card}", id=card)

    @classmethod
    def card_names(cls) -> dict[str, Message]:
        return {card: cls.card(card) for card in [*C.COUNTS, C.START, C.GOAL]}


class ToyState(State):
    """One moment of a toy game."""

    def __init__(self, game: ToyGame, seed: int) -> None:
        self.game: ToyGame = game
        self.seed = seed
        self.events: list[Event] = []
        self.history: list[str] = []
        self.maze = Maze(C.SHAPES, bounds=(-1, game.distance + 1, -2, 2))
        self.maze.add_root(slot_index(0, 0), C.START_SHAPE)
        self.goal = slot_index(game.distance, 0)
        self.maze.add_hidden(self.goal, C.GOAL)
        self.maze.recompute()
        self.deck = [card for card, count in C.COUNTS.items() for _ in range(count)]
        random.Random(seed).shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(game.hand)] for _ in range(2)]
        self.current = 0
        self.winner: int | None = None
        self.over = False
        for seat, hand in enumerate(self.hands):
            self.events.append(Event("deal", None, {"hand": list(hand)}, to=seat))

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.current

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        return [int(seat == self.winner) for seat in range(2)]

    @property
    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        hand = sorted(set(self.hands[self.current]))
        out = []
        for card in hand:
            sid = C.SHAPES.by_name[card]
            for index, key in sorted(self.maze.frontier.items()):
                if C.FIT[key] >> sid & 1:
                    x, y = slot_xy(index)
                    out.append(Action(f"{card}@{x},{y}", "place", card=card, slot=(x, y)))
        out += [Action(f"pass:{card}", "pass", card=card) for card in hand]
        return out

    def apply(self, action: Action | str, player: int | None = None) -> None:
        if self.over:
            raise IllegalAction("game.over", "the game is over")
        if player is not None and player != self.current:
            raise IllegalAction("turn.not-yours", f"it is seat {self.current}'s turn")
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if action not in self.legal_actions():
            raise IllegalAction("toy.illegal", f"{action} is not legal now")
        seat, card = self.current, action.card
        assert card is not None
        self.hands[seat].remove(card)
        if action.kind == "place":
            assert action.slot is not None
            x, y = action.slot
            reached = self.maze.place(slot_index(x, y), C.SHAPES.by_name[card])
            self.events.append(Event("place", seat, {"card": card, "x": x, "y": y}))
            if any(index == self.goal for index, _ in reached):
                self.winner = seat
        else:
            self.events.append(Event("pass", seat, {"card": card}))
        self.history.append(action.text)
        if self.deck and self.winner is None:
            drawn = self.deck.pop()
            self.hands[seat].append(drawn)
            self.events.append(Event("drew", seat, {"card": drawn}, to=seat))
        self.current = 1 - seat
        if self.winner is not None or not any(self.hands):
            self.over = True
            self.events.append(Event("game-over", None, {"winners": self.winners}))

    def view(self, player: int | None) -> JSON:
        x, y = slot_xy(self.goal)
        drawn = [
            face_up(index, C.SHAPES.shapes[sid], "start" if sid == C.START_SHAPE else "path")
            for index, sid in sorted(self.maze.cells.items())
        ]
        if self.goal in self.maze.hidden:
            drawn.append(face_down(x, y, "goal", C.GOAL))
        out: JSON = {
            "ruleset": "toy",
            "players": 2,
            "options": dict(self.game.options),
            "seat": player,
            "phase": "over" if self.over else "play",
            "current": self.current_player,
            "hands": [len(hand) for hand in self.hands],
            "deck": len(self.deck),
            "scores": self.scores,
            "winners": self.winners,
        }
        actions = []
        if player is not None:
            out["hand"] = list(self.hands[player])
            actions = self.legal_actions() if player == self.current_player else []
            out["legal"] = [action.text for action in actions]
        out["board"] = board(drawn, actions, self.maze.bounds)
        return out

    def to_json(self) -> JSON:
        return {
            "ruleset": "toy",
            "options": dict(self.game.options),
            "seed": self.seed,
            "history": list(self.history),
        }

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.__dict__.update(self.__dict__)
        other.events, other.history = list(self.events), list(self.history)
        other.maze, other.deck = self.maze.copy(), list(self.deck)
        other.hands = [list(hand) for hand in self.hands]
        return other
