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

>>> from saboteur.engine import new_game
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

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from saboteur.engine import Game
from saboteur.engine.duel.actions import PASS, discarded
from saboteur.engine.duel.game import DuelGame
from saboteur.engine.duel.state import DuelState
from saboteur.engine.maze import slot_index, slot_xy
from saboteur.envs.base import Field, FloatArray, build_fields
from saboteur.envs.chance import ChanceCore, event_text, weighted
from saboteur.envs.duel import action_space, observer
from saboteur.envs.duel.actions import BLOCK_NAMES, CARD_KINDS, GOAL_SLOTS, PLAYERS, DuelActionSpace
from saboteur.envs.duel.observation import DECK, GOAL_KINDS, DuelObserver
from saboteur.envs.spiel_parts import SpielRuleset, cached_root

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


class DuelSpielCore(ChanceCore[DuelGame, DuelState, Deal]):
    """One OpenSpiel state of a Duel: the engine state plus pending chance and logs."""

    def __init__(self, game: DuelGame, engine: DuelState) -> None:
        super().__init__(game, engine, history_fields()[0].size)
        self.buried: list[Buried] = []  # goal cards boxed face down in finished rounds

    @classmethod
    def initial(cls, game: DuelGame) -> DuelSpielCore:
        """The root: nothing dealt (the engine holds a placeholder deal)."""
        core = cls(game, game.new_state(0))
        core._start_deal()
        return core

    @property
    def actions(self) -> DuelActionSpace:
        return action_space()

    @property
    def observer(self) -> DuelObserver:
        return observer()

    def _copy_extra(self, other: DuelSpielCore) -> None:
        other.buried = [Buried(b.card, list(b.seen)) for b in self.buried]

    def _extra_json(self) -> dict[str, Any]:
        deal = self.deal
        return {
            "deal": None if deal is None else deal.__dict__,
            "buried": [[b.card, b.seen] for b in self.buried],
        }

    def _load_extra(self, data: dict[str, Any]) -> None:
        self.deal = None if data["deal"] is None else Deal(**data["deal"])
        self.buried = [Buried(card, seen) for card, seen in data["buried"]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        kind, _ = self.tasks[0]
        if kind == "draw":
            counts = Counter(self.engine.deck)
            return weighted({CARD_KINDS.index(card): k for card, k in counts.items()})
        deal = self.deal
        assert deal is not None
        if kind == "goal":
            return weighted({GOAL_KINDS.index(c): k for c, k in deal.goal_pool.items()})
        return weighted({CARD_KINDS.index(card): k for card, k in deal.pool.items()})

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
                self.log.append((-1 if event.to is None else event.to, event_text(event)))
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

    def info_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order, then what it holds now."""
        lines = [f"seat {seat} of {PLAYERS}"]
        lines += [text for to, text in self.log if to < 0 or to == seat]
        lines.append(f"now hand {sorted(self.view(seat)['hand'])}")
        return "\n".join(lines)

    def _encode(self, view: dict[str, Any]) -> FloatArray:
        return observer().encode_view(view, self.engine.mazes)

    # -- resampling ----------------------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> DuelSpielCore:
        """A state ``seat`` cannot tell from this one, its hidden parts drawn afresh
        (see :func:`saboteur.envs.duel.resample.resample`)."""
        from saboteur.envs.duel.resample import resample

        return resample(self, seat, rng)


def _length(game: Game) -> int:
    assert isinstance(game, DuelGame)
    # per round: at most one turn per card of the 52 (each turn takes a card out of play for
    # good), at most 3 bribes and 6 goals turned over
    return game.opts.rounds * (52 + 3 + 6)


SPIEL = SpielRuleset(
    root=cached_root(DuelSpielCore.initial),
    num_actions=lambda players: action_space().size,
    observation_fields=lambda players: observer().fields,
    history_fields=history_fields,
    max_game_length=_length,
    max_chance_outcomes=MAX_CHANCE_OUTCOMES,
)
