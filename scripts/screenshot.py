"""Regenerate docs/img/simulate.svg: real output of `saboteur simulate`, exported by Rich.

Run from anywhere:  .venv/bin/python scripts/screenshot.py
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.console import Console

import saboteur.cli

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "img" / "simulate.svg"
ARGS = ["simulate", "--players", "5", "--games", "20", "--seed", "1"]


def main() -> None:
    recorder = Console(record=True, width=64, force_terminal=True, file=io.StringIO())

    def console(*args: Any, stderr: bool = False, **kwargs: Any) -> Console:
        # The table goes to the recorder; the progress bar (on stderr) is left out of the picture.
        if stderr:
            return Console(*args, stderr=True, quiet=True, **kwargs)
        return recorder

    saboteur.cli.Console = console  # type: ignore[attr-defined,assignment]
    recorder.print(f"[bold green]$[/] saboteur {' '.join(ARGS)}", highlight=False)
    code = saboteur.cli.main(ARGS)
    if code:
        raise SystemExit(code)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    recorder.save_svg(str(TARGET), title="saboteur simulate")
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
