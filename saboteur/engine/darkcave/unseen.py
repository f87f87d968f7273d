"""What a seat has not seen of a Dark Cave game, dealt afresh in the state notation.

For resampling from a seat's information (IS-MCTS, :mod:`saboteur.envs.darkcave.resample`) and
for tests that check that nothing a seat may not know reaches it: a state changed this way must
look the same to that seat.

>>> from saboteur.engine import new_game
>>> import random
>>> data = new_game("darkcave", 6).new_state(seed=1).to_json()
>>> mine = data["clan_cards"][0]
>>> shuffle_clan_cards(data, 0, random.Random(2))
>>> data["clan_cards"][0] == mine, len(data["aside"])
(True, 2)
"""

from __future__ import annotations

import random
from typing import Any

from saboteur.engine.darkcave import setup as S


def shuffle_clan_cards(data: dict[str, Any], seat: int | None, rng: random.Random) -> None:
    """In state notation ``data``: swap the clan cards ``seat`` has not seen among themselves,
    each keeping its clan (``None``: a spectator, who has seen none)."""
    known = set(data["known"][seat]) if seat is not None else set()
    unseen = [
        s
        for s in range(data["players"])
        if s != seat and not data["revealed"][s] and s not in known
    ]
    saw_aside = seat is not None and data["out"][:1] == [seat]
    for clan in S.CLANS:
        mine = [s for s in unseen if data["clan_cards"][s].startswith(clan)]
        aside = [] if saw_aside else [i for i, c in enumerate(data["aside"]) if c.startswith(clan)]
        pool = [data["clan_cards"][s] for s in mine] + [data["aside"][i] for i in aside]
        rng.shuffle(pool)
        for s in mine:
            data["clan_cards"][s] = pool.pop()
        for i in aside:
            data["aside"][i] = pool.pop()
    data["aside"].sort()


def shuffle_goals(data: dict[str, Any], seat: int | None, rng: random.Random) -> None:
    """In state notation ``data``: swap the face-down goals ``seat`` has not looked at (and
    that are not being turned over) among themselves."""
    seen = {tuple(data["pending"][:2])} if data["pending"] else set()
    if seat is not None:
        seen |= {tuple(spot) for spot in data["peeks"][seat]}
    hidden = {tuple(spot) for spot in data["hidden"]}
    unseen = [g for g in data["goals"] if tuple(g[:2]) in hidden and tuple(g[:2]) not in seen]
    cards = [goal[2] for goal in unseen]
    rng.shuffle(cards)
    for goal, card in zip(unseen, cards, strict=True):
        goal[2] = card
