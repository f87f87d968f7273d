"""Grow a bot ladder in chunks that survive interruptions, and add the chunks up.

A pairing that needs hours (ismcts at 1 second per move) is played as consecutive chunks of one
tournament; each chunk is ``saboteur tournament … --json`` at the next seed and is saved as a
file of its own, so a run can stop at any time and the next run goes on where it stopped.
Several runs may grow one folder at once (one per core): each first claims its next chunk with a
``chunk-NNNN.claim`` file.

    python scripts/ladder.py run docs/ladder/ismcts-1s-heuristic-4p --players 4 \\
        --bots ismcts:seconds=1,heuristic --games 2 --minutes 60
    python scripts/ladder.py sum docs/ladder/ismcts-1s-heuristic-4p
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from saboteur.bots.tournament import paired_difference, wilson


@click.group()
def main() -> None:
    """Chunked bot ladders."""


@main.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--players", type=click.IntRange(3, 10), required=True)
@click.option(
    "--bots", required=True, help="As for saboteur tournament, e.g. ismcts:seconds=1,heuristic"
)
@click.option(
    "--games", type=click.IntRange(2, 1000), default=2, show_default=True, help="Per chunk."
)
@click.option("--minutes", type=click.FloatRange(0.1, 24 * 60), required=True, help="Stop after.")
@click.option(
    "--until", type=click.IntRange(1), default=None, help="Stop once FOLDER holds this many chunks."
)
def run(
    folder: Path, players: int, bots: str, games: int, minutes: float, until: int | None
) -> None:
    """Play chunks into FOLDER until MINUTES have passed (a started chunk is finished)."""
    folder.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + minutes * 60
    while time.monotonic() < deadline:
        chunk = claim_chunk(folder)
        if until is not None and chunk >= until:
            (folder / f"chunk-{chunk:04d}.claim").unlink(missing_ok=True)
            break
        seed = 1 + chunk * games // 2  # a block of two games shares one deal: chunks follow on
        command = [
            sys.executable, "-m", "saboteur.cli", "tournament", "--players", str(players),
            "--bots", bots, "--games", str(games), "--seed", str(seed), "--json",
        ]  # fmt: skip
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            (folder / f"chunk-{chunk:04d}.claim").unlink(missing_ok=True)
            raise click.ClickException(f"chunk {chunk} failed: {done.stderr.strip()[-500:]}")
        record = {
            "command": "saboteur " + " ".join(command[3:]),
            "seed": seed,
            "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "wall_seconds": round(time.monotonic() - started, 1),
            "result": json.loads(done.stdout),
        }
        (folder / f"chunk-{chunk:04d}.json").write_text(json.dumps(record, indent=1) + "\n")
        (folder / f"chunk-{chunk:04d}.claim").unlink(missing_ok=True)
        click.echo(f"chunk {chunk} (seed {seed}) done in {record['wall_seconds']} s", err=True)


def claim_chunk(folder: Path) -> int:
    """Claim the first chunk number that no saved chunk and no live run holds; return it.

    The claim is a ``chunk-NNNN.claim`` file created exclusively, holding this process's id; a claim
    whose process has gone (a run that was killed) is taken over.
    """
    number = 0
    while True:
        saved = folder / f"chunk-{number:04d}.json"
        claim = folder / f"chunk-{number:04d}.claim"
        if not saved.exists():
            if claim.exists() and not _claimant_alive(claim):
                claim.unlink(missing_ok=True)
            try:
                with claim.open("x") as file:
                    file.write(str(os.getpid()))
            except FileExistsError:
                pass
            else:
                if not saved.exists():  # not saved between the check and the claim
                    return number
                claim.unlink(missing_ok=True)
        number += 1


def _claimant_alive(claim: Path) -> bool:
    """Whether the process that wrote CLAIM still runs (a claim being written counts as alive)."""
    try:
        pid = int(claim.read_text())
        os.kill(pid, 0)
    except ValueError:
        return True
    except (FileNotFoundError, ProcessLookupError):
        return False
    except PermissionError:  # a process of another user holds that id
        return True
    return True


@main.command(name="sum")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the sums as a chart (PNG), like saboteur tournament --plot.",
)
def sum_chunks(folder: Path, as_json: bool, plot: Path | None) -> None:
    """Add up FOLDER's chunks: rounds and wins by bot and role, with 95% Wilson intervals."""
    if plot is not None and plot.suffix.lower() != ".png":
        raise click.BadParameter(f"{plot} must end in .png", param_hint="'--plot'")
    chunks = sorted(folder.glob("chunk-*.json"))
    if not chunks:
        raise click.ClickException(f"no chunk-*.json files in {folder}")
    games = 0
    totals: dict[str, dict[str, list[int]]] = {}
    results = [json.loads(path.read_text())["result"] for path in chunks]
    for result in results:
        games += result["games"]
        for bot, roles in result["bots"].items():
            for role, figures in roles.items():
                pair = totals.setdefault(bot, {}).setdefault(role, [0, 0])
                pair[0] += figures["wins"]
                pair[1] += figures["rounds"]
    by_bot: dict[str, dict[str, dict[str, Any]]] = {}
    out: dict[str, Any] = {"games": games, "chunks": len(chunks), "bots": by_bot}
    names = list(totals)
    if len(names) == 2:  # each chunk's games share their deals: a paired comparison
        out["difference"] = {"of": names, **_differences(results, names)}
    for bot, roles in totals.items():
        by_bot[bot] = {
            role: {"rounds": n, "wins": w, "win_rate": round(w / n, 4) if n else None,
                   "ci95": [round(x, 4) for x in wilson(w, n)]}
            for role, (w, n) in roles.items()
        }  # fmt: skip
    if plot is not None:
        from saboteur.bots.plot import plot_win_rates

        players = json.loads(chunks[0].read_text()).get("command", "").split("--players ")
        table = f"{players[1].split()[0]} players, " if len(players) > 1 else ""
        try:
            plot_win_rates(out, plot, f"{table}{games} games ({folder.name})")
        except OSError as err:
            raise click.ClickException(f"cannot write {plot}: {err.strerror or err}") from None
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    click.echo(f"{games} games in {len(chunks)} chunks")
    head = "as digger: won / rounds | win rate (95%) | as saboteur: won / rounds | win rate (95%)"
    click.echo(f"| bot | {head} |")
    click.echo("|---|---|---|---|---|")
    for bot, roles in by_bot.items():
        cells = []
        for role in ("digger", "saboteur"):
            r = roles.get(role, {"wins": 0, "rounds": 0, "win_rate": None, "ci95": [0, 0]})
            rate = "–" if r["win_rate"] is None else f"{100 * r['win_rate']:.1f}%"
            low, high = r["ci95"]
            cells += [f"{r['wins']} / {r['rounds']}", f"{rate} ({100 * low:.1f}–{100 * high:.1f})"]
        click.echo(f"| `{bot}` | " + " | ".join(cells) + " |")
    if "difference" in out:
        first, second = out["difference"]["of"]
        click.echo(f"\n`{first}` minus `{second}`, 95% bootstrap interval over the chunks:")
        for role in ("digger", "saboteur"):
            diff, low, high = (100 * x for x in out["difference"][role])
            click.echo(f"- as {role}: {diff:+.1f} points ({low:+.1f} to {high:+.1f})")


def _differences(results: list[dict[str, Any]], names: list[str]) -> dict[str, list[float]]:
    """Per role, the first bot's win rate minus the second's, with its bootstrap interval."""
    out = {}
    for role in ("digger", "saboteur"):
        blocks = []
        for result in results:
            a, b = (result["bots"].get(name, {}).get(role, {}) for name in names)
            counts = [tally.get(key, 0) for tally in (a, b) for key in ("wins", "rounds")]
            blocks.append((counts[0], counts[1], counts[2], counts[3]))
        out[role] = list(paired_difference(blocks))
    return out


if __name__ == "__main__":
    main()
