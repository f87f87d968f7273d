"""The Duel with explicit chance, for OpenSpiel (pure Python: no pyspiel needed here).

:class:`DuelSpielCore` drives the engine and replaces its shuffles by chance nodes:

- each round: the goal card of each of the six goal slots (from the goal cards not
  used yet), then every hand card, seat by seat; the finished deal is written into
  the engine through the state notation (validated, cards conserved);
- after each turn that draws: each card drawn (the engine's own draw is put back on
  the deck and replaced by the chance outcome).

Chance outcomes are numbers below 38: a hand card kind (``CARD_KINDS``) or a goal
card kind (``GOAL_KINDS``). Who starts a round is not chance (seat 0, then the
poorer dwarf). The log every seat reads is the engine's events, each shown only to
the seats allowed to see it.

>>> core = DuelSpielCore.initial(new_game("duel", 2, {"rounds": 1}))
>>> core.current(), len(core.chance_outcomes())
(-1, 9)
>>> import random
>>> rng = random.Random(1)
>>> while core.current() < 0:
...     outcomes, probs = zip(*core.chance_outcomes())
...     core.apply(rng.choices(outcomes, probs)[0])
>>> core.current(), len(core.engine.hands[1]), len(core.engine.deck)
(0, 6, 40)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from saboteur.engine import Event, new_game
from saboteur.engine.duel.actions import PASS, discarded
from saboteur.engine.duel.game import DuelGame
from saboteur.engine.duel.state import DuelState
from saboteur.engine.maze import slot_index, slot_xy
from saboteur.envs.base import Field, FloatArray, build_fields
from saboteur.envs.duel import action_space, observer
from saboteur.envs.duel.actions import BLOCK_NAMES, CARD_KINDS, GOAL_SLOTS, PLAYERS
from saboteur.envs.duel.observation import DECK, GOAL_KINDS

CHANCE, TERMINAL = -1, -4  # OpenSpiel's player ids for chance nodes and terminal states
MAX_CHANCE_OUTCOMES = max(len(CARD_KINDS), len(GOAL_KINDS))  # 38
PRIVATE_EVENTS = ("deal", "draw", "drew")  # logged by the core itself (chance decides them)


@dataclass
class Deal:
    """A round being dealt by chance nodes (the engine holds a placeholder until it is done)."""

    goal_pool: dict[str, int]
    pool: dict[str, int]
    hands: list[list[str]]
    goals: list[str] = field(default_factory=list)

    def copy(self) -> Deal:
        return Deal(
            dict(self.goal_pool), dict(self.pool), [list(h) for h in self.hands], list(self.goals)
        )


@dataclass
class Buried:
    """A goal card that went into the box face down, and which seats had looked at it."""

    card: str
    seen: list[bool]


def history_fields(players: int = PLAYERS) -> tuple[Field, ...]:
    """Per seat, this round's public actions by kind (place, reveal, break, ... pass)."""
    return build_fields([("history", (players, len(BLOCK_NAMES)), float(DECK))])


