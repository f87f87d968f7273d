"""Instructions per random-play step and per ISMCTS iteration, counted by valgrind: figures that do
not move with the machine's load (a shared machine's timings can move by half from run to run).

Each workload runs twice under ``valgrind --tool=cachegrind --cache-sim=no``, at a small and a
large size (games, or iterations per position); the difference of the two instruction counts over
the difference of the work is the cost of one step or one iteration, start-up and imports cancelled
out. The engine figure is measured for the compiled build, the same tree as pure Python, and with
``--baseline DIR`` the ``saboteur`` package in ``DIR`` as pure Python (an older engine), all with
one loop that every engine runs; for the compiled build also with ``saboteur bench``'s own
compiled loop (``instructions_per_bench_step``)::

    python scripts/bench_instructions.py --baseline /tmp/tree-filed --json

Instructions are not time (compiled code runs more instructions per cycle than the interpreter),
so these ratios are a check on the timings of ``scripts/bench_native.py``, not the speed-up itself.
Needs ``valgrind`` (Debian: ``apt-get install valgrind``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click

from saboteur.engine import new_game

ROOT = Path(__file__).resolve().parent.parent
# random play of `games` games (of the ruleset and players given after it), the legal actions
# listed at every step (as `saboteur bench` plays, with a loop that also runs on engines older
# than its compiled play-out)
ENGINE = """
import random, sys
from saboteur.engine import new_game
game, rng, steps = new_game(sys.argv[2], int(sys.argv[3])), random.Random(0), 0
for number in range(int(sys.argv[1])):
    state = game.new_state(number)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
        steps += 1
print(steps)
"""
# the same games as `saboteur bench` plays them today: its (compiled) play-out loop
BENCH = """
import random, sys
from saboteur.engine import new_game
from saboteur.play.playout import play_out
game, rng, steps = new_game(sys.argv[2], int(sys.argv[3])), random.Random(0), 0
for number in range(int(sys.argv[1])):
    steps += play_out(game.new_state(number), rng)
print(steps)
"""
SEARCH = [
    str(ROOT / "scripts" / "bench_ismcts.py"),
    "--players",
    "4",
    "--bots",
    "ismcts",
    "--positions",
    "4",
]


def instructions(command: list[str], root: Path, pure: bool) -> tuple[int, str]:
    """The instructions ``command`` (a Python program) executes in ``root``, and what it printed
    (run in ``root``: ``python -c`` imports from the working directory first)."""
    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("SABOTEUR_PURE", None)
    if pure:
        env["SABOTEUR_PURE"] = "1"
    valgrind = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
    ]
    done = subprocess.run(
        [*valgrind, sys.executable, *command],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise click.ClickException(f"valgrind printed no instruction count: {done.stderr[-500:]}")
    return int(found.group(1).replace(",", "")), done.stdout


def per_step(
    root: Path, pure: bool, table: tuple[str, int], small: int, large: int, program: str = ENGINE
) -> dict[str, float]:
    """Instructions per step of random play at ``table`` (ruleset, players), from ``small`` and
    ``large`` games (``program``: :data:`ENGINE`, or :data:`BENCH` for ``saboteur bench``'s own
    loop, named so)."""
    counts, steps = [], []
    ruleset, players = table
    for games in (small, large):
        command = ["-c", program, str(games), ruleset, str(players)]
        count, out = instructions(command, root, pure)
        counts.append(count)
        steps.append(int(out.split()[-1]))
    name = "instructions_per_bench_step" if program is BENCH else "instructions_per_step"
    return {name: round((counts[1] - counts[0]) / (steps[1] - steps[0]))}


def per_iteration(root: Path, small: int, large: int) -> dict[str, float]:
    """Instructions per ISMCTS iteration (the compiled build of ``root``), from ``small`` and
    ``large`` iterations at each of the bench's positions (a budget of iterations: the same search
    every run)."""
    counts, done = [], []
    for budget in (small, large):
        command = [*SEARCH, "--iterations", str(budget), "--runs", "1", "--json"]
        count, out = instructions(command, root, False)
        counts.append(count)
        done.append(json.loads(out)["bots"]["ismcts"]["iterations"])
    return {"instructions_per_iteration": round((counts[1] - counts[0]) / (done[1] - done[0]))}


@click.command()
@click.option("--baseline", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--search-before",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Another checkout with its own compiled build: its ISMCTS figure too.",
)
@click.option("--ruleset", default="classic", show_default=True, help="the engine's ruleset")
@click.option("--players", default=5, show_default=True, type=click.IntRange(1, 10))
@click.option("--games", type=(int, int), default=(5, 30), show_default=True)
@click.option("--iterations", type=(int, int), default=(120, 240), show_default=True)
@click.option("--no-search", is_flag=True, help="Leave out the ISMCTS figure.")
@click.option("--json", "as_json", is_flag=True)
def main(
    ruleset: str,
    players: int,
    baseline: Path | None,
    search_before: Path | None,
    games: tuple[int, int],
    iterations: tuple[int, int],
    no_search: bool,
    as_json: bool,
) -> None:
    """Count the instructions of the engine (and the search) with valgrind."""
    if shutil.which("valgrind") is None:
        raise click.ClickException("valgrind is not installed (apt-get install valgrind)")
    if not games[0] < games[1] or not iterations[0] < iterations[1]:
        raise click.BadParameter("the second size must be larger than the first")
    try:
        new_game(ruleset, players)
    except ValueError as error:  # an unknown ruleset or a table it does not seat
        raise click.BadParameter(str(error)) from None
    table = (ruleset, players)
    result: dict[str, dict[str, float]] = {
        "compiled": per_step(ROOT, False, table, *games),
        "pure": per_step(ROOT, True, table, *games),
    }
    result["compiled"].update(per_step(ROOT, False, table, *games, program=BENCH))
    if baseline is not None:
        result["baseline"] = per_step(baseline, True, table, *games)
    if not no_search and ruleset == "classic":  # (the search plays classic only)
        result["compiled"].update(per_iteration(ROOT, *iterations))
        if search_before is not None:
            result["search_before"] = per_iteration(search_before, *iterations)
    step = result["compiled"]["instructions_per_step"]
    ratios = {
        f"{mode}_per_compiled": round(result[mode]["instructions_per_step"] / step, 2)
        for mode in ("pure", "baseline")
        if mode in result
    }
    if as_json:
        click.echo(
            json.dumps({"ruleset": ruleset, "players": players, **result, "step_ratios": ratios})
        )
        return
    for mode, figures in result.items():
        for name, value in figures.items():
            click.echo(f"{mode:>9} {name}: {value:,.0f}")
    for name, ratio in ratios.items():
        click.echo(f"{name}: {ratio}")


if __name__ == "__main__":
    main()
