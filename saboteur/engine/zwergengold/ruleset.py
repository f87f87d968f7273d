"""The descriptor of Zwergengold.

>>> ZWERGENGOLD.players.low, ZWERGENGOLD.players.high, ZWERGENGOLD.sides
(2, 7, ('mage',))
>>> sum(entry["count"] for entry in catalogue())
156
>>> from saboteur.engine import new_game
>>> state = new_game("zwergengold", 2).new_state(seed=1)
>>> give_up(state).kind  # five cards: one goes out first
'play'
>>> state.apply(give_up(state))
>>> give_up(state).text
'end'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from saboteur.engine.base import Action, State
from saboteur.engine.catalogue import shape_entry
from saboteur.engine.messages import render
from saboteur.engine.ruleset import BotOffer, Outcome, Result, Ruleset
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold import words
from saboteur.engine.zwergengold.actions import PLAY, parse_action
from saboteur.engine.zwergengold.game import SCHEMA, ZwergengoldGame
from saboteur.engine.zwergengold.views import EVENTS, ZwergengoldView

MAGE = "mage"


def outcomes(state: State) -> Sequence[Outcome]:
    """Each mage for themselves: the one who reached the gold wins; a game out of time is a
    tie for all."""
    winners = state.winners
    everyone = len(winners) == state.game.players
    out = []
    for seat in range(state.game.players):
        result: Result = "tie" if everyone else "win" if seat in winners else "loss"
        out.append(Outcome(seat, MAGE, result))
    return out


def give_up(state: State) -> Action:
    """A decision given up (its clock ran out): end the turn if one may, refuse at a grille,
    turn a card back or take the AP, look no more; else the first card to give away (a turn
    with five cards) or the first choice."""
    legal = state.legal_actions()
    for text in ("end", "refuse", "retreat", "potion:ap", "done"):
        action = parse_action(text)
        if action in legal:
            return action
    return next((action for action in legal if action.kind == PLAY), legal[0])


def catalogue(players: int = 4) -> list[dict[str, Any]]:
    """Every card of the box with its count, for ``saboteur cards zwergengold``."""
    counts = Counter({C.START: 1}) + C.BOX_COUNTS
    entries = []
    for card, count in counts.items():
        name = C.corridor(card)
        kind = "start" if card == C.START else "plan" if C.symbol(card) == C.PLAN else "path"
        shape = C.SHAPES.shapes[C.shape_of(card, 0)]
        entry = shape_entry(kind, card, render(words.card_message(card), "en"), count, shape)
        entry |= {"corridor": C.NAMES[name], "symbol": C.symbol(card), "scroll": C.scroll(card)}
        entries.append(entry)
    return entries


ZWERGENGOLD = Ruleset(
    name="zwergengold",
    title={"en": "Zwergengold", "de": "Zwergengold"},
    summary={
        "en": "Zwergengold, 2–7 players: mages race down the levels of a labyrinth of traps and"
        " creatures to the dwarfs' gold.",
        "de": "Zwergengold, 2–7 Spieler: Magier eilen durch ein Labyrinth voller Fallen und"
        " Kreaturen Ebene um Ebene hinab zum Zwergengold.",
    },
    game=ZwergengoldGame,
    players=ZwergengoldGame.seats,
    options=SCHEMA,
    catalogue=catalogue,
    sides=(MAGE,),
    outcomes=outcomes,
    bots=(
        BotOffer("random", "saboteur.bots.random_bot:RandomBot", "random"),
        BotOffer("heuristic", "saboteur.bots.zwergengold.bot:ZwergengoldHeuristicBot", "heuristic"),
    ),
    away_bot="heuristic",
    ties=True,
    unit_word="games",
    messages="saboteur.engine.zwergengold",
    view_type=ZwergengoldView,
    event_types=EVENTS,
    announced=("game-over",),
    give_up=give_up,
    env_adapter="saboteur.envs.zwergengold:zwergengold_adapter",
)
