"""Zwergengold on the command line: ``cards``, ``simulate`` with records, ``replay``, ``bench``,
and bad options refused in one line."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from saboteur.engine import Record, new_game
from saboteur.play.simulate import play_random_game
from tests.test_cli import fails, run, run_json, wide_console, write

__all__ = ["wide_console"]  # the fixture, used by every test of this module


def test_cards_lists_the_156(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "cards", "zwergengold")
    kinds: Counter[str] = Counter()
    for entry in data["cards"]:
        kinds[entry["kind"]] += entry["count"]
    assert kinds == {"start": 1, "plan": 12, "path": 143}
    code, out, err = run(capsys, "cards", "zwergengold")
    assert code == 0 and err == "" and "I-pick-dragon" in out


def test_simulate_records_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "zg"
    args = ["simulate", "--ruleset", "zwergengold", "--players", "3", "--games", "3"]
    args += ["--seed", "2", "--option", "rounds=8", "--option", "no_plan=true"]
    data = run_json(capsys, *args, "--records", str(folder))
    assert data["ruleset"] == "zwergengold" and data["games"] == 3
    assert data == run_json(capsys, *args)  # the same seed, the same games
    for path in sorted(folder.iterdir()):
        shown = run_json(capsys, "replay", str(path))
        assert shown["over"] is True and shown["ruleset"] == "zwergengold"
        code, out, _ = run(capsys, "replay", str(path), "--show")
        assert code == 0 and "start card" in out


def test_bench(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "bench", "--ruleset", "zwergengold", "--seconds", "0.3")
    assert data["ruleset"] == "zwergengold" and data["steps"] > 0


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--ruleset", "zwergengold", "--players", "8"],
        ["simulate", "--ruleset", "zwergengold", "--option", "levels=1"],
        ["bench", "--ruleset", "zwergengold", "--option", "table=12"],
    ],
)
def test_bad_arguments_give_one_error_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    fails(capsys, *args)


def test_replay_names_a_refused_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = play_random_game(new_game("zwergengold", 2, {"rounds": 5}), seed=2)
    data = Record.from_state(state).to_json()
    data["actions"][1] = "step@9,9"
    line = fails(capsys, "replay", str(write(tmp_path / "r.json", data)))
    assert "step@9,9" in line
