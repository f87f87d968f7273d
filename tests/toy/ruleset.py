"""The toy's descriptor: everything the platform learns about ``toy``."""

from __future__ import annotations

from collections.abc import Sequence

from saboteur.engine.base import State
from saboteur.engine.ruleset import BotOffer, Outcome, Result, Ruleset
from tests.toy.cards import catalogue
from tests.toy.game import SCHEMA, SEATS, ToyGame
from tests.toy.views import EVENTS, ToyView


def outcomes(state: State) -> Sequence[Outcome]:
    """One game counts once per seat: a win for the seat whose card reached the goal."""
    result: list[Outcome] = []
    for seat in range(2):
        won: Result = "win" if seat in state.winners else "loss"
        result.append(Outcome(seat, "first" if seat == 0 else "second", won))
    return result


TOY = Ruleset(
    name="toy",
    title={"en": "Toy tunnels", "de": "Spielzeugtunnel"},
    summary={
        "en": "2 players race a tunnel to the goal (a test ruleset).",
        "de": "2 Spieler graben um die Wette zum Ziel (ein Test-Regelwerk).",
    },
    game=ToyGame,
    players=SEATS,
    options=SCHEMA,
    catalogue=catalogue,
    sides=("first", "second"),
    outcomes=outcomes,
    bots=(BotOffer("random", "saboteur.bots.random_bot:RandomBot", "random"),),
    away_bot="random",
    unit_word="games",
    messages="tests.toy",
    view_type=ToyView,
    event_types=EVENTS,
)
