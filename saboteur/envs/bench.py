"""Throughput of the research environments next to the engine's own ``saboteur bench``.

    .venv/bin/python -m saboteur.envs.bench --players 5 --seconds 5
    .venv/bin/python -m saboteur.envs.bench --ruleset duel --seconds 5

prints, one per line: the engine's random play (the loop of ``saboteur bench``),
PettingZoo's own ``performance_benchmark`` (turns per second, always 5 s, on the
wrapped ``env()``), and random simulation of ``python_saboteur`` through pyspiel
(all nodes, chance included, and decision nodes only, per second). ``--ruleset``
picks the ruleset, ``--json`` prints the figures as one JSON object instead.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import time
from typing import Any

import click

from saboteur.commandline import FiniteRange, make_game, players_option
from saboteur.engine import new_game
from saboteur.engine.registry import DEFAULT_RULESET
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


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--ruleset",
    type=click.Choice(env_rulesets()),
    default=DEFAULT_RULESET,
    show_default=True,
    help="Which game's environments.",
)
@players_option
@click.option(
    "--seconds",
    type=FiniteRange(0.1, 3600),
    default=5.0,
    show_default=True,
    help="How long the engine and OpenSpiel each play.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
def main(ruleset: str, players: int | None, seconds: float, as_json: bool) -> None:
    """Throughput of the research environments (5 seats where the ruleset allows them)."""
    seats = make_game(ruleset, players, [], default=5).players
    figures: dict[str, Any] = {"ruleset": ruleset, "players": seats}
    say = (lambda text: None) if as_json else click.echo
    figures["engine_steps_per_second"] = round(engine_steps(seats, seconds, ruleset))
    say(f"saboteur bench (engine, random play): {figures['engine_steps_per_second']} steps/s")
    figures["pettingzoo_turns_per_second"] = round(pettingzoo_turns(seats, ruleset))
    say(f"pettingzoo performance_benchmark: {figures['pettingzoo_turns_per_second']} turns/s")
    nodes, decisions = openspiel_steps(seats, seconds, ruleset)
    figures["openspiel_nodes_per_second"] = round(nodes)
    figures["openspiel_decisions_per_second"] = round(decisions)
    say(f"openspiel random simulation: {round(nodes)} nodes/s ({round(decisions)} decisions/s)")
    if as_json:
        click.echo(json.dumps(figures))


if __name__ == "__main__":
    main()
