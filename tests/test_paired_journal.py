"""scripts/paired_journal.py: a tournament journal's paired comparison of two bots."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

from click.testing import CliRunner

from saboteur.bots.commands import tournament

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "paired_journal.py"


def test_the_journal_adds_up_as_the_tournament_does(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    args = ["--players", "3", "--bots", "heuristic,random", "--games", "6"]
    args += ["--seed", "4", "--workers", "1", "--json", "--out", str(journal)]
    result = CliRunner().invoke(tournament, args)
    assert result.exit_code == 0, result.output
    played = json.loads(result.output)
    with journal.open("a", encoding="utf-8") as out:
        out.write('{"game": 6, "seats": [')  # a line cut short: left out
    summary = runpy.run_path(str(SCRIPT))["summary"](journal)
    assert summary["bots"] == ["heuristic", "random"] and summary["blocks"] == 3
    for name in summary["bots"]:
        for role, tally in summary["rates"][name].items():
            expected = played["bots"][name][role]
            assert (tally["wins"], tally["rounds"]) == (expected["wins"], expected["rounds"])
    for role, (difference, low, high) in summary["paired_difference"].items():
        a, b = (summary["rates"][name][role] for name in summary["bots"])
        assert difference == round(a["wins"] / a["rounds"] - b["wins"] / b["rounds"], 4)
        assert low <= difference <= high
