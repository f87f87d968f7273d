"""The ``saboteur`` command: cards, simulate, bench, replay.

Every error is one line on stderr (``saboteur: error: …``) and a non-zero exit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from saboteur.bots.commands import journal_command
from saboteur.bots.commands import tournament as tournament_command
from saboteur.commandline import (
    FiniteRange,
    known_ruleset,
    make_game,
    option_option,
    players_option,
    ruleset_option,
)
from saboteur.engine import Record, RecordError
from saboteur.engine.registry import DEFAULT_RULESET, RULESETS, get_ruleset
from saboteur.engine.replays import names_in, replay_of
from saboteur.engine.ruleset import load
from saboteur.loadtest.command import loadtest as loadtest_command
from saboteur.play.simulate import bench, play_random_game
from saboteur.play.stats import Stats
from saboteur.server import commands as server_commands


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2))


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="saboteur")
def cli() -> None:
    """Saboteur: rules engine, bots, simulations and online play."""


@cli.command()
@json_option
def rulesets(as_json: bool) -> None:
    """List the rulesets with their seats, options and bots."""
    described = [RULESETS[name].to_json() for name in RULESETS]
    if as_json:
        _emit_json([{k: v for k, v in d.items() if k != "cards"} for d in described])
        return
    table = Table(title="rulesets")
    for column in ("name", "title", "players", "options", "bots online"):
        table.add_column(column)
    for data in described:
        seats = data["players"]
        options = ", ".join(
            f"{o['name']}={'|'.join(map(str, o.get('choices', []))) or o['type']}"
            for o in data["options"]
        )
        table.add_row(
            data["name"],
            data["title"]["en"],
            f"{seats['min']}-{seats['max']} ({seats['default']})",
            options or "-",
            ", ".join(data["bots"]) or "-",
        )
    Console().print(table)


@cli.command()
@click.argument("ruleset", default=DEFAULT_RULESET, callback=known_ruleset)
@json_option
def cards(ruleset: str, as_json: bool) -> None:
    """List the cards of RULESET with their counts and tunnels."""
    rules = get_ruleset(ruleset)
    entries = rules.catalogue(rules.players.default)
    if as_json:
        _emit_json({"ruleset": ruleset, "cards": entries})
        return
    table = Table(title=f"{ruleset} cards")
    for column in ("kind", "name", "count", "sides", "links / value", "title"):
        table.add_column(column)
    for entry in entries:
        links = " ".join("-".join(group) for group in entry.get("links", []) if len(group) > 1)
        detail = str(entry["value"]) if "value" in entry else (links or "")
        if entry["kind"] in ("path", "start", "goal") and not links:
            detail = "(dead end)"
        table.add_row(
            entry["kind"],
            entry["name"],
            str(entry["count"]),
            entry.get("sides", ""),
            detail,
            entry["title"],
        )
    Console().print(table)


@cli.command()
@ruleset_option
@players_option
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@option_option
@click.option(
    "--records",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write each game's record into this folder.",
)
@json_option
def simulate(
    ruleset: str,
    players: int | None,
    games: int,
    seed: int,
    options: tuple[str, ...],
    records: Path | None,
    as_json: bool,
) -> None:
    """Play GAMES complete games between random legal players and report the outcomes."""
    game = make_game(ruleset, players, options)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise click.UsageError(f"cannot create {records}: {err.strerror}") from None
    stats: Stats = load(get_ruleset(ruleset).stats)()
    players = game.players
    progress = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        task = progress.add_task("games", total=games)
        for number in range(games):
            state = play_random_game(game, seed + number)
            stats.add(state)
            if records is not None:
                Record.from_state(state).save(records / f"game-{seed + number}.json")
            progress.advance(task)
    result = {"ruleset": ruleset, "players": players, "options": game.options, **stats.to_json()}
    if as_json:
        _emit_json(result)
        return
    title = f"{games} random games, {players} players, {ruleset}"
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    for measure, value in stats.rows():
        table.add_row(measure, value)
    Console().print(table)


@cli.command(name="bench")
@ruleset_option
@click.option("--players", type=click.IntRange(1, 10), help="Seats [default: 5 where allowed].")
@click.option("--seconds", type=FiniteRange(0.1, 3600), default=5.0, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@option_option
@json_option
def bench_command(
    ruleset: str,
    players: int | None,
    seconds: float,
    seed: int,
    options: tuple[str, ...],
    as_json: bool,
) -> None:
    """Measure random legal play (legal actions generated at every step) on one core."""
    game = make_game(ruleset, players, options, default=5)
    players = game.players
    with Console(stderr=True).status(f"benchmarking for {seconds:g} s"):
        result = bench(game, seconds, seed).to_json()
    result = {"ruleset": ruleset, **result}
    if as_json:
        _emit_json(result)
        return
    table = Table(title=f"{ruleset}, {players} players, {result['seconds']} s")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("steps (applied actions)", f"{result['steps']:,}")
    table.add_row("complete games", f"{result['games']:,}")
    table.add_row("steps per second", f"{result['steps_per_second']:,.0f}")
    table.add_row("games per second", f"{result['games_per_second']:,.1f}")
    table.add_row("steps per CPU second", f"{result['steps_per_cpu_second']:,.0f}")
    Console().print(table)


@cli.command()
@click.argument("record_file", metavar="RECORD.json", type=click.Path(path_type=Path))
@click.option("--show", is_flag=True, help="Also print the final maze as text.")
@click.option(
    "--html",
    "html_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the replay as one self-contained web page (opens offline in a browser).",
)
@json_option
def replay(record_file: Path, show: bool, html_file: Path | None, as_json: bool) -> None:
    """Replay a game record, check every action (and the final scores), print the scores."""
    try:
        record = Record.load(record_file)
        state = record.replay()
    except RecordError as err:
        raise click.ClickException(str(err)) from None
    result: dict[str, Any] = {
        "ruleset": record.ruleset,
        "players": record.players,
        "actions": len(record.actions),
        "over": state.is_over,
        "scores": state.scores,
        "winners": state.winners,
    }
    if html_file is not None:
        raw = json.loads(record_file.read_text(encoding="utf-8"))
        data = replay_of(record, names_in(raw, record.players))
        if isinstance(raw, dict) and isinstance(raw.get("game"), int):
            data["game"] = raw["game"]
        from saboteur.server.replay_page import replay_page  # pydantic: only when asked

        try:
            html_file.write_text(replay_page(data), encoding="utf-8")
        except OSError as err:
            raise click.ClickException(f"cannot write {html_file}: {err.strerror or err}") from None
        result["html"] = str(html_file)
    if as_json:
        _emit_json(result)
        return
    status = "game over" if state.is_over else "game not finished"
    click.echo(f"{record_file}: {len(record.actions)} actions replayed, {status}")
    if html_file is not None:
        click.echo(f"the replay as a web page: {html_file}")
    if show:
        click.echo(state.render())
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column("gold", justify="right")
    table.add_column("")
    for seat, score in enumerate(state.scores):
        table.add_row(str(seat), str(score), "winner" if seat in state.winners else "")
    Console().print(table)


cli.add_command(tournament_command)
cli.add_command(journal_command)
cli.add_command(server_commands.server)
cli.add_command(server_commands.client)
cli.add_command(loadtest_command)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run the command, turning every error into one line and an exit code."""
    args = list(argv) if argv is not None else sys.argv[1:]
    if not args:
        click.echo(cli.get_help(click.Context(cli, info_name="saboteur")))
        return 0
    try:
        result = cli.main(args=args, prog_name="saboteur", standalone_mode=False)
    except click.ClickException as err:
        click.echo(f"saboteur: error: {err.format_message()}", err=True)
        return err.exit_code
    except click.exceptions.Abort:
        click.echo("saboteur: aborted", err=True)
        return 1
    except KeyboardInterrupt:
        click.echo("saboteur: interrupted", err=True)
        return 130
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
