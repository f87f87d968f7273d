"""Train a small policy for The Duel against a random bot with REINFORCE; watch it win more.

The policy is a linear softmax over the legal actions (numpy only). Each legal action is
described by 17 numbers: its kind (one-hot over the Duel's ten kinds) and what it does,
tried on a copy of the table as the learner sees it (``env.view()``, via the Duel heuristic's
:class:`~saboteur.bots.duel.policy.Scorer`): gold it secures for each dwarf, how it changes
each dwarf's *reach* (gold within reach of its tunnel, discounted by distance), how it
changes each dwarf's broken tools, and what it spends (cards, bribes). The learner does not
get the heuristic's weights: they start at zero, which is a uniformly random player, and
are learned from the final gold margin alone (REINFORCE with a running baseline per seat,
steps by Adam).

The learner plays one-round Duels in ``saboteur.envs.gymnasium.SaboteurEnv``, seat 0 and
seat 1 in turn, against ``saboteur.bots``' random bot. Every ``--eval-every`` episodes the
greedy policy plays the same ``--eval-games`` deals from each seat (fixed seeds, so only the
policy differs between evaluations); a win is more gold than the other dwarf, a tie counts
half.

    .venv/bin/python examples/train_duel.py --minutes 3

prints the evaluations and the learned weights, and writes a plot
(``examples/duel_winrate.png``) if matplotlib is installed.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from saboteur.bots.duel.evaluate import reach
from saboteur.bots.duel.policy import Scorer, best_action
from saboteur.envs.gymnasium import SaboteurEnv

KINDS = ("place", "reveal", "break", "repair", "key", "bribe", "rockfall", "map", "clear", "pass")
EFFECTS = ("my gold", "their gold", "my reach", "their reach", "my broken", "their broken", "cost")
NAMES = KINDS + EFFECTS
FEATURES = len(NAMES)  # 17


def features(env: SaboteurEnv, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The learner's legal actions (their numbers in the action ``mask``) and one feature row
    per action."""
    ids = np.flatnonzero(mask)
    legal = [env.adapter.actions.decode(int(i)) for i in ids]
    scorer = Scorer(env.view())
    me, them = env.seat, 1 - env.seat
    before = [reach(scorer.board, seat) for seat in (me, them)]
    rows = np.zeros((len(legal), FEATURES))
    for row, action in zip(rows, legal, strict=True):
        row[KINDS.index(action.kind)] = 1.0
        effect = scorer.effect(action)
        effects = row[len(KINDS) :]
        effects[0], effects[1] = effect.gained[me], effect.gained[them]
        if not effect.unchanged:
            effects[2] = reach(effect.board, me) - before[0]
            effects[3] = reach(effect.board, them) - before[1]
        effects[4] = effect.broken[me] - scorer.broken[me]
        effects[5] = effect.broken[them] - scorer.broken[them]
        effects[6] = effect.cost
    return ids, rows


class Policy:
    """Softmax over ``theta @ features(action)`` for the legal actions."""

    def __init__(self) -> None:
        self.theta = np.zeros(FEATURES)

    def sample(
        self, env: SaboteurEnv, mask: np.ndarray, rng: np.random.Generator
    ) -> tuple[int, np.ndarray]:
        """A legal action drawn from the policy, and the gradient of its log-probability."""
        ids, phi = features(env, mask)
        logits = phi @ self.theta
        probs = np.exp(logits - logits.max())
        probs /= probs.sum()
        choice = int(rng.choice(len(ids), p=probs))
        return int(ids[choice]), phi[choice] - probs @ phi

    def best(self, env: SaboteurEnv, mask: np.ndarray, rng: np.random.Generator) -> int:
        """The highest-scoring legal action (ties broken at random)."""
        ids, phi = features(env, mask)
        logits = phi @ self.theta
        return int(rng.choice(ids[logits >= logits.max() - 1e-9]))


class Adam:
    """Gradient *ascent* with Adam's per-weight step sizes (Kingma & Ba, 2015)."""

    def __init__(self, size: int, lr: float, betas: tuple[float, float] = (0.9, 0.999)) -> None:
        self.lr, self.betas, self.steps = lr, betas, 0
        self.mean, self.square = np.zeros(size), np.zeros(size)

    def step(self, grad: np.ndarray) -> np.ndarray:
        """The change to make to the weights for this gradient."""
        (b1, b2), self.steps = self.betas, self.steps + 1
        self.mean = b1 * self.mean + (1 - b1) * grad
        self.square = b2 * self.square + (1 - b2) * grad**2
        mean, square = self.mean / (1 - b1**self.steps), self.square / (1 - b2**self.steps)
        return self.lr * mean / (np.sqrt(square) + 1e-8)


def margin(env: SaboteurEnv) -> int:
    """The learner's gold less the other dwarf's, at the end of the game."""
    scores = env.view()["scores"]
    return int(scores[env.seat] - scores[1 - env.seat])


def train_episode(
    env: SaboteurEnv, policy: Policy, rng: np.random.Generator, seed: int
) -> tuple[float, list[np.ndarray]]:
    """One game sampled from the policy: its final gold margin, and per decision the gradient
    of the log-probability of the action taken."""
    obs, _ = env.reset(seed=seed)
    grads, done = [], False
    while not done:
        action, grad = policy.sample(env, obs["action_mask"], rng)
        obs, _, done, _, _ = env.step(action)
        grads.append(grad)
    return float(margin(env)), grads


