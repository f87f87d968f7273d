"""The tournament: fair seating, Wilson intervals, the command and its bad input."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from saboteur.bots.registry import parse_spec
from saboteur.bots.tournament import paired_difference, seating, wilson
from tests.tournament_cli import run


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(50, 100) == (0.4038, 0.5962)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.15 < high < 0.17
    assert wilson(20, 20)[1] == 1.0


@pytest.mark.parametrize(("bots", "players"), [(2, 4), (2, 7), (3, 5)])
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    specs = [parse_spec(name) for name in ("random", "heuristic", "ismcts")[:bots]]
    seen = Counter[tuple[int, str]]()
    for number in range(bots * 4):
        for seat, spec in enumerate(seating(specs, players, number)):
            seen[seat, spec.name] += 1
    assert set(seen.values()) == {4}
    assert len(seen) == bots * players


def test_json_schema_and_counts() -> None:
    code, out = run("--players", "4", "--bots", "heuristic,random", "--games", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"games", "bots", "paired_difference"} and data["games"] == 4
    assert list(data["bots"]) == ["heuristic", "random"]
    paired = data["paired_difference"]  # two bots: compared over the 2 deals, seats rotated
    assert set(paired) == {"of", "blocks", "digger", "saboteur"} and paired["blocks"] == 2
    for role in ("digger", "saboteur"):
        difference, low, high = paired[role]
        a, b = (data["bots"][bot][role] for bot in ("heuristic", "random"))
        assert difference == round(a["wins"] / a["rounds"] - b["wins"] / b["rounds"], 4)
        assert low <= difference <= high
    seats = 0
    for roles in data["bots"].values():
        assert set(roles) == {"digger", "saboteur"}
        for entry in roles.values():
            assert set(entry) == {"rounds", "wins", "win_rate", "ci95"}
            assert 0 <= entry["wins"] <= entry["rounds"]
            assert entry["win_rate"] == round(entry["wins"] / entry["rounds"], 4)
            low, high = entry["ci95"]
            assert 0 <= low <= entry["win_rate"] <= high <= 1
            seats += entry["rounds"]
        # two seats per game at a 4-seat table, three rounds per game
        assert roles["digger"]["rounds"] + roles["saboteur"]["rounds"] == 4 * 2 * 3
    assert seats == 4 * 4 * 3


def test_same_seed_same_result_and_table_output() -> None:
    args = ("--players", "3", "--bots", "ismcts:iterations=2,heuristic", "--games", "2")
    first, second = run(*args, "--json"), run(*args, "--json")
    assert first == second and first[0] == 0
    code, out = run(*args, "--option", "rounds=1")
    assert code == 0
    assert "win rate" in out and "ismcts:iterations=2" in out and "iterations/s" in out


def test_plot_writes_a_png(tmp_path: Path) -> None:
    chart = tmp_path / "ladder.png"
    code, _ = run(
        "--players", "3", "--bots", "random,heuristic", "--games", "2", "--plot", str(chart)
    )
    assert code == 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2", "--bots", "random"], "classic is for 3 to 10 players"),
        (["--players", "11", "--bots", "random"], "3 to 10 players"),
        (["--bots", "random,wizard"], "unknown bot 'wizard'"),
        (["--bots", "random", "--games", "0"], "at least 1 game"),
        (["--bots", "ismcts:iterations=lots"], "iterations must be a whole number"),
        (["--bots", "ismcts:breadth=2"], "bad budget 'breadth=2'"),
        (["--bots", "ismcts:width=0"], "width must be a whole number of moves"),
        (["--bots", "ismcts:halving=yes"], "halving must be 0 (off) or 1 (on)"),
        (["--bots", "ismcts:depth=-2"], "depth must be a whole number of moves"),
        (["--bots", "ismcts:seconds=0"], "seconds must be a number above 0"),
        (["--bots", "random:iterations=5"], "takes no budget"),
        (["--bots", "random,random"], "listed twice"),
        (["--bots", "random,"], "empty bot name"),
        (["--bots", "random", "--plot", "/no/such/folder/chart.png"], "cannot write"),
        (["--bots", "random", "--plot", "chart.svg"], "must end in .png"),
        (["--bots", "random", "--option", "rounds=7"], "rounds must be 1, 2 or 3"),
        (["--bots", "random", "--option", "rounds"], "is not KEY=VALUE"),
        (["--bots", "random", "--ruleset", "chess"], "chess"),
        (["--players", "4"], "--bots"),
    ],
)
def test_bad_input_is_one_clear_error(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code != 0
    assert message in out
    assert "Traceback" not in out


def test_paired_difference_over_blocks() -> None:
    even = [(2, 4, 2, 4), (3, 4, 1, 4), (1, 4, 3, 4)] * 10
    diff, low, high = paired_difference(even)
    assert diff == 0.0 and low < 0.0 < high  # equal bots: the interval holds 0
    ahead = [(3, 4, 1, 4), (2, 4, 2, 4), (4, 4, 1, 4)] * 20
    diff, low, high = paired_difference(ahead)
    assert 0.0 < low < diff < high  # a clear lead: the interval is above 0
    assert paired_difference(ahead, seed=3) == paired_difference(ahead, seed=3)
    narrow = paired_difference(ahead * 4)
    assert narrow[2] - narrow[1] < high - low  # more blocks, a narrower interval
    with pytest.raises(ValueError, match="no blocks"):
        paired_difference([])
