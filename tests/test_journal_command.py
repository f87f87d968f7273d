"""``saboteur journal``: a tournament journal's result so far, as the tournament prints it, with
the paired comparison of two bots (it replaced scripts/ladder.py and scripts/paired_journal.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from saboteur.cli import cli


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _tournament(journal: Path, *extra: str) -> dict[str, object]:
    args = ["tournament", "--players", "3", "--bots", "heuristic,random", "--seed", "4"]
    done = _run(*args, "--workers", "1", "--json", "--out", str(journal), *extra)
    assert done.exit_code == 0, done.output
    result: dict[str, object] = json.loads(done.output)
    return result


def test_a_finished_journal_gives_the_tournament_s_own_result(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    played = _tournament(journal, "--games", "6")
    paired = played["paired_difference"]
    assert isinstance(paired, dict)
    assert paired["of"] == ["heuristic", "random"] and paired["blocks"] == 3
    with journal.open("a", encoding="utf-8") as out:
        out.write('{"game": 6, "seats": [')  # a line cut short by an interruption: left out
    before = journal.read_bytes()
    done = _run("journal", str(journal), "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == played
    assert journal.read_bytes() == before  # read, not repaired or written
    text = _run("journal", str(journal)).output
    assert "6 games, 3 players, classic (seed 4), from t.jsonl" in text
    assert "heuristic minus random, paired over 3 deals" in text
    digger = paired["digger"]
    assert f"as digger: {100 * digger[0]:+.1f} points ({100 * digger[1]:+.1f} to" in text


def test_the_paired_difference_counts_complete_deals_only(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    _tournament(journal, "--games", "5")  # the third deal's second game is missing
    out = json.loads(_run("journal", str(journal), "--json").output)
    assert out["games"] == 5 and out["paired_difference"]["blocks"] == 2
    rates = out["bots"]
    for role in ("digger", "saboteur"):
        difference, low, high = out["paired_difference"][role]
        assert low <= difference <= high
        assert all(rates[bot][role]["rounds"] > 0 for bot in ("heuristic", "random"))


def test_a_solo_journal_gives_mean_scores(tmp_path: Path) -> None:
    journal = tmp_path / "solo.jsonl"
    args = ["tournament", "--ruleset", "solo", "--bots", "random", "--games", "3", "--seed", "2"]
    done = _run(*args, "--workers", "1", "--json", "--out", str(journal))
    assert done.exit_code == 0, done.output
    again = _run("journal", str(journal), "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.output) == json.loads(done.output)
    plotted = _run("journal", str(journal), "--plot", str(tmp_path / "x.png"))
    assert plotted.exit_code != 0 and "mean scores, not win rates" in plotted.output


def test_the_chart_is_drawn(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    _tournament(journal, "--games", "2")
    chart = tmp_path / "chart.png"
    done = _run("journal", str(journal), "--plot", str(chart))
    assert done.exit_code == 0, done.output
    assert chart.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is empty, not a tournament journal"),
        ("hello\n", "is not a tournament journal"),
        ('{"tournament": {"ruleset": "chess", "bots": ["random"]}}\n', "chess"),
        ('{"tournament": {"ruleset": "classic"}}\n', "its first line is not a tournament"),
        ('{"tournament": {"ruleset": "classic", "bots": ["a"]}}\nnot json\n{}\n', "line 2"),
    ],
)
def test_a_file_that_is_no_journal_is_one_clear_error(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    done = _run("journal", str(path))
    assert done.exit_code == 2 and message in done.output, done.output
    assert "Traceback" not in done.output and path.read_text(encoding="utf-8") == text
