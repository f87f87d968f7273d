"""``saboteur tournament`` run in-process, for the tournament tests."""

from __future__ import annotations

from click.testing import CliRunner

from saboteur.bots.commands import tournament


def run(*args: str) -> tuple[int, str]:
    """The exit code and what the command printed: the result on stdout, or what went wrong
    (progress goes to stderr)."""
    result = CliRunner().invoke(tournament, list(args))
    return result.exit_code, result.stdout if result.exit_code == 0 else result.output
