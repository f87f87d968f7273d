"""Games depend only on (ruleset, options, seed, actions): not on hash seeds or the global RNG."""

import json
import os
import random
import subprocess
import sys

import pytest

from saboteur.engine import Record, new_game
from saboteur.play.simulate import play_random_game

SCRIPT = """
import json, sys
from saboteur.engine import Record, new_game
from saboteur.play.simulate import play_random_game
state = play_random_game(new_game(sys.argv[1], int(sys.argv[2])), seed=11)
print(json.dumps([Record.from_state(state).to_json(), state.to_json()]))
"""
TABLES = [("classic", 6), ("duel", 2), ("solo", 1), ("darkcave", 5), ("zwergengold", 4)]
SMALL = [("classic", 4), ("duel", 2), ("solo", 1), ("darkcave", 3), ("zwergengold", 3)]


def _run_with_hash_seed(hash_seed: str, ruleset: str, players: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, ruleset, str(players)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_same_game_under_different_hash_seeds(ruleset, players):
    outputs = {_run_with_hash_seed(seed, ruleset, players) for seed in ("0", "1", "12345")}
    assert len(outputs) == 1
    record, final = json.loads(outputs.pop())
    assert record["seed"] == 11 and final["phase"] == "over"


@pytest.mark.parametrize(("ruleset", "players"), SMALL)
def test_global_random_state_does_not_matter(ruleset, players):
    game = new_game(ruleset, players)
    random.seed(1)
    first = play_random_game(game, seed=3)
    random.seed(999)
    second = play_random_game(game, seed=3)
    assert first.to_json() == second.to_json()
    assert Record.from_state(first).to_json() == Record.from_state(second).to_json()


@pytest.mark.parametrize(("ruleset", "players"), SMALL)
def test_different_seeds_deal_differently(ruleset, players):
    game = new_game(ruleset, players)
    hands = {json.dumps(game.new_state(seed).to_json()["hands"]) for seed in range(5)}
    assert len(hands) == 5
