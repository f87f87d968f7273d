"""`saboteur server` options that reach the app: the bots' pause before a move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner

import saboteur.server.app as app_module
from saboteur.cli import cli
from saboteur.server.settings import BOT_DELAY


@pytest.mark.parametrize(("given", "expected"), [((), BOT_DELAY), (("--bot-delay", "0"), 0.0)])
def test_the_bot_delay_reaches_the_app(
    given: tuple[str, ...], expected: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: dict[str, Any] = {}

    def create_app(url: str, **options: Any) -> str:
        made.update(options)
        return "app"

    monkeypatch.setattr(app_module, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: made.setdefault("ran", app))
    result = CliRunner().invoke(cli, ["server", "--data-dir", str(tmp_path), *given])
    assert result.exit_code == 0, result.output
    assert made["ran"] == "app" and made["bot_delay"] == expected


@pytest.mark.parametrize("value", ["-1", "61", "soon", "nan"])
def test_a_bad_bot_delay_is_refused(value: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["server", "--data-dir", str(tmp_path), "--bot-delay", value])
    assert result.exit_code == 2 and "'--bot-delay'" in result.output, result.output
