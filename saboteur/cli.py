"""The ``saboteur`` command: cards, simulate, bench, replay.

Every error is one line on stderr (``saboteur: error: …``) and a non-zero exit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from saboteur.bots.commands import tournament as tournament_command
from saboteur.engine import RULESETS, Game, OptionError, Record, RecordError, new_game
from saboteur.engine.classic.cards import catalogue
from saboteur.engine.duel.cards import catalogue as duel_catalogue
from saboteur.loadtest.command import loadtest as loadtest_command
from saboteur.play.duel_stats import DuelStats
from saboteur.play.simulate import SimulationStats, bench, play_random_game
from saboteur.server import commands as server_commands

RULESET_CHOICE = click.Choice(sorted(RULESETS))
CATALOGUES: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "classic": catalogue,
    "duel": duel_catalogue,
    "solo": partial(duel_catalogue, players=1),
}
# the player count when --players is not given: the classic default, or the only count there is
DEFAULT_PLAYERS = {"duel": 2, "solo": 1}


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="'--option'")
        options[key.strip()] = value.strip()
    return options


def _game(ruleset: str, players: int | None, pairs: Sequence[str], default: int = 4) -> Game:
    if players is None:
        players = DEFAULT_PLAYERS.get(ruleset, default)
    try:
        return new_game(ruleset, players, _options(pairs))
    except OptionError as err:
        raise click.UsageError(str(err)) from None


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2))


ruleset_option = click.option(
    "--ruleset", type=RULESET_CHOICE, default="classic", show_default=True, help="Which game."
)
option_option = click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A ruleset option, e.g. preset=online-3, demo=true, rounds=1 (repeatable).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="saboteur")
def cli() -> None:
    """Saboteur: rules engine, bots, simulations and online play."""


@cli.command()
@click.argument("ruleset", type=RULESET_CHOICE, default="classic")
@json_option
def cards(ruleset: str, as_json: bool) -> None:
    """List the cards of RULESET with their counts and tunnels."""
    entries = CATALOGUES[ruleset]()
    if as_json:
        _emit_json({"ruleset": ruleset, "cards": entries})
        return
    table = Table(title=f"{ruleset} cards")
    for column in ("kind", "name", "count", "sides", "links / value", "title"):
        table.add_column(column)
    for entry in entries:
        links = " ".join("-".join(pair) for pair in entry.get("links", []))
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
@click.option("--players", type=click.IntRange(1, 10), help="Seats [default: 4; duel: 2; solo: 1].")
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
    game = _game(ruleset, players, options)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise click.UsageError(f"cannot create {records}: {err.strerror}") from None
    stats: SimulationStats | DuelStats = SimulationStats() if ruleset == "classic" else DuelStats()
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
    if isinstance(stats, DuelStats):
        _duel_table(result, games, ruleset)
        return
    table = Table(title=f"{games} random games, {players} players")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("rounds", str(result["rounds"]))
    table.add_row("rounds won by diggers", str(result["digger_rounds"]))
    table.add_row("rounds won by saboteurs", str(result["saboteur_rounds"]))
    table.add_row("rounds won by nobody", str(result["nobody_rounds"]))
    table.add_row("mean turns per round", f"{result['mean_turns_per_round']:.1f}")
    for role, gold in result["mean_gold_per_round"].items():
        table.add_row(f"mean gold per {role} and round", f"{gold:.2f}")
    Console().print(table)


def _duel_table(result: dict[str, Any], games: int, ruleset: str) -> None:
    table = Table(title=f"{games} random games, {ruleset}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("rounds", str(result["rounds"]))
    for end, count in result["round_ends"].items():
        table.add_row(f"rounds ended by {end}", str(count))
    table.add_row("mean turns per round", f"{result['mean_turns_per_round']:.1f}")
    for seat, score in enumerate(result["mean_score"]):
        table.add_row(f"mean gold of seat {seat}", f"{score:.2f}")
        table.add_row(f"games won by seat {seat}", str(result["wins"][seat]))
    for rating, count in result.get("ratings", {}).items():
        table.add_row(f"rating {rating}", str(count))
    Console().print(table)


@cli.command(name="bench")
@ruleset_option
@click.option("--players", type=click.IntRange(1, 10), help="Seats [default: 5; duel: 2; solo: 1].")
@click.option("--seconds", type=click.FloatRange(0.1, 3600), default=5.0, show_default=True)
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
    game = _game(ruleset, players, options, default=5)
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
@json_option
def replay(record_file: Path, show: bool, as_json: bool) -> None:
    """Replay a game record, check every action (and the final scores), print the scores."""
    try:
        record = Record.load(record_file)
        state = record.replay()
    except RecordError as err:
        raise click.ClickException(str(err)) from None
    result = {
        "ruleset": record.ruleset,
        "players": record.players,
        "actions": len(record.actions),
        "over": state.is_over,
        "scores": state.scores,
        "winners": state.winners,
    }
    if as_json:
        _emit_json(result)
        return
    status = "game over" if state.is_over else "game not finished"
    click.echo(f"{record_file}: {len(record.actions)} actions replayed, {status}")
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
