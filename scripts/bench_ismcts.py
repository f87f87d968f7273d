"""ISMCTS search speed: iterations per CPU second on fixed positions, bots side by side.

Each position is a classic deal (seed 1, 2, ...) played on by the heuristic for a few moves
(0, 6, 12, ... by the position's number); the seat to act then chooses with each bot in turn
(an iteration budget, so the work is the same every run). The bots take turns position by
position and run after run, so a busy machine slows them alike; the figure per bot is its
iterations over its CPU seconds (``time.process_time``) in the median run::

    python scripts/bench_ismcts.py --players 4 --bots ismcts,ismcts:depth=16 --iterations 120 \\
        --positions 12 --runs 3 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from saboteur.bots import choose, make_bot
from saboteur.engine import State, new_game


def positions(players: int, count: int) -> list[State]:
    """``count`` positions of the first round, each the seat to act's turn in the play phase."""
    game = new_game("classic", players)
    found: list[State] = []
    for number in range(count):
        state = game.new_state(seed=number + 1)
        bots = [make_bot("heuristic", game, seat, seed=seat) for seat in range(players)]
        for _ in range(6 * (number % 5)):
            seat = state.current_player
            assert seat is not None
            state.apply(choose(bots[seat], state))
            if state.round != 1:
                break
        if state.round == 1:
            found.append(state)
    return found


def one_run(spec: str, states: list[State], iterations: int) -> tuple[int, float]:
    """Iterations and CPU seconds of one bot choosing once in every position."""
    done, spent = 0, 0.0
    for number, state in enumerate(states):
        seat = state.current_player
        assert seat is not None
        bot = make_bot(f"{spec}:iterations={iterations}", state.game, seat, seed=number)
        start = time.process_time()
        choose(bot, state.clone())
        spent += time.process_time() - start
        done += bot.iterations
    return done, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="ismcts,ismcts:depth=16")
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    states = positions(args.players, args.positions)
    specs = args.bots.split(",")
    rates: dict[str, list[float]] = {spec: [] for spec in specs}
    totals: dict[str, list[tuple[int, float]]] = {spec: [] for spec in specs}
    for run in range(args.runs):
        for spec in specs if run % 2 == 0 else reversed(specs):
            done, spent = one_run(spec, states, args.iterations)
            rates[spec].append(done / spent)
            totals[spec].append((done, spent))
    result = {
        "players": args.players,
        "positions": len(states),
        "iterations_budget": args.iterations,
        "runs": args.runs,
        "bots": {
            spec: {
                "iterations_per_cpu_second": round(statistics.median(rates[spec])),
                "runs": [round(rate) for rate in rates[spec]],
                "iterations": totals[spec][0][0],
                "cpu_seconds": [round(spent, 3) for _, spent in totals[spec]],
            }
            for spec in specs
        },
    }
    if len(specs) == 2:
        first, second = (result["bots"][spec]["iterations_per_cpu_second"] for spec in specs)
        result["ratio"] = round(first / second, 2)
    if args.json:
        print(json.dumps(result))
        return
    for spec in specs:
        row = result["bots"][spec]
        print(
            f"{spec:>14}: {row['iterations_per_cpu_second']:>6} iterations per CPU second"
            f" (runs: {', '.join(str(r) for r in row['runs'])})"
        )
    if "ratio" in result:
        print(f"{specs[0]} / {specs[1]}: {result['ratio']}x")


if __name__ == "__main__":
    main()
