"""Tournaments on several processes, and resumed from their journal: the same result each way."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from saboteur.bots.journal import Journal
from saboteur.bots.registry import parse_spec
from saboteur.bots.solo import run_solo
from saboteur.bots.tournament import run_tournament
from saboteur.cli import cli
from saboteur.engine import new_game

SPECS = [parse_spec("heuristic"), parse_spec("random")]
HEADER = {"ruleset": "classic", "seed": 3}


def test_any_number_of_workers_gives_the_same_result() -> None:
    game = new_game("classic", 4, {"rounds": 1})
    alone = run_tournament(game, SPECS, games=8, seed=3, workers=1)
    together = run_tournament(game, SPECS, games=8, seed=3, workers=2)
    assert alone.to_json() == together.to_json()
    assert alone.to_json()["games"] == 8
    decisions = {name: clock.decisions for name, clock in alone.clocks.items()}
    assert decisions == {name: clock.decisions for name, clock in together.clocks.items()}


def test_solo_with_workers_gives_the_same_scores() -> None:
    game = new_game("solo", 1)
    alone = run_solo(game, SPECS, games=3, seed=5, workers=1)
    assert alone.to_json() == run_solo(game, SPECS, games=3, seed=5, workers=2).to_json()


def test_a_tournament_resumed_from_its_journal_plays_only_the_rest(tmp_path: Path) -> None:
    game = new_game("classic", 4, {"rounds": 1})
    path = tmp_path / "t.jsonl"
    run_tournament(game, SPECS, games=4, seed=3, journal=Journal(path, HEADER))
    counts: list[int] = []
    resumed = run_tournament(
        game, SPECS, games=8, seed=3, on_game=counts.append, journal=Journal(path, HEADER)
    )
    assert counts == [4, 5, 6, 7, 8]  # four read back, four played
    assert resumed.to_json() == run_tournament(game, SPECS, games=8, seed=3).to_json()
    assert len(path.read_text().splitlines()) == 1 + 8


def test_a_line_cut_short_by_an_interruption_is_played_again(tmp_path: Path) -> None:
    game = new_game("classic", 3, {"rounds": 1})
    path = tmp_path / "t.jsonl"
    run_tournament(game, SPECS, games=3, seed=3, journal=Journal(path, HEADER))
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines[:-1], lines[-1][:25]]))  # killed while writing
    counts: list[int] = []
    resumed = run_tournament(
        game, SPECS, games=3, seed=3, on_game=counts.append, journal=Journal(path, HEADER)
    )
    assert counts == [2, 3]
    assert resumed.to_json() == run_tournament(game, SPECS, games=3, seed=3).to_json()
    assert [json.loads(line)["game"] for line in path.read_text().splitlines()[1:]] == [0, 1, 2]


def test_the_command_line_resumes_and_refuses_another_tournament_s_journal(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.jsonl"
    base = ["tournament", "--bots", "heuristic,random", "--players", "3", "--option", "rounds=1"]
    base += ["--games", "4", "--json", "--workers", "1"]
    args = [*base, "--out", str(path)]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(cli, args)
    assert json.loads(again.stdout) == json.loads(first.stdout)
    other = CliRunner().invoke(cli, [*args, "--seed", "9"])
    assert other.exit_code == 2
    assert "written for another tournament (seed 0, not 9)" in other.output
    assert len(path.read_text().splitlines()) == 1 + 4  # nothing added by the refused run
    not_a_journal = tmp_path / "notes.txt"
    not_a_journal.write_text("shopping list\n")
    refused = CliRunner().invoke(cli, [*base, "--out", str(not_a_journal)])
    assert refused.exit_code == 2 and "is not a tournament journal" in refused.output
    assert not_a_journal.read_text() == "shopping list\n"


def _children(pid: int) -> set[int]:
    """The child processes of ``pid`` (Linux: /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        found.update(int(child) for child in text.split())
    return found


def _running(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status  # a zombie has ended


def test_sigterm_stops_a_tournament_and_its_workers(tmp_path: Path) -> None:
    """SIGTERM to a tournament on two workers ends it at once, workers included (they used to
    play their games on alone), and leaves a journal it resumes from."""
    import os
    import signal
    import subprocess
    import sys
    import time

    journal = tmp_path / "t.jsonl"
    command = [sys.executable, "-c", "import sys; from saboteur.cli import main; sys.exit(main())"]
    command += ["tournament"]
    command += ["--players", "4", "--bots", "ismcts:iterations=3000,heuristic", "--games", "4"]
    command += ["--workers", "2", "--out", str(journal)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    while len(workers) < 3 and time.monotonic() < deadline:  # two workers and the tracker
        time.sleep(0.2)
        workers |= _children(process.pid)
    assert len(workers) >= 3, "the workers did not start"
    time.sleep(1.0)  # the workers are playing
    os.kill(process.pid, signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 1
    assert b"saboteur: aborted" in stderr
    time.sleep(0.5)
    assert not [pid for pid in workers if _running(pid)]
    assert json.loads(journal.read_text().splitlines()[0])["tournament"]["players"] == 4
