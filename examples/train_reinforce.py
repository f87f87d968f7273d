"""Train a small policy against random bots with REINFORCE, and watch its win rate rise.

The policy is a linear softmax over the legal actions (numpy only). Each legal action
is described by a few features (its kind; for a placement how far east it lies, how
far off the middle row, whether it is a dead end and whether it is open to the east;
whether a tool card targets oneself; ...), crossed with the learner's role, and scored
by one weight vector. It plays seat 0 of a 3-player, one-round classic game in
``saboteur.envs.gymnasium.SaboteurEnv`` against the ``random`` bots of ``saboteur.bots``.
The environment's reward is +1 for a win (a shared win counts) and -1 otherwise;
training adds a potential-based shaping term (how far east the tunnel joined to the
start reaches, good for diggers, bad for saboteurs), which leaves the best policy
unchanged but gives a signal long before the first win.

Every ``--eval-every`` episodes the greedy policy plays the same ``--eval-games``
deals (fixed seeds, so the deal of roles is the same for every evaluation and only
the policy differs); the first evaluation, with all weights zero, is a uniformly
random player.

    .venv/bin/python examples/train_reinforce.py --minutes 3

prints the evaluations and writes a plot (``examples/reinforce_winrate.png``) if
matplotlib is installed.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np

from saboteur.engine import Action
from saboteur.envs.classic.actions import X_MIN
from saboteur.envs.classic.observation import LIVE
from saboteur.envs.gymnasium import SaboteurEnv

KINDS = ("place", "break", "repair", "rockfall", "map", "pass", "gold")
EXTRAS = (
    "east", "advance", "off-target", "dead-end", "open-east", "self", "gold-value", "pass-junk",
)  # fmt: skip
PER_ROLE = len(KINDS) + len(EXTRAS)
FEATURES = 2 * PER_ROLE  # one block for playing a digger, one for playing a saboteur
Obs = dict[str, np.ndarray]


@dataclass(frozen=True)
class Seen:
    """What the features need from the observation: role, tunnel front, where to dig."""

    digger: bool
    front: int  # the easternmost x of the tunnel joined to the start
    target: int  # the y of the goal to dig to: the gold if known, else the middle one

    @classmethod
    def of(cls, env: SaboteurEnv, obs: Obs) -> Seen:
        parts = env.adapter.observer.as_dict(obs["observation"])
        live = parts["maze"][..., LIVE : LIVE + 4].any(axis=(0, 2))
        front = int(np.flatnonzero(live).max()) + X_MIN if live.any() else 0
        goals = parts["goals"]  # per goal (y = -2, 0, 2): face down, revealed, gold, stone, peeked
        gold = [y for y, row in zip((-2, 0, 2), goals, strict=True) if row[2]]
        open_ = [y for y, row in zip((-2, 0, 2), goals, strict=True) if not row[3]]
        target = gold[0] if gold else (0 if 0 in open_ else open_[0] if open_ else 0)
        return cls(bool(parts["role"][0]), front, target)


def features(action: Action, seen: Seen, seat: int) -> np.ndarray:
    """What the policy sees of one legal action."""
    out = np.zeros(FEATURES)
    base = 0 if seen.digger else PER_ROLE
    out[base + KINDS.index(action.kind)] = 1.0
    extra = base + len(KINDS)
    if action.kind == "place" and action.slot is not None and action.choice is not None:
        x, y = action.slot
        dead = action.choice.startswith("x")
        out[extra] = x / 8
        out[extra + 1] = float(x > seen.front and not dead)
        out[extra + 2] = abs(y - seen.target) / 4 if x >= 4 else abs(y) / 4
        out[extra + 3] = float(dead)
        out[extra + 4] = float("E" in action.choice and not dead)
    elif action.kind in ("break", "repair"):
        out[extra + 5] = float(action.seat == seat)
    elif action.kind == "gold" and action.choice is not None:
        out[extra + 6] = int(action.choice) / 3
    elif action.kind == "pass" and action.card is not None:
        out[extra + 7] = float(action.card.startswith(("x", "break", "map")))
    return out


class Policy:
    """Softmax over ``theta @ features(action)`` for the legal actions."""

    def __init__(self) -> None:
        self.theta = np.zeros(FEATURES)

    def scores(self, env: SaboteurEnv, obs: Obs) -> tuple[np.ndarray, np.ndarray]:
        ids = np.flatnonzero(obs["action_mask"])
        seen = Seen.of(env, obs)
        actions = [env.adapter.actions.decode(int(i)) for i in ids]
        phi = np.array([features(action, seen, env.seat) for action in actions])
        return ids, phi

    def sample(
        self, env: SaboteurEnv, obs: Obs, rng: np.random.Generator
    ) -> tuple[int, np.ndarray]:
        """A legal action drawn from the policy, and the gradient of its log-probability."""
        ids, phi = self.scores(env, obs)
        logits = phi @ self.theta
        probs = np.exp(logits - logits.max())
        probs /= probs.sum()
        choice = int(rng.choice(len(ids), p=probs))
        return int(ids[choice]), phi[choice] - probs @ phi

    def best(self, env: SaboteurEnv, obs: Obs, rng: np.random.Generator) -> int:
        """The highest-scoring legal action (ties broken at random)."""
        ids, phi = self.scores(env, obs)
        logits = phi @ self.theta
        return int(rng.choice(ids[logits >= logits.max() - 1e-9]))


def potential(env: SaboteurEnv, obs: Obs) -> float:
    """How far east the tunnel joined to the start reaches (x / 8), negated for a saboteur.

    Read from the observation: the maze's "live sides" channels."""
    parts = env.adapter.observer.as_dict(obs["observation"])
    live = parts["maze"][..., LIVE : LIVE + 4].any(axis=(0, 2))
    east = (np.flatnonzero(live).max() + X_MIN) / 8 if live.any() else 0.0
    return float(east if parts["role"][0] else -east)


