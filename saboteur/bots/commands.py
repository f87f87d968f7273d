"""``saboteur tournament``: bots play many games; win rates by bot and role.

The player count and the roles come from the ruleset's descriptor (classic: ``--players``,
4 by default, roles digger and saboteur; the Duel: 2 seats, its colours).  A ruleset played
alone (no sides, like solo) reports each bot's mean score over the same deals instead
(:mod:`saboteur.bots.solo`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource
from rich.console import Console
from rich.table import Table

from saboteur.bots.cluster import ClusterError
from saboteur.bots.journal import (
    PLANNED,
    Journal,
    JournalError,
    code_versions,
    read_header,
    read_journal,
)
from saboteur.bots.pool import Played
from saboteur.bots.progress import progress_bar
from saboteur.bots.provenance import code_id
from saboteur.bots.registry import BotSpec, BotSpecError, check_ruleset, parse_spec
from saboteur.bots.solo import SoloResult, run_solo, tally_solo
from saboteur.bots.tournament import (
    Clock,
    TournamentResult,
    paired_looks,
    run_tournament,
    tally_tournament,
)
from saboteur.bots.versus import VersusError, chunk_deals, compare, journal_deals
from saboteur.commandline import make_game, ruleset_option
from saboteur.engine import Game, OptionError
from saboteur.engine.registry import get_ruleset
from saboteur.engine.ruleset import Ruleset


def _specs(text: str, ruleset: str) -> list[BotSpec]:
    specs: list[BotSpec] = []
    for part in text.split(","):
        if not part.strip():
            raise click.BadParameter("empty bot name in the list", param_hint="'--bots'")
        try:
            spec = parse_spec(part)
            check_ruleset(spec, ruleset)
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


def _print_table(result: TournamentResult, title: str, side_word: str, unit_word: str) -> None:
    ties = result.ties
    table = Table(title=title)
    columns = ["bot", side_word, unit_word, "wins"]
    columns += ["ties", "win rate", "95% interval"] if ties else ["win rate", "95% interval"]
    for column in columns:
        table.add_column(column, justify="left" if column in columns[:2] else "right")
    for name, tallies in result.to_json()["bots"].items():
        for role in result.roles:
            entry = tallies[role]
            low, high = entry["ci95"]
            row = [name, role, str(entry["rounds"]), str(entry["wins"])]
            if ties:
                row.append(str(entry["ties"]))
            row += [f"{entry['win_rate']:.1%}", f"{low:.1%} – {high:.1%}"]
            table.add_row(*row)
    console = Console()
    console.print(table)
    if result.paired is not None:
        first, second = result.paired["of"]
        blocks = result.paired["blocks"]
        heading = f"{first} minus {second}, paired over {blocks} deals"
        _print_differences(console, heading, result.paired, result.roles)
    console.print(_speed_table(result.clocks))


def _print_differences(
    console: Console, heading: str, differences: dict[str, Any], roles: Sequence[str]
) -> None:
    """Per role, a difference of win rates with its interval (``differences[role]``)."""
    console.print(f"{heading} (95% bootstrap interval):")
    for role in roles:
        difference, low, high = differences[role]
        console.print(
            f"  as {role}: {100 * difference:+.1f} points ({100 * low:+.1f} to {100 * high:+.1f})",
            highlight=False,
        )


def _print_solo(result: SoloResult, title: str) -> None:
    data = result.to_json()
    table = Table(title=title)
    bands = list(next(iter(data["bots"].values()))["ratings"])
    columns = ["bot", "games", "mean score", "95% interval", *bands]
    for column in columns:
        table.add_column(column.replace("-", "–"), justify="left" if column == "bot" else "right")
    for name, entry in data["bots"].items():
        low, high = entry["ci95"]
        row = [name, str(entry["games"]), f"{entry['mean_score']:.2f}", f"{low:.2f} – {high:.2f}"]
        row += [str(entry["ratings"][band]) for band in bands]
        table.add_row(*row)
    console = Console()
    console.print(table)
    console.print(_speed_table(result.clocks))


def _speed_table(clocks: dict[str, Clock]) -> Table:
    speed = Table(title="thinking time (CPU seconds, of every process that played)")
    for column in ("bot", "decisions", "CPU seconds", "decisions/s", "iterations/s"):
        speed.add_column(column, justify="left" if column == "bot" else "right")
    for name, clock in clocks.items():
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
    return speed


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
plot_option = click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.png",
    help="Also write a chart of win rate by bot and role.",
)


@click.command(name="tournament")
@click.option(
    "--players",
    type=int,
    default=None,
    help="Seats at the table [default: the ruleset's].",
)
@click.option(
    "--bots",
    "bots_text",
    metavar="A,B[,...]",
    help="Bots by name, e.g. heuristic,random or ismcts:iterations=200,heuristic (required "
    "unless --resume).",
)
@click.option(
    "--games",
    type=int,
    default=None,
    help="Games to play (solo: games per bot, each bot on the same deals) [default: 100, or "
    "with --resume the journal's].",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first deal.")
@json_option
@plot_option
@ruleset_option
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A ruleset option, e.g. rounds=1 (repeatable).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 1024),
    default=None,
    help="Processes playing games side by side [default: all cores]; any number gives the "
    "same result.",
)
@click.option(
    "--out",
    "journal_path",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.jsonl",
    help="Write each game to FILE as it ends; games of this same tournament already in FILE "
    "are not played again (resume an interrupted tournament, or add games to one).",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Play the games on the Dask cluster whose scheduler is at ADDRESS "
    "(tcp://HOST:8786; needs saboteur[cluster]) instead of --workers.",
)
@click.option(
    "--resume",
    "resume_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    metavar="FILE.jsonl",
    help="Go on with the tournament whose journal is FILE (written by --out): its ruleset, "
    "players, options, bots, seed and planned games come from FILE.",
)
def tournament(
    players: int | None,
    bots_text: str | None,
    games: int | None,
    seed: int,
    as_json: bool,
    plot: Path | None,
    ruleset: str,
    options: tuple[str, ...],
    workers: int | None,
    journal_path: Path | None,
    cluster: str | None,
    resume_path: Path | None,
) -> None:
    """Let bots play GAMES games with seats and roles rotating; print win rates by bot and role.

    The roles are the ruleset's sides (the Duel's are the colours green and blue).  A ruleset
    played alone (solo) prints each bot's mean score over the same GAMES deals, with its
    rating bands (solo: 0-14, 15-19, 20-24 and 25+).

    An interrupted tournament goes on with ``--resume FILE.jsonl`` alone (or the command
    that started it).
    """
    if resume_path is not None:
        game, specs, seed, planned = _resumed(resume_path, games)
        games = planned if games is None else games
        journal_path, ruleset = resume_path, game.ruleset
    else:
        if bots_text is None:
            raise click.UsageError("Missing option '--bots' (or --resume FILE.jsonl).")
        games = 100 if games is None else games
        specs = _specs(bots_text, ruleset)
        game = make_game(ruleset, players, options)
    if games < 1:
        raise click.BadParameter(f"play at least 1 game, not {games}", param_hint="'--games'")
    rules = get_ruleset(ruleset)
    alone = not rules.sides
    if alone and plot is not None:
        raise click.BadParameter(
            f"{ruleset} reports mean scores, not win rates: there is no chart for it",
            param_hint="'--plot'",
        )
    if plot is not None:
        _check_plot(plot)
    if cluster is not None and workers is not None:
        raise click.BadParameter("give --workers or --cluster, not both", param_hint="'--cluster'")
    processes = workers or os.cpu_count() or 1
    kind = "scores" if alone else "win rates"
    journal = _journal(journal_path, game, specs, (seed, games), kind)
    try:
        if alone:
            _solo(game, specs, games, seed, as_json, Places(processes, journal, cluster))
            return
        with progress_bar(games) as on_game:
            result = run_tournament(game, specs, games, seed, on_game, processes, journal, cluster)
    except ClusterError as err:
        raise click.UsageError(str(err)) from None
    title = f"{games} games, {game.players} players, {ruleset} (seed {seed})"
    _report(result, title, rules, as_json, plot)


def _report(
    result: TournamentResult, title: str, rules: Ruleset, as_json: bool, plot: Path | None
) -> None:
    """Print a tournament's result (a table, or JSON) and draw its chart if asked."""
    data = result.to_json()
    if plot is not None:
        try:
            from saboteur.bots.plot import plot_win_rates

            plot_win_rates(data, plot, title)
        except OSError as err:
            raise click.UsageError(f"cannot write {plot}: {err.strerror or err}") from None
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    _print_table(result, title, rules.side_word, rules.unit_word)


