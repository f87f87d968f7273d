"""Gold won in the Duel: its value, and paying bribed trolls without change.

>>> gold_value(["goal-3", "gold-EW"])
4
"""

from __future__ import annotations

from saboteur.engine.duel import cards as C


def gold_value(cards: list[str]) -> int:
    return sum(C.GOLD_VALUE[card] for card in cards)


def payment(cards: list[str], due: int) -> list[str]:
    """The gold cards that pay ``due`` without change: least value given, then fewest cards.

    >>> payment(["goal-3", "gold-EW", "goal-2"], 2)
    ['goal-2']
    >>> payment(["goal-3"], 1), payment(["gold-EW"], 2)
    (['goal-3'], ['gold-EW'])
    """
    by_value: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for card in reversed(cards):  # the most recently won first
        by_value[C.GOLD_VALUE[card]].append(card)
    best: tuple[int, int, tuple[int, int, int]] | None = None
    held = gold_value(cards)
    for threes in range(len(by_value[3]) + 1):
        for twos in range(len(by_value[2]) + 1):
            for ones in range(len(by_value[1]) + 1):
                total = 3 * threes + 2 * twos + ones
                if total < due and total < held:
                    continue
                key = (total, threes + twos + ones, (ones, twos, threes))
                if best is None or key[:2] < best[:2]:
                    best = key
    assert best is not None
    ones, twos, threes = best[2]
    return by_value[1][:ones] + by_value[2][:twos] + by_value[3][:threes]
