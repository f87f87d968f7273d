"""How often a legal action falls outside the action space's maze window, measured in play.

    .venv/bin/python -m saboteur.envs.coverage --games 100
    .venv/bin/python -m saboteur.envs.coverage --games 100 --ruleset duel

plays complete games with random legal actions and with the heuristic bots of
:mod:`saboteur.bots` (if importable) for 3, 5, 7 and 10 players (the Duel: 2), and prints, per
way of playing, how many legal actions there were, how many the action space
leaves out (placements and rockfalls outside the window) and how many turns had
at least one such action.

>>> counts = measure("random", players=3, games=1)
>>> counts["legal"] > counts["outside"] >= 0
True
>>> measure("random", players=2, games=1, ruleset="duel")["legal"] > 0
True
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from saboteur.engine import Action, State, new_game
from saboteur.engine.registry import DEFAULT_RULESET, get_ruleset
from saboteur.envs.registry import env_rulesets, make_adapter

Pick = Callable[[State], Action]


def measure(kind: str, players: int, games: int, ruleset: str = DEFAULT_RULESET) -> dict[str, int]:
    """Count legal actions, those outside the window, and turns affected, over ``games``."""
    space = make_adapter(ruleset, players).actions
    game = new_game(ruleset, players)
    counts = {"turns": 0, "legal": 0, "outside": 0, "turns_outside": 0}
    for seed in range(games):
        state = game.new_state(seed)
        pick = _chooser(kind, state, seed)
        while not state.is_over:
            legal = state.legal_actions()
            missing = sum(1 for action in legal if space.encode(action) is None)
            counts["turns"] += 1
            counts["legal"] += len(legal)
            counts["outside"] += missing
            counts["turns_outside"] += missing > 0
            state.apply(pick(state))
    return counts


def _chooser(kind: str, state: State, seed: int) -> Pick:
    if kind == "random":
        rng = random.Random(seed)
        return lambda s: rng.choice(s.legal_actions())
    from saboteur.bots.base import choose
    from saboteur.bots.registry import make_bot

    bots = [
        make_bot(kind, state.game, seat, seed * 100 + seat) for seat in range(state.game.players)
    ]

    def pick(s: State) -> Action:
        seat = s.current_player
        assert seat is not None
        return choose(bots[seat], s, seat)

    return pick


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="legal actions outside the maze window")
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--ruleset", choices=env_rulesets(), default=DEFAULT_RULESET)
    args = parser.parse_args(argv)
    seats = get_ruleset(args.ruleset).players
    counts = sorted({seats.low, seats.high} | {n for n in (5, 7) if seats.low <= n <= seats.high})
    kinds = ["random"]
    try:
        import saboteur.bots.registry  # noqa: F401

        kinds.append("heuristic")
    except ImportError:
        pass
    for kind in kinds:
        total = {"turns": 0, "legal": 0, "outside": 0, "turns_outside": 0}
        for players in counts:
            for key, value in measure(kind, players, args.games, args.ruleset).items():
                total[key] += value
        share = total["outside"] / max(total["legal"], 1)
        turns = total["turns_outside"] / max(total["turns"], 1)
        print(
            f"{kind}: {total['legal']} legal actions in {total['turns']} turns; "
            f"{total['outside']} outside the window ({share:.4%}), "
            f"on {total['turns_outside']} turns ({turns:.4%})"
        )


if __name__ == "__main__":
    main()
