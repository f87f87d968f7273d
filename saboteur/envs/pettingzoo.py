"""Saboteur as a PettingZoo AEC environment, in the style of PettingZoo's classic games.

Agents ``player_0 … player_{n-1}`` are the seats. Each observation is a dict:
``observation`` (the seat's flat ``float32`` vector, see docs/research.md) and
``action_mask`` (``int8`` over the fixed action space, all zero when it is not
the agent's turn). Rewards come at the end: +1 for each winner, -1 for everyone
else. ``env()`` wraps the raw environment as PettingZoo's classic games do (an
illegal action ends the game with -1 for the player who made it).

>>> e = env(players=3, rounds=1)
>>> e.reset(seed=4)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((14316,), True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from saboteur.engine import State
from saboteur.engine.registry import DEFAULT_RULESET
from saboteur.envs.base import FloatArray, MaskArray
from saboteur.envs.registry import make_adapter

ObsDict = dict[str, Any]
RENDER_MODES = ("human", "ansi")


def env(
    ruleset: str = DEFAULT_RULESET, players: int = 4, render_mode: str | None = None, **options: Any
) -> AECEnv[str, ObsDict, int]:
    """The wrapped environment: illegal actions end the game, actions are bounds-checked."""
    raw = raw_env(ruleset=ruleset, players=players, render_mode=render_mode, **options)
    wrapped: AECEnv[str, ObsDict, int] = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv[str, ObsDict, int]):
    """The unwrapped AEC environment (``ruleset``, ``players`` and engine options)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "saboteur_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str = DEFAULT_RULESET,
        players: int = 4,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.adapter = make_adapter(ruleset, players, options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        observer, space = self.adapter.observer, self.adapter.actions
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, observer.high(), shape=(observer.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(space.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(space.size) for agent in self.possible_agents
        }
        self.state_: State | None = None
        self._seeds = np.random.default_rng()
        self._cache: dict[int, tuple[FloatArray, MaskArray]] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_now(self) -> State:
        """The engine state being played (for tests and tools; a player must not look)."""
        assert self.state_ is not None, "call reset() first"
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` is the engine's seed (None: drawn from the env's generator)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._seeds.integers(2**31))
        self.state_ = self.adapter.game.new_state(game_seed)
        self._cache = {}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.state_now.current_player)

    def _agent(self, seat: int | None) -> str:
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> ObsDict:
        seat = self.possible_agents.index(agent)
        cached = self._cache.get(seat)
        if cached is None:
            state = self.state_now
            cached = (self.adapter.observe(state, seat), self.adapter.actions.mask(state, seat))
            self._cache[seat] = cached
        return {"observation": cached[0].copy(), "action_mask": cached[1].copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_now
        seat = self.possible_agents.index(agent)
        assert action is not None, "a live agent must act"
        state.apply(self.adapter.actions.decode(int(action)), player=seat)
        self._cache = {}
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            for other, reward in zip(
                self.possible_agents, self.adapter.outcome(state), strict=True
            ):
                self.rewards[other] = reward
                self.terminations[other] = True
        self.agent_selection = self._agent(state.current_player if not state.is_over else seat)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public maze and whose turn it is (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        state = self.state_now
        text = f"{state.render(None)}\nround {getattr(state, 'round', '?')}, "
        text += "game over" if state.is_over else f"{self._agent(state.current_player)} to act"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""
