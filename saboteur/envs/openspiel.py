"""Saboteur as an OpenSpiel game, registered as ``python_saboteur`` when this module is imported.

Sequential, explicit stochastic chance (deals and draws are chance nodes, see
:mod:`saboteur.envs.classic.spiel`), imperfect information, general-sum returns
(+1 for each winner, -1 for everyone else), information-state and observation
strings and tensors, and ``resample_from_infostate`` for IS-MCTS.

>>> import pyspiel
>>> import saboteur.envs.openspiel
>>> game = pyspiel.load_game("python_saboteur", {"players": 3, "rounds": 1})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 8790, 27)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 3)
>>> duel = pyspiel.load_game("python_saboteur", {"ruleset": "duel", "players": 2})
>>> duel.num_players(), duel.num_distinct_actions(), duel.max_chance_outcomes()
(2, 17230, 38)

Parameters other than ``players`` and ``ruleset`` are the classic engine options;
the Duel takes ``rounds`` only (``preset``, ``demo`` and ``first`` must keep their
defaults there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import pyspiel

from saboteur.engine import Game, new_game
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.duel.game import DuelGame
from saboteur.envs import duel
from saboteur.envs.base import Field, FloatArray
from saboteur.envs.classic import action_space, observer
from saboteur.envs.classic.spiel import (
    MAX_CHANCE_OUTCOMES,
    ClassicSpielCore,
    history_fields,
    seeded,
)
from saboteur.envs.duel.spiel import MAX_CHANCE_OUTCOMES as DUEL_CHANCE_OUTCOMES
from saboteur.envs.duel.spiel import DuelSpielCore
from saboteur.envs.duel.spiel import history_fields as duel_history_fields

SHORT_NAME = "python_saboteur"
PARAMETERS: dict[str, Any] = {
    "players": 4,
    "ruleset": "classic",
    "preset": "standard",
    "demo": False,
    "rounds": 3,
    "first": -1,  # -1: the first player of round 1 is a chance node
}


class SpielCore(Protocol):
    """What a ruleset provides to play one OpenSpiel state (classic: ClassicSpielCore)."""

    def current(self) -> int: ...
    def is_terminal(self) -> bool: ...
    def legal_ids(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply(self, index: int) -> None: ...
    def action_text(self, player: int, index: int) -> str: ...
    def returns(self) -> list[float]: ...
    def info_string(self, seat: int) -> str: ...
    def observation_string(self, seat: int) -> str: ...
    def observation_tensor(self, seat: int, out: FloatArray) -> None: ...
    def history_tensor(self, out: FloatArray) -> None: ...
    def resample(self, seat: int, rng: Any) -> SpielCore: ...


@dataclass(frozen=True)
class SpielRuleset:
    """A ruleset's OpenSpiel parts: the root core, sizes and the tensor layouts."""

    root: Callable[[Game], SpielCore]
    num_actions: Callable[[int], int]
    observation_fields: Callable[[int], tuple[Field, ...]]
    history_fields: Callable[[int], tuple[Field, ...]]
    max_game_length: Callable[[Game], int]
    options: Callable[[dict[str, Any]], dict[str, Any]]
    max_chance_outcomes: int


_ROOTS: dict[str, ClassicSpielCore] = {}


def _classic_root(game: Game) -> SpielCore:
    """A copy of the root (made once per table configuration: OpenSpiel's clone starts from it)."""
    assert isinstance(game, ClassicGame)
    key = repr(game.config())
    if key not in _ROOTS:
        _ROOTS[key] = ClassicSpielCore.initial(game)
    return _ROOTS[key].clone()


def _classic_length(game: Game) -> int:
    assert isinstance(game, ClassicGame)
    # each turn plays one of the 67 cards; at most 6 gold choices (the last card goes by itself)
    return game.opts.rounds * (67 + 7)


def engine_options(params: dict[str, Any]) -> dict[str, Any]:
    """The classic engine options named by OpenSpiel parameters (``first=-1``: not fixed)."""
    options: dict[str, Any] = {"preset": params["preset"], "demo": params["demo"]}
    options["rounds"] = params["rounds"]
    if params["first"] >= 0:
        options["first"] = params["first"]
    return options


def duel_options(params: dict[str, Any]) -> dict[str, Any]:
    """The Duel's engine options: ``rounds``; the classic-only parameters must stay unset."""
    for name in ("preset", "demo", "first"):
        if params[name] != PARAMETERS[name]:
            raise ValueError(f"python_saboteur: the duel ruleset takes no {name!r} parameter")
    return {"rounds": params["rounds"]}


