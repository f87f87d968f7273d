"""The paired comparison of two bots from a ``saboteur tournament --out`` journal.

Games ``2b`` and ``2b + 1`` of a two-bot tournament share one deal with the seats rotated (a
block); per role, each block gives each bot's wins and rounds, and the first bot's win rate minus
the second's gets a 95% bootstrap interval over the blocks
(:func:`saboteur.bots.tournament.paired_difference`, as ``scripts/ladder.py sum`` does for chunks).
An unfinished block (one game of two) is left out::

    python scripts/paired_journal.py docs/ladder/ismcts-1s-cutoff-vs-full-4p.jsonl [--json]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from saboteur.bots.tournament import paired_difference, wilson


def summary(path: Path) -> dict[str, Any]:
    """Blocks, each bot's rounds, wins and Wilson interval per role, and the paired difference."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])["tournament"]
    names: list[str] = list(header["bots"])
    if len(names) != 2:
        raise click.ClickException(f"{path}: a paired comparison needs two bots, not {names}")
    games: dict[int, dict[str, Any]] = {}
    for line in lines[1:]:
        try:
            game = json.loads(line)
        except ValueError:  # a line cut short by an interruption
            continue
        games[game["game"]] = game
    blocks: dict[str, list[tuple[int, int, int, int]]] = {}
    totals: dict[str, dict[str, list[int]]] = {name: {} for name in names}
    complete = [b for b in sorted({n // 2 for n in games}) if {2 * b, 2 * b + 1} <= set(games)]
    for block in complete:
        counts: dict[str, dict[str, list[int]]] = {}
        for number in (2 * block, 2 * block + 1):
            game = games[number]
            for seat, role, result in game["outcomes"]:
                tally = counts.setdefault(role, {}).setdefault(game["seats"][seat], [0, 0])
                tally[0] += result == "win"
                tally[1] += 1
        for role, by_bot in counts.items():
            a, b = (by_bot.get(name, [0, 0]) for name in names)
            blocks.setdefault(role, []).append((a[0], a[1], b[0], b[1]))
            for name, tally in zip(names, (a, b), strict=True):
                total = totals[name].setdefault(role, [0, 0])
                total[0] += tally[0]
                total[1] += tally[1]
    return {
        "journal": str(path),
        "bots": names,
        "blocks": len(complete),
        "rates": {
            name: {
                role: {"wins": w, "rounds": n, "ci95": list(wilson(w, n))}
                for role, (w, n) in sorted(by_role.items())
            }
            for name, by_role in totals.items()
        },
        "paired_difference": {
            role: list(paired_difference(rows)) for role, rows in sorted(blocks.items())
        },
    }


@click.command()
@click.argument("journal", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def main(journal: Path, as_json: bool) -> None:
    result = summary(journal)
    if as_json:
        click.echo(json.dumps(result))
        return
    first, second = result["bots"]
    click.echo(f"{result['blocks']} blocks of two games")
    for name, by_role in result["rates"].items():
        for role, tally in by_role.items():
            low, high = tally["ci95"]
            rate = tally["wins"] / tally["rounds"] if tally["rounds"] else 0.0
            click.echo(
                f"{name:>24} {role:>9}: {tally['wins']} / {tally['rounds']} = {rate:.1%}"
                f" ({low:.1%}–{high:.1%})"
            )
    for role, (difference, low, high) in result["paired_difference"].items():
        click.echo(
            f"{first} minus {second}, as {role}: {difference:+.1%} (95%: {low:+.1%} to {high:+.1%})"
        )


if __name__ == "__main__":
    main()
