"""scripts/ladder.py sum: chunks added up, with the paired difference of two bots."""

from __future__ import annotations

import json
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


def test_sum_of_an_empty_folder_is_a_clear_error(tmp_path: Path) -> None:
    done = _sum(tmp_path)
    assert done.returncode != 0 and "no chunk-*.json files" in done.stderr
