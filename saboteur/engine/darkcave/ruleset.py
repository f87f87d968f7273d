"""The descriptor of Saboteur – The Dark Cave.

>>> DARKCAVE.players.low, DARKCAVE.players.high, DARKCAVE.sides
(2, 8, ('loyal', 'saboteur'))
>>> from saboteur.engine import new_game
>>> state = new_game("darkcave", 3).new_state(seed=1)
>>> give_up(state).kind
'pass'
>>> state.apply(give_up(state))
>>> state.phase, give_up(state).text
('move', 'stop')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from saboteur.engine.base import Action, State
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import words
from saboteur.engine.darkcave.game import SCHEMA, DarkCaveGame
from saboteur.engine.darkcave.setup import LOYAL
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.darkcave.views import EVENTS, DarkCaveView
from saboteur.engine.messages import render
from saboteur.engine.ruleset import BotOffer, Outcome, Result, Ruleset, first_pass

SIDES = ("loyal", "saboteur")


def outcomes(state: State) -> Sequence[Outcome]:
    """A game counts once per seat, by its character: a win if its side won (a draw: a tie)."""
    assert isinstance(state, DarkCaveState)
    winners = state.winners
    everyone = len(winners) == state.game.players
    out = []
    for seat, card in enumerate(state.clan_cards):
        character = card.split("-")[1]
        result: Result = "tie" if everyone else "win" if seat in winners else "loss"
        out.append(Outcome(seat, LOYAL if character == LOYAL else "saboteur", result))
    return out


def give_up(state: State) -> Action:
    """A decision given up (its clock ran out): stop the dwarf or the creature, endure the
    attack, refuse the agreed end; in the play phase a pass discarding one card; laying a goal
    turned over, its first way."""
    legal = state.legal_actions()
    for word in (A.STOP, A.ENDURE, A.REFUSE):
        if A.word_action(word) in legal:
            return A.word_action(word)
    return first_pass(state)


def catalogue(players: int = 4) -> list[dict[str, Any]]:
    """Every card kind with its count and deck, for ``saboteur cards darkcave``."""
    entries: list[dict[str, Any]] = []
    for card in (C.START, *C.GOALS):
        entries.append(_path_entry("start" if card == C.START else "goal", card, 1, None))
    for deck in C.DECKS:
        for card, count in sorted(C.PATH_COUNTS[deck].items()):
            entries.append(_path_entry("path", card, count, deck))
        for card, count in sorted(C.ACTION_COUNTS[deck].items()):
            entries.append(
                {
                    "kind": "action",
                    "name": card,
                    "title": _title(card),
                    "count": count,
                    "deck": deck,
                }
            )
    return entries


def _title(card: str) -> str:
    return render(words.card_message(card), "en")


def _path_entry(kind: str, card: str, count: int, deck: str | None) -> dict[str, Any]:
    from saboteur.engine.grid import sides_text

    shape = C.SHAPES.shapes[C.SHAPE_IDS[card][0]]
    entry: dict[str, Any] = {
        "kind": kind,
        "name": card,
        "title": _title(card),
        "count": count,
        "sides": sides_text(shape.sides),
        "links": [sides_text(group) for group in shape.groups],
        "fields": [sides_text(f) for f in shape.fields],
        "special": {str(n): what for n, what in C.SPECIALS[card].items()},
    }
    if deck is not None:
        entry["deck"] = deck
    return entry


DARKCAVE = Ruleset(
    name="darkcave",
    title={"en": "The Dark Cave", "de": "Die dunkle Höhle"},
    summary={
        "en": "Saboteur – The Dark Cave, 2–8 players: two clans walk their dwarfs out of a"
        " collapsing cave with their gold.",
        "de": "Saboteur – The Dark Cave, 2–8 Spieler: zwei Clans bringen ihre Zwerge mit dem"
        " Gold aus der einstürzenden Höhle.",
    },
    game=DarkCaveGame,
    players=DarkCaveGame.seats,
    options=SCHEMA,
    catalogue=catalogue,
    sides=SIDES,
    outcomes=outcomes,
    bots=(
        BotOffer("random", "saboteur.bots.random_bot:RandomBot", "random"),
        BotOffer("heuristic", "saboteur.bots.darkcave.bot:DarkCaveHeuristicBot", "heuristic"),
    ),
    away_bot="heuristic",
    ties=True,
    side_word="character",
    unit_word="games",
    stats="saboteur.play.darkcave_stats:DarkCaveStats",
    messages="saboteur.engine.darkcave",
    view_type=DarkCaveView,
    event_types=EVENTS,
    give_up=give_up,
    announced=("game-end",),
    env_adapter="saboteur.envs.darkcave:darkcave_adapter",
    spiel_core="saboteur.envs.darkcave.spiel:SPIEL",
)
