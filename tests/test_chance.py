"""``saboteur.engine.chance`` draws exactly what ``random.Random`` draws, seed for seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saboteur.engine import chance

seeds = st.one_of(st.integers(min_value=-(2**70), max_value=2**70), st.text(max_size=20))


@given(seeds, st.lists(st.integers(), max_size=80))
def test_shuffle_is_the_standard_librarys(seed: int | str, items: list[int]) -> None:
    ours, theirs = list(items), list(items)
    ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
    chance.shuffle(ours_rng, ours)
    theirs_rng.shuffle(theirs)
    assert ours == theirs
    assert ours_rng.getstate() == theirs_rng.getstate()


@given(seeds, st.lists(st.integers(min_value=1, max_value=2**40), min_size=1, max_size=30))
def test_choice_and_randrange_are_the_standard_librarys(seed: int | str, sizes: list[int]) -> None:
    ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
    for size in sizes:
        items = range(size)
        assert chance.choice(ours_rng, items) == theirs_rng.choice(items)
        assert chance.randrange(ours_rng, size) == theirs_rng.randrange(size)
        assert chance.below(ours_rng, size) == theirs_rng.randrange(size)
    assert ours_rng.getstate() == theirs_rng.getstate()


def test_empty_draws_are_refused_as_the_standard_library_refuses_them() -> None:
    rng = random.Random(1)
    state = rng.getstate()
    with pytest.raises(IndexError):
        chance.choice(rng, [])
    with pytest.raises(ValueError, match="empty range"):
        chance.randrange(rng, 0)
    assert rng.getstate() == state
