"""The toy ruleset (tests/toy) plugs in by its descriptor alone: the command line knows it.

Each command runs as a real process with ``SABOTEUR_RULESETS=tests.toy:TOY``, the way a
third-party ruleset is announced; nothing in ``saboteur`` names ``toy``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from saboteur.engine import Record
from saboteur.engine.messages import Message, remove_catalogue, render
from saboteur.engine.registry import RULESETS, get_ruleset, load_plugins, registered
from tests.toy import TOY

ROOT = Path(__file__).resolve().parents[1]


def saboteur(*args: str, plugin: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SABOTEUR_RULESETS", None)
    if plugin:
        env["SABOTEUR_RULESETS"] = "tests.toy:TOY"
    code = "import sys; from saboteur.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )


def json_of(*args: str) -> Any:
    done = saboteur(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_toy_is_listed_with_its_options_and_bots() -> None:
    listed = {entry["name"]: entry for entry in json_of("rulesets", "--json")}
    assert set(listed) == {"classic", "darkcave", "duel", "solo", "toy", "zwergengold"}
    toy = listed["toy"]
    assert toy["players"] == {"min": 2, "max": 2, "default": 2}
    assert [option["name"] for option in toy["options"]] == ["distance", "hand"]
    assert toy["bots"] == ["random"] and toy["title"]["de"] == "Spielzeugtunnel"


def test_without_the_plugin_the_toy_is_unknown() -> None:
    done = saboteur("cards", "toy", plugin=False)
    assert done.returncode != 0
    assert "unknown ruleset 'toy'" in done.stderr and "Traceback" not in done.stderr


def test_cards_lists_the_toys_catalogue() -> None:
    data = json_of("cards", "toy", "--json")
    counts = {entry["name"]: entry["count"] for entry in data["cards"]}
    assert data["ruleset"] == "toy" and counts["EW"] == 8 and counts["start"] == 1
    table = saboteur("cards", "toy")
    assert table.returncode == 0 and "crossroads" in table.stdout


def test_simulate_plays_toy_games_and_writes_records(tmp_path: Path) -> None:
    data = json_of(
        "simulate", "--ruleset", "toy", "--games", "12", "--seed", "3",
        "--option", "distance=2", "--records", str(tmp_path), "--json",
    )  # fmt: skip
    assert data["ruleset"] == "toy" and data["players"] == 2
    assert data["options"] == {"distance": 2}
    assert data["games"] == 12 and sum(data["wins"]) <= 12 and sum(data["wins"]) > 0
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 12
    with registered(TOY):  # in this process too, to replay the records
        for path in records:
            record = Record.load(path)
            state = record.replay()
            assert state.is_over and record.ruleset == "toy"


def test_a_bad_toy_option_is_one_clear_line() -> None:
    done = saboteur("simulate", "--ruleset", "toy", "--option", "distance=9")
    assert done.returncode != 0
    assert done.stderr.strip() == "saboteur: error: option distance must be from 2 to 4, not 9"
    done = saboteur("simulate", "--ruleset", "toy", "--option", "colour=blue")
    assert "unknown option 'colour' for toy (known: distance, hand)" in done.stderr


def test_bench_measures_the_toy() -> None:
    data = json_of("bench", "--ruleset", "toy", "--seconds", "0.3", "--json")
    assert data["ruleset"] == "toy" and data["players"] == 2 and data["games"] > 0


def test_a_tournament_counts_the_toys_sides() -> None:
    data = json_of("tournament", "--ruleset", "toy", "--bots", "random", "--games", "20", "--json")
    sides = data["bots"]["random"]
    assert set(sides) == {"first", "second"}
    assert sides["first"]["rounds"] == sides["second"]["rounds"] == 20
    done = saboteur("tournament", "--ruleset", "toy", "--bots", "heuristic", "--games", "1")
    assert done.returncode != 0 and "bot heuristic does not play toy" in done.stderr


def test_the_registry_loads_plugins_named_in_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import saboteur.engine.registry as registry

    monkeypatch.setenv("SABOTEUR_RULESETS", "tests.toy:TOY")
    monkeypatch.setattr(registry, "_plugins_loaded", False)
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))  # restored afterwards
    try:
        assert "toy" in RULESETS and get_ruleset("toy").players.default == 2
        load_plugins()  # once only
        assert [name for name in RULESETS].count("toy") == 1
        assert render(Message("toy.card.EW"), "de") == "Gerade O-W"  # its catalogue came along
    finally:
        remove_catalogue("tests.toy")


def test_registered_lasts_for_the_with_block() -> None:
    assert "toy" not in RULESETS
    with registered(TOY):
        assert get_ruleset("toy") is TOY
    assert "toy" not in RULESETS