class Trainer:
    """REINFORCE with a running baseline per seat (seat 0 moves first and wins more often).

    >>> trainer = Trainer(duel_envs(), lr=0.05, seed=0)
    >>> trainer.batch(2)
    >>> trainer.episodes, bool(trainer.policy.theta.any())
    (2, True)
    """

    def __init__(self, envs: list[SaboteurEnv], lr: float, seed: int) -> None:
        self.envs, self.seed, self.episodes = envs, seed, 0
        self.policy, self.adam = Policy(), Adam(FEATURES, lr)
        self.rng = np.random.default_rng(seed)
        self.baseline = [0.0] * len(envs)

    def batch(self, size: int) -> None:
        """Play ``size`` episodes (the seats in turn), then update the weights once."""
        total = np.zeros(FEATURES)
        for _ in range(size):
            seat = self.episodes % len(self.envs)
            env = self.envs[seat]
            deal = self.seed * 10**6 + self.episodes
            result, grads = train_episode(env, self.policy, self.rng, deal)
            advantage = result - self.baseline[seat]
            for grad in grads:
                total += advantage * grad
            self.baseline[seat] += 0.05 * advantage
            self.episodes += 1
        self.policy.theta += self.adam.step(total / size)


def duel_envs() -> list[SaboteurEnv]:
    """One-round Duels against the random bot, the learner in seat 0 and in seat 1."""
    return [
        SaboteurEnv(ruleset="duel", players=2, seat=seat, options={"rounds": 1}) for seat in (0, 1)
    ]


Chooser = Callable[[SaboteurEnv, np.ndarray, np.random.Generator], int]


def evaluate(envs: list[SaboteurEnv], choose: Chooser, games: int) -> float:
    """A player's score over the same ``games`` deals from each seat: 1 a win, ½ a tie."""
    rng, points = np.random.default_rng(0), 0.0
    for env in envs:
        for game in range(games):
            obs, _ = env.reset(seed=10**9 + game)
            done = False
            while not done:
                obs, _, done, _, _ = env.step(choose(env, obs["action_mask"], rng))
            points += (np.sign(margin(env)) + 1) / 2
    return points / (games * len(envs))


def heuristic(env: SaboteurEnv, mask: np.ndarray, rng: np.random.Generator) -> int:
    """The Duel heuristic bot's choice among the actions in ``mask`` (for reference)."""
    legal = [env.adapter.actions.decode(int(i)) for i in np.flatnonzero(mask)]
    chosen = best_action(env.view(), legal, random.Random(int(rng.integers(2**31))))
    return int(env.adapter.actions.encode(chosen) or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description="REINFORCE in The Duel against a random bot")
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--batch", type=int, default=10, help="episodes per update")
    parser.add_argument("--lr", type=float, default=0.05, help="Adam's step size")
    parser.add_argument("--eval-every", type=int, default=50, help="episodes between evaluations")
    parser.add_argument("--eval-games", type=int, default=100, help="deals per seat")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="examples/duel_winrate.png")
    args = parser.parse_args()
    if args.eval_every % args.batch:
        parser.error("--eval-every must be a multiple of --batch")

    envs = duel_envs()
    trainer = Trainer(envs, args.lr, args.seed)
    reference = evaluate(envs, heuristic, args.eval_games)
    print(f"the heuristic bot on the same deals: win rate {reference:.3f}")
    history = [(0, evaluate(envs, trainer.policy.best, args.eval_games))]
    print(f"episodes {0:5d}  win rate {history[-1][1]:.3f}  (untrained: uniformly random)")
    start = time.monotonic()
    while time.monotonic() - start < args.minutes * 60:
        trainer.batch(args.batch)
        if trainer.episodes % args.eval_every == 0:
            history.append((trainer.episodes, evaluate(envs, trainer.policy.best, args.eval_games)))
            elapsed = time.monotonic() - start
            print(
                f"episodes {trainer.episodes:5d}  win rate {history[-1][1]:.3f}  ({elapsed:4.0f} s)"
            )
    print("learned weights:")
    for name, weight in zip(NAMES, trainer.policy.theta, strict=True):
        print(f"  {name:12s} {weight:+6.2f}")
    plot(history, reference, args)


def plot(history: list[tuple[int, float]], reference: float, args: argparse.Namespace) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    xs, rates = zip(*history, strict=True)
    fig, ax = plt.subplots(figsize=(6.5, 4))
    ax.plot(xs, rates, marker="o", label="greedy policy")
    ax.axhline(reference, color="tab:green", linestyle="--", linewidth=1, label="heuristic bot")
    ax.axhline(rates[0], color="grey", linestyle=":", linewidth=1, label="untrained (uniform)")
    ax.set_ylim(0, 1)
    ax.set_xlabel("training episodes (one-round Duels, seat 0 and 1 in turn)")
    ax.set_ylabel(f"win rate against the random bot\n({args.eval_games} fixed deals per seat)")
    ax.set_title("REINFORCE in The Duel, linear policy over 17 features")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)
    print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
