"""Pieces the command-line commands share: the ruleset choice, ``--option`` and the game.

Every command module (``saboteur.cli``, ``saboteur.bots.commands``, ...) builds on these; the
main CLI module is the top layer and nothing imports it.

>>> game = make_game("classic", None, ["rounds=1"])
>>> game.players, game.options
(4, {'rounds': 1})
>>> make_game("duel", None, []).players
2
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import click

from saboteur.engine import Game, OptionError
from saboteur.engine.registry import DEFAULT_RULESET, RULESETS, get_ruleset


def known_ruleset(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A click callback: ``value`` must name a registered ruleset (plug-ins included)."""
    if value not in RULESETS:
        raise click.BadParameter(f"unknown ruleset {value!r} (known: {', '.join(RULESETS)})")
    return value


ruleset_option = click.option(
    "--ruleset",
    default=DEFAULT_RULESET,
    show_default=True,
    callback=known_ruleset,
    metavar="RULESET",
    help="Which game (`saboteur rulesets` lists them).",
)
option_option = click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A ruleset option, e.g. rounds=1 (repeatable; `saboteur rulesets` lists them).",
)
players_option = click.option(
    "--players", type=click.IntRange(1, 10), help="Seats [default: the ruleset's]."
)


class FiniteRange(click.FloatRange):
    """A ``click.FloatRange`` that also refuses ``nan`` (which lies in no range but compares
    false with both ends, so the range lets it through).

    >>> FiniteRange(0, 60).convert("1.5", None, None)
    1.5
    >>> FiniteRange(0, 60).convert("nan", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: 'nan' is not a number.
    """

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number.", param, ctx)
        return number


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``["rounds=1", "demo=true"]`` as a dict; a pair without ``=`` is a usage error."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="'--option'")
        options[key.strip()] = value.strip()
    return options


def make_game(
    ruleset: str, players: int | None, pairs: Sequence[str], default: int | None = None
) -> Game:
    """The game for the command line: ``players`` (else ``default``, else the ruleset's own
    default, within its range) and ``--option`` pairs; bad input is a usage error."""
    rules = get_ruleset(ruleset)
    if players is None:
        wanted = rules.players.default if default is None else default
        players = min(max(wanted, rules.players.low), rules.players.high)
    try:
        return rules.game(players, parse_options(pairs))
    except OptionError as err:
        raise click.UsageError(str(err)) from None
