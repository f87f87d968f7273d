"""The compiled core (mypyc, ``scripts/build_compiled.py``) behaves as the pure Python one.

Every stored record (tests/records) is replayed in this process and in a child process with
``SABOTEUR_PURE=1``; after every action both compare every seat's view, the spectator's view,
the legal actions and the new events.  ISMCTS searches on fixed positions must choose alike and
leave the same statistics.  Without a compiled build these tests skip, saying so.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from saboteur import native

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"


def replay_trace(path: Path) -> list[Any]:
    """A record replayed step by step: views, legal actions and events after every action."""
    from saboteur.engine import Record

    record = Record.load(path)
    state = record.replay(check_scores=False)  # checks the record; then step through again
    game = state.game
    state = game.new_state(record.seed)
    seats: list[int | None] = [None, *range(game.players)]
    trace: list[Any] = []
    seen = 0
    for text in [None, *record.actions]:
        if text is not None:
            state.apply(text)
        events = [event.to_json() for event in state.events[seen:]]
        seen = len(state.events)
        legal = [action.text for action in state.legal_actions()]
        trace.append({"events": events, "legal": legal, "views": [state.view(s) for s in seats]})
    trace.append(state.to_json())
    return trace


def search_trace() -> list[Any]:
    """ISMCTS (cut-off and full playouts) choosing in a few classic positions, with its tree."""
    from saboteur.bots import choose, make_bot
    from saboteur.bots.ismcts import IsmctsBot
    from saboteur.engine import new_game

    out: list[Any] = []
    for players, seed, moves in ((4, 1, 0), (4, 2, 9), (6, 3, 14)):
        game = new_game("classic", players)
        state = game.new_state(seed)
        bots = [make_bot("heuristic", game, seat, seed=seat) for seat in range(players)]
        for _ in range(moves):
            seat = state.current_player
            assert seat is not None
            state.apply(choose(bots[seat], state))
        for spec in (
            "ismcts:iterations=48",
            "ismcts-full:iterations=24",
            "ismcts-faithful:iterations=24",
        ):
            seat = state.current_player
            assert seat is not None
            bot = make_bot(spec, game, seat, seed=seed)
            assert isinstance(bot, IsmctsBot)
            action = choose(bot, state)
            root, _ = bot.search(state.view(seat), [action, *state.legal_actions()[:2]])
            stats = sorted((str(a), n.visits, round(n.wins, 9)) for a, n in root.children.items())
            out.append({"spec": spec, "action": action.text, "iterations": bot.iterations})
            out.append(stats)
    return out


def digests(steps: list[Any]) -> list[str]:
    """One SHA-256 per step (views, legal actions, events) of a trace."""
    return [hashlib.sha256(json.dumps(step, sort_keys=True).encode()).hexdigest() for step in steps]


def all_traces() -> dict[str, Any]:
    """Every record's and the searches' step digests, and which modules ran compiled."""
    traces: dict[str, Any] = {"compiled": native.compiled_modules()}
    for path in sorted(RECORDS.glob("*.json")):
        if path.name != "digests.json":
            traces[path.name] = digests(replay_trace(path))
    traces["search"] = digests(search_trace())
    return traces


def start_pure_traces() -> subprocess.Popen[str]:
    """:func:`all_traces` in pure Python, in a child process (it runs beside this one)."""
    env = {**os.environ, native.PURE_VARIABLE: "1"}
    code = "import json, tests.test_native as t; print(json.dumps(t.all_traces()))"
    return subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )


needs_build = pytest.mark.skipif(
    not native.compiled_modules(),
    reason="no compiled build (python scripts/build_compiled.py) or SABOTEUR_PURE is set",
)


@needs_build
def test_compiled_and_pure_python_play_every_record_alike() -> None:
    child = start_pure_traces()
    compiled = all_traces()
    out, _ = child.communicate()
    assert child.returncode == 0
    pure = json.loads(out)
    assert compiled.pop("compiled") == list(native.HOT_MODULES)
    assert pure.pop("compiled") == []
    assert sorted(compiled) == sorted(pure)
    assert len(compiled) == 20  # 19 records and the searches
    for name in compiled:
        steps, pure_steps = compiled[name], pure[name]
        assert len(steps) == len(pure_steps), name
        for number, (step, pure_step) in enumerate(zip(steps, pure_steps, strict=True)):
            assert step == pure_step, f"{name}: differs after action {number}"


def test_the_pure_switch() -> None:
    """SABOTEUR_PURE=1 loads every hot module from its source."""
    env = {**os.environ, native.PURE_VARIABLE: "1"}
    code = "import saboteur.native as n; print(n.compiled_modules())"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_a_build_older_than_its_sources_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manifest = tmp_path / "_native.json"
    monkeypatch.setattr(native, "MANIFEST", manifest)
    assert native.stale_modules() == list(native.HOT_MODULES)  # no manifest: nothing is current
    native.write_manifest()
    assert native.stale_modules() == []
    built = json.loads(manifest.read_text(encoding="utf-8"))
    built["modules"]["saboteur.engine.maze"] = "0" * 64  # maze.py edited since
    manifest.write_text(json.dumps(built), encoding="utf-8")
    assert native.stale_modules() == ["saboteur.engine.maze"]
    switched: list[bool] = []
    monkeypatch.setattr(native, "has_build", lambda: True)
    monkeypatch.setattr(native, "use_pure_python", lambda: switched.append(True))
    monkeypatch.delenv(native.PURE_VARIABLE, raising=False)
    with pytest.warns(RuntimeWarning, match="older than their sources"):
        native.choose()
    assert switched == [True]


@needs_build
def test_the_compiled_modules_doctests_pass_in_pure_python() -> None:
    """pytest skips the compiled modules' sources (conftest.py); their doctests run here."""
    env = {**os.environ, native.PURE_VARIABLE: "1"}
    files = [str(native.source_of(module)) for module in native.HOT_MODULES]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", *files],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) >= 7, done.stdout  # the modules with examples
