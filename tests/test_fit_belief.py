"""``scripts/fit_belief.py`` recovers the weight that dealt the roles, and reads real games."""

from __future__ import annotations

import math
import random
from pathlib import Path
from types import ModuleType

from tests.load import load_file

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "fit_belief.py"


def _script() -> ModuleType:
    return load_file(SCRIPT, "fit_belief")


def test_the_fit_finds_the_weight_the_roles_were_dealt_with() -> None:
    """Decisions dealt by the search's own model (one saboteur's card among three seats and one
    card set aside, each seat weighing exp(2 s)): the likeliest weight is about 2, and it is
    likelier than weights well off it."""
    fit_belief, rng = _script(), random.Random(5)
    decisions = []
    for _ in range(3000):
        suspicion = [rng.choice((-1.0, 0.0, 0.0, 0.5, 1.0, 2.0)) for _ in range(3)]
        weights = [math.exp(2.0 * s) for s in suspicion] + [1.0]
        pick = rng.choices(range(4), weights)[0]
        decisions.append((suspicion, [pick == seat for seat in range(3)]))
    fitted = fit_belief.fit(decisions, 1, 1)
    assert abs(fitted - 2.0) < 0.25
    best = fit_belief.log_likelihood(fitted, decisions, 1, 1)
    assert best > fit_belief.log_likelihood(0.7, decisions, 1, 1)
    assert best > fit_belief.log_likelihood(4.0, decisions, 1, 1)


def test_decisions_are_read_from_self_play() -> None:
    decisions = _script().gather(4, 2, "heuristic")
    assert decisions
    for suspicion, saboteurs in decisions:
        assert len(suspicion) == len(saboteurs) == 3
        assert sum(saboteurs) <= 1  # a digger decides: at most one saboteur among the others
