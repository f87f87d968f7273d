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

Parameters other than ``players`` and ``ruleset`` are the engine options: classic's;
the Duel takes ``rounds`` only, The Dark Cave ``agreed_end`` only (the others must keep
their defaults there).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from saboteur.engine import new_game
from saboteur.engine.registry import DEFAULT_RULESET, RULESETS
from saboteur.engine.ruleset import load
from saboteur.envs.base import Field
from saboteur.envs.spiel_parts import SpielCore, SpielRuleset, seeded

SHORT_NAME = "python_saboteur"


def _spiel_rulesets() -> dict[str, str]:
    """Ruleset name -> import path of its OpenSpiel parts, for those that have them."""
    return {n: RULESETS[n].spiel_core or "" for n in RULESETS if RULESETS[n].spiel_core}


def _parameters() -> dict[str, Any]:
    """``players``, ``ruleset`` and every option of the rulesets OpenSpiel can play (a seat
    option's default is -1: not fixed, a chance node decides)."""
    params: dict[str, Any] = {"players": RULESETS[DEFAULT_RULESET].players.default}
    params["ruleset"] = DEFAULT_RULESET
    for name in _spiel_rulesets():
        for option in RULESETS[name].options.options:
            params.setdefault(option.name, -1 if option.type == "seat" else option.default)
    return params


PARAMETERS: dict[str, Any] = _parameters()


def engine_options(ruleset: str, params: dict[str, Any]) -> dict[str, Any]:
    """The engine options of ``ruleset`` named by OpenSpiel parameters (a seat option of -1:
    not fixed); a parameter the ruleset does not take must keep its default."""
    schema = RULESETS[ruleset].options
    for name, default in PARAMETERS.items():
        if name not in ("players", "ruleset", *schema.names) and params[name] != default:
            raise ValueError(f"python_saboteur: the {ruleset} ruleset takes no {name!r} parameter")
    options: dict[str, Any] = {}
    for option in schema.options:
        value = params[option.name]
        if not (option.type == "seat" and value < 0):
            options[option.name] = value
    return options


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
        path = _spiel_rulesets().get(params["ruleset"])
        if path is None:
            raise ValueError(f"python_saboteur has no ruleset {params['ruleset']!r}")
        ruleset: SpielRuleset = load(path)
        players = int(params["players"])
        self.ruleset = ruleset
        options = engine_options(params["ruleset"], params)
        self.engine_game = new_game(params["ruleset"], players, options)
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
