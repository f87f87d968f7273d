"""Views and events declared as types, and published as JSON Schema.

Every ruleset declares its view (a :class:`typing.TypedDict` built on :class:`ViewBase`) and
each kind of event it emits (TypedDicts built on :class:`EventBase`) in its descriptor;
:func:`view_schema` and :func:`event_schema` turn them into JSON Schema documents whose objects
are closed (no key that is not declared), served by ``/api/rulesets/{name}/schema`` and used by
the server's tests to check every view and event they receive.

>>> from saboteur.engine.registry import get_ruleset
>>> schema = view_schema(get_ruleset("classic"))
>>> schema["$defs"]["ClassicView"]["additionalProperties"]
False
>>> sorted(event_schema(get_ruleset("classic"))["$defs"])[:3]
['BreakEvent', 'DealEvent', 'DiscardEvent']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

import msgspec

from saboteur.engine.board import Board

if TYPE_CHECKING:
    from saboteur.engine.ruleset import Ruleset


class ViewBase(TypedDict):
    """What every ruleset's view holds (a ruleset's view adds its own keys)."""

    ruleset: str
    players: int
    options: dict[str, Any]
    seat: int | None  # the viewer's seat; None for a spectator
    phase: str  # the ruleset's phases; "over" once the game has ended
    current: int | None  # whose turn it is
    board: Board  # the generic drawable board
    legal: NotRequired[list[str]]  # the viewer's legal actions (seated viewers only)


class EventBase(TypedDict):
    """What every event holds; a ruleset's event kinds add their data."""

    kind: str
    seat: int | None  # who acted (None: nobody, the game itself)
    to: NotRequired[int]  # the one seat allowed to see it; absent: public
    text: NotRequired[str]  # the event in English words (the server adds it)
    message: NotRequired[dict[str, Any]]  # the event as a catalogue message (the server adds it)


def _closed(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every object definition closed to keys it does not declare."""
    for definition in schema.get("$defs", {}).values():
        if definition.get("type") == "object" and "properties" in definition:
            definition["additionalProperties"] = False
    return schema


def view_schema(rules: Ruleset) -> dict[str, Any]:
    """The JSON Schema of ``rules``' views."""
    return _closed(msgspec.json.schema(rules.view_type))


def event_schema(rules: Ruleset) -> dict[str, Any]:
    """The JSON Schema of ``rules``' events: one of its event kinds, told apart by ``kind``."""
    kinds_of: dict[type, list[str]] = {}
    for kind, declared in rules.event_types.items():
        kinds_of.setdefault(declared, []).append(kind)
    schemas, components = msgspec.json.schema_components(list(kinds_of))
    for kinds, schema in zip(kinds_of.values(), schemas, strict=True):
        name = schema["$ref"].rsplit("/", 1)[-1]
        named = {"const": kinds[0]} if len(kinds) == 1 else {"enum": kinds}
        components[name]["properties"]["kind"] = named
    return _closed({"oneOf": list(schemas), "$defs": components})
