"""Fit ``ismcts``'s ``belief``: how strongly its samples deal the saboteur roles by suspicion.

The search deals the other seats' roles (and the cards set aside) by weighted draws without
replacement, a seat with suspicion ``s`` weighing ``exp(belief * s)`` and a card set aside 1
(:class:`saboteur.bots.determinize.Determinizer`). This plays ``--games`` games of self-play with
``--bot`` at every seat (deal seeds from 100000), takes the memory of the seat to act at every
decision of a digger in the play phase (its suspicion of each other seat) with the true roles, and
finds the weight that makes the true roles likeliest under that sampling model (maximum
likelihood, golden-section search over 0..10). Prints, per table size, the fitted weight and the
mean log-likelihood per decision at weight 0 (roles dealt blindly), at the default and at the fit::

    python scripts/fit_belief.py --players 4,5,7 --games 1500
    python scripts/fit_belief.py --players 4 --games 300 --bot ismcts:iterations=40 --json

The decisions of one round are not independent, so the figures are estimates, not tests.
"""

from __future__ import annotations

import itertools
import json
import math

import click
from rich.console import Console
from rich.table import Table

from saboteur.bots import make_bot
from saboteur.bots.base import catch_up, choose
from saboteur.bots.determinize import SUSPICION_WEIGHT
from saboteur.bots.heuristic import HeuristicBot
from saboteur.engine import new_game
from saboteur.engine.classic import cards as C

Decision = tuple[list[float], list[bool]]  # suspicion of each other seat, which are saboteurs


def gather(players: int, games: int, bot: str) -> list[Decision]:
    """The digger decisions of ``games`` self-play games at ``players`` seats."""
    game, found = new_game("classic", players), []
    for number in range(100_000, 100_000 + games):
        state = game.new_state(number)
        bots = [make_bot(bot, game, seat, seed=number * 31 + seat) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            player = bots[seat]
            if state.phase == "play" and state.roles[seat] == C.DIGGER:
                assert isinstance(player, HeuristicBot)
                catch_up(player, state)
                others = [other for other in range(players) if other != seat]
                suspicion = [player.memory.suspicion[other] for other in others]
                found.append((suspicion, [state.roles[o] == C.SABOTEUR for o in others]))
            state.apply(choose(player, state))
    return found


def log_likelihood(belief: float, decisions: list[Decision], saboteurs: int, aside: int) -> float:
    """The mean log-probability of the true saboteurs under the search's sampling model: the
    saboteur cards drawn one by one, each seat by weight, the cards set aside weighing 1."""
    total = 0.0
    for suspicion, roles in decisions:
        weights = [math.exp(belief * s) for s in suspicion] + [1.0] * aside
        seats = [at for at, saboteur in enumerate(roles) if saboteur]
        probability = 0.0
        spare = range(len(suspicion), len(weights))
        for put_aside in itertools.combinations(spare, saboteurs - len(seats)):
            for order in itertools.permutations([*seats, *put_aside]):
                chance, drawn = 1.0, set()
                for at in order:  # (the weights left summed afresh: they span many magnitudes)
                    chance *= weights[at] / sum(w for i, w in enumerate(weights) if i not in drawn)
                    drawn.add(at)
                probability += chance
        total += math.log(max(probability, 1e-300))
    return total / max(1, len(decisions))


def fit(decisions: list[Decision], saboteurs: int, aside: int) -> float:
    """The weight of greatest likelihood in 0..10 (golden-section search)."""
    low, high, ratio = 0.0, 10.0, (math.sqrt(5) - 1) / 2

    def value(belief: float) -> float:
        return log_likelihood(belief, decisions, saboteurs, aside)

    a, b = high - ratio * (high - low), low + ratio * (high - low)
    value_a, value_b = value(a), value(b)
    for _ in range(40):  # each step keeps one inner point and its value, evaluates one new one
        if value_a < value_b:
            low, a, value_a = a, b, value_b
            b = low + ratio * (high - low)
            value_b = value(b)
        else:
            high, b, value_b = b, a, value_a
            a = high - ratio * (high - low)
            value_a = value(a)
    return (low + high) / 2


@click.command(help=__doc__.splitlines()[0])
@click.option("--players", default="4,5,7", show_default=True, help="table sizes, comma-separated")
@click.option("--games", default=1500, show_default=True, type=click.IntRange(1, 100_000))
@click.option("--bot", default="heuristic", show_default=True, help="the bot at every seat")
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")
def main(players: str, games: int, bot: str, as_json: bool) -> None:
    try:
        sizes = [int(part) for part in players.split(",")]
    except ValueError:
        raise click.BadParameter(
            f"not a list of numbers: {players!r}", param_hint="--players"
        ) from None
    for size in sizes:
        if size not in C.ROLE_TABLE:
            raise click.BadParameter(f"classic seats 3 to 10, not {size}", param_hint="--players")
    rows: list[dict[str, object]] = []
    lines: list[tuple[int, int, float, dict[str, float]]] = []
    for size in sizes:
        decisions = gather(size, games, bot)
        saboteurs, diggers = C.ROLE_TABLE[size]
        aside = saboteurs + diggers - size
        fitted = fit(decisions, saboteurs, aside)
        likelihood = {
            name: round(log_likelihood(weight, decisions, saboteurs, aside), 4)
            for name, weight in (("blind", 0.0), ("default", SUSPICION_WEIGHT), ("fitted", fitted))
        }
        lines.append((size, len(decisions), fitted, likelihood))
        rows.append(
            {
                "players": size,
                "games": games,
                "bot": bot,
                "decisions": len(decisions),
                "belief": round(fitted, 3),
                "log_likelihood": likelihood,
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    table = Table(title=f"belief fitted to {bot} self-play (mean log-likelihood per decision)")
    for column in ("players", "decisions", "belief", "blind", f"default {SUSPICION_WEIGHT}"):
        table.add_column(column, justify="right")
    table.add_column("fitted", justify="right")
    for size, count, fitted, likelihood in lines:
        table.add_row(
            str(size),
            f"{count:,}",
            f"{fitted:.2f}",
            *(f"{likelihood[name]:.3f}" for name in ("blind", "default", "fitted")),
        )
    Console().print(table)


if __name__ == "__main__":
    main()