class DuelSpielCore:
    """One OpenSpiel state of a Duel: the engine state plus pending chance and logs."""

    def __init__(self, game: DuelGame, engine: DuelState) -> None:
        self.game = game
        self.engine = engine
        self.tasks: list[tuple[str, int]] = []  # pending chance nodes, first one next
        self.deal: Deal | None = None
        self.log: list[tuple[int, str]] = []  # (seat it is for, or -1 for everyone; text)
        self.passes: list[list[str]] = [[] for _ in range(PLAYERS)]  # face-down discards
        self.buried: list[Buried] = []  # goal cards boxed face down in finished rounds
        self.stats: list[float] = [0.0] * history_fields()[0].size
        self._views: dict[int, dict[str, Any]] = {}
        self._tensors: dict[int, FloatArray] = {}

    # -- construction and copies --------------------------------------------------------------

    @classmethod
    def initial(cls, game: DuelGame) -> DuelSpielCore:
        """The root: nothing dealt (the engine holds a placeholder deal)."""
        core = cls(game, game.new_state(0))
        core._start_deal()
        return core

    def clone(self) -> DuelSpielCore:
        other = DuelSpielCore.__new__(DuelSpielCore)
        other.game = self.game
        other.engine = self.engine.clone()
        other.tasks = list(self.tasks)
        other.deal = self.deal.copy() if self.deal is not None else None
        other.log = list(self.log)
        other.passes = [list(cards) for cards in self.passes]
        other.buried = [Buried(b.card, list(b.seen)) for b in self.buried]
        other.stats = list(self.stats)
        other._views, other._tensors = {}, {}
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> DuelSpielCore:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        return {**self._core_json(), "log": [list(entry) for entry in self.log]}

    def _core_json(self) -> dict[str, Any]:
        deal = self.deal
        return {
            "config": self.game.config(),
            "engine": self.engine.to_json(),
            "tasks": [list(task) for task in self.tasks],
            "deal": None if deal is None else deal.__dict__,
            "passes": self.passes,
            "buried": [[b.card, b.seen] for b in self.buried],
            "stats": self.stats,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        config = data["config"]
        game = new_game("duel", config["players"], config["options"])
        assert isinstance(game, DuelGame)
        self.game = game
        self.engine = game.state_from_json(data["engine"])
        self.tasks = [(kind, seat) for kind, seat in data["tasks"]]
        self.deal = None if data["deal"] is None else Deal(**data["deal"])
        self.log = [(to, text) for to, text in data["log"]]
        self.passes = data["passes"]
        self.buried = [Buried(card, seen) for card, seen in data["buried"]]
        self.stats = data["stats"]
        self._views, self._tensors = {}, {}

    def __str__(self) -> str:
        return json.dumps(self._core_json(), sort_keys=True)

    # -- whose turn, what is legal ------------------------------------------------------------

    def current(self) -> int:
        """The seat to act, ``CHANCE`` (-1) or ``TERMINAL`` (-4)."""
        if self.tasks:
            return CHANCE
        if self.engine.is_over:
            return TERMINAL
        current = self.engine.current
        assert current is not None
        return current

    def is_terminal(self) -> bool:
        return not self.tasks and self.engine.is_over

    def legal_ids(self) -> list[int]:
        if self.tasks:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if self.engine.is_over:
            return []
        return action_space().legal_ids(self.engine)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        kind, _ = self.tasks[0]
        if kind == "draw":
            counts = Counter(self.engine.deck)
            return _weighted({CARD_KINDS.index(card): k for card, k in counts.items()})
        deal = self.deal
        assert deal is not None
        if kind == "goal":
            return _weighted({GOAL_KINDS.index(c): k for c, k in deal.goal_pool.items()})
        return _weighted({CARD_KINDS.index(card): k for card, k in deal.pool.items()})

    def action_text(self, player: int, index: int) -> str:
        if player >= 0:
            return action_space().text(index)
        return f"chance {index}"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * PLAYERS
        winners = set(self.engine.winners)
        return [1.0 if seat in winners else -1.0 for seat in range(PLAYERS)]

    # -- applying ------------------------------------------------------------------------------

    def apply(self, index: int) -> None:
        self._views, self._tensors = {}, {}
        if self.tasks:
            self._apply_chance(index)
        else:
            self._apply_action(index)

    def _apply_chance(self, outcome: int) -> None:
        kind, seat = self.tasks.pop(0)
        if kind == "draw":
            card = CARD_KINDS[outcome]
            self.engine.deck.remove(card)
            self.engine.hands[seat].append(card)
            self.engine._legal = None  # the engine caches legal actions; the hand changed
            self.log += [(-1, f"s{seat} draws"), (seat, f"draw {card}")]
        else:
            deal = self.deal
            assert deal is not None
            if kind == "goal":
                card = GOAL_KINDS[outcome]
                deal.goals.append(card)
                deal.goal_pool[card] -= 1
            else:
                card = CARD_KINDS[outcome]
                deal.hands[seat].append(card)
                deal.pool[card] -= 1
                self.log.append((seat, f"deal {card}"))
        if not self.tasks and self.deal is not None:
            self._finish_deal()

    def _start_deal(self) -> None:
        engine = self.engine
        pool = Counter(engine.deck)
        for hand in engine.hands:
            pool.update(hand)
        goals = Counter(engine.goal_pile) + Counter(engine.goal_cards.values())
        self.deal = Deal(dict(goals), dict(pool), [[] for _ in range(PLAYERS)])
        self.tasks += [("goal", -1)] * len(GOAL_SLOTS)
        self.tasks += [("card", s) for s in range(PLAYERS) for _ in engine.hands[s]]
        self.passes = [[] for _ in range(PLAYERS)]
        self.stats = [0.0] * len(self.stats)

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        data = self.engine.to_json()
        data["goals"] = [
            [*slot_xy(i), card] for i, card in zip(GOAL_SLOTS, deal.goals, strict=True)
        ]
        data["goal_pile"] = sorted(Counter(deal.goal_pool).elements())
        data["hands"] = deal.hands
        data["deck"] = sorted(Counter(deal.pool).elements())
        self.engine = self.game.state_from_json(data)
        self.deal = None
        self.log.append((-1, f"round {self.engine.round} s{self.engine.current} starts"))

    def _apply_action(self, index: int) -> None:
        engine = self.engine
        seat = engine.current
        assert seat is not None
        action = action_space().decode(index)
        hidden = [(i, engine.goal_cards[i]) for i in GOAL_SLOTS if i in engine.mazes[0].hidden]
        peeks = [dict(seen) for seen in engine.peeks]
        start, round_before = len(engine.events), engine.round
        engine.apply(action, player=seat)  # an illegal action raises here and changes nothing
        events = engine.events[start:]
        self.stats[seat * len(BLOCK_NAMES) + BLOCK_NAMES.index(action.kind)] += 1
        if action.kind == PASS:
            self.passes[seat] += discarded(action)
        for event in events:
            if event.kind not in PRIVATE_EVENTS:
                self.log.append((-1 if event.to is None else event.to, _text(event)))
        drawn = [c for e in events if e.kind == "drew" and e.seat == seat for c in e.data["cards"]]
        if drawn:
            hand = engine.hands[seat]
            assert hand[-len(drawn) :] == drawn and engine.round == round_before
            del hand[-len(drawn) :]
            engine.deck += reversed(drawn)
            engine._legal = None
            self.tasks += [("draw", seat)] * len(drawn)
        if engine.round != round_before or engine.is_over:
            turned = {slot_index(e.data["x"], e.data["y"]) for e in events if e.kind == "reveal"}
            self.buried += [
                Buried(card, [i in seen for seen in peeks]) for i, card in hidden if i not in turned
            ]
            if not engine.is_over:
                self._start_deal()

    # -- what a seat knows ---------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """``engine.view(seat)``, corrected for pending chance nodes (cached: do not change)."""
        view = self._views.get(seat)
        if view is not None:
            return view
        view = self._views[seat] = self.engine.view(seat)
        deal = self.deal
        if deal is not None:
            view["hand"] = list(deal.hands[seat])
            view["hand_sizes"] = [len(hand) for hand in deal.hands]
            view["deck_size"] = sum(deal.pool.values())
        if self.tasks:
            view["current"] = None
        return view

    def info_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order, then what it holds now."""
        lines = [f"seat {seat} of {PLAYERS}"]
        lines += [text for to, text in self.log if to < 0 or to == seat]
        lines.append(f"now hand {sorted(self.view(seat)['hand'])}")
        return "\n".join(lines)

    def observation_string(self, seat: int) -> str:
        return observer().text(self.view(seat))

    def observation_tensor(self, seat: int, out: FloatArray) -> None:
        tensor = self._tensors.get(seat)
        if tensor is None:
            tensor = observer().encode_view(self.view(seat), self.engine.mazes)
            self._tensors[seat] = tensor
        out[:] = tensor

    def history_tensor(self, out: FloatArray) -> None:
        out[:] = self.stats

    # -- resampling ----------------------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> DuelSpielCore:
        """A state ``seat`` cannot tell from this one, its hidden parts drawn afresh
        (see :func:`saboteur.envs.duel.resample.resample`)."""
        from saboteur.envs.duel.resample import resample

        return resample(self, seat, rng)


def _text(event: Event) -> str:
    data = json.dumps(dict(event.data), sort_keys=True, separators=(",", ":"))
    return f"{event.kind} s{event.seat} {data}"


def _weighted(counts: dict[int, int]) -> list[tuple[int, float]]:
    total = sum(counts.values())
    return [(outcome, counts[outcome] / total) for outcome in sorted(counts) if counts[outcome]]