def train_episode(
    env: SaboteurEnv,
    policy: Policy,
    rng: np.random.Generator,
    seed: int,
    shaping: float,
    gamma: float,
) -> tuple[bool, list[tuple[np.ndarray, float]]]:
    """One game sampled from the policy: the learner's role (digger?) and, per decision,
    the gradient of its log-probability and its shaped return."""
    obs, _ = env.reset(seed=seed)
    digger = bool(env.adapter.observer.as_dict(obs["observation"])["role"][0])
    steps: list[tuple[np.ndarray, float]] = []
    done, before = False, potential(env, obs)
    while not done:
        action, grad = policy.sample(env, obs, rng)
        obs, reward, done, _, _ = env.step(action)
        after = 0.0 if done else potential(env, obs)
        steps.append((grad, float(reward) + shaping * (after - before)))
        before = after
    returns, total = [], 0.0
    for grad, shaped in reversed(steps):
        total = shaped + gamma * total
        returns.append((grad, total))
    return digger, returns


def evaluate(env: SaboteurEnv, policy: Policy, games: int) -> tuple[float, float]:
    """The greedy policy on a fixed set of deals: its win rate over all of them, and over the
    deals where it is a digger facing a saboteur (where play, not the deal, decides)."""
    rng, wins, contested, contested_wins = np.random.default_rng(0), 0, 0, 0
    for game in range(games):
        obs, _ = env.reset(seed=10**9 + game)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, _, _ = env.step(policy.best(env, obs, rng))
        wins += reward > 0
        roles = env.state_now.view(env.seat)["results"][-1]["roles"]  # revealed at the end
        if roles[env.seat] == "digger" and "saboteur" in roles:
            contested += 1
            contested_wins += reward > 0
    return wins / games, contested_wins / max(contested, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description="REINFORCE against random bots")
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--batch", type=int, default=50, help="episodes per update")
    parser.add_argument("--lr", type=float, default=1.0)
    parser.add_argument("--shaping", type=float, default=2.0, help="weight of the shaping term")
    parser.add_argument("--gamma", type=float, default=0.5, help="discount of the returns")
    parser.add_argument("--eval-every", type=int, default=1000)
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="examples/reinforce_winrate.png")
    args = parser.parse_args()

    options = {"rounds": 1}
    env = SaboteurEnv(players=args.players, seat=0, opponents="random", options=options)
    rng = np.random.default_rng(args.seed)
    policy, episodes = Policy(), 0
    baseline = {True: 0.0, False: 0.0}  # the mean return, per role (it decides most games)
    start = time.monotonic()
    history = [(0, *evaluate(env, policy, args.eval_games))]
    print(f"episodes {0:6d}  win rate {history[-1][1]:.3f}  as a digger facing a saboteur"
          f" {history[-1][2]:.3f}  (untrained: uniformly random)")  # fmt: skip
    while time.monotonic() - start < args.minutes * 60:
        total = np.zeros(FEATURES)
        for _ in range(args.batch):
            seed = args.seed * 10**6 + episodes
            digger, steps = train_episode(env, policy, rng, seed, args.shaping, args.gamma)
            for grad, ret in steps:
                total += (ret - baseline[digger]) * grad
                baseline[digger] += 0.001 * (ret - baseline[digger])
            episodes += 1
        policy.theta += args.lr * total / args.batch
        if episodes % args.eval_every == 0:
            history.append((episodes, *evaluate(env, policy, args.eval_games)))
            elapsed = time.monotonic() - start
            print(f"episodes {episodes:6d}  win rate {history[-1][1]:.3f}  as a digger facing"
                  f" a saboteur {history[-1][2]:.3f}  ({elapsed:4.0f} s)")  # fmt: skip
    print("weights        digger | saboteur")
    for i, name in enumerate(KINDS + EXTRAS):
        print(f"  {name:12s} {policy.theta[i]:+6.2f} | {policy.theta[PER_ROLE + i]:+6.2f}")
    plot(history, args)


def plot(history: list[tuple[int, float, float]], args: argparse.Namespace) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    xs, all_deals, contested = zip(*history, strict=True)
    fig, ax = plt.subplots(figsize=(6.5, 4))
    ax.plot(xs, all_deals, marker="o", label="all deals")
    ax.plot(xs, contested, marker="s", label="as a digger facing a saboteur")
    for ys in (all_deals, contested):
        ax.axhline(ys[0], color="grey", linestyle=":", linewidth=1)
    ax.set_xlabel("training episodes (dotted: the untrained, uniformly random player)")
    ax.set_ylabel(f"win rate of the greedy policy\n({args.eval_games} fixed deals)")
    ax.set_title(f"REINFORCE, seat 0 of {args.players}, against random bots (1 round)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot, dpi=100)
    print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
