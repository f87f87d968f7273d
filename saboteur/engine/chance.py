"""The standard library's ``random.Random`` draws, as functions the compiled core can run natively.

``choice``, ``shuffle``, ``randrange(n)`` and ``_randbelow`` are pure Python in the standard library
(only ``getrandbits`` and ``random`` are C): these functions are the same algorithms, calling the
C-implemented ``getrandbits``, so a seed draws exactly the same numbers either way (the records'
deals do not change; ``tests/test_chance.py`` compares them with ``random.Random``).  They are one
of the compiled hot modules (``saboteur/native.py``).

>>> import random
>>> deck = list(range(10))
>>> shuffle(random.Random(5), deck)
>>> other = list(range(10))
>>> random.Random(5).shuffle(other)
>>> deck == other
True
>>> choice(random.Random(3), "abcdef") == random.Random(3).choice("abcdef")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Final, TypeVar

T = TypeVar("T")


# n.bit_length() for small n as a table: the compiled build calls int methods as Python methods
_BIT_LENGTH: Final = [n.bit_length() for n in range(1024)]


def bits_for(n: int) -> int:
    """``n.bit_length()`` for ``n >= 0``."""
    return _BIT_LENGTH[n] if n < 1024 else n.bit_length()


def below(rng: Random, n: int) -> int:
    """A number in ``range(n)`` (``n > 0``), as ``rng._randbelow(n)`` draws it."""
    return draw_below(rng.getrandbits, n)


def draw_below(draw: Callable[[int], int], n: int) -> int:
    """:func:`below` with ``rng.getrandbits`` bound once by the caller (a loop of draws)."""
    k = bits_for(n)
    r = draw(k)
    while r >= n:
        r = draw(k)
    return r


def randrange(rng: Random, stop: int) -> int:
    """``rng.randrange(stop)``."""
    if stop > 0:
        return below(rng, stop)
    raise ValueError("empty range for randrange()")


def choice(rng: Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``."""
    size = len(items)
    if not size:
        raise IndexError("Cannot choose from an empty sequence")
    return items[below(rng, size)]


def shuffle(rng: Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, in place."""
    draw = rng.getrandbits  # once: a bound method is called without looking it up each time
    for i in range(len(items) - 1, 0, -1):
        j = draw_below(draw, i + 1)
        items[i], items[j] = items[j], items[i]