# the parameters whose values --resume reads from the journal
_FROM_JOURNAL = ("bots_text", "players", "seed", "ruleset", "options", "journal_path")


def _resumed(path: Path, games: int | None) -> tuple[Game, list[BotSpec], int, int]:
    """The game, bots, seed and planned games of the tournament whose journal is ``path``;
    a usage error if the command line also gives what the journal says, or the journal is
    none (``games``: the command line's, which the journal need not then know)."""
    context = click.get_current_context()
    given = [
        param.opts[0]
        for param in context.command.params
        if param.name in _FROM_JOURNAL
        and context.get_parameter_source(param.name) is ParameterSource.COMMANDLINE
    ]
    if given:
        raise click.UsageError(
            f"--resume takes the tournament from {path}: leave out {', '.join(given)}"
        )
    try:
        header = read_header(path)
        ruleset, players, options = header["ruleset"], header["players"], header["options"]
        bots, seed, planned = header["bots"], header["seed"], header.get(PLANNED, games)
        if not isinstance(seed, int) or not isinstance(bots, list):
            raise TypeError("its seed or bots are not a number and a list")
        game = get_ruleset(str(ruleset)).game(int(players), dict(options))
    except (JournalError, OSError) as err:
        raise click.BadParameter(str(err), param_hint="'--resume'") from None
    except (KeyError, TypeError, ValueError, OptionError) as err:
        raise click.BadParameter(
            f"{path}: its first line is not a tournament ({err})", param_hint="'--resume'"
        ) from None
    if not isinstance(planned, int):
        raise click.BadParameter(
            f"{path} does not say how many games are planned (written before journals did): "
            "give --games",
            param_hint="'--resume'",
        )
    return game, _specs(",".join(map(str, bots)), game.ruleset), seed, planned


