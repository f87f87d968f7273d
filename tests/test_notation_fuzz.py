"""Malformed state notation and records are refused with a clear error, never another exception."""

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saboteur.engine import Game, NotationError, Record, RecordError, new_game
from saboteur.engine.base import JSON
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.play.simulate import play_random_game
from tests.darkcave_play import Table, play


def _valid(game: Game, steps: int) -> JSON:
    """A state some way into a game (the last legal action each time: passes, mostly)."""
    state = game.new_state(seed=2)
    for _ in range(steps):
        state.apply(state.legal_actions()[-1])
    return state.to_json()


def _rich(game: Game) -> JSON:
    """A Duel or solo state in round 2 or later with markers on the table and a result."""
    for seed in range(100):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            eager = [a for a in legal if a.kind in ("bribe", "key", "place")]
            state.apply(rng.choice(eager or legal))
            data = state.to_json()
            if data["round"] >= 2 and data["markers"] and data["peeks"] and data["keys"]:
                return data
    raise AssertionError("no rich state found")


def _darkcave_phases() -> dict[str, JSON]:
    """Dark Cave states in each phase, in play with webs, creatures and secrets seen."""
    found: dict[str, JSON] = {}

    def visit(state: DarkCaveState) -> None:
        data = state.to_json()
        busy = data["webs"] and data["creatures"] and any(data["peeks"]) and any(data["known"])
        if data["phase"] == "play":
            busy = busy and data["eagle_gold"] and any(data["axes"]) and any(data["boots"])
        if busy or data["phase"] in ("reveal", "vote") or (data["phase"] == "over" and data["out"]):
            found.setdefault(f"darkcave-{data['phase']}", data)

    for seed in range(100):
        play(Table(5 + seed % 4, True, seed, seed, 0.95), visit)
        if len(found) == 7:
            return found
    raise AssertionError(f"no rich Dark Cave states found, only {sorted(found)}")


def _zwergengold_phases() -> dict[str, JSON]:
    """Zwergengold states in each phase (both variants, places), with cards turned, seen and
    covered."""
    found: dict[str, JSON] = {}
    eager = ("step", "under", "trapdoor", "read", "enter", "potion", "stairs")
    for seed in range(60):
        options = {"levels": 2, "no_plan": seed % 2 == 0, "summit": seed % 3 == 0, "rounds": 20}
        game = new_game("zwergengold", 3 + seed % 3, {**options, "places": seed % 4 == 1})
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            keen = [a for a in legal if a.kind in eager]
            state.apply(rng.choice(keen if keen and rng.random() < 0.8 else legal))
            data = state.to_json()
            busy = data["phase"] != "turn" or (any(data["seen"]) and data["under"])
            if busy:
                found.setdefault(f"zwergengold-{data['phase']}", data)
        found.setdefault("zwergengold-over", state.to_json())
        if len(found) == 8:
            return found
    raise AssertionError(f"no rich Zwergengold states found, only {sorted(found)}")


GAME = new_game("classic", 4)
VALID = _valid(GAME, 25)
GAMES = {"classic": GAME, "duel": new_game("duel", 2), "solo": new_game("solo", 1)}
VALIDS = {"classic": VALID, "duel": _rich(GAMES["duel"]), "solo": _rich(GAMES["solo"])}
VALIDS |= _darkcave_phases()
VALIDS |= _zwergengold_phases()
GAMES |= {
    name: new_game(name.split("-")[0], data["players"], data["options"])
    for name, data in VALIDS.items()
    if "-" in name
}

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.text(max_size=8),
    st.lists(st.integers(min_value=-3, max_value=12), max_size=4),
    st.lists(st.text(max_size=6), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            found += _paths(item, (*prefix, position))
    return found


PATHS = [(ruleset, path) for ruleset, valid in VALIDS.items() for path in _paths(valid)]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), junk)
def test_corrupted_state_notation_is_refused_cleanly(where, value):
    ruleset, path = where
    game = GAMES[ruleset]
    data = copy.deepcopy(VALIDS[ruleset])
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        state = game.state_from_json(data)
    except NotationError as err:
        assert str(err)
        return
    # accepted: it must then be a usable state that round-trips
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    for seat in [*range(game.players), None]:
        state.view(seat)
    for action in state.legal_actions():  # and every action it allows can be taken
        state.clone().apply(action)


@pytest.mark.parametrize("ruleset", sorted(VALIDS))
def test_missing_field_is_refused(ruleset):
    valid = VALIDS[ruleset]
    for key in sorted(valid):
        _refused_without(GAMES[ruleset], valid, key)


def _refused_without(game: Game, valid: JSON, key: str) -> None:
    data = {k: v for k, v in valid.items() if k != key}
    try:
        game.state_from_json(data)
    except NotationError as err:
        assert str(err)
    else:
        assert key == "options", f"a state without {key!r} must be refused"  # options default


@pytest.mark.parametrize("ruleset", sorted(VALIDS))
def test_valid_notation_is_accepted(ruleset):
    valid = VALIDS[ruleset]
    assert GAMES[ruleset].state_from_json(json.loads(json.dumps(valid))).to_json() == valid


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["ruleset", "players", "seed", "actions", "options", "scores", "format"]),
        junk,
        max_size=7,
    )
)
def test_malformed_records_are_refused_cleanly(data):
    try:
        record = Record.from_json(data)
        record.replay()
    except RecordError as err:
        assert str(err)


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("classic", 3), ("duel", 2), ("solo", 1), ("darkcave", 4), ("zwergengold", 3)],
)
def test_record_with_tampered_action_names_it(ruleset, players):
    state = play_random_game(new_game(ruleset, players), seed=1)
    record = Record.from_state(state)
    record.actions[4] = "map@0,0"
    try:
        record.replay()
    except RecordError as err:
        assert "action 5" in str(err)
    else:
        raise AssertionError("a tampered record must not replay")