def _duel_root(game: Game) -> SpielCore:
    assert isinstance(game, DuelGame)
    key = f"duel {game.config()!r}"
    if key not in _DUEL_ROOTS:
        _DUEL_ROOTS[key] = DuelSpielCore.initial(game)
    return _DUEL_ROOTS[key].clone()


def _duel_length(game: Game) -> int:
    assert isinstance(game, DuelGame)
    # per round: at most one turn per card of the 52 (each turn takes a card out of play for
    # good), at most 3 bribes and 6 goals turned over
    return game.opts.rounds * (52 + 3 + 6)


_DUEL_ROOTS: dict[str, DuelSpielCore] = {}

CORES: dict[str, SpielRuleset] = {
    "classic": SpielRuleset(
        root=_classic_root,
        num_actions=lambda players: action_space(players).size,
        observation_fields=lambda players: observer(players).fields,
        history_fields=history_fields,
        max_game_length=_classic_length,
        options=engine_options,
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
    ),
    "duel": SpielRuleset(
        root=_duel_root,
        num_actions=lambda players: duel.action_space().size,
        observation_fields=lambda players: duel.observer().fields,
        history_fields=duel_history_fields,
        max_game_length=_duel_length,
        options=duel_options,
        max_chance_outcomes=DUEL_CHANCE_OUTCOMES,
    ),
}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Saboteur",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


class SaboteurGame(pyspiel.Game):
    """The OpenSpiel game; parameters: players, ruleset, preset, demo, rounds, first
    (the Duel: players, ruleset, rounds)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**PARAMETERS, **(params or {})}
        ruleset = CORES.get(params["ruleset"])
        if ruleset is None:
            raise ValueError(f"python_saboteur has no ruleset {params['ruleset']!r}")
        players = int(params["players"])
        self.ruleset = ruleset
        self.engine_game = new_game(params["ruleset"], players, ruleset.options(params))
        info = pyspiel.GameInfo(
            num_distinct_actions=ruleset.num_actions(players),
            max_chance_outcomes=ruleset.max_chance_outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=ruleset.max_game_length(self.engine_game),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> SaboteurState:
        return SaboteurState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SaboteurObserver:
        return SaboteurObserver(self, iig_obs_type, params)


class SaboteurState(pyspiel.State):
    """One state of ``python_saboteur``; all Python-side data lives in ``core``."""

    def __init__(self, game: SaboteurGame) -> None:
        super().__init__(game)
        self.core: SpielCore = game.ruleset.root(game.engine_game)

    def current_player(self) -> int:
        return self.core.current()

    def _legal_actions(self, player: int) -> list[int]:
        return self.core.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.core.action_text(player, int(action))

    def is_terminal(self) -> bool:
        return self.core.is_terminal()

    def returns(self) -> list[float]:
        return self.core.returns()

    def __str__(self) -> str:
        return str(self.core)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SaboteurState:
        """A state ``player_id`` cannot tell apart from this one, hidden parts drawn afresh."""
        other: SaboteurState = self.clone()
        other.core = self.core.resample(player_id, seeded(float(probability_sampler())))
        return other


class SaboteurObserver:
    """OpenSpiel's PyObserver interface: ``tensor`` and ``dict`` filled by ``set_from``.

    The observation (``perfect_recall=False``) is what the seat may know now; the
    information state (``perfect_recall=True``) adds the round's public actions to the
    tensor and, as a string, everything the seat has seen since the start, in order.
    """

    def __init__(
        self, game: SaboteurGame, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if (
            obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not obs_type.public_info
        ):
            raise ValueError("python_saboteur observes for one player: public and own private info")
        self.perfect_recall = bool(obs_type.perfect_recall)
        players = game.num_players()
        fields = list(game.ruleset.observation_fields(players))
        self.observation_size = sum(f.size for f in fields)
        if self.perfect_recall:
            for extra in game.ruleset.history_fields(players):
                fields.append(Field(extra.name, extra.shape, self.observation_size, extra.high))
        size = sum(f.size for f in fields)
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict = {
            f.name: self.tensor[f.offset : f.offset + f.size].reshape(f.shape) for f in fields
        }

    def set_from(self, state: SaboteurState, player: int) -> None:
        state.core.observation_tensor(player, self.tensor[: self.observation_size])
        if self.perfect_recall:
            state.core.history_tensor(self.tensor[self.observation_size :])

    def string_from(self, state: SaboteurState, player: int) -> str:
        if self.perfect_recall:
            return state.core.info_string(player)
        return state.core.observation_string(player)


def register() -> None:
    """Register ``python_saboteur`` with OpenSpiel (once per process)."""
    if SHORT_NAME not in {t.short_name for t in pyspiel.registered_games()}:
        pyspiel.register_game(GAME_TYPE, SaboteurGame)


register()
