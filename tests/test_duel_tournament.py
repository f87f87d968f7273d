"""``saboteur tournament`` for the Duel (win rates by colour) and solo (mean scores)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saboteur.bots.registry import parse_spec
from saboteur.bots.solo import mean_interval, run_solo
from saboteur.bots.tournament import run_tournament
from saboteur.engine import new_game
from tests.tournament_cli import run


def test_duel_json_reports_games_by_colour() -> None:
    code, out = run("--ruleset", "duel", "--bots", "heuristic,random", "--games", "6", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 6 and list(data["bots"]) == ["heuristic", "random"]
    for colours in data["bots"].values():
        assert list(colours) == ["green", "blue"]
        for entry in colours.values():
            assert set(entry) == {"rounds", "wins", "ties", "win_rate", "ci95"}
            assert entry["rounds"] == 3  # six games: each bot plays each colour three times
            assert 0 <= entry["wins"] + entry["ties"] <= entry["rounds"]
            low, high = entry["ci95"]
            assert 0 <= low <= entry["win_rate"] <= high <= 1
    for colour in ("green", "blue"):  # one game: one win, or a tie for both
        entries = [data["bots"][name][colour] for name in data["bots"]]
        other = {"green": "blue", "blue": "green"}[colour]
        assert data["bots"]["heuristic"][colour]["ties"] == data["bots"]["random"][other]["ties"]
        assert sum(e["wins"] for e in entries) <= 6


def test_duel_wins_and_ties_count_whole_games() -> None:
    game = new_game("duel", 2, {"rounds": 1})
    result = run_tournament(game, [parse_spec("random")], games=5, seed=3)
    tallies = result.tallies["random"]
    assert tallies["green"].rounds == tallies["blue"].rounds == 5
    wins = tallies["green"].wins + tallies["blue"].wins
    ties = tallies["green"].ties or 0
    assert tallies["blue"].ties == ties
    assert wins + ties == 5  # every game has one winner, or is a tie


def test_duel_table_and_same_seed_same_result(tmp_path: Path) -> None:
    args = ("--ruleset", "duel", "--bots", "random,heuristic", "--games", "2", "--seed", "4")
    assert run(*args, "--json") == run(*args, "--json")
    code, out = run(*args, "--option", "rounds=1", "--plot", str(tmp_path / "duel.png"))
    assert code == 0
    assert "colour" in out and "ties" in out and "green" in out and "2 players, duel" in out
    assert (tmp_path / "duel.png").read_bytes()[:4] == b"\x89PNG"


def test_solo_reports_mean_scores_and_rating_bands() -> None:
    args = ("--ruleset", "solo", "--bots", "heuristic,random", "--games", "4", "--seed", "2")
    code, out = run(*args, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4
    for entry in data["bots"].values():
        assert entry["games"] == 4
        assert list(entry["ratings"]) == ["0-14", "15-19", "20-24", "25+"]
        assert sum(entry["ratings"].values()) == 4
        low, high = entry["ci95"]
        assert low <= entry["mean_score"] <= high
    assert run(*args, "--json") == (code, out)
    code, table = run(*args, "--option", "colour=blue")
    assert code == 0 and "mean score" in table and "0–14" in table and "25+" in table


def test_solo_bots_meet_the_same_deals() -> None:
    game = new_game("solo", 1, {"rounds": 1})
    specs = [parse_spec("random"), parse_spec("heuristic")]
    result = run_solo(game, specs, games=3, seed=5)
    alone = run_solo(game, specs[1:], games=3, seed=5)
    assert result.scores["heuristic"] == alone.scores["heuristic"]
    assert len(result.scores["random"]) == 3


def test_mean_interval() -> None:
    assert mean_interval([]) == (0.0, [0.0, 0.0])
    assert mean_interval([7]) == (7.0, [7.0, 7.0])
    mean, (low, high) = mean_interval([0, 10] * 50)
    assert mean == 5.0 and 3.9 < low < 4.1 and 5.9 < high < 6.1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruleset", "duel", "--players", "3", "--bots", "random"], "exactly 2 players, not 3"),
        (["--ruleset", "solo", "--players", "2", "--bots", "random"], "exactly 1 player, not 2"),
        (["--ruleset", "duel", "--bots", "ismcts,random"], "bot ismcts does not play duel"),
        (["--ruleset", "solo", "--bots", "heuristic", "--games", "0"], "at least 1 game"),
        (["--ruleset", "solo", "--bots", "random", "--plot", "solo.png"], "solo reports mean"),
        (["--ruleset", "solo", "--bots", "random", "--option", "colour=red"], "green or blue"),
        (["--ruleset", "duel", "--bots", "random", "--option", "colour=blue"], "unknown option"),
        (["--ruleset", "duel", "--bots", "random,random"], "listed twice"),
    ],
)
def test_bad_input_is_one_clear_error(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out
