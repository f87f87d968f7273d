"""A tournament on a Dask cluster (a local one started here) gives the same result as at home."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from saboteur.bots.registry import parse_spec
from saboteur.bots.tournament import run_tournament
from saboteur.cli import cli
from saboteur.engine import new_game

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local two-worker Dask cluster (processes, one thread each)."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def test_a_tournament_on_a_cluster_gives_the_same_result(scheduler: str) -> None:
    game = new_game("classic", 4, {"rounds": 1})
    specs = [parse_spec("heuristic"), parse_spec("random")]
    at_home = run_tournament(game, specs, games=6, seed=4, workers=1)
    away = run_tournament(game, specs, games=6, seed=4, cluster=scheduler)
    assert away.to_json() == at_home.to_json() and away.to_json()["games"] == 6


def test_the_command_line_on_a_cluster_and_its_errors(scheduler: str) -> None:
    args = ["tournament", "--ruleset", "duel", "--bots", "heuristic,random", "--games", "4"]
    here = CliRunner().invoke(cli, [*args, "--json", "--workers", "1"])
    there = CliRunner().invoke(cli, [*args, "--json", "--cluster", scheduler])
    assert here.exit_code == there.exit_code == 0, there.output
    assert here.stdout == there.stdout
    both = CliRunner().invoke(cli, [*args, "--workers", "2", "--cluster", scheduler])
    assert both.exit_code == 2 and "give --workers or --cluster, not both" in both.output
    nobody = CliRunner().invoke(cli, [*args, "--cluster", "tcp://127.0.0.1:9"])
    assert (
        nobody.exit_code == 2 and "no Dask scheduler answers at tcp://127.0.0.1:9" in nobody.output
    )
