"""The ``saboteur`` command: cards, simulate, bench and replay, and one-line errors.

Commands run through ``saboteur.cli.main`` (which returns the exit code); one test runs the
installed console script in a real subprocess.  Every bad input must give exactly one line
on stderr starting with ``saboteur: error:``, a non-zero exit code and no traceback.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from saboteur.cli import main
from saboteur.engine import Record, new_game
from saboteur.play.simulate import play_random_game

CARD_KINDS = {"path", "start", "goal", "action", "gold", "role"}


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich tables wrap at 80 columns when not on a terminal; give them room."""
    monkeypatch.setenv("COLUMNS", "200")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def assert_one_error_line(code: int, out: str, err: str) -> str:
    assert code != 0
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("saboteur: error: ") and len(lines[0]) > len("saboteur: error: ")
    return lines[0]


def fails(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    line = assert_one_error_line(code, out, err)
    assert out == ""
    return line


def game_record(players: int = 3, seed: int = 1, **options: str) -> Record:
    return Record.from_state(play_random_game(new_game("classic", players, options), seed))


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- help and version ------------------------------------------------------------------------------


def test_help_lists_the_commands(capsys):
    code, out, err = run(capsys, "--help")
    assert code == 0 and err == ""
    for command in ("cards", "simulate", "bench", "replay"):
        assert command in out


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and "0.1.0" in out


def test_no_command_prints_help_or_one_error_line(capsys):
    code, out, err = run(capsys)
    if code == 0:
        assert "Usage" in out
    else:
        assert_one_error_line(code, out, err)


# -- cards -----------------------------------------------------------------------------------------


def test_cards_table_lists_every_kind_of_card(capsys):
    code, out, err = run(capsys, "cards", "classic")
    assert code == 0 and err == ""
    names = ["start", "gold", "stone-ne", "NESW", "xNESW", "xS", "break-pickaxe"]
    names += ["repair-lantern-cart", "rockfall", "map", "gold-3", "digger", "saboteur"]
    for name in names:
        assert name in out
    assert "(dead end)" in out


def test_cards_json_schema_and_counts(capsys):
    data = run_json(capsys, "cards", "classic")
    assert data == run_json(capsys, "cards")  # classic is the default
    cards = data["cards"]
    assert isinstance(cards, list) and cards
    counts: dict[str, int] = dict.fromkeys(CARD_KINDS, 0)
    nuggets = 0
    for entry in cards:
        assert entry["kind"] in CARD_KINDS
        assert isinstance(entry["name"], str) and entry["name"]
        assert isinstance(entry["count"], int) and entry["count"] > 0
        counts[entry["kind"]] += entry["count"]
        if entry["kind"] in ("path", "start", "goal"):
            sides = entry["sides"]
            assert sides and set(sides) <= set("NESW")
            assert sorted("".join(entry["links"])) == sorted(sides)  # each open side in one tunnel
            dead_end = entry["name"].startswith("x")
            assert all(len(group) == 1 for group in entry["links"]) == dead_end
        if entry["kind"] == "gold":
            assert entry["value"] in (1, 2, 3)
            nuggets += entry["value"] * entry["count"]
    assert len({entry["name"] for entry in cards}) == len(cards)
    assert counts == {"path": 40, "start": 1, "goal": 3, "action": 27, "gold": 28, "role": 11}
    assert nuggets == 44


# -- simulate --------------------------------------------------------------------------------------


def test_simulate_json_counts_rounds(capsys):
    data = run_json(capsys, "simulate", "--players", "4", "--games", "3", "--seed", "5")
    assert data["games"] == 3 and data["rounds"] == 9
    won = data["digger_rounds"] + data["saboteur_rounds"] + data["nobody_rounds"]
    assert won == data["rounds"]
    assert data["players"] == 4 and data["ruleset"] == "classic"


def test_simulate_is_deterministic_by_seed(capsys):
    args = ("simulate", "--players", "6", "--games", "4", "--seed", "11", "--json")
    first, second = run(capsys, *args), run(capsys, *args)
    assert first[0] == 0 and first[1] == second[1]


def test_simulate_table(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "3", "--games", "2")
    assert code == 0
    for line in ("rounds won by diggers", "rounds won by saboteurs", "mean turns per round"):
        assert line in out


@pytest.mark.parametrize(
    ("players", "option", "rounds_per_game"),
    [(3, "preset=online-3", 3), (5, "demo=true", 1), (10, "rounds=2", 2)],
)
def test_simulate_with_options(capsys, players, option, rounds_per_game):
    args = ["simulate", "--players", str(players), "--games", "2", "--option", option]
    data = run_json(capsys, *args)
    assert data["rounds"] == 2 * rounds_per_game
    key, value = option.split("=")
    assert str(data["options"][key]).lower() == value


def test_simulate_records_replay(capsys, tmp_path):
    folder = tmp_path / "records"
    args = ["simulate", "--players", "5", "--games", "3", "--seed", "20", "--records", str(folder)]
    data = run_json(capsys, *args)
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-20.json", "game-21.json", "game-22.json"]
    winners: dict[str, int] = {"diggers": 0, "saboteurs": 0, "nobody": 0}
    for path in files:
        record = Record.load(path)
        state = record.replay()
        assert state.is_over and record.scores == state.scores
        for result in state.to_json()["results"]:
            winners[result["winner"]] += 1
        shown = run_json(capsys, "replay", str(path))
        assert shown["over"] is True and shown["scores"] == record.scores
        assert shown["actions"] == len(record.actions) and shown["winners"] == state.winners
    assert winners == {
        "diggers": data["digger_rounds"],
        "saboteurs": data["saboteur_rounds"],
        "nobody": data["nobody_rounds"],
    }


# -- bench -----------------------------------------------------------------------------------------


def test_bench_json(capsys):
    data = run_json(capsys, "bench", "--players", "5", "--seconds", "0.2")
    assert data["steps_per_second"] > 0 and data["games_per_second"] > 0
    assert data["steps"] > 0 and data["games"] > 0 and data["players"] == 5


def test_bench_table(capsys):
    code, out, _ = run(capsys, "bench", "--players", "3", "--seconds", "0.1")
    assert code == 0 and "steps per second" in out and "games per second" in out


# -- replay ----------------------------------------------------------------------------------------


def test_replay_prints_the_final_scores(capsys, tmp_path):
    record = game_record(players=4, seed=3)
    path = tmp_path / "game.json"
    record.save(path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    assert f"{len(record.actions)} actions replayed, game over" in out
    assert record.scores is not None
    rows = [line for line in out.splitlines() if re.search(r"\d", line) and "│" in line]
    table = {int(seat): int(gold) for seat, gold in (re.findall(r"\d+", row) for row in rows)}
    assert table == dict(enumerate(record.scores))
    best = max(record.scores)
    assert ["winner" in row for row in rows] == [score == best for score in record.scores]


def test_replay_of_an_unfinished_game(capsys, tmp_path):
    record = game_record()
    record.actions, record.scores = record.actions[:10], None
    path = write(tmp_path / "part.json", record.to_json())
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "10 actions replayed, game not finished" in out
    shown = run_json(capsys, "replay", str(path))
    assert shown["over"] is False and shown["winners"] == [] and shown["actions"] == 10


def test_console_script_runs(tmp_path):
    script = Path(sys.executable).parent / "saboteur"
    assert script.exists()
    args = [str(script), "simulate", "--players", "3", "--games", "2", "--json"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rounds"] == 6
    missing = tmp_path / "missing.json"
    done = subprocess.run(
        [str(script), "replay", str(missing)], capture_output=True, text=True, timeout=60
    )
    assert_one_error_line(done.returncode, done.stdout, done.stderr)


def test_the_command_line_loads_without_the_server():
    """``saboteur --help`` and the offline commands do not load the server, its database layer
    or pydantic (about half a second of a command's start); ``saboteur server`` loads them."""
    probe = (
        "import sys, saboteur.cli; "
        "print(sorted(m for m in ('sqlalchemy', 'saboteur.server.service', "
        "'saboteur.server.messages', 'starlette') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["nope"],
        ["simulate", "--players", "2"],
        ["simulate", "--players", "11"],
        ["simulate", "--players", "x"],
        ["simulate", "--games", "0"],
        ["simulate", "--seed", "x"],
        ["simulate", "--option", "foo"],
        ["simulate", "--option", "=1"],
        ["simulate", "--option", "nope=1"],
        ["simulate", "--option", "rounds=7"],
        ["simulate", "--option", "demo=maybe"],
        ["simulate", "--option", "first=4"],
        ["simulate", "--option", "preset=online-3"],  # 4 players by default
        ["simulate", "--option", "preset=huge"],
        ["simulate", "--ruleset", "chess"],
        ["simulate", "--frobnicate"],
        ["bench", "--seconds", "-1"],
        ["bench", "--seconds", "0"],
        ["bench", "--seconds", "nan"],  # (click's ranges let nan through: FiniteRange does not)
        ["bench", "--players", "2"],
        ["bench", "--option", "rounds=0"],
        ["cards", "chess"],
        ["replay"],
    ],
)
def test_bad_arguments_give_one_error_line(capsys, args):
    fails(capsys, *args)


def test_records_folder_that_is_a_file(capsys, tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    fails(capsys, "simulate", "--games", "1", "--records", str(path))


def test_replay_missing_file(capsys, tmp_path):
    path = tmp_path / "missing.json"
    assert str(path) in fails(capsys, "replay", str(path))


def test_replay_directory(capsys, tmp_path):
    fails(capsys, "replay", str(tmp_path))


@pytest.mark.parametrize(
    "content",
    [b"", b"not json {", b'{"ruleset": "classic",', b"\xff\xfe\x00garbage"],
)
def test_replay_unreadable_file(capsys, tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    fails(capsys, "replay", str(path))


@pytest.mark.parametrize(
    "data",
    [
        [1, 2, 3],
        "a record",
        {"hello": "world"},
        {"ruleset": "classic", "players": 3, "seed": 1},
        {"ruleset": "classic", "players": 3, "seed": "one", "actions": []},
        {"ruleset": "classic", "players": 3, "seed": 1, "actions": [1, 2]},
        {"ruleset": "classic", "players": 2, "seed": 1, "actions": []},
        {"ruleset": "chess", "players": 3, "seed": 1, "actions": []},
        {"ruleset": "classic", "players": 3, "seed": 1, "actions": [], "options": {"x": 1}},
        {"ruleset": "classic", "players": 3, "seed": 1, "actions": [], "options": []},
        {"format": "other/9", "ruleset": "classic", "players": 3, "seed": 1, "actions": []},
        {"ruleset": "classic", "players": 3, "seed": 1, "actions": [], "scores": [0, 0, 0]},
    ],
)
def test_replay_json_that_is_not_a_good_record(capsys, tmp_path, data):
    fails(capsys, "replay", str(write(tmp_path / "r.json", data)))


@pytest.mark.parametrize("bad", ["rockfall@0,0", "gold:3", "NS@40,0", "NS@1", "nonsense"])
def test_replay_names_the_refused_action(capsys, tmp_path, bad):
    data = game_record().to_json()
    data["actions"][6] = bad
    line = fails(capsys, "replay", str(write(tmp_path / "r.json", data)))
    assert "action 7" in line and bad in line


def test_replay_with_wrong_scores(capsys, tmp_path):
    data = game_record().to_json()
    data["scores"] = [score + 1 for score in data["scores"]]
    line = fails(capsys, "replay", str(write(tmp_path / "r.json", data)))
    assert "scores" in line


def test_replay_deeply_nested_json(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert_one_error_line(code, out, err)


def test_replay_refuses_a_fractional_option(capsys, tmp_path):
    data = {"ruleset": "classic", "players": 3, "seed": 1, "actions": [], "options": {}}
    data["options"] = {"rounds": 1.5}
    fails(capsys, "replay", str(write(tmp_path / "r.json", data)))


# -- the Duel and solo -----------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "starts"), [("duel", 2), ("solo", 1)])
def test_cards_of_the_duel_and_solo(capsys, ruleset, starts):
    data = run_json(capsys, "cards", ruleset)
    counts: dict[str, int] = {}
    for entry in data["cards"]:
        counts[entry["kind"]] = counts.get(entry["kind"], 0) + entry["count"]
        if entry["kind"] in ("path", "start", "goal"):
            assert set(entry["sides"]) <= set("NESW")
    assert data["ruleset"] == ruleset
    assert counts == {"start": starts, "goal": 18, "path": 34, "action": 18}
    code, out, err = run(capsys, "cards", ruleset)
    assert code == 0 and err == "" and "troll-NESW" in out and "goal-2-green" in out


@pytest.mark.parametrize(("ruleset", "players"), [("duel", 2), ("solo", 1)])
def test_simulate_the_duel_and_solo(capsys, tmp_path, ruleset, players):
    folder = tmp_path / ruleset
    args = ["simulate", "--ruleset", ruleset, "--games", "3", "--seed", "4"]
    data = run_json(capsys, *args, "--records", str(folder))
    assert data["ruleset"] == ruleset and data["players"] == players and data["games"] == 3
    assert data["rounds"] == 9 and sum(data["round_ends"].values()) == 9
    assert len(data["mean_score"]) == players and sum(data["wins"]) >= 3
    assert data == run_json(capsys, *args)  # the same seed, the same games
    for path in sorted(folder.iterdir()):
        shown = run_json(capsys, "replay", str(path))
        assert shown["over"] is True and shown["ruleset"] == ruleset
        code, out, _ = run(capsys, "replay", str(path), "--show")
        assert code == 0 and "game over" in out
    code, out, _ = run(capsys, *args)
    assert code == 0 and "rounds ended by cards" in out


def test_simulate_solo_reports_ratings(capsys):
    data = run_json(capsys, "simulate", "--ruleset", "solo", "--games", "2", "--option", "rounds=1")
    assert data["rounds"] == 2 and sum(data["ratings"].values()) == 2


@pytest.mark.parametrize("ruleset", ["duel", "solo"])
def test_bench_the_duel_and_solo(capsys, ruleset):
    data = run_json(capsys, "bench", "--ruleset", ruleset, "--seconds", "0.2")
    assert data["ruleset"] == ruleset and data["steps"] > 0 and data["games"] >= 0


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--ruleset", "duel", "--players", "3"],
        ["simulate", "--ruleset", "solo", "--players", "2"],
        ["simulate", "--ruleset", "duel", "--option", "colour=blue"],
        ["simulate", "--ruleset", "solo", "--option", "colour=red"],
        ["bench", "--ruleset", "duel", "--option", "rounds=4"],
        ["cards", "solo", "extra"],
    ],
)
def test_bad_duel_arguments_give_one_error_line(capsys, args):
    fails(capsys, *args)


def test_replay_names_a_refused_duel_action(capsys, tmp_path):
    data = Record.from_state(play_random_game(new_game("duel", 2), seed=2)).to_json()
    data["actions"][3] = "bribe@9,9"
    line = fails(capsys, "replay", str(write(tmp_path / "r.json", data)))
    assert "action 4" in line and "bribe.target" in line
