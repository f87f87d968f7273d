"""Every view and every event of random games validates against its ruleset's published schema."""

from __future__ import annotations

import random
from typing import Any

import pytest

from saboteur.engine import new_game
from saboteur.engine.registry import registered
from saboteur.engine.views import event_schema, view_schema
from tests.schemas import check_event, check_view
from tests.toy import TOY

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("classic", 3, {"preset": "online-3"}),
    ("classic", 5, {}),
    ("classic", 10, {"rounds": 1}),
    ("classic", 4, {"demo": True}),
    ("duel", 2, {}),
    ("solo", 1, {"colour": "blue"}),
    ("toy", 2, {}),
    ("darkcave", 2, {}),
    ("darkcave", 4, {}),
    ("darkcave", 8, {"agreed_end": False}),
    ("zwergengold", 2, {"levels": 2, "rounds": 20}),
    ("zwergengold", 7, {"no_plan": True, "rounds": 10}),
]


BASE = {"x", "y", "card", "kind", "face"}
LYING = {"turn", "sides", "links"}


def check_cells(cells: list[dict[str, Any]]) -> None:
    """Face up, a cell says how its card lies (its turn, sides and tunnels); face down, no more."""
    for cell in cells:
        if cell["face"] == "up":
            assert BASE | {"sides"} <= set(cell) <= BASE | LYING | {"fields"}, cell
            links = cell.get("links", [cell["sides"]])  # left out: one tunnel through all sides
            assert sorted("".join(links)) == sorted(cell["sides"]), cell
            assert cell.get("turn", 1) != 0, cell  # left out when the card lies as printed
        else:
            assert set(cell) == BASE, cell


@pytest.mark.parametrize(("ruleset", "players", "options"), TABLES)
def test_random_games_fit_the_schemas(ruleset: str, players: int, options: dict[str, Any]) -> None:
    with registered(TOY):
        game = new_game(ruleset, players, options)
        for seed in range(4):
            rng = random.Random(seed)
            state = game.new_state(seed)
            step = 0
            while True:
                if step % 5 == 0 or state.is_over:
                    for seat in [None, *range(players)]:
                        check_view(state.view(seat))
                        check_cells(state.view(seat)["board"]["cells"])
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_actions()))
                step += 1
            for event in state.events:
                check_event(ruleset, {**event.to_json(), "text": game.describe(event)})


def test_an_undeclared_event_or_key_is_refused() -> None:
    with pytest.raises(AssertionError, match="undeclared kind: 'teleport'"):
        check_event("classic", {"kind": "teleport", "seat": 0})
    with pytest.raises(AssertionError, match="'colour' was unexpected"):
        check_event("classic", {"kind": "pass", "seat": 0, "colour": "green"})
    with pytest.raises(AssertionError, match="is not of type 'integer'"):
        check_event("classic", {"kind": "map", "seat": 0, "x": "8", "y": 0})


def test_every_builtin_ruleset_declares_its_view_and_events() -> None:
    for name in ("classic", "duel", "solo", "darkcave", "zwergengold"):
        from saboteur.engine.registry import get_ruleset

        rules = get_ruleset(name)
        assert view_schema(rules)["$ref"] != "#/$defs/ViewBase"
        assert len(event_schema(rules)["oneOf"]) >= (12 if name == "zwergengold" else 19)
