"""Resampling a Duel OpenSpiel state from one seat's information state (for IS-MCTS).

What a seat cannot see is dealt afresh, uniformly among the deals that agree with
what it knows: the cards it has not seen (the other hand, the draw pile, the cards
set aside, the other's face-down discards of this round), and the goal cards it
has not seen (face-down goals it has not looked at, the goal pile for later rounds,
and goals that went into the box face down without its looking). Everything in the
maze, the gold, the markers and keys is public and kept. The other player's past
choices are not taken as evidence about its cards: the usual determinization. The
result is written through the state notation (validated, cards conserved), and the
other seat's private log is replaced by a summary of its new hidden state, so no
secret of the real state survives in it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from saboteur.engine.maze import slot_xy
from saboteur.envs.chance import peeks_of, redeal
from saboteur.envs.duel.actions import GOAL_SLOTS, PLAYERS

if TYPE_CHECKING:
    from saboteur.envs.duel.spiel import DuelSpielCore


def resample(core: DuelSpielCore, seat: int, rng: random.Random) -> DuelSpielCore:
    """A copy of ``core`` that ``seat`` cannot tell apart from it, hidden parts drawn afresh."""
    if core.deal is not None:
        raise ValueError("cannot resample while a round is being dealt")
    engine = core.engine
    others = [q for q in range(PLAYERS) if q != seat]
    data = engine.to_json()
    # path and action cards
    unplaced = list(engine.deck) + list(engine.aside)
    dealt = redeal(seat, engine.hands, core.passes, engine.discard, unplaced, rng)
    size = len(engine.aside)
    data["aside"], data["deck"] = dealt.rest[:size], dealt.rest[size:]
    data["hands"], data["discard"], passes = dealt.hands, dealt.discard, dealt.passes
    # goal cards
    seen = engine.peeks[seat]
    slots = [
        i
        for i in GOAL_SLOTS
        if i in engine.mazes[0].hidden and i not in seen and i != engine.pending
    ]
    buried = [b for b in core.buried if not b.seen[seat]]
    goals = [engine.goal_cards[i] for i in slots] + list(engine.goal_pile)
    goals += [b.card for b in buried]
    rng.shuffle(goals)
    cards = dict(engine.goal_cards)
    for i in slots:
        cards[i] = goals.pop()
    data["goals"] = [[*slot_xy(i), cards[i]] for i in GOAL_SLOTS]
    box = Counter(engine.box)
    box.subtract(b.card for b in buried)
    other = core.clone()
    for b in other.buried:
        if not b.seen[seat]:
            b.card = goals.pop()
    box.update(b.card for b in other.buried if not b.seen[seat])
    data["box"] = sorted(box.elements())
    data["goal_pile"] = goals
    other.engine = core.game.state_from_json(data)
    other.passes = passes
    other.log = [(to, text) for to, text in core.log if to < 0 or to == seat]
    for q in others:
        hidden = other.view(q)
        peeks = peeks_of(hidden)
        text = f"resampled hand {sorted(hidden['hand'])} discards {sorted(passes[q])}"
        other.log.append((q, f"{text} peeks {peeks}"))
    return other
