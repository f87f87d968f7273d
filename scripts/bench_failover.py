"""How fast a cluster recovers when a node dies right after acknowledging an action.

Needs the machine's PostgreSQL (a fresh database is made and dropped) and Redis.  Two kinds of
trial (see ``tests/server/failover.py``):

- **killed**: node A (a process of its own, new each trial) acknowledges Ann's action and gets
  SIGKILL at once; measured are the milliseconds until Bob and the spectator Dan on the
  surviving node B see the action, and until Ann, reconnecting to B, gets her view with it;
- **silent**: node A stores Ann's action and then publishes nothing, not even its heartbeat (a
  node dying between its append and its publish); measured is the time until Bob on B sees the
  action, which B reads from the store when it takes A's games over.

    python scripts/bench_failover.py --trials 20 --silent-trials 3
    python scripts/bench_failover.py --trials 5 --silent-trials 0 --json
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' helpers

from saboteur.server import cluster
from tests.server.failover import failover_trial, silent_trial
from tests.server.helpers import REDIS, ServerProcess, fresh_postgres, two_nodes


def figures(values: list[float]) -> dict[str, float]:
    """Median, 90th percentile and largest of ``values`` (milliseconds)."""
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))], 1),
        "max": round(ordered[-1], 1),
    }


async def killed(trials: int, db_url: str, folder: Path) -> dict[str, list[float]]:
    args = ("--db", db_url, "--redis", REDIS)
    survivor = ServerProcess(folder, *args)
    out: dict[str, list[float]] = {"survivor's player": [], "survivor's spectator": []}
    out["reconnect to survivor"] = []
    try:
        for n in range(trials):
            trial = await failover_trial(folder, args, survivor, n)
            out["survivor's player"].append(trial.bob_ms)
            out["survivor's spectator"].append(trial.dan_ms)
            out["reconnect to survivor"].append(trial.reconnect_ms)
    finally:
        survivor.kill()
    return out


async def silent(trials: int, db_url: str) -> list[float]:
    waited = []
    for n in range(trials):
        with two_nodes(db_url, REDIS) as (a, b):
            waited.append(await silent_trial(a, b, n))
    return waited


@click.command()
@click.option("--trials", type=click.IntRange(1, 500), default=20, show_default=True)
@click.option("--silent-trials", type=click.IntRange(0, 50), default=3, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON only.")
def main(trials: int, silent_trials: int, as_json: bool) -> None:
    """Kill a node right after it acknowledged an action; time what the survivor shows."""
    result: dict[str, Any] = {"trials": trials, "silent_trials": silent_trials}
    result["peer_timeout_s"], result["heartbeat_s"] = cluster.PEER_TIMEOUT, cluster.HEARTBEAT
    with tempfile.TemporaryDirectory(prefix="bench-failover-") as tmp, fresh_postgres() as db:
        measured = asyncio.run(killed(trials, db, Path(tmp)))
        if silent_trials:
            measured["silent node's action"] = asyncio.run(silent(silent_trials, db))
    result["ms"] = {name: figures(values) for name, values in measured.items()}
    if as_json:
        click.echo(json.dumps(result, indent=1))
        return
    table = Table(title=f"failover: {trials} kills, {silent_trials} silent nodes (ms)")
    for column in ("after the acknowledgement, until", "median", "p90", "max"):
        table.add_column(column, justify="left" if column.startswith("after") else "right")
    for name, row in result["ms"].items():
        table.add_row(name, *(f"{row[k]:,.1f}" for k in ("median", "p90", "max")))
    Console().print(table)
    click.echo(json.dumps(result))


if __name__ == "__main__":
    main()
