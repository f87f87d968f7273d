"""Checking views and events against the JSON Schema their ruleset publishes.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", 3).new_state(seed=1)
>>> check_view(state.view(0))
>>> check_view({**state.view(0), "deck": []})
Traceback (most recent call last):
...
AssertionError: classic view: Additional properties are not allowed ('deck' was unexpected) at $
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from saboteur.engine.registry import get_ruleset
from saboteur.engine.views import event_schema, view_schema


@cache
def _view_validator(ruleset: str) -> Draft202012Validator:
    return Draft202012Validator(view_schema(get_ruleset(ruleset)))


@cache
def _event_validators(ruleset: str) -> dict[str, Draft202012Validator]:
    schema = event_schema(get_ruleset(ruleset))
    defs = schema["$defs"]
    out = {}
    for ref in schema["oneOf"]:
        name = ref["$ref"].rsplit("/", 1)[-1]
        named = defs[name]["properties"]["kind"]
        for kind in named.get("enum", [named.get("const")]):
            out[kind] = Draft202012Validator({**ref, "$defs": defs})
    return out


def _fail(what: str, errors: list[Any]) -> None:
    first = errors[0]
    raise AssertionError(f"{what}: {first.message} at {first.json_path}")


def check_view(view: dict[str, Any]) -> None:
    """Raise AssertionError unless ``view`` is a valid view of its ruleset."""
    errors = list(_view_validator(view["ruleset"]).iter_errors(view))
    if errors:
        _fail(f"{view['ruleset']} view", errors)


def check_event(ruleset: str, event: dict[str, Any]) -> None:
    """Raise AssertionError unless ``event`` is a declared event of ``ruleset``."""
    validator = _event_validators(ruleset).get(event.get("kind", ""))
    if validator is None:
        raise AssertionError(f"{ruleset} event of an undeclared kind: {event.get('kind')!r}")
    errors = list(validator.iter_errors(event))
    if errors:
        _fail(f"{ruleset} {event['kind']} event", errors)
