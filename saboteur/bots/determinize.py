"""Sample full states that agree with everything one seat knows (determinizations).

The seat knows its hand, role, gold and map peeks, the maze, the broken tools,
the sizes of hands, deck and discard pile, and the cards that went to the
discard pile in the open (rockfalls, maps, mended tools) or from its own hand.
Everything else is dealt at random: the unseen cards into the other hands, the
deck and the face-down discards (a repair by someone else discards a repair card
of that tool); the other roles, more likely saboteur the more a seat is
suspected; the goals nobody showed this seat; the other players' gold.  The
sample is written in the state notation and read back by the game, which checks
it (every card conserved).

>>> import random
>>> from saboteur.engine import new_game
>>> from saboteur.bots.memory import Memory
>>> state = new_game("classic", 5).new_state(seed=4)
>>> memory = Memory(state.game, state.current_player)
>>> memory.observe(state.events_for(memory.seat))
>>> sampler = Determinizer(state.game, memory, state.view(memory.seat))
>>> sample = sampler.sample(random.Random(1))
>>> sample.hands[memory.seat] == state.hands[memory.seat], sample.maze.cells == state.maze.cells
(True, True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from saboteur.bots.memory import Memory
from saboteur.engine import Game, NotationError
from saboteur.engine.base import JSON
from saboteur.engine.board import laid
from saboteur.engine.chance import shuffle
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.classic.state import ClassicState
from saboteur.engine.maze import Maze, slot_index, slot_xy
from saboteur.engine.tools import TOOLS

SUSPICION_WEIGHT = 0.7  # a seat with suspicion s is exp(0.7 s) times likelier to be a saboteur
_ALL_CARDS = Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS)
_REPAIRS_OF = {
    tool: [card for card, tools in C.REPAIRS.items() if bit in tools]
    for tool, bit in C.TOOLS.items()
}


RESULT_KEYS = ("round", "turns", "winner", "finder", "roles")  # a result in the state notation


class Draw(NamedTuple):
    """What one determinization dealt at random."""

    roles: list[str]
    aside: list[str]
    hands: list[list[str]]
    deck: list[str]
    discard: list[str]
    gold: list[list[int]]
    gold_pile: list[int]
    goals: dict[tuple[int, int], str]  # every goal slot's card
    seed: int


def role_pool(game: Game) -> list[str]:
    """The role cards shuffled for a round at this table."""
    if game.options.get("preset") == "online-3":
        return [C.DIGGER, C.DIGGER, C.SABOTEUR]
    saboteurs, diggers = C.ROLE_TABLE[game.players]
    return [C.SABOTEUR] * saboteurs + [C.DIGGER] * diggers


class Determinizer:
    """Samples states consistent with one seat's view and memory."""

    def __init__(
        self, game: Game, memory: Memory, view: JSON, belief: float = SUSPICION_WEIGHT
    ) -> None:
        self.game = game
        self.memory = memory
        self.view = view
        self.seat = seat = memory.seat
        n = game.players
        self.others = [s for s in range(n) if s != seat]
        self.unseen = self._unseen()
        pool = role_pool(game)
        pool.remove(view["role"])
        self.other_roles = pool  # dealt to the other seats and aside
        self.weights = [math.exp(belief * memory.suspicion[s]) for s in self.others]
        self.weights += [1.0] * (len(pool) - len(self.others))
        known_goals: dict[tuple[int, int], str] = {}
        for goal in view["goals"]:
            if goal["card"] is not None:
                known_goals[goal["x"], goal["y"]] = goal["card"]
        self.known_goals = known_goals
        self.open_goals = [
            (g["x"], g["y"]) for g in view["goals"] if (g["x"], g["y"]) not in known_goals
        ]
        self.hidden_goal_cards = [c for c in C.GOAL_CARDS if c not in known_goals.values()]
        gold_left = Counter(C.GOLD_CARDS)
        gold_left.subtract(view["gold"])
        self.unseen_gold = sorted(gold_left.elements())
        # the finished rounds as the notation holds them (a view adds the gold they brought)
        self.results = [{key: result[key] for key in RESULT_KEYS} for result in view["results"]]
        self.broken = [sum(TOOLS[tool] for tool in tools) for tools in view["broken"]]
        # the maze as this seat sees it, face-down goals standing for whatever a sample deals
        self.maze = self._maze()

    def _maze(self) -> Maze:
        """The maze as this seat sees it, built as the notation builds it (so in the same
        order), its face-down goals standing for whatever a sample deals there."""
        game = self.game
        assert isinstance(game, ClassicGame)
        maze = Maze(C.SHAPES, game.opts.bounds)
        for index, sid in laid(self.view["board"]["cells"], C.SHAPES):
            if sid == C.START_SHAPE:
                maze.add_root(index, sid)
            else:
                maze.lay(index, sid)
        for x, y in [*self.known_goals, *self.open_goals]:
            if slot_index(x, y) not in maze.cells:
                maze.add_hidden(slot_index(x, y), "?")
        maze.recompute()
        return maze

    def _unseen(self) -> list[str]:
        """The cards this seat cannot place: all cards minus those it has seen where they lie."""
        view, memory = self.view, self.memory
        seen: Counter[str] = Counter(view["hand"])
        for cell in view["board"]["cells"]:
            if cell["card"] in C.PATH_COUNTS:
                seen[cell["card"]] += 1
        for tools in view["broken"]:
            seen.update(f"break-{tool}" for tool in tools)
        seen.update(memory.known_discards)
        unseen = _ALL_CARDS - seen
        if seen - _ALL_CARDS:
            raise NotationError("this seat's memory counts more cards than exist")
        return sorted(unseen.elements())

    # -- sampling ----------------------------------------------------------------------------------

    def _roles(self, rng: random.Random) -> tuple[list[str], list[str]]:
        """The other seats' roles and the cards set aside, saboteurs drawn by suspicion weight."""
        saboteurs = self.other_roles.count(C.SABOTEUR)
        positions = list(range(len(self.other_roles)))
        weights = list(self.weights)
        chosen = set()
        for _ in range(saboteurs):
            pick = rng.choices(positions, weights)[0]
            chosen.add(pick)
            index = positions.index(pick)
            del positions[index], weights[index]
        dealt = [C.SABOTEUR if i in chosen else C.DIGGER for i in range(len(self.other_roles))]
        roles = [""] * self.game.players
        roles[self.seat] = self.view["role"]
        for seat, role in zip(self.others, dealt, strict=False):
            roles[seat] = role
        return roles, dealt[len(self.others) :]

    def _repair_cards(self, pool: list[str], rng: random.Random) -> list[str] | None:
        """A repair card from ``pool`` for each repair other seats made (removed from ``pool``)."""
        chosen: list[str] = []

        def assign(tools: Sequence[str]) -> bool:
            if not tools:
                return True
            options = [card for card in dict.fromkeys(pool) if card in _REPAIRS_OF[tools[0]]]
            shuffle(rng, options)
            for card in options:
                pool.remove(card)
                chosen.append(card)
                if assign(tools[1:]):
                    return True
                chosen.pop()
                pool.append(card)
            return False

        return chosen if assign(self.memory.repairs) else None

    def _cards(self, rng: random.Random) -> tuple[list[list[str]], list[str], list[str]]:
        view = self.view
        pool = list(self.unseen)
        repairs = self._repair_cards(pool, rng)
        if repairs is None:
            raise NotationError("no repair cards left for the repairs this seat saw")
        shuffle(rng, pool)
        hands = [list(view["hand"]) if s == self.seat else [] for s in range(self.game.players)]
        for seat in self.others:
            size = view["hand_sizes"][seat]
            hands[seat], pool = pool[:size], pool[size:]
        deck, pool = pool[: view["deck_size"]], pool[view["deck_size"] :]
        discard = sorted(self.memory.known_discards.elements()) + repairs + pool
        return hands, deck, discard

    def _gold(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        pool = list(self.unseen_gold)
        shuffle(rng, pool)
        gold: list[list[int]] = []
        for seat, count in enumerate(self.view["gold_cards"]):
            if seat == self.seat:
                gold.append(list(self.view["gold"]))
            else:
                gold.append(pool[:count])
                pool = pool[count:]
        return gold, pool

    def _draw(self, rng: random.Random) -> Draw:
        """Everything a sample deals at random, in one order (the notation and the direct
        path draw the same sample from the same generator)."""
        roles, aside = self._roles(rng)
        hands, deck, discard = self._cards(rng)
        gold, gold_pile = self._gold(rng)
        goal_cards = list(self.hidden_goal_cards)
        shuffle(rng, goal_cards)
        goals = {**self.known_goals, **dict(zip(self.open_goals, goal_cards, strict=True))}
        seed = rng.randrange(2**31)
        return Draw(roles, aside, hands, deck, discard, gold, gold_pile, goals, seed)

    def _peeks(self, goals: dict[tuple[int, int], str]) -> list[list[tuple[int, int]]]:
        """Each seat's map peeks: this seat's from its view, the others' from its memory."""
        view, peeks = self.view, []
        for seat in range(self.game.players):
            if seat == self.seat:
                peeks.append([(g["x"], g["y"]) for g in view["goals"] if g["peeked"]])
            else:
                peeks.append([slot_xy(i) for i in self.memory.mapped[seat]])
        return peeks

    def sample_json(self, rng: random.Random) -> JSON:
        """One determinization in the state notation."""
        view, n = self.view, self.game.players
        draw = self._draw(rng)
        return {
            "format": "saboteur-state/1",
            **self.game.config(),
            "seed": draw.seed,
            "round": view["round"],
            "phase": view["phase"],
            "current": view["current"],
            "turns": view["turns"],
            "last_player": (self.seat - 1) % n,
            "roles": draw.roles,
            "role_aside": draw.aside,
            "hands": draw.hands,
            "deck": draw.deck,
            "discard": draw.discard,
            "gold_pile": draw.gold_pile,
            "gold": draw.gold,
            "broken": view["broken"],
            "maze": [
                [*slot_xy(index), C.SHAPES.shapes[sid].name]
                for index, sid in laid(view["board"]["cells"], C.SHAPES)
            ],
            "goals": [[x, y, card] for (x, y), card in draw.goals.items()],
            "peeks": [[list(xy) for xy in seen] for seen in self._peeks(draw.goals)],
            "gold_offer": [],
            "gold_order": [],
            "results": self.results,
        }

    def checked_sample(self, rng: random.Random) -> ClassicState:
        """One determinization written in the state notation and read back by the game, which
        checks it (every card conserved); :meth:`sample` gives the same state, faster."""
        state = self.game.state_from_json(self.sample_json(rng))
        assert isinstance(state, ClassicState)
        return state

    def sample(self, rng: random.Random) -> ClassicState:
        """One determinization as a state of the game, built directly (what
        :meth:`checked_sample` builds from the same generator, without the notation)."""
        view, draw = self.view, self._draw(rng)
        game = self.game
        assert isinstance(game, ClassicGame)
        state = ClassicState(game, draw.seed)
        state.round, state.phase, state.current = view["round"], view["phase"], view["current"]
        state.turns = view["turns"]
        state.last_player = (self.seat - 1) % game.players
        state.roles, state.role_aside = draw.roles, draw.aside
        state.hands, state.deck, state.discard = draw.hands, draw.deck, draw.discard
        state.gold_pile, state.gold = draw.gold_pile, draw.gold
        state.broken = list(self.broken)
        goal_cards = {slot_index(x, y): card for (x, y), card in draw.goals.items()}
        state.goal_cards = goal_cards
        maze = state.maze = self.maze.copy()
        for index in maze.hidden:
            maze.add_hidden(index, goal_cards[index])
        state.peeks = [
            {slot_index(x, y): goal_cards[slot_index(x, y)] for x, y in seen}
            for seen in self._peeks(draw.goals)
        ]
        state.results = [dict(result) for result in self.results]
        return state
