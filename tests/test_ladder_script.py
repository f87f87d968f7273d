"""scripts/ladder.py sum: chunks added up, with the paired difference of two bots."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path

from saboteur.bots.tournament import wilson

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "ladder.py"


def _chunk(
    folder: Path, number: int, a: tuple[int, int, int, int], b: tuple[int, int, int, int]
) -> None:
    def roles(wins_d: int, rounds_d: int, wins_s: int, rounds_s: int) -> dict[str, object]:
        return {
            "digger": {"wins": wins_d, "rounds": rounds_d},
            "saboteur": {"wins": wins_s, "rounds": rounds_s},
        }

    result = {"games": 2, "bots": {"ismcts": roles(*a), "heuristic": roles(*b)}}
    (folder / f"chunk-{number:04d}.json").write_text(json.dumps({"result": result}))


def _sum(folder: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), "sum", str(folder), *extra]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_sum_adds_the_chunks_and_compares_the_two_bots(tmp_path: Path) -> None:
    for number in range(30):
        _chunk(tmp_path, number, (7, 9, 2, 3), (5, 9, 0, 3))
    done = _sum(tmp_path, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == 60 and out["chunks"] == 30
    assert out["bots"]["ismcts"]["digger"] == {
        "rounds": 270, "wins": 210, "win_rate": 0.7778, "ci95": list(wilson(210, 270))
    }  # fmt: skip
    difference = out["difference"]
    assert difference["of"] == ["ismcts", "heuristic"]
    assert difference["digger"][0] == round(7 / 9 - 5 / 9, 4)
    assert difference["saboteur"][0] == round(2 / 3, 4)
    text = _sum(tmp_path).stdout
    assert "60 games in 30 chunks" in text and "- as digger: +22.2 points" in text


def test_sum_plots_the_sums_or_names_a_bad_plot_path(tmp_path: Path) -> None:
    for number in range(3):
        _chunk(tmp_path, number, (7, 9, 2, 3), (5, 9, 0, 3))
    chart = tmp_path / "ladder.png"
    done = _sum(tmp_path, "--plot", str(chart))
    assert done.returncode == 0, done.stderr
    assert chart.read_bytes().startswith(b"\x89PNG")
    for bad, message in [("ladder.svg", "must end in .png"), ("no/such/x.png", "cannot write")]:
        done = _sum(tmp_path, "--plot", str(tmp_path / bad))
        assert done.returncode != 0 and message in done.stderr
        assert "Traceback" not in done.stderr


def test_sum_of_an_empty_folder_is_a_clear_error(tmp_path: Path) -> None:
    done = _sum(tmp_path)
    assert done.returncode != 0 and "no chunk-*.json files" in done.stderr


def test_claims_skip_saved_chunks_and_live_claims_and_take_over_dead_ones(tmp_path: Path) -> None:
    claim_chunk = runpy.run_path(str(SCRIPT))["claim_chunk"]
    _chunk(tmp_path, 0, (1, 1, 0, 1), (0, 1, 1, 1))
    (tmp_path / "chunk-0001.claim").write_text(str(os.getppid()))  # a live run holds 1
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    (tmp_path / "chunk-0002.claim").write_text(dead.stdout.strip())  # a killed run held 2
    assert claim_chunk(tmp_path) == 2
    assert (tmp_path / "chunk-0002.claim").read_text() == str(os.getpid())
    assert claim_chunk(tmp_path) == 3  # this process's own claim on 2 is live too


def test_two_runs_at_once_play_different_chunks(tmp_path: Path) -> None:
    command = [sys.executable, str(SCRIPT), "run", str(tmp_path), "--players", "3",
               "--bots", "random,heuristic", "--games", "2", "--minutes", "0.1"]  # fmt: skip
    runs = [subprocess.Popen(command, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
    chunks = sorted(tmp_path.glob("chunk-*.json"))
    seeds = [json.loads(path.read_text())["seed"] for path in chunks]
    assert len(chunks) >= 2 and seeds == list(range(1, len(chunks) + 1))
    assert not list(tmp_path.glob("*.claim"))


def test_a_run_stops_once_the_folder_holds_enough_chunks(tmp_path: Path) -> None:
    for number in range(3):
        _chunk(tmp_path, number, (1, 1, 0, 1), (0, 1, 1, 1))
    command = [sys.executable, str(SCRIPT), "run", str(tmp_path), "--players", "3",
               "--bots", "random,heuristic", "--minutes", "5", "--until", "4"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert len(list(tmp_path.glob("chunk-*.json"))) == 4
    assert json.loads((tmp_path / "chunk-0003.json").read_text())["seed"] == 4
    assert not list(tmp_path.glob("*.claim"))
