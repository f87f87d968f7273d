"""Start fresh server nodes, load them with ``saboteur loadtest``, print the figures, stop them.

One node on a new SQLite file, or ``--nodes 2`` (or more) on a new PostgreSQL database and the
machine's Redis.  Everything after ``--`` goes to ``saboteur loadtest`` (its ``--url`` options are
added here):

    python scripts/bench_server.py --nodes 1 -- --clients 5000 --idle-only --duration 100
    python scripts/bench_server.py --nodes 2 -- --clients 800 --games 200 --think 2 --duration 90

The servers' data is thrown away afterwards, unless ``--keep-data DIR`` asks to keep it (the
nodes' logs and SQLite file in DIR, the PostgreSQL database named on stderr) for a post-mortem.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import click

PG = "postgresql+asyncpg://postgres@127.0.0.1:5432"
PROBLEM = re.compile(r"\b(WARNING|ERROR|CRITICAL|Traceback)\b")
REDIS = "redis://127.0.0.1:6379/0"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def psql(sql: str) -> None:
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-qc", sql],
        check=True,
        capture_output=True,
    )


@contextlib.contextmanager
def nodes(count: int, folder: Path, keep: bool = False) -> Iterator[list[int]]:
    """``count`` fresh nodes; their ports.  With ``keep`` their database is left for a look."""
    database = f"bench_{secrets.token_hex(4)}"
    if count > 1:
        psql(f'CREATE DATABASE "{database}"')
    ports = [free_port() for _ in range(count)]
    processes = []
    try:
        for port in ports:
            args = [sys.executable, "-m", "saboteur.cli", "server", str(port)]
            args += ["--data-dir", str(folder), "--log-level", "warning"]
            if count > 1:
                args += ["--db", f"{PG}/{database}", "--redis", REDIS]
            log = open(folder / f"server-{port}.log", "wb")  # noqa: SIM115
            processes.append(subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT))
            wait_healthy(port)
        yield ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
        if count > 1 and not keep:
            psql(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        elif count > 1:
            click.echo(f"kept the database: {PG}/{database}", err=True)


def log_problems(folder: Path, shown: int = 40) -> list[str]:
    """The nodes' log lines from the first warning or error on (at most ``shown`` of them):
    an ``internal`` error in the figures has its traceback here."""
    lines: list[str] = []
    for log in sorted(folder.glob("server-*.log")):
        text = log.read_text(errors="replace").splitlines()
        first = next((i for i, line in enumerate(text) if PROBLEM.search(line)), None)
        if first is not None:
            lines += [f"{log.name}: {line}" for line in text[first : first + shown]]
    return lines[:shown]


def wait_healthy(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2),
        ):
            return
        time.sleep(0.2)
    raise click.ClickException(f"the node on port {port} did not start")


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--nodes", "count", type=click.IntRange(1, 8), default=1, show_default=True)
@click.option(
    "--keep-data",
    type=click.Path(file_okay=False, path_type=Path),
    help="Keep the nodes' data, logs and database here (and say where) instead of removing them.",
)
@click.argument("loadtest_args", nargs=-1, type=click.UNPROCESSED)
def main(count: int, keep_data: Path | None, loadtest_args: tuple[str, ...]) -> None:
    """Load fresh nodes with saboteur loadtest; print its JSON (with the nodes' setup)."""
    if keep_data is not None:
        keep_data.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        folder = keep_data or Path(tmp)
        with nodes(count, folder, keep_data is not None) as ports:
            run_loadtest(count, ports, folder, loadtest_args)


def run_loadtest(
    count: int, ports: list[int], folder: Path, loadtest_args: tuple[str, ...]
) -> None:
    """Run ``saboteur loadtest`` against the nodes on ``ports``; print its JSON with theirs."""
    urls = [arg for port in ports for arg in ("--url", f"ws://127.0.0.1:{port}")]
    command = [sys.executable, "-m", "saboteur.cli", "loadtest", *urls, *loadtest_args]
    done = subprocess.run([*command, "--json"], capture_output=True, text=True, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        raise click.ClickException(f"the load test failed: {done.stderr.strip()[-800:]}")
    result = json.loads(done.stdout)
    result["nodes"] = count
    result["store"] = "postgresql+redis" if count > 1 else "sqlite"
    result["command"] = "saboteur loadtest " + " ".join(loadtest_args)
    result["node_log_problems"] = log_problems(folder)
    click.echo(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
