"""Saboteur for one learner: a Gymnasium environment whose other seats are played by opponents.

The learner sits in ``seat``; after each of its actions the opponents play until
it is the learner's turn again (or the game is over). Observations are dicts with
``observation`` (flat ``float32``) and ``action_mask`` (``int8``); the mask is also
in ``info["action_mask"]``. The reward is +1 if the learner is among the winners
at the end, -1 if not, 0 before. An illegal action ends the episode with -1
(``illegal="raise"`` raises instead).

>>> env = SaboteurEnv(players=3, seat=1, opponents="uniform", options={"rounds": 1})
>>> obs, info = env.reset(seed=3)
>>> int(obs["action_mask"].sum()) > 0, env.state_now.current_player
(True, 1)
>>> action = int(obs["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(action)
>>> reward, truncated
(0.0, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsInt

import gymnasium
import numpy as np

from saboteur.engine import State
from saboteur.engine.base import JSON
from saboteur.engine.registry import DEFAULT_RULESET
from saboteur.envs.opponents import Opponent, OpponentSpec, make_opponent
from saboteur.envs.registry import make_adapter

ObsDict = dict[str, Any]
RENDER_MODES = ("ansi", "human")


class SaboteurEnv(gymnasium.Env[ObsDict, np.int64]):
    """One seat learns; ``opponents`` (one spec, or one per other seat) play the rest.

    ``opponents`` defaults to ``"random"``: :mod:`saboteur.bots`'s random bot if that
    package can be imported, else a uniform random policy (see :mod:`saboteur.envs.opponents`).
    """

    # Gymnasium declares metadata as an instance variable, so no ClassVar here
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        ruleset: str = DEFAULT_RULESET,
        players: int = 4,
        seat: int = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: str = "penalty",
    ) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat}")
        if illegal not in ("penalty", "raise"):
            raise ValueError("illegal must be 'penalty' or 'raise'")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.adapter = make_adapter(ruleset, players, options)
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        others = [s for s in range(players) if s != seat]
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != len(others):
                raise ValueError(f"give one opponent per other seat ({len(others)})")
            self.specs = dict(zip(others, opponents, strict=True))
        else:
            self.specs = dict.fromkeys(others, opponents)
        observer, space = self.adapter.observer, self.adapter.actions
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, observer.high(), shape=(observer.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(space.size,), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(space.size)
        self.state_: State | None = None
        self.opponents: dict[int, Opponent] = {}

    @property
    def state_now(self) -> State:
        """The engine state being played (for tests and tools; the learner must not look)."""
        assert self.state_ is not None, "call reset() first"
        return self.state_

    def view(self) -> JSON:
        """What the learner may know now, as the engine's JSON view of its seat (its hand and
        map peeks, the public table; never another seat's cards or the deck order) — for
        policies that prefer names to the flat observation.

        >>> env = SaboteurEnv(ruleset="duel", players=2, seat=1, opponents="uniform")
        >>> _ = env.reset(seed=1)
        >>> view = env.view()
        >>> view["seat"], len(view["hand"]), "hands" in view
        (1, 6, False)
        """
        return self.state_now.view(self.seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deal a new game from the environment's generator and seat fresh opponents."""
        super().reset(seed=seed)
        draws = self.np_random.integers(2**31, size=len(self.specs) + 1)
        game = self.adapter.game
        self.state_ = game.new_state(int(draws[0]))
        self.opponents = {
            seat: make_opponent(spec, game, seat, int(draw))
            for (seat, spec), draw in zip(self.specs.items(), draws[1:], strict=True)
        }
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: SupportsInt) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        state = self.state_now
        if state.is_over:
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        legal = 0 <= index < self.adapter.actions.size and bool(self._mask()[index])
        if not legal:
            if self.illegal == "raise":
                raise ValueError(f"action {index} is not legal now")
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        state.apply(self.adapter.actions.decode(index), player=self.seat)
        self._play_opponents()
        reward = 0.0
        if state.is_over:
            reward = self.adapter.outcome(state)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, state.is_over, False, self._info()

    def _play_opponents(self) -> None:
        state = self.state_now
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            state.apply(self.opponents[seat].act(state, seat), player=seat)

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        return self.adapter.actions.mask(self.state_now, self.seat)

    def _observation(self) -> ObsDict:
        return {
            "observation": self.adapter.observe(self.state_now, self.seat),
            "action_mask": self._mask(),
        }

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def render(self) -> str | None:
        """The maze as the learner sees it (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        text = self.state_now.render(self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def register() -> None:
    """Register ``saboteur/Saboteur-v0`` with Gymnasium (keyword arguments as for SaboteurEnv)."""
    if "saboteur/Saboteur-v0" not in gymnasium.registry:
        gymnasium.register(
            id="saboteur/Saboteur-v0", entry_point="saboteur.envs.gymnasium:SaboteurEnv"
        )


register()
