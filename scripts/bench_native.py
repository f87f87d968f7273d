"""Pure Python against the compiled core (mypyc), side by side in one run.

Runs ``saboteur bench`` (and, with ``--ismcts``, ``scripts/bench_ismcts.py``) in child processes,
once with ``SABOTEUR_PURE=1`` and once without, alternately (P C C P P C ...), so both see the same
load on a busy machine.  Prints the median of each figure and the ratio compiled / pure; the
figures are per CPU second of the child (``time.process_time``).  ``--baseline DIR`` also runs a
third, pure Python copy of the ``saboteur`` package in ``DIR`` (e.g. the tree before a change, from
``git archive <commit> saboteur``) in the same rotation, and gives compiled / baseline too::

    python scripts/bench_native.py --ruleset classic --players 5 --runs 5 --seconds 3 --ismcts
    python scripts/bench_native.py --ruleset duel --players 2 --json
    python scripts/bench_native.py --ruleset classic --baseline /tmp/before --json

Needs a compiled build (``python scripts/build_compiled.py``); stops with an error without one.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import click

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from saboteur import native  # noqa: E402

CLI = "from saboteur.cli import main; main()"
MODES = ("pure", "compiled")


def child(mode: str, args: list[str], baseline: Path | None = None) -> dict[str, Any]:
    """One run of a command in a child process in ``mode``; its JSON output."""
    tree = baseline if mode == "baseline" and baseline is not None else ROOT
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop(native.PURE_VARIABLE, None)
    if mode != "compiled":
        env[native.PURE_VARIABLE] = "1"
    done = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@click.command()
@click.option("--ruleset", default="classic", show_default=True)
@click.option("--players", type=int, default=5, show_default=True)
@click.option("--runs", type=int, default=5, show_default=True)
@click.option("--seconds", type=float, default=3.0, show_default=True)
@click.option("--ismcts", is_flag=True, help="Also ISMCTS iterations per CPU second (classic).")
@click.option(
    "--baseline",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder holding another saboteur package, also run as pure Python.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def main(
    ruleset: str,
    players: int,
    runs: int,
    seconds: float,
    ismcts: bool,
    baseline: Path | None,
    as_json: bool,
) -> None:
    if not native.compiled_modules():
        raise click.ClickException("no compiled build: run `python scripts/build_compiled.py`")
    if baseline is not None and not (baseline / "saboteur" / "cli.py").exists():
        raise click.ClickException(f"{baseline} holds no saboteur package")
    modes = (*MODES, "baseline") if baseline is not None else MODES
    bench = [sys.executable, "-c", CLI, "bench", "--ruleset", ruleset, "--players", str(players)]
    bench += ["--seconds", str(seconds), "--json"]
    search = [sys.executable, str(ROOT / "scripts" / "bench_ismcts.py"), "--bots", "ismcts"]
    search += ["--players", "4", "--runs", "1", "--json"]
    figures: dict[str, dict[str, list[float]]] = {mode: {} for mode in modes}
    for run in range(runs):
        for mode in modes if run % 2 == 0 else reversed(modes):
            out = child(mode, bench, baseline)
            figures[mode].setdefault("steps_per_cpu_second", []).append(out["steps_per_cpu_second"])
            figures[mode].setdefault("games_per_cpu_second", []).append(
                out["games"] / out["cpu_seconds"]
            )
            if ismcts and mode != "baseline":
                rate = child(mode, search)["bots"]["ismcts"]["iterations_per_cpu_second"]
                figures[mode].setdefault("ismcts_iterations_per_cpu_second", []).append(rate)
    medians = {
        mode: {name: statistics.median(values) for name, values in figures[mode].items()}
        for mode in modes
    }
    ratios = {
        name: round(medians["compiled"][name] / medians["pure"][name], 2)
        for name in medians["pure"]
    }
    result: dict[str, Any] = {
        "ruleset": ruleset,
        "players": players,
        "runs": runs,
        "seconds": seconds,
        "compiled_modules": native.compiled_modules(),
        "pure": {name: round(value, 1) for name, value in medians["pure"].items()},
        "compiled": {name: round(value, 1) for name, value in medians["compiled"].items()},
        "ratio": ratios,
        # every run's figure, in run order: how much the machine's speed moved between runs
        "samples": {
            mode: {n: [round(v, 1) for v in vs] for n, vs in f.items()}
            for mode, f in figures.items()
        },
        # the median of the run-by-run ratios (each run's modes ran back to back): less moved by
        # a machine whose speed drifts than the ratio of the medians
        "paired_ratio": paired_ratios(figures, "pure"),
    }
    if baseline is not None:
        result["baseline"] = {name: round(v, 1) for name, v in medians["baseline"].items()}
        result["ratio_to_baseline"] = {
            name: round(medians["compiled"][name] / value, 2)
            for name, value in medians["baseline"].items()
        }
        result["paired_ratio_to_baseline"] = paired_ratios(figures, "baseline")
    if as_json:
        click.echo(json.dumps(result))
        return
    for name, ratio in ratios.items():
        pure, compiled = medians["pure"][name], medians["compiled"][name]
        click.echo(f"{name:>34}: pure {pure:>10,.1f}  compiled {compiled:>10,.1f}  ({ratio}x)")
    for name, ratio in result.get("ratio_to_baseline", {}).items():
        before = medians["baseline"][name]
        click.echo(f"{name:>34}: baseline (pure) {before:>10,.1f}  compiled / baseline {ratio}x")


def paired_ratios(figures: dict[str, dict[str, list[float]]], other: str) -> dict[str, float]:
    """Per figure, the median over the runs of compiled / ``other`` within each run."""
    return {
        name: round(
            statistics.median(c / o for c, o in zip(values, figures[other][name], strict=True)), 2
        )
        for name, values in figures["compiled"].items()
        if name in figures[other]
    }


if __name__ == "__main__":
    main()
