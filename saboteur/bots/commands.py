"""``saboteur tournament``: bots play many games; win rates by bot and role.

The lead wires :data:`tournament` into the main command group.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from saboteur.bots.registry import BotSpec, BotSpecError, parse_spec
from saboteur.bots.tournament import ROLES, TournamentResult, run_tournament
from saboteur.engine import RULESETS


def _specs(text: str) -> list[BotSpec]:
    specs: list[BotSpec] = []
    for part in text.split(","):
        if not part.strip():
            raise click.BadParameter("empty bot name in the list", param_hint="'--bots'")
        try:
            spec = parse_spec(part)
        except BotSpecError as err:
            raise click.BadParameter(str(err), param_hint="'--bots'") from None
        if spec.text in (known.text for known in specs):
            raise click.BadParameter(f"bot {spec.text} is listed twice", param_hint="'--bots'")
        specs.append(spec)
    return specs


def _check_plot(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if path.suffix.lower() != ".png":
        raise click.BadParameter(f"{path} must end in .png", param_hint="'--plot'")
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        raise click.BadParameter(f"cannot write {path}", param_hint="'--plot'")
    if path.exists() and not os.access(path, os.W_OK):
        raise click.BadParameter(f"cannot write {path}", param_hint="'--plot'")


def _print_table(result: TournamentResult, title: str) -> None:
    table = Table(title=title)
    for column in ("bot", "role", "rounds", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="left" if column in ("bot", "role") else "right")
    for name, tallies in result.to_json()["bots"].items():
        for role in ROLES:
            entry = tallies[role]
            low, high = entry["ci95"]
            table.add_row(
                name,
                role,
                str(entry["rounds"]),
                str(entry["wins"]),
                f"{entry['win_rate']:.1%}",
                f"{low:.1%} – {high:.1%}",
            )
    speed = Table(title="thinking time (CPU seconds of this process)")
    for column in ("bot", "decisions", "CPU seconds", "decisions/s", "iterations/s"):
        speed.add_column(column, justify="left" if column == "bot" else "right")
    for name, clock in result.clocks.items():
        per_second = clock.decisions / clock.seconds if clock.seconds else 0.0
        iterations = (
            clock.iterations / clock.seconds if clock.seconds and clock.iterations else None
        )
        speed.add_row(
            name,
            f"{clock.decisions:,}",
            f"{clock.seconds:,.1f}",
            f"{per_second:,.1f}",
            "–" if iterations is None else f"{iterations:,.0f}",
        )
    console = Console()
    console.print(table)
    console.print(speed)


@click.command(name="tournament")
@click.option("--players", type=int, default=4, show_default=True, help="Seats at the table.")
@click.option(
    "--bots",
    "bots_text",
    required=True,
    metavar="A,B[,...]",
    help="Bots by name, e.g. heuristic,random or ismcts:iterations=200,heuristic.",
)
@click.option("--games", type=int, default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first deal.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.png",
    help="Also write a chart of win rate by bot and role.",
)
@click.option(
    "--ruleset", type=click.Choice(sorted(RULESETS)), default="classic", show_default=True
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A ruleset option, e.g. rounds=1 (repeatable).",
)
def tournament(
    players: int,
    bots_text: str,
    games: int,
    seed: int,
    as_json: bool,
    plot: Path | None,
    ruleset: str,
    options: tuple[str, ...],
) -> None:
    """Let bots play GAMES games with seats and roles rotating; print win rates by bot and role."""
    if players < 3:
        raise click.BadParameter(
            f"a game needs at least 3 players, not {players}", param_hint="'--players'"
        )
    if games < 1:
        raise click.BadParameter(f"play at least 1 game, not {games}", param_hint="'--games'")
    from saboteur.cli import _game  # here, not at the top: the main CLI imports this module

    specs = _specs(bots_text)
    game = _game(ruleset, players, options)
    if plot is not None:
        _check_plot(plot)
    with Progress(
        *Progress.get_default_columns(), console=Console(stderr=True), transient=True
    ) as progress:
        task = progress.add_task("playing", total=games)
        result = run_tournament(
            game, specs, games, seed, on_game=lambda done: progress.update(task, completed=done)
        )
    data = result.to_json()
    title = f"{games} games, {players} players, {ruleset} (seed {seed})"
    if plot is not None:
        try:
            from saboteur.bots.plot import plot_win_rates

            plot_win_rates(data, plot, title)
        except OSError as err:
            raise click.UsageError(f"cannot write {plot}: {err.strerror or err}") from None
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    _print_table(result, title)


if __name__ == "__main__":  # ``python -m saboteur.bots.commands`` until the main CLI has it
    tournament()
