"""One bounded load test: ramp up, play and chat until the deadline, measure, close.

The run lasts ``duration`` seconds from its start (connecting included), then at most
``GRACE`` seconds more: the tasks are cancelled, the server's health is read while every
connection is still open, and the connections are closed (dropped if they do not close in time).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass

from saboteur.loadtest.connection import CannotConnect, Connection, ConnectionLost, Refused
from saboteur.loadtest.health import Health, HealthError, read_cluster_health
from saboteur.loadtest.metrics import Metrics
from saboteur.loadtest.options import Options, OptionsError
from saboteur.loadtest.players import Context, lobby_chat, play_group
from saboteur.server.collector import Collector

Progress = Callable[[Metrics, float], None]

# seconds after the deadline (GRACE in all): to stop the tasks, to read the health, to close
STOP_WAIT, HEALTH_WAIT, CLOSE_WAIT = 1.0, 2.0, 1.0
GRACE = STOP_WAIT + HEALTH_WAIT + 2 * CLOSE_WAIT  # closing: politely, then dropping
SPARE_FILES = 64  # open files kept free for everything but the connections


@dataclass
class Outcome:
    """All a run measured."""

    options: Options
    metrics: Metrics
    start: Health
    end: Health | None  # None if the server did not answer at the end
    held: int  # connections open at the deadline
    elapsed: float  # seconds, the whole run
    measured_seconds: float  # the steady state: from its start to the deadline
    cpu_seconds: float  # this process's CPU time
    open_files: int  # this process's open-files limit


def raise_open_files_limit() -> int:
    """Raise this process's soft RLIMIT_NOFILE to its hard limit; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if wanted > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def check_open_files(options: Options, limit: int) -> None:
    if limit != resource.RLIM_INFINITY and options.clients + SPARE_FILES > limit:
        raise OptionsError(
            f"--clients {options.clients} needs more open files than this process may have "
            f"({limit}, {SPARE_FILES} of them kept for other files): raise `ulimit -n`"
        )


async def run(options: Options, progress: Progress | None = None) -> Outcome:
    """Run the load test; raises :class:`HealthError` if no saboteur server answers.
    ``progress`` is called every second with the figures so far and the seconds left."""
    open_files = raise_open_files_limit()
    check_open_files(options, open_files)
    began = time.monotonic()
    cpu_before = time.process_time()
    collector = Collector()  # the generator's own collector pauses would count as latency
    collector.start()
    deadline = began + options.duration
    healths = [target.health for target in options.targets]
    start = await read_cluster_health(healths, min(options.timeout, options.duration))
    metrics = Metrics(groups=options.games)
    ctx = Context(options, metrics)
    tag = f"{os.getpid() % 10_000:04d}{random.randrange(100):02d}"  # new names every run
    connections: list[Connection] = []
    idle: list[Connection] = []
    ready = [asyncio.get_running_loop().create_future() for _ in range(options.clients)]
    gate = asyncio.Semaphore(options.concurrency)

    async def open_one(index: int) -> None:
        connection = None
        async with gate:
            try:
                connection = await Connection.open(
                    options.targets[index % len(options.targets)].ws,
                    f"{options.name_prefix}{tag}-{index}",
                    metrics,
                    options.timeout,
                    options.compression,
                )
            except CannotConnect:
                metrics.connections_failed += 1
                metrics.error("connect")
            except TimeoutError:
                metrics.connections_failed += 1
                metrics.error("connect-timeout")
            except (ConnectionLost, Refused):  # the reader counted it (lost, or the error code)
                metrics.connections_failed += 1
        if connection is not None:
            metrics.connections_opened += 1
            connections.append(connection)
            if index >= options.seated:
                idle.append(connection)
        ready[index].set_result(connection)

    async def ramp() -> None:
        await asyncio.gather(*(open_one(index) for index in range(options.clients)))
        metrics.ramp_done(time.monotonic() - began)

    async def group(number: int) -> None:
        seats = range(number * options.players, (number + 1) * options.players)
        try:
            members = [await ready[seat] for seat in seats]
            if any(member is None for member in members):
                return  # a member could not connect (counted)
            rngs = [random.Random(f"{options.seed}:{seat}") for seat in seats]
            playing = [member for member in members if member is not None]
            await play_group(number, playing, rngs, ctx)
        finally:
            metrics.group_settled(number)  # if it never started a game, it is not waited for

    tasks = [asyncio.create_task(ramp())]
    tasks += [asyncio.create_task(group(number)) for number in range(options.games)]
    if not options.idle_only:
        lobby = lobby_chat(idle, random.Random(f"{options.seed}:lobby"), ctx)
        tasks.append(asyncio.create_task(lobby))
    if progress is not None:
        tasks.append(asyncio.create_task(_tick(progress, metrics, deadline)))
    try:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))  # hold until the deadline
    finally:
        metrics.counting = False
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=STOP_WAIT)
        held = sum(connection.is_open for connection in connections)
        end = await _health_or_none(options, metrics)
        await _close_all(connections)
        await collector.close()
    steady = metrics.steady_at
    return Outcome(
        options=options,
        metrics=metrics,
        start=start,
        end=end,
        held=held,
        elapsed=time.monotonic() - began,
        measured_seconds=max(0.0, deadline - steady) if steady is not None else 0.0,
        cpu_seconds=time.process_time() - cpu_before,
        open_files=open_files,
    )


async def _tick(progress: Progress, metrics: Metrics, deadline: float) -> None:
    while True:
        progress(metrics, max(0.0, deadline - time.monotonic()))
        await asyncio.sleep(1)


async def _health_or_none(options: Options, metrics: Metrics) -> Health | None:
    try:
        healths = [target.health for target in options.targets]
        return await read_cluster_health(healths, min(options.timeout, HEALTH_WAIT))
    except HealthError:
        metrics.error("health")
        return None


async def _close_all(connections: list[Connection]) -> None:
    """Close every connection within the rest of the grace period; drop those left."""
    closing = [asyncio.create_task(connection.close()) for connection in connections]
    if closing:
        _done, late = await asyncio.wait(closing, timeout=CLOSE_WAIT)
        for task in late:
            task.cancel()
        await asyncio.gather(*(connection.abort() for connection in connections))