def _journal(
    path: Path | None, game: Game, specs: list[BotSpec], plan: tuple[int, int], kind: str
) -> Journal | None:
    """The journal at ``path`` of ``plan`` (the seed and the games to play), checked now: a
    usage error if it cannot be resumed."""
    if path is None:
        return None
    seed, games = plan
    header = {"kind": kind, **game.config(), "bots": [s.text for s in specs], "seed": seed}
    journal = Journal(path, header, games)
    try:
        played = journal.check()
    except (JournalError, OSError) as err:
        raise click.BadParameter(str(err), param_hint="'--out'") from None
    others = sorted({game.code or "unrecorded" for game in played.values()} - {code_id()})
    if others:
        click.echo(
            f"note: {path} holds games played by other code ({', '.join(others)}; this is "
            f"{code_id()}): the result will mix them (`saboteur journal {path}` lists which)",
            err=True,
        )
    return journal


@dataclass
class Places:
    """Where a tournament's games are played and written down."""

    workers: int
    journal: Journal | None
    cluster: str | None


def _solo(
    game: Game, specs: list[BotSpec], games: int, seed: int, as_json: bool, where: Places
) -> None:
    with progress_bar(games * len(specs)) as on_game:
        result = run_solo(
            game, specs, games, seed, on_game, where.workers, where.journal, where.cluster
        )
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
        return
    options = f", {game.options}" if game.options else ""
    _print_solo(result, f"{game.ruleset}: {games} games per bot{options} (seed {seed})")


