"""The descriptors of The Duel and its solo mode.

>>> DUEL.players.default, SOLO.players.default, SOLO.high_scores
(2, 1, False)
>>> SOLO.score_bands[0]
(25, 'boss')
"""

from __future__ import annotations

from collections.abc import Sequence

from saboteur.engine.base import State
from saboteur.engine.duel.cards import catalogue
from saboteur.engine.duel.game import DuelGame, SoloGame
from saboteur.engine.duel.options import DUEL_SCHEMA, SOLO_SCHEMA
from saboteur.engine.duel.solo import RATINGS
from saboteur.engine.duel.state import DuelState
from saboteur.engine.duel.views import EVENTS, DuelView
from saboteur.engine.ruleset import BotOffer, Outcome, Result, Ruleset

COLOURS = ("green", "blue")
BOTS = (
    BotOffer("random", "saboteur.bots.random_bot:RandomBot", "random"),
    BotOffer("heuristic", "saboteur.bots.duel.bot:DuelHeuristicBot", "heuristic"),
)


def outcomes(state: State) -> Sequence[Outcome]:
    """A whole game counts once per seat (its colour): a win for the dwarf with more gold;
    equal gold is a shared win, counted as a tie."""
    assert isinstance(state, DuelState)
    winners = state.winners
    out = []
    for seat, colour in enumerate(state.colours):
        result: Result = "win" if winners == [seat] else "tie" if seat in winners else "loss"
        out.append(Outcome(seat, colour, result))
    return out


DUEL = Ruleset(
    name="duel",
    title={"en": "The Duel", "de": "Das Duell"},
    summary={
        "en": "Saboteur – The Duel, 2 players: two dwarfs dig for gold past doors and trolls.",
        "de": "Saboteur – Das Duell, 2 Spieler: zwei Zwerge graben vorbei an Türen und Trollen.",
    },
    game=DuelGame,
    players=DuelGame.seats,
    options=DUEL_SCHEMA,
    catalogue=catalogue,
    sides=COLOURS,
    outcomes=outcomes,
    bots=BOTS,
    away_bot="heuristic",
    ties=True,
    side_word="colour",
    unit_word="games",
    stats="saboteur.play.duel_stats:DuelStats",
    messages="saboteur.engine.duel",
    view_type=DuelView,
    event_types=EVENTS,
    env_adapter="saboteur.envs.duel:duel_adapter",
    spiel_core="saboteur.envs.duel.spiel:SPIEL",
)

SOLO = Ruleset(
    name="solo",
    title={"en": "Solo", "de": "Solo"},
    summary={
        "en": "The Duel alone, 1 player, scored by the gold you bring out.",
        "de": "Das Duell allein, 1 Spieler, gewertet nach dem geborgenen Gold.",
    },
    game=SoloGame,
    players=SoloGame.seats,
    options=SOLO_SCHEMA,
    catalogue=catalogue,
    sides=(),
    outcomes=lambda state: (),
    bots=tuple(BotOffer(offer.name, offer.factory) for offer in BOTS),  # one seat: none online
    away_bot="heuristic",
    high_scores=False,  # a solo score rates one's own play; it is not gold won from others
    stats="saboteur.play.duel_stats:DuelStats",
    messages="saboteur.engine.duel",
    view_type=DuelView,
    event_types=EVENTS,
    score_bands=tuple((least, name) for least, name, _ in RATINGS),
)
