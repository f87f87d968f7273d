"""Game records: (ruleset, players, options, seed, actions), replayed bit-for-bit.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 3).new_state(seed=5)
>>> for _ in range(10):
...     state.apply(state.legal_actions()[0])
>>> record = Record.from_state(state)
>>> record.replay().to_json() == state.to_json()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saboteur.engine.base import JSON, IllegalAction, NotationError, State
from saboteur.engine.options import OptionError
from saboteur.engine.registry import new_game

FORMAT = "saboteur-record/1"


class RecordError(ValueError):
    """A record that cannot be read or does not replay (names the action where it failed)."""


@dataclass
class Record:
    ruleset: str
    players: int
    seed: int
    actions: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    scores: list[int] | None = None

    @classmethod
    def from_state(cls, state: State) -> Record:
        game = state.game
        scores = state.scores if state.is_over else None
        options = dict(game.options)
        return cls(game.ruleset, game.players, state.seed, list(state.history), options, scores)

    def to_json(self) -> JSON:
        out: JSON = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.scores is not None:
            out["scores"] = self.scores
        return out

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r} (expected {FORMAT})")
        ruleset, players, seed = data.get("ruleset"), data.get("players"), data.get("seed")
        actions, options = data.get("actions"), data.get("options", {})
        if not isinstance(ruleset, str):
            raise RecordError("the record lacks a 'ruleset' name")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("the record lacks a whole-number 'players'")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("the record lacks a whole-number 'seed'")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("the record's 'actions' must be a list of action texts")
        if not isinstance(options, dict):
            raise RecordError("the record's 'options' must be an object")
        scores = data.get("scores")
        if scores is not None and (
            not isinstance(scores, list) or not all(isinstance(s, int) for s in scores)
        ):
            raise RecordError("the record's 'scores' must be a list of whole numbers")
        return cls(ruleset, players, seed, list(actions), dict(options), scores)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise RecordError(f"cannot read {path}: {err.strerror or err}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError(f"{path} is not valid JSON ({err.msg}, line {err.lineno})") from None
        except RecursionError:
            raise RecordError(f"{path} nests JSON too deeply to be a record") from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    def replay(self, check_scores: bool = True) -> State:
        """Apply every action to a fresh deal; raises RecordError naming the first bad one."""
        try:
            state = new_game(self.ruleset, self.players, self.options).new_state(self.seed)
        except OptionError as err:
            raise RecordError(f"the record's game cannot be set up: {err}") from None
        for number, text in enumerate(self.actions, start=1):
            try:
                state.apply(text)
            except (IllegalAction, NotationError) as err:
                raise RecordError(f"action {number} ({text!r}) is refused: {err}") from None
        if check_scores and self.scores is not None:
            if not state.is_over:
                raise RecordError("the record gives final scores but its game is not over")
            if state.scores != self.scores:
                raise RecordError(
                    f"the replay ends with scores {state.scores}, the record says {self.scores}"
                )
        return state