@click.command(name="journal")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@plot_option
@click.option(
    "--before",
    type=click.Path(exists=True, path_type=Path),
    help="An earlier run of the same tournament (a journal, or a folder of the retired ladder's "
    "chunk files): print how one bot did now minus then, paired over the deals both finished.",
)
@click.option("--bot", help="The bot compared with --before [default: the journal's first].")
@click.option(
    "--before-bot",
    help="That bot's name in --before, where it differs (a setting spelt out since) "
    "[default: --bot].",
)
@click.option(
    "--every",
    type=click.IntRange(1, None),
    metavar="DEALS",
    help="Two bots: their paired difference as it stood after every DEALS complete deals and "
    "after the last, one line per look.",
)
def journal_command(
    path: Path,
    as_json: bool,
    plot: Path | None,
    before: Path | None,
    bot: str | None,
    before_bot: str | None,
    every: int | None,
) -> None:
    """The result so far of the tournament whose journal is PATH (``tournament --out``),
    without playing: win rates with their intervals and, for two bots, their paired
    difference over the deals both games of which are done (solo: mean scores).

    It is what ``saboteur tournament`` prints at the end, for a tournament still running,
    interrupted, or finished on another machine.  With ``--before``: one bot before and after
    a change, over the same deals (see :mod:`saboteur.bots.versus`).
    """
    try:
        header, played = read_journal(path)
        rules = get_ruleset(str(header.get("ruleset")))
        names = [str(name) for name in header["bots"]]
    except (JournalError, OSError) as err:
        raise click.BadParameter(str(err), param_hint="'PATH'") from None
    except (KeyError, TypeError, ValueError) as err:
        raise click.BadParameter(f"{path}: its first line is not a tournament ({err})") from None
    if before_bot is not None and before is None:
        raise click.BadParameter(
            "names a bot of --before: give --before too", param_hint="'--before-bot'"
        )
    if every is not None:
        if len(names) != 2 or not rules.sides or before is not None or plot is not None:
            raise click.BadParameter(
                "looks at the paired difference of two bots by role: not with --before or "
                "--plot, nor for more bots or a ruleset without sides",
                param_hint="'--every'",
            )
        _print_looks(paired_looks(rules.sides, names, played, every), names, rules, as_json)
        return
    if before is not None:
        if plot is not None or not rules.sides:
            raise click.BadParameter(
                "compares win rates by role: no --plot, no ruleset without sides",
                param_hint="'--before'",
            )
        bot = bot or names[0]
        _before_and_after(header, played, rules, before, (bot, before_bot or bot), as_json)
        return
    unknown = sorted({seat for game in played.values() for seat in game.seats} - set(names))
    if unknown:
        raise click.BadParameter(f"{path}: games seat bots its header does not name: {unknown}")
    setting = f"{header.get('players')} players, {rules.name} (seed {header.get('seed')})"
    if not rules.sides:
        if plot is not None:
            raise click.BadParameter(
                f"{rules.name} reports mean scores, not win rates: there is no chart for it",
                param_hint="'--plot'",
            )
        solo = tally_solo(rules.score_bands, names, played) if played else SoloResult()
        if as_json:
            click.echo(json.dumps(solo.to_json(), indent=2))
        else:
            _print_solo(solo, f"{setting}: {solo.games} games per bot, from {path.name}")
            _echo_versions(played)
        return
    if plot is not None:
        _check_plot(plot)
    result = tally_tournament(rules, names, played)
    planned = header.get(PLANNED)
    count = f"{len(played)} of {planned}" if isinstance(planned, int) else str(len(played))
    _report(result, f"{count} games, {setting}, from {path.name}", rules, as_json, plot)
    if not as_json:
        _echo_versions(played)


def _print_looks(
    looks: list[dict[str, Any]], names: list[str], rules: Ruleset, as_json: bool
) -> None:
    """The paired difference at each look (:func:`paired_looks`), as JSON or a table."""
    if as_json:
        click.echo(json.dumps({"of": names, "looks": looks}, indent=2))
        return
    console = Console()
    console.print(f"{names[0]} minus {names[1]}, paired (95% bootstrap interval):")
    table = Table()
    table.add_column("after deals", justify="right")
    for role in rules.sides:
        table.add_column(f"as {role}, points", justify="right")
    for look in looks:
        cells = [
            f"{100 * d:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"
            for d, lo, hi in (look[role] for role in rules.sides)
        ]
        table.add_row(str(look["deals"]), *cells)
    console.print(table)


def _echo_versions(played: dict[int, Played]) -> None:
    if played:
        click.echo(code_versions(played))


def _before_and_after(
    header: dict[str, Any],
    played: dict[int, Played],
    rules: Ruleset,
    before: Path,
    bots: tuple[str, str],
    as_json: bool,
) -> None:
    """Print a bot now (the journal, ``bots[0]``) minus then (``before``, where it is named
    ``bots[1]``), paired by deal."""
    bot, then_bot = bots
    try:
        now = journal_deals(header, played, bot)
        if before.is_dir():
            setting, then = chunk_deals(before, then_bot)
        else:
            then_header, then_played = read_journal(before)
            setting = {key: then_header.get(key) for key in ("ruleset", "players")}
            then = journal_deals(then_header, then_played, then_bot)
        here = {key: header.get(key) for key in ("ruleset", "players")}
        if setting != here:
            raise VersusError(f"{before} plays {setting}, the journal {here}")
        result = compare(now, then, rules.sides)
    except (VersusError, JournalError, OSError) as err:
        raise click.BadParameter(str(err), param_hint="'--before'") from None
    except (KeyError, TypeError, ValueError) as err:
        raise click.BadParameter(f"{before}: not a tournament ({err})") from None
    if as_json:
        click.echo(json.dumps({"bot": bot, "before_bot": then_bot, **result}, indent=2))
        return
    then_name = "before" if then_bot == bot else f"{then_bot} before"
    heading = f"{bot} now minus {then_name}, paired over {result['deals']} deals"
    _print_differences(Console(), heading, result, rules.sides)


if __name__ == "__main__":  # ``python -m saboteur.bots.commands`` until the main CLI has it
    tournament()
