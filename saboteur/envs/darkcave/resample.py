"""Resampling a Dark Cave OpenSpiel state from one seat's information state (for IS-MCTS).

What the seat cannot see is dealt afresh: the other hands, the others' face-down discards
(passes and cards lost to a rat or a bridge), the draw pile and the box (path and action cards,
through :func:`saboteur.envs.chance.redeal`); the clan cards it has not seen (of other seats
whose character is neither shown nor looked at, and those set aside unless it was the first out
of the cave), each keeping its clan, whose back is public; the goals face down it has not looked
at.  Everything on the table is public and kept.  Not taken as evidence: the others' past
choices, and what a card swap showed the seat of another hand (the usual determinization).
The result is written through the state notation (validated, cards conserved).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from saboteur.engine.darkcave.unseen import shuffle_clan_cards, shuffle_goals
from saboteur.envs.chance import redeal

if TYPE_CHECKING:
    from saboteur.envs.darkcave.spiel import DarkCaveSpielCore


def resample(core: DarkCaveSpielCore, seat: int, rng: random.Random) -> DarkCaveSpielCore:
    """A copy of ``core`` that ``seat`` cannot tell apart from it, hidden parts drawn afresh."""
    if core.deal is not None:
        raise ValueError("cannot resample while the game is being dealt")
    engine = core.engine
    data = engine.to_json()
    unplaced = list(engine.box) + list(engine.deck)
    dealt = redeal(seat, engine.hands, core.passes, engine.discard, unplaced, rng)
    size = len(engine.box)
    data["box"], data["deck"] = dealt.rest[:size], dealt.rest[size:]
    data["hands"], data["discard"] = dealt.hands, dealt.discard
    if not engine.is_over:
        shuffle_clan_cards(data, seat, rng)
    shuffle_goals(data, seat, rng)
    other = core.clone()
    other.engine = core.game.state_from_json(data)
    other.passes = dealt.passes
    other.log = [(to, text) for to, text in core.log if to < 0 or to == seat]
    for q in range(core.game.players):
        if q != seat:
            hidden = other.view(q)
            text = f"resampled hand {sorted(hidden['hand'])} clan card {hidden['clan_card']}"
            text += f" known {hidden['known']} goals seen {hidden['goals_seen']}"
            other.log.append((q, f"{text} discards {sorted(dealt.passes[q])}"))
    return other
