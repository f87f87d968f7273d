"""The descriptor of base Saboteur: what every other layer needs to know about it.

>>> CLASSIC.options.read({"preset": "online-3"}, players=3)
{'preset': 'online-3'}
>>> [outcome.result for outcome in CLASSIC.outcomes(CLASSIC.new_game(3).new_state(1))]
[]
"""

from __future__ import annotations

from collections.abc import Sequence

from saboteur.engine.base import State
from saboteur.engine.classic.cards import catalogue
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.classic.options import SCHEMA
from saboteur.engine.classic.state import ClassicState
from saboteur.engine.classic.views import EVENTS, ClassicView
from saboteur.engine.ruleset import BotOffer, Outcome, Ruleset

SIDE_OF = {"digger": "diggers", "saboteur": "saboteurs"}


def outcomes(state: State) -> Sequence[Outcome]:
    """Every seat in every finished round: a win if its side won the round.

    A round with no saboteur where the gold stays hidden is won by nobody: a loss for its diggers.
    """
    assert isinstance(state, ClassicState)
    out = []
    for result in state.results:
        for seat, role in enumerate(result["roles"]):
            won = result["winner"] == SIDE_OF[role]
            out.append(Outcome(seat, role, "win" if won else "loss"))
    return out


CLASSIC = Ruleset(
    name="classic",
    title={"en": "Saboteur", "de": "Saboteur"},
    summary={
        "en": "3–10 players, hidden roles: diggers lay a tunnel to the gold, saboteurs stop them.",
        "de": "3–10 Spieler, geheime Rollen: Goldsucher graben zum Gold, Saboteure verhindern es.",
    },
    game=ClassicGame,
    players=ClassicGame.seats,
    options=SCHEMA,
    catalogue=lambda players: catalogue(),
    sides=("digger", "saboteur"),
    outcomes=outcomes,
    bots=(
        BotOffer("random", "saboteur.bots.random_bot:RandomBot", "random"),
        BotOffer("heuristic", "saboteur.bots.heuristic:HeuristicBot", "heuristic"),
        BotOffer(
            "ismcts",
            "saboteur.bots.ismcts:IsmctsBot",
            # about 0.1 CPU s a move (what 100 took at filing); 16 moves with halving beat 6 at
            # this budget in both roles (docs/bots.md, "The online bot's budget")
            "ismcts:iterations=750:seconds=1:width=16:halving=1",
            searching=True,
        ),
        BotOffer("ismcts-full", "saboteur.bots.ismcts:FullPlayoutIsmctsBot", searching=True),
        BotOffer(
            "ismcts-faithful", "saboteur.bots.ismcts:FaithfulReactionIsmctsBot", searching=True
        ),
    ),
    away_bot="heuristic",
    stats="saboteur.play.simulate:SimulationStats",
    messages="saboteur.engine.classic",
    view_type=ClassicView,
    event_types=EVENTS,
    env_adapter="saboteur.envs.classic:classic_adapter",
    spiel_core="saboteur.envs.classic.spiel:SPIEL",
)
