"""``python -m saboteur.envs.bench``: bad arguments are refused with a line naming them."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from saboteur.envs.bench import main


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--seconds", "nan"], "'nan' is not a number"),
        (["--seconds", "0"], "0 is not in the range 0.1<=x<=3600"),
        (["--seconds", "soon"], "'soon' is not a valid float"),
        (["--players", "99"], "99 is not in the range 1<=x<=10"),
        (["--players", "2"], "classic is for 3 to 10 players, not 2"),
        (["--ruleset", "duel", "--players", "5"], "duel is for exactly 2 players, not 5"),
        (["--ruleset", "chess"], "'chess' is not one of"),
    ],
)
def test_bad_arguments_are_refused(args: list[str], said: str) -> None:
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 2 and said in done.output, done.output
