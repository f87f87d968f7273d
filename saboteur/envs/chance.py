"""What every ruleset's OpenSpiel core shares: an engine state plus pending chance nodes.

A core drives the engine and replaces its shuffles and draws by explicit chance nodes
(``tasks``, the first one next). This base holds the bookkeeping that is the same for
every ruleset — whose turn, legal ids, returns, copies, pickling, observation caches —
and leaves to each ruleset what chance decides and how an action is logged
(:class:`saboteur.envs.classic.spiel.ClassicSpielCore`,
:class:`saboteur.envs.duel.spiel.DuelSpielCore`).
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar, cast

from saboteur.engine import Event, Game, State, new_game
from saboteur.envs.base import ActionSpace, FloatArray, Observer

CHANCE, TERMINAL = -1, -4  # OpenSpiel's player ids for chance nodes and terminal states


class Dealing(Protocol):
    """A round being dealt by chance nodes (the engine holds a placeholder until it is done)."""

    hands: list[list[str]]  # dealt so far

    @property
    def pool(self) -> dict[str, int]:
        """Cards not dealt yet, by kind."""

    def copy(self) -> Self: ...


GameT = TypeVar("GameT", bound=Game)
StateT = TypeVar("StateT", bound=State)
DealT = TypeVar("DealT", bound=Dealing)


class ChanceCore(ABC, Generic[GameT, StateT, DealT]):
    """One OpenSpiel state: ``engine`` plus pending chance (``tasks``), the ``deal`` being made
    and each seat's log."""

    def __init__(self, game: GameT, engine: StateT, history_size: int) -> None:
        self.game = game
        self.engine = engine
        self.tasks: list[tuple[str, int]] = []  # pending chance nodes, first one next
        self.deal: DealT | None = None
        self.log: list[tuple[int, str]] = []  # (seat it is for, or -1 for everyone; text)
        self.passes: list[list[str]] = [[] for _ in range(game.players)]  # face-down discards
        self.stats: list[float] = [0.0] * history_size  # this round's public actions
        self._views: dict[int, dict[str, Any]] = {}  # per seat, until the next change
        self._tensors: dict[int, FloatArray] = {}  # observation tensors, likewise

    # -- what each ruleset provides ------------------------------------------------------------

    @property
    @abstractmethod
    def actions(self) -> ActionSpace:
        """The ruleset's action space for this table."""

    @property
    @abstractmethod
    def observer(self) -> Observer:
        """The ruleset's observer for this table."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the next chance node and their probabilities."""

    @abstractmethod
    def _apply_chance(self, outcome: int) -> None: ...

    @abstractmethod
    def _apply_action(self, index: int) -> None: ...

    @abstractmethod
    def _encode(self, view: dict[str, Any]) -> FloatArray:
        """The observation tensor of ``view`` (with the engine's public reachability)."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, its hidden parts drawn afresh."""

    def _extra_json(self) -> dict[str, Any]:
        """The ruleset's own fields, for pickling (the deal being made, ...)."""
        return {}

    def _load_extra(self, data: dict[str, Any]) -> None:
        """Read back what :meth:`_extra_json` wrote."""

    def _copy_extra(self, other: Self) -> None:
        """Copy the ruleset's own fields into the fresh clone ``other``."""

    # -- copies and pickling -------------------------------------------------------------------

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.game = self.game
        other.engine = cast(StateT, self.engine.clone())
        other.tasks = list(self.tasks)
        other.deal = self.deal.copy() if self.deal is not None else None
        other.log = list(self.log)
        other.passes = [list(cards) for cards in self.passes]
        other.stats = list(self.stats)
        other._views, other._tensors = {}, {}
        self._copy_extra(other)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        return {**self._core_json(), "log": [list(entry) for entry in self.log]}

    def _core_json(self) -> dict[str, Any]:
        return {
            "config": self.game.config(),
            "engine": self.engine.to_json(),
            "tasks": [list(task) for task in self.tasks],
            "passes": self.passes,
            "stats": self.stats,
            **self._extra_json(),
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        config = data["config"]
        game = new_game(config["ruleset"], config["players"], config["options"])
        self.game = cast(GameT, game)
        self.engine = cast(StateT, game.state_from_json(data["engine"]))
        self.tasks = [(kind, seat) for kind, seat in data["tasks"]]
        self.log = [(to, text) for to, text in data["log"]]
        self.passes = data["passes"]
        self.stats = data["stats"]
        self._views, self._tensors = {}, {}
        self._load_extra(data)

    def __str__(self) -> str:
        return json.dumps(self._core_json(), sort_keys=True)

    # -- whose turn, what is legal -------------------------------------------------------------

    def current(self) -> int:
        """The seat to act, ``CHANCE`` (-1) or ``TERMINAL`` (-4)."""
        if self.tasks:
            return CHANCE
        if self.engine.is_over:
            return TERMINAL
        current = self.engine.current_player
        assert current is not None
        return current

    def is_terminal(self) -> bool:
        return not self.tasks and self.engine.is_over

    def legal_ids(self) -> list[int]:
        if self.tasks:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if self.engine.is_over:
            return []
        return self.actions.legal_ids(self.engine)

    def action_text(self, player: int, index: int) -> str:
        if player >= 0:
            return self.actions.text(index)
        return f"chance {index}"

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for everyone else at the end, 0 before."""
        players = self.game.players
        if not self.is_terminal():
            return [0.0] * players
        winners = set(self.engine.winners)
        return [1.0 if seat in winners else -1.0 for seat in range(players)]

    # -- applying and observing ----------------------------------------------------------------

    def apply(self, index: int) -> None:
        self._views, self._tensors = {}, {}
        if self.tasks:
            self._apply_chance(index)
        else:
            self._apply_action(index)

    def observation_string(self, seat: int) -> str:
        return self.observer.text(self.view(seat))

    def observation_tensor(self, seat: int, out: FloatArray) -> None:
        tensor = self._tensors.get(seat)
        if tensor is None:
            tensor = self._tensors[seat] = self._encode(self.view(seat))
        out[:] = tensor

    def history_tensor(self, out: FloatArray) -> None:
        out[:] = self.stats

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
        self._correct(view, seat)
        return view

    def _correct(self, view: dict[str, Any], seat: int) -> None:
        """What else of ``view`` pending chance changes (the ruleset's own fields)."""


def event_text(event: Event) -> str:
    """An engine event as one line of a seat's log (its kind, seat and data).

    >>> event_text(Event("pass", 1, {"count": 2}))
    'pass s1 {"count":2}'
    """
    data = json.dumps(dict(event.data), sort_keys=True, separators=(",", ":"))
    return f"{event.kind} s{event.seat} {data}"


def weighted(counts: dict[int, int]) -> list[tuple[int, float]]:
    """Chance outcomes with probabilities in proportion to ``counts`` (zeros left out).

    >>> weighted({2: 1, 0: 3, 5: 0})
    [(0, 0.75), (2, 0.25)]
    """
    total = sum(counts.values())
    return [(outcome, counts[outcome] / total) for outcome in sorted(counts) if counts[outcome]]


@dataclass
class Redeal:
    """Path and action cards one seat has not seen, dealt afresh (see :func:`redeal`)."""

    hands: list[list[str]]  # that seat's hand as it is, the others drawn afresh
    passes: list[list[str]]  # face-down discards, likewise
    discard: list[str]  # the public discards, then the new face-down ones
    rest: list[str]  # the unseen cards left over, shuffled (the draw pile, cards set aside)


def redeal(
    seat: int,
    hands: list[list[str]],
    passes: list[list[str]],
    discard: list[str],
    unplaced: list[str],
    rng: random.Random,
) -> Redeal:
    """Shuffle what ``seat`` has not seen — the other hands, the others' face-down discards
    (``passes``, also counted in ``discard``) and the ``unplaced`` cards — and deal it back
    in the same sizes.

    >>> dealt = redeal(0, [["a"], ["b", "c"]], [[], ["d"]], ["e", "d"], ["f"], random.Random(1))
    >>> dealt.hands[0], len(dealt.hands[1]), dealt.discard[0], len(dealt.rest)
    (['a'], 2, 'e', 1)
    """
    others = [q for q in range(len(hands)) if q != seat]
    unseen = list(unplaced)
    for q in others:
        unseen += hands[q] + passes[q]
    rng.shuffle(unseen)
    public = Counter(discard)
    for cards in passes:
        public.subtract(cards)
    new_hands = [list(hand) for hand in hands]
    new_passes = [list(cards) for cards in passes]
    for q in others:
        size = len(hands[q])
        new_hands[q], unseen = unseen[:size], unseen[size:]
        size = len(passes[q])
        new_passes[q], unseen = unseen[:size], unseen[size:]
    faced_down = [card for cards in new_passes for card in cards]
    return Redeal(new_hands, new_passes, sorted(public.elements()) + faced_down, unseen)


def peeks_of(view: dict[str, Any]) -> list[str]:
    """The goals a seat has looked at, as ``x,y:card`` (sorted), for resampled logs."""
    return sorted(f"{g['x']},{g['y']}:{g['card']}" for g in view["goals"] if g["peeked"])
