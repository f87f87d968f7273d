"""Start a fresh server, point clients that never read at it, sample its memory, print the figures.

Each client is a raw socket with a 4 KB receive buffer that says hello, then asks for the lobby's
lists (``--rate`` times a second) and reads nothing (``saboteur.loadtest.stuck``).  A server that
keeps their answers grows without bound; one that drops them (docs/protocol.md, limits) does not:

    python scripts/bench_slow_clients.py --clients 200 --duration 60
    python scripts/bench_slow_clients.py --clients 50 --duration 20 --json

``--source DIR`` runs the server of another checkout (to compare with the code before a change).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import websockets
from bench_server import free_port, log_problems, wait_healthy
from rich.console import Console
from rich.table import Table

from saboteur.loadtest.health import HealthError, read_health
from saboteur.loadtest.stuck import StuckClient

ROOT = Path(__file__).resolve().parents[1]
MiB = 1 << 20


@contextlib.contextmanager
def server(folder: Path, source: Path) -> Iterator[int]:
    """A fresh server (the code in ``source``) on a new SQLite file; its port."""
    port = free_port()
    args = [sys.executable, "-m", "saboteur.cli", "server", str(port), "--data-dir", str(folder)]
    env = {**os.environ, "PYTHONPATH": str(source)}
    with open(folder / f"server-{port}.log", "wb") as log:
        process = subprocess.Popen(
            [*args, "--log-level", "warning"],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=source,
        )
        try:
            wait_healthy(port)
            yield port
        finally:
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()


async def stuck_client(
    port: int, number: int, deadline: float, rate: float, dropped: list[float], start: float
) -> None:
    """One client that asks until the deadline or until the server drops it (noted in
    ``dropped``: seconds since ``start``)."""
    try:
        client = await StuckClient.open("127.0.0.1", port, f"Stuck {number}")
    except (OSError, TimeoutError):
        dropped.append(time.monotonic() - start)
        return
    try:
        while time.monotonic() < deadline:
            if not await client.send({"type": "lists"}):
                dropped.append(time.monotonic() - start)
                return
            await asyncio.sleep(1 / rate)
    finally:
        client.close()


async def sample(url: str, until: float, every: float, start: float) -> list[dict[str, Any]]:
    """The server's connections and memory every ``every`` seconds until ``until``."""
    samples: list[dict[str, Any]] = []
    while time.monotonic() < until:
        with contextlib.suppress(HealthError):
            health = await read_health(url, timeout=every * 5)
            samples.append(
                {
                    "t": round(time.monotonic() - start, 1),
                    "connections": health.connections,
                    "rss_mib": round(health.rss_bytes / MiB, 1),
                }
            )
        await asyncio.sleep(every)
    return samples


async def open_tables(port: int, tables: int) -> None:
    """A host opens ``tables`` tables (so that the lobby's lists are of a busy server's size)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as host:
        await host.send(json.dumps({"type": "hello", "name": "Host"}))
        for _ in range(tables):
            await host.send(json.dumps({"type": "new_game", "players": 5, "id": "table"}))
        joined = 0
        while joined < tables:  # bounded: every new_game is answered by a joined
            message = json.loads(await asyncio.wait_for(host.recv(), 10))
            joined += message["type"] == "joined"
            if message["type"] == "error":
                raise click.ClickException(f"the host cannot open a table: {message}")


async def attack(
    port: int, clients: int, duration: float, rate: float, tables: int
) -> dict[str, Any]:
    """Run the clients for ``duration`` seconds; the figures."""
    url = f"http://127.0.0.1:{port}/api/health"
    await open_tables(port, tables)
    before = await read_health(url, timeout=10)
    start = time.monotonic()
    deadline = start + duration
    dropped: list[float] = []
    sampler = asyncio.ensure_future(sample(url, deadline, 1.0, start))
    await asyncio.gather(
        *(stuck_client(port, n, deadline, rate, dropped, start) for n in range(clients))
    )
    samples = await sampler
    await asyncio.sleep(2)  # the clients are closed: what is left over
    after = await read_health(url, timeout=30)
    peak = max((s["rss_mib"] for s in samples), default=before.rss_bytes / MiB)
    return {
        "clients": clients,
        "duration_s": duration,
        "rate_per_s": rate,
        "open_tables": tables,
        "rss_before_mib": round(before.rss_bytes / MiB, 1),
        "rss_peak_mib": peak,
        "rss_end_mib": samples[-1]["rss_mib"] if samples else None,
        "rss_growth_per_client_mib": round((peak - before.rss_bytes / MiB) / clients, 2),
        "peak_connections": max((s["connections"] for s in samples), default=0),
        "connections_at_end": samples[-1]["connections"] if samples else None,
        "connections_after_close": after.connections,
        "rss_after_close_mib": round(after.rss_bytes / MiB, 1),
        "dropped": len(dropped),
        "dropped_median_s": round(statistics.median(dropped), 1) if dropped else None,
        "dropped_last_s": round(max(dropped), 1) if dropped else None,
        "samples": samples,
    }


def show(figures: dict[str, Any]) -> None:
    table = Table(title="clients that never read")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        if key not in ("samples", "node_log_problems"):
            table.add_row(key, str(value))
    table.add_row("log problem lines", str(len(figures["node_log_problems"])))
    Console().print(table)


@click.command()
@click.option("--clients", type=click.IntRange(1, 2000), default=200, show_default=True)
@click.option("--duration", type=click.FloatRange(1, 600), default=60, show_default=True)
@click.option(
    "--rate", type=click.FloatRange(0.1, 59), default=50, show_default=True, help="Asks a second."
)
@click.option(
    "--source",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=ROOT,
    show_default="this checkout",
    help="The checkout whose server runs.",
)
@click.option(
    "--tables",
    type=click.IntRange(0, 500),
    default=30,
    show_default=True,
    help="Open tables in the lobby (the lists asked for grow with them).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def main(
    clients: int, duration: float, rate: float, tables: int, source: Path, as_json: bool
) -> None:
    """Run CLIENTS clients that never read against a fresh server for DURATION seconds."""
    with tempfile.TemporaryDirectory(prefix="bench-slow-") as tmp:
        with server(Path(tmp), source) as port:
            figures = asyncio.run(attack(port, clients, duration, rate, tables))
        logs = "".join(p.read_text(errors="replace") for p in Path(tmp).glob("server-*.log"))
        figures["unretrieved_task_exceptions"] = logs.count("Task exception was never retrieved")
        figures["node_log_problems"] = log_problems(Path(tmp))
    figures["source"] = str(source.resolve())
    if as_json:
        click.echo(json.dumps(figures, indent=1))
    else:
        show(figures)


if __name__ == "__main__":
    main()
