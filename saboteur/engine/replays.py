"""A finished game's replay: every step's view of every seat and the events, all revealed.

A replay is made from a record (:mod:`saboteur.engine.records`): step 0 is the deal, step *k*
the game after its *k*-th action. Each step carries, per seat, the seat's view as
:meth:`State.replay_view` shows it (its hand and role, and the face-down goals shown), with no
legal actions and no targets (a replay is watched, not played), and the events that step
brought, private ones included (``to`` names the seat they were meant for).

A view is sent as a *patch* against the same seat's view of the step before, so that a
replay of a whole game stays small (a 3-round classic game of five: about 0.5 MB of JSON,
20 kB gzipped, instead of several MB of whole views). A patch is a list:

- ``[0, value]``: the value itself;
- ``[1, {key: patch}, [removed keys]]``: an object with these keys changed (the list of
  removed keys only when there are any);
- ``[2, {index: patch}]``: a list of the same length with these items changed;
- ``[3, [items]]``: a list that grew by these items at its end.

``web/static/replay.js`` applies them (``applyPatch``), as :func:`apply_patch` does here.

>>> from saboteur.engine import Record
>>> record = Record("classic", players=3, seed=5, actions=["NESW@1,0", "NESW@2,0"])
>>> replay = replay_of(record, ["Ann", "Bob", "Cat"])
>>> len(replay["steps"]), replay["steps"][1]["action"], replay["steps"][1]["seat"]
(3, 'NESW@1,0', 0)
>>> views = seat_views(replay, 0)
>>> views[2]["hand"] == record.replay().view(0)["hand"], views[2]["legal"]
(True, [])
"""

from __future__ import annotations

from typing import Any

from saboteur.engine.base import JSON, IllegalAction, NotationError, State
from saboteur.engine.options import OptionError
from saboteur.engine.records import Record, RecordError
from saboteur.engine.registry import new_game

FORMAT = "saboteur-replay/1"


def diff(before: Any, after: Any) -> list[Any] | None:
    """The patch that turns ``before`` into ``after`` (None: they are equal)."""
    if before == after:
        return None
    if isinstance(before, dict) and isinstance(after, dict):
        changed: dict[str, Any] = {}
        for key, value in after.items():
            if key in before:
                inner = diff(before[key], value)
                if inner is not None:
                    changed[key] = inner
            else:
                changed[key] = [0, value]
        removed = [key for key in before if key not in after]
        return [1, changed, removed] if removed else [1, changed]
    if isinstance(before, list) and isinstance(after, list):
        if len(before) == len(after):
            items: dict[str, Any] = {}
            for index, (old, new) in enumerate(zip(before, after, strict=True)):
                inner = diff(old, new)
                if inner is not None:
                    items[str(index)] = inner
            if len(items) <= len(after) // 2 + 1:
                return [2, items]
        elif len(after) > len(before) and after[: len(before)] == before:
            return [3, after[len(before) :]]
    return [0, after]


def apply_patch(before: Any, patch: list[Any]) -> Any:
    """``before`` with ``patch`` applied (a new value; ``before`` is left as it was)."""
    kind = patch[0]
    if kind == 0:
        return patch[1]
    if kind == 1:
        removed = set(patch[2]) if len(patch) > 2 else set()
        out = {key: value for key, value in before.items() if key not in removed}
        for key, inner in patch[1].items():
            out[key] = apply_patch(before.get(key), inner)
        return out
    if kind == 2:
        items = list(before)
        for index, inner in patch[1].items():
            items[int(index)] = apply_patch(items[int(index)], inner)
        return items
    if kind == 3:
        return [*before, *patch[1]]
    raise ValueError(f"not a patch: {patch!r}")


def watched_view(state: State, seat: int) -> JSON:
    """A seat's view in a replay: everything shown, nothing to play."""
    view = dict(state.replay_view(seat))
    if "legal" in view:
        view["legal"] = []
    board = view.get("board")
    if isinstance(board, dict) and board.get("targets"):
        view["board"] = {**board, "targets": []}
    return view


def replay_of(record: Record, names: list[str] | None = None) -> JSON:
    """The replay of ``record`` (see the module's description); ``names`` name the seats.

    Raises RecordError where the record does not replay."""
    players = record.players
    try:
        game = new_game(record.ruleset, players, record.options)
        state = game.new_state(record.seed)
    except OptionError as err:
        raise RecordError(f"the record's game cannot be set up: {err}") from None
    if names is None or len(names) != players:
        names = [f"Player {seat + 1}" for seat in range(players)]
    before: list[JSON | None] = [None] * players
    told = 0
    steps: list[JSON] = []

    def step(action: str | None, seat: int | None) -> None:
        nonlocal told
        events = []
        for event in state.events[told:]:
            events.append({**event.to_json(), "message": game.message(event).to_json()})
        told = len(state.events)
        views = []
        for viewer in range(players):
            view = watched_view(state, viewer)
            last = before[viewer]
            views.append([0, view] if last is None else (diff(last, view) or [1, {}]))
            before[viewer] = view
        steps.append(
            {"action": action, "seat": seat, "round": state.round, "events": events, "views": views}
        )

    step(None, None)
    for number, text in enumerate(record.actions, start=1):
        seat = state.current_player
        try:
            state.apply(text)
        except (IllegalAction, NotationError) as err:
            raise RecordError(f"action {number} ({text!r}) is refused: {err}") from None
        step(text, seat)
    return {
        "format": FORMAT,
        "ruleset": record.ruleset,
        "players": players,
        "options": dict(game.options),
        "names": list(names),
        "over": state.is_over,
        "scores": state.scores if state.is_over else None,
        "winners": state.winners if state.is_over else None,
        "steps": steps,
    }


def seat_views(replay: JSON, seat: int) -> list[JSON]:
    """Every step's whole view of ``seat`` (the patches applied one after another)."""
    views: list[JSON] = []
    current: Any = None
    for step in replay["steps"]:
        current = apply_patch(current, step["views"][seat])
        views.append(current)
    return views


def names_in(data: Any, players: int) -> list[str] | None:
    """The seats' names a record file carries (the server adds ``names``), if it has them."""
    names = data.get("names") if isinstance(data, dict) else None
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
        return names
    return None
