"""Rulesets by name: ``new_game("classic", players=5, options={"demo": True})``.

The registry holds one :class:`~saboteur.engine.ruleset.Ruleset` descriptor per ruleset: the
built-in ones, those of installed packages that declare a ``saboteur.rulesets`` entry point, and
those named in the ``SABOTEUR_RULESETS`` environment variable: comma-separated import paths
``package.module:NAME`` of descriptors, as entry points name them (``tests.toy:TOY``).

>>> [name for name in RULESETS if name in ("classic", "duel", "solo")]
['classic', 'duel', 'solo']
>>> new_game("chess", 2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saboteur.engine.options.OptionError: unknown ruleset 'chess' (known: classic, darkcave, duel, ...)
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from typing import Any, Literal, overload

from saboteur.engine.base import Game
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.classic.ruleset import CLASSIC
from saboteur.engine.darkcave.ruleset import DARKCAVE
from saboteur.engine.duel.game import DuelGame, SoloGame
from saboteur.engine.duel.ruleset import DUEL, SOLO
from saboteur.engine.messages import add_catalogue, remove_catalogue
from saboteur.engine.options import OptionError
from saboteur.engine.ruleset import Ruleset
from saboteur.engine.zwergengold.ruleset import ZWERGENGOLD

DEFAULT_RULESET = "classic"
PLUGINS_VARIABLE = "SABOTEUR_RULESETS"
ENTRY_POINT_GROUP = "saboteur.rulesets"

_REGISTRY: dict[str, Ruleset] = {}
_plugins_loaded = False


class _Rulesets(Mapping[str, Ruleset]):
    """The registered rulesets by name, plug-ins included (loaded on first use)."""

    def __getitem__(self, name: str) -> Ruleset:
        load_plugins()
        return _REGISTRY[name]

    def __iter__(self) -> Iterator[str]:
        load_plugins()
        return iter(sorted(_REGISTRY))

    def __len__(self) -> int:
        load_plugins()
        return len(_REGISTRY)


RULESETS: Mapping[str, Ruleset] = _Rulesets()


def register(rules: Ruleset) -> Ruleset:
    """Add a ruleset (or replace one of the same name); returns it, so a module can write
    ``TOY = register(Ruleset(...))``."""
    if rules.messages is not None:
        add_catalogue(rules.messages)
    _REGISTRY[rules.name] = rules
    return rules


for _builtin in (CLASSIC, DUEL, SOLO, DARKCAVE, ZWERGENGOLD):
    register(_builtin)


@contextlib.contextmanager
def registered(rules: Ruleset) -> Iterator[Ruleset]:
    """Register ``rules`` for the ``with`` block only (tests, tools that load a ruleset)."""
    before = _REGISTRY.get(rules.name)
    added = rules.messages is not None and add_catalogue(rules.messages)
    register(rules)
    try:
        yield rules
    finally:
        if before is None:
            del _REGISTRY[rules.name]
        else:
            _REGISTRY[rules.name] = before
        if added and rules.messages is not None:
            remove_catalogue(rules.messages)


def load_plugins() -> None:
    """Import the plug-in rulesets once: entry points, then ``SABOTEUR_RULESETS``."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for point in entry_points(group=ENTRY_POINT_GROUP):
        loaded = point.load()
        if isinstance(loaded, Ruleset):
            register(loaded)
    for path in os.environ.get(PLUGINS_VARIABLE, "").split(","):
        if path.strip():
            module, _, name = path.strip().partition(":")
            rules = getattr(importlib.import_module(module), name or "RULESET", None)
            if not isinstance(rules, Ruleset):
                raise OptionError(f"{PLUGINS_VARIABLE}: {path.strip()!r} names no ruleset")
            register(rules)


def get_ruleset(name: str) -> Ruleset:
    """The descriptor of ``name``; raises OptionError for a ruleset nobody registered."""
    load_plugins()
    rules = _REGISTRY.get(name)
    if rules is None:
        raise OptionError(f"unknown ruleset {name!r} (known: {', '.join(sorted(_REGISTRY))})")
    return rules


@overload
def new_game(
    ruleset: Literal["classic"] = ..., players: int = ..., options: Mapping[str, Any] | None = ...
) -> ClassicGame: ...


@overload
def new_game(
    ruleset: Literal["duel"], players: int = ..., options: Mapping[str, Any] | None = ...
) -> DuelGame: ...


@overload
def new_game(
    ruleset: Literal["solo"], players: int = ..., options: Mapping[str, Any] | None = ...
) -> SoloGame: ...


@overload
def new_game(
    ruleset: str = ..., players: int = ..., options: Mapping[str, Any] | None = ...
) -> Game: ...


def new_game(
    ruleset: str = DEFAULT_RULESET, players: int = 4, options: Mapping[str, Any] | None = None
) -> Game:
    """The game of ``ruleset`` for ``players`` with ``options``; raises OptionError on bad input."""
    return get_ruleset(ruleset).game(players, options)
