"""Throughput of the research environments next to the engine's own ``saboteur bench``.

    .venv/bin/python -m saboteur.envs.bench --players 5 --seconds 5
    .venv/bin/python -m saboteur.envs.bench --ruleset duel --seconds 5

prints, one per line: the engine's random play (the loop of ``saboteur bench``),
PettingZoo's own ``performance_benchmark`` (turns per second, always 5 s, on the
wrapped ``env()``), and random simulation of ``python_saboteur`` through pyspiel
(all nodes, chance included, and decision nodes only, per second). ``--ruleset``
picks the ruleset (``duel`` plays 2 players whatever ``--players`` says).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import time
from typing import Any

from saboteur.engine import new_game
from saboteur.engine.registry import DEFAULT_RULESET, get_ruleset
from saboteur.envs.registry import env_rulesets
from saboteur.play.simulate import bench


def engine_steps(players: int, seconds: float, ruleset: str = DEFAULT_RULESET) -> float:
    """Steps per second of ``saboteur bench`` (random legal play in the engine)."""
    result = bench(new_game(ruleset, players), seconds, seed=0).to_json()
    return float(result["steps_per_second"])


def pettingzoo_turns(players: int, ruleset: str = DEFAULT_RULESET) -> float:
    """Turns per second reported by ``pettingzoo.test.performance_benchmark`` (runs 5 s)."""
    from pettingzoo.test.performance_benchmark import performance_benchmark

    from saboteur.envs.pettingzoo import env

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env(ruleset=ruleset, players=players))
    match = re.search(r"([\d.]+) turns per second", out.getvalue())
    assert match is not None, out.getvalue()
    return float(match.group(1))


def openspiel_steps(
    players: int, seconds: float, ruleset: str = DEFAULT_RULESET
) -> tuple[float, float]:
    """Random simulation of ``python_saboteur``: (all nodes, decision nodes) per second."""
    import pyspiel

    import saboteur.envs.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_saboteur", {"players": players, "ruleset": ruleset})
    rng = random.Random(0)
    nodes = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            nodes += 1
    elapsed = time.perf_counter() - start
    return nodes / elapsed, decisions / elapsed


def _seconds(text: str) -> float:
    """``--seconds``: a number from 0.1 to 3600 (an argparse type: its error names the value)."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.1 <= seconds <= 3600:  # (nan fails this too)
        raise argparse.ArgumentTypeError(f"{text} is not from 0.1 to 3600")
    return seconds


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description="throughput of the research environments")
    parser.add_argument("--ruleset", choices=env_rulesets(), default=DEFAULT_RULESET)
    parser.add_argument("--players", type=int, help="seats (default: 5 where allowed)")
    parser.add_argument("--seconds", type=_seconds, default=5.0, help="0.1 to 3600 (default 5)")
    args = parser.parse_args(argv)
    seats = get_ruleset(args.ruleset).players
    players = min(max(5, seats.low), seats.high) if args.players is None else args.players
    if not seats.low <= players <= seats.high:
        parser.error(f"--players: {args.ruleset} seats {seats.low} to {seats.high}, not {players}")
    ruleset = args.ruleset
    figures: dict[str, Any] = {"ruleset": ruleset, "players": players}
    figures["engine_steps_per_second"] = round(engine_steps(players, args.seconds, ruleset))
    print(f"saboteur bench (engine, random play): {figures['engine_steps_per_second']} steps/s")
    figures["pettingzoo_turns_per_second"] = round(pettingzoo_turns(players, ruleset))
    print(f"pettingzoo performance_benchmark: {figures['pettingzoo_turns_per_second']} turns/s")
    nodes, decisions = openspiel_steps(players, args.seconds, ruleset)
    figures["openspiel_nodes_per_second"] = round(nodes)
    figures["openspiel_decisions_per_second"] = round(decisions)
    print(f"openspiel random simulation: {round(nodes)} nodes/s ({round(decisions)} decisions/s)")
    return figures


if __name__ == "__main__":
    main()
