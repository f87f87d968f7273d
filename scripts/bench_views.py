"""How big a view is and what it costs to make and encode, as the server sends it after each move.

Plays ``--moves`` random legal moves (seeded), then for the seat to act, the next seat and a
spectator measures the view's size in JSON bytes and the time of ``state.view(seat)`` plus
encoding it with msgspec as the server does; and the time of all of them at once (what one move
costs the server).  Uses only ``state.view`` and the encoder, so it runs on older revisions too:

    python scripts/bench_views.py --ruleset classic --players 5 --moves 25
    PYTHONPATH=../old-checkout python scripts/bench_views.py --ruleset duel --players 2 --json
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import click
import msgspec
from rich.console import Console
from rich.table import Table

from saboteur.engine import new_game

ENCODER = msgspec.json.Encoder()


def encoded(view: Any) -> str:
    """A view as the server sends it (saboteur/server/hub.py)."""
    return ENCODER.encode(view).decode()


def per_call(work: Any, repeat: int, rounds: int = 5) -> float:
    """Microseconds per call of ``work``: the best of ``rounds`` runs of ``repeat`` calls."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(repeat):
            work()
        best = min(best, time.perf_counter() - started)
    return best / repeat * 1e6


def measure(ruleset: str, players: int, moves: int, seed: int, repeat: int) -> dict[str, Any]:
    """The figures of one table after ``moves`` random moves."""
    state = new_game(ruleset, players).new_state(seed)
    rng = random.Random(seed)
    played = 0
    while played < moves and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        played += 1
    actor = state.current_player
    viewers: dict[str, int | None] = {"actor": actor}
    if players > 1 and actor is not None:
        viewers["other seat"] = (actor + 1) % players
    viewers["spectator"] = None
    rows = []
    for name, seat in viewers.items():
        view = state.view(seat)
        rows.append(
            {
                "viewer": name,
                "seat": seat,
                "bytes": len(encoded(view).encode()),
                "parts": {key: len(encoded(value)) for key, value in view.items()},
                "us": per_call(lambda seat=seat: encoded(state.view(seat)), repeat),
            }
        )
    every = [*range(players), None]
    all_us = per_call(lambda: [encoded(state.view(seat)) for seat in every], max(1, repeat // 4))
    return {
        "ruleset": ruleset,
        "players": players,
        "moves": played,
        "seed": seed,
        "repeat": repeat,
        "viewers": rows,
        "all_views_us": all_us,
    }


@click.command()
@click.option("--ruleset", default="classic", show_default=True)
@click.option("--players", type=int, default=5, show_default=True)
@click.option("--moves", type=int, default=25, show_default=True, help="Random moves first.")
@click.option("--seed", type=int, default=3, show_default=True)
@click.option("--repeat", type=int, default=2000, show_default=True, help="Views per timing.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def main(ruleset: str, players: int, moves: int, seed: int, repeat: int, as_json: bool) -> None:
    """Measure the views of one table: bytes and µs per view plus encoding."""
    result = measure(ruleset, players, moves, seed, repeat)
    if as_json:
        click.echo(json.dumps(result))
        return
    title = f"{ruleset}, {players} players, after {result['moves']} moves"
    table = Table(title=title)
    for column in ("viewer", "bytes", "largest parts", "µs view+encode"):
        table.add_column(column)
    for row in result["viewers"]:
        parts = sorted(row["parts"].items(), key=lambda item: -item[1])[:3]
        largest = ", ".join(f"{key} {size}" for key, size in parts)
        table.add_row(row["viewer"], str(row["bytes"]), largest, f"{row['us']:.1f}")
    table.add_row("all seats + spectator", "", "", f"{result['all_views_us']:.1f}")
    Console().print(table)


if __name__ == "__main__":
    main()
