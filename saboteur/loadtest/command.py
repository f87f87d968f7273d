"""``saboteur loadtest``: the command line."""

from __future__ import annotations

import asyncio
import json

import click
from rich.console import Console

from saboteur.loadtest.health import HealthError
from saboteur.loadtest.metrics import Metrics
from saboteur.loadtest.options import Options, OptionsError, parse_url
from saboteur.loadtest.report import failures, figures, table
from saboteur.loadtest.run import Outcome, run


@click.command()
@click.option(
    "--url",
    "urls",
    metavar="URL",
    required=True,
    multiple=True,
    help="The server, ws://HOST:PORT (this machine only); repeat it for the nodes of a cluster.",
)
@click.option(
    "--clients", metavar="N", type=int, required=True, help="WebSocket connections to open."
)
@click.option(
    "--games", metavar="N", type=int, default=0, show_default=True, help="Tables played at once."
)
@click.option(
    "--duration",
    metavar="SECONDS",
    type=float,
    default=10.0,
    show_default=True,
    help="Seconds to run.",
)
@click.option(
    "--players", metavar="N", type=int, default=4, show_default=True, help="Seats per table."
)
@click.option(
    "--think",
    metavar="SECONDS",
    type=float,
    default=0.0,
    show_default=True,
    help="Seconds before a move.",
)
@click.option(
    "--rounds", metavar="N", type=int, help="Rounds per game, 1 to 3 (default: the ruleset's)."
)
@click.option(
    "--chat-every",
    metavar="SECONDS",
    type=float,
    default=10.0,
    show_default=True,
    help="Seconds between lobby chat lines (and between each table's); 0 for none.",
)
@click.option(
    "--seed", metavar="N", type=int, default=0, show_default=True, help="Seed of the moves chosen."
)
@click.option("--idle-only", is_flag=True, help="Only open and hold connections.")
@click.option(
    "--concurrency",
    metavar="N",
    type=int,
    default=50,
    show_default=True,
    help="Connections being opened at once while ramping up.",
)
@click.option(
    "--timeout",
    metavar="SECONDS",
    type=float,
    default=10.0,
    show_default=True,
    help="Longest wait for an answer.",
)
@click.option(
    "--compression/--no-compression",
    default=True,
    show_default=True,
    help="Offer permessage-deflate, as browsers do.",
)
@click.option("--fail-on-error", is_flag=True, help="Exit 1 on errors or a table with no game.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def loadtest(
    urls: tuple[str, ...],
    clients: int,
    games: int,
    duration: float,
    players: int,
    think: float,
    rounds: int | None,
    chat_every: float,
    seed: int,
    idle_only: bool,
    concurrency: int,
    timeout: float,
    compression: bool,
    fail_on_error: bool,
    as_json: bool,
) -> int:
    """Drive CLIENTS real WebSocket clients against a local server for DURATION seconds:
    GAMES tables of bots playing random legal moves and chatting, the rest idle; print
    connections held, games finished, actions per second, latency percentiles, errors and
    the server's memory."""
    try:
        options = Options(
            target=parse_url(urls[0]),
            more=tuple(parse_url(url) for url in urls[1:]),
            clients=clients,
            games=games,
            duration=duration,
            players=players,
            think=think,
            chat_every=0.0 if idle_only else chat_every,
            seed=seed,
            idle_only=idle_only,
            rounds=rounds,
            concurrency=concurrency,
            timeout=timeout,
            compression=compression,
        )
        outcome = _run(options, show_progress=not as_json)
    except (OptionsError, HealthError) as err:
        raise click.UsageError(str(err)) from None
    data = figures(outcome)
    if as_json:
        click.echo(json.dumps(data, indent=2))
    else:
        Console().print(table(data))
    problem = failures(data)
    if fail_on_error and problem:
        click.echo(f"saboteur: error: the load test failed: {problem}", err=True)
        return 1
    return 0


def _run(options: Options, show_progress: bool) -> Outcome:
    """Run the load test, with a status line on a terminal's stderr if asked."""
    console = Console(stderr=True)
    if not show_progress or not console.is_terminal:
        return asyncio.run(run(options))
    with console.status("loadtest: starting") as status:

        def update(metrics: Metrics, left: float) -> None:
            status.update(
                f"loadtest: {metrics.connections_opened} connected, "
                f"{metrics.games_finished} games finished, {metrics.actions_total} actions, "
                f"{metrics.error_count} errors; {left:.0f} s left"
            )

        return asyncio.run(run(options, update))
