"""Fit the weights of saboteur/bots/evaluate.py: the diggers' chance from a position.

Plays ``--rounds`` first rounds of heuristic self-play (every seat the heuristic policy with a
shared table of suspicions, as in the ISMCTS playouts; deal seeds 10000, 10001, ..., the player
counts in turn), records the features of every position and whether the diggers found the gold,
and fits a logistic model by Newton's method (numpy, from the ``research`` extra). Prints the
weights to paste into evaluate.py and the Brier score against the mean alone::

    python scripts/fit_evaluation.py --rounds 3000 --players 3,4,5,6,7,8,9,10
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from saboteur.bots.evaluate import features
from saboteur.bots.policy import best, react, situation_of
from saboteur.engine import new_game
from saboteur.engine.classic.state import ClassicState

PLAYERS = range(3, 11)


def gather(rounds: int, players: list[int]) -> tuple[list[list[float]], list[float]]:
    """Rows of (features, one-hot player count) and the outcome (1: the diggers won)."""
    rows: list[list[float]] = []
    outcomes: list[float] = []
    for number in range(rounds):
        n = players[number % len(players)]
        state = new_game("classic", n).new_state(seed=10_000 + number)
        assert isinstance(state, ClassicState)
        rng, opinion = random.Random(number), [0.0] * n
        seen = []
        while not state.results:
            seat = state.current_player
            assert seat is not None
            seen.append([*features(state), *(float(n == p) for p in PLAYERS)])
            action = best(situation_of(state, seat, opinion), state.legal_actions(), rng)
            react(opinion, state, seat, action)
            state.apply(action)
        won = float(state.results[0]["winner"] == "diggers")
        rows += seen
        outcomes += [won] * len(seen)
    return rows, outcomes


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression weights (Newton's method, a touch of ridge for stability)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(len(w))
        w += np.linalg.solve(hessian, x.T @ (y - p))
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--players", default="3,4,5,6,7,8,9,10")
    args = parser.parse_args()
    rows, outcomes = gather(args.rounds, [int(p) for p in args.players.split(",")])
    x, y = np.array(rows), np.array(outcomes)
    w = fit(x, y)
    p = 1 / (1 + np.exp(-x @ w))
    size = len(w) - len(PLAYERS)
    print(f"positions: {len(y)}, diggers won {y.mean():.3f}")
    print(f"Brier score: {np.mean((p - y) ** 2):.3f} (the mean alone: {np.var(y):.3f})")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w[:size]) + ")")
    intercepts = ", ".join(f"{n}: {v:.3f}" for n, v in zip(PLAYERS, w[size:], strict=True))
    print("INTERCEPT = {" + intercepts + "}")


if __name__ == "__main__":
    main()
