"""``python -m saboteur.envs.bench``: bad arguments are refused with one line naming them."""

from __future__ import annotations

import pytest

from saboteur.envs.bench import main


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--seconds", "nan"], "--seconds: nan is not from 0.1 to 3600"),
        (["--seconds", "0"], "--seconds: 0 is not from 0.1 to 3600"),
        (["--seconds", "soon"], "--seconds: 'soon' is not a number"),
        (["--players", "99"], "--players: classic seats 3 to 10, not 99"),
        (["--ruleset", "duel", "--players", "5"], "--players: duel seats 2 to 2, not 5"),
    ],
)
def test_bad_arguments_are_refused(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2 and said in capsys.readouterr().err
