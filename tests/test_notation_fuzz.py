"""Malformed state notation and records are refused with a clear error, never another exception."""

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saboteur.engine import NotationError, Record, RecordError, new_game
from saboteur.play.simulate import play_random_game

GAME = new_game("classic", 4)
BASE = GAME.new_state(seed=2)
for _ in range(25):
    BASE.apply(BASE.legal_actions()[-1])
VALID = BASE.to_json()

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


PATHS = _paths(VALID)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), junk)
def test_corrupted_state_notation_is_refused_cleanly(path, value):
    data = copy.deepcopy(VALID)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        state = GAME.state_from_json(data)
    except NotationError as err:
        assert str(err)
        return
    # accepted: it must then be a usable state that round-trips
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()
    state.legal_actions()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(VALID)))
def test_missing_field_is_refused(key):
    data = {k: v for k, v in VALID.items() if k != key}
    try:
        GAME.state_from_json(data)
    except NotationError as err:
        assert str(err)
    else:
        assert key == "options", f"a state without {key!r} must be refused"  # options default


def test_valid_notation_is_accepted():
    assert GAME.state_from_json(json.loads(json.dumps(VALID))).to_json() == VALID


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


def test_record_with_tampered_action_names_it():
    state = play_random_game(new_game("classic", 3), seed=1)
    record = Record.from_state(state)
    record.actions[4] = "map@0,0"
    try:
        record.replay()
    except RecordError as err:
        assert "action 5" in str(err)
    else:
        raise AssertionError("a tampered record must not replay")
