"""Compare ``saboteur bench`` of two revisions side by side, in one run.

Each revision is checked out into a temporary git worktree; the bench runs for one and
then the other, alternately (A B B A A B ...), so both see the same load on a busy
machine.  Prints the median of each figure per revision and the ratio B / A:

    python scripts/bench_compare.py HEAD~1 HEAD --runs 5 --seconds 3
    python scripts/bench_compare.py main maze-fields --ruleset duel --players 2 --json

Everything after ``--`` goes to ``saboteur bench`` as it is (``-- --option preset=online-3``).
"""

from __future__ import annotations

import contextlib
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

FIGURES = ("steps_per_second", "games_per_second", "steps_per_cpu_second")
CLI = "from saboteur.cli import main; main()"


@contextlib.contextmanager
def checkouts(revisions: list[str]) -> Iterator[list[Path]]:
    """Each revision in a temporary detached worktree of this repository (removed afterwards)."""
    top = Path(git("rev-parse", "--show-toplevel").strip())
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        paths = []
        try:
            for n, revision in enumerate(revisions):
                path = Path(tmp) / f"rev{n}"
                git("-C", str(top), "worktree", "add", "--quiet", "--detach", str(path), revision)
                paths.append(path)
            yield paths
        finally:
            for path in paths:
                git("-C", str(top), "worktree", "remove", "--force", str(path))


def git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def bench_once(path: Path, args: list[str]) -> dict[str, Any]:
    """One ``saboteur bench --json`` run of the code in ``path`` (imported from there)."""
    command = [sys.executable, "-c", CLI, "bench", *args, "--json"]
    done = subprocess.run(command, cwd=path, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def summary(runs: dict[str, list[dict[str, Any]]], labels: list[str]) -> dict[str, Any]:
    """Median figures per revision, the ratio of the medians (second / first), and the
    median of the ratios of each pair of runs made one after the other (``paired``: less
    moved by a load that drifts during the comparison).

    >>> runs = {"a": [{"steps_per_second": 10.0}], "b": [{"steps_per_second": 12.0}]}
    >>> summary(runs, ["a", "b"])["ratio"]["steps_per_second"]
    1.2
    """
    medians = {
        label: {
            figure: round(statistics.median(run[figure] for run in runs[label]), 2)
            for figure in FIGURES
            if all(figure in run for run in runs[label])
        }
        for label in labels
    }
    first, second = (medians[label] for label in labels)
    ratio = {figure: round(second[figure] / first[figure], 3) for figure in first if first[figure]}
    paired = {
        figure: round(
            statistics.median(b[figure] / a[figure] for a, b in zip(*runs.values(), strict=True)),
            3,
        )
        for figure in ratio
    }
    return {
        "revisions": labels,
        "runs": len(runs[labels[0]]),
        "median": medians,
        "ratio": ratio,
        "paired": paired,
    }


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("rev_a")
@click.argument("rev_b")
@click.option("--ruleset", default="classic", show_default=True)
@click.option("--players", type=int, default=5, show_default=True)
@click.option("--seconds", type=float, default=3.0, show_default=True, help="Per bench run.")
@click.option("--runs", type=click.IntRange(1, 100), default=5, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.argument("extra", nargs=-1, type=click.UNPROCESSED)
def main(
    rev_a: str,
    rev_b: str,
    ruleset: str,
    players: int,
    seconds: float,
    runs: int,
    as_json: bool,
    extra: tuple[str, ...],
) -> None:
    """Run ``saboteur bench`` for REV_A and REV_B alternately and compare the medians."""
    labels = [rev_a, rev_b]
    commits = [git("rev-parse", "--short", f"{rev}^{{commit}}").strip() for rev in labels]
    args = ["--ruleset", ruleset, "--players", str(players), "--seconds", str(seconds), *extra]
    results: dict[str, list[dict[str, Any]]] = {label: [] for label in labels}
    with checkouts(commits) as paths:
        for n in range(runs):
            order = [0, 1] if n % 2 == 0 else [1, 0]
            for i in order:
                result = bench_once(paths[i], args)
                results[labels[i]].append(result)
                click.echo(
                    f"run {n + 1} {labels[i]}: {result['steps_per_second']:,.0f} steps/s", err=True
                )
    report = summary(results, labels)
    if as_json:
        click.echo(json.dumps({**report, "commits": commits, "bench": args}, indent=2))
        return
    click.echo(f"{ruleset}, {players} players, {runs} runs of {seconds:g} s each, medians")
    click.echo(f"  ({rev_a} = {commits[0]}, {rev_b} = {commits[1]}):")
    for figure in FIGURES:
        a, b = (report["median"][label].get(figure, 0.0) for label in labels)
        ratio = report["ratio"].get(figure, float("nan"))
        paired = report["paired"].get(figure, float("nan"))
        click.echo(
            f"  {figure:22} {rev_a}: {a:>12,.1f}  {rev_b}: {b:>12,.1f}"
            f"  ratio {ratio:.3f}  paired {paired:.3f}"
        )


if __name__ == "__main__":
    main()
