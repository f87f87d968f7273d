"""Replays (saboteur.engine.replays): every step's view of every seat as patches, all revealed,
for every ruleset without a branch on its name; and ``saboteur replay --html``'s page."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saboteur.cli import main
from saboteur.engine import Record, new_game
from saboteur.engine.grid import slot_xy
from saboteur.engine.registry import registered
from saboteur.engine.replays import apply_patch, diff, replay_of, seat_views, watched_view
from saboteur.engine.zwergengold.state import ZwergengoldState
from saboteur.server.replay_page import replay_page
from tests.toy import TOY

RECORDS = Path(__file__).parent / "records"
SMALLEST = [
    "classic-4p-demo.json",
    "duel.json",
    "solo-blue.json",
    "darkcave-4p.json",
    "zwergengold-3p.json",
]


def played(ruleset: str, players: int, seed: int = 1) -> Record:
    state = new_game(ruleset, players).new_state(seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return Record.from_state(state)


def check_replay(record: Record) -> dict[str, Any]:
    """The replay's views, rebuilt from the patches, are the seats' views at every step."""
    data = replay_of(record, [f"P{i}" for i in range(record.players)])
    json.dumps(data)  # JSON as it is
    assert len(data["steps"]) == len(record.actions) + 1
    assert [step["action"] for step in data["steps"][1:]] == record.actions
    state = new_game(record.ruleset, record.players, record.options).new_state(record.seed)
    rebuilt = [seat_views(data, seat) for seat in range(record.players)]
    events = 0
    for k, step in enumerate(data["steps"]):
        if k:
            assert step["seat"] == state.current_player
            state.apply(record.actions[k - 1])
        for seat in range(record.players):
            assert rebuilt[seat][k] == watched_view(state, seat), (k, seat)
            assert rebuilt[seat][k].get("legal", []) == []
        assert [e["kind"] for e in step["events"]] == [e.kind for e in state.events[events:]]
        events = len(state.events)
    assert data["over"] and data["scores"] == state.scores and data["winners"] == state.winners
    return data


@pytest.mark.parametrize("name", SMALLEST)
def test_every_rulesets_records_replay_step_by_step(name: str) -> None:
    check_replay(Record.load(RECORDS / name))


def test_a_plugin_ruleset_replays_too() -> None:
    with registered(TOY):
        check_replay(played("toy", 2))


def test_a_classic_replay_reveals_every_goal_hand_and_role() -> None:
    record = played("classic", 5, seed=4)
    data = check_replay(record)
    for seat in range(5):
        for view in seat_views(data, seat):
            assert all(goal["card"] for goal in view["goals"])  # every goal, face down or not
            hidden = [c for c in view["board"]["cells"] if c["face"] == "down"]
            assert all(cell["card"] for cell in hidden)
            assert view["role"] and "hand" in view
    private = {e["to"] for step in data["steps"] for e in step["events"] if e.get("to") is not None}
    assert private == set(range(5))  # everyone's hand, as they drew it
    # showing the goals changes nothing in the game: its own views hide them as before
    state = new_game("classic", 5).new_state(4)
    assert all(goal["card"] for goal in state.replay_view(0)["goals"])
    assert not any(goal["card"] for goal in state.view(0)["goals"])


def test_a_3_round_classic_replay_is_small() -> None:
    data = replay_of(played("classic", 5, seed=2))
    text = json.dumps(data, separators=(",", ":"))
    whole = sum(len(json.dumps(v)) for seat in range(5) for v in seat_views(data, seat))
    assert len(text) < whole / 3  # patches, not whole views


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab", max_size=2),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text("abc", max_size=2), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(JSON_VALUES, JSON_VALUES)
def test_a_patch_turns_one_value_into_the_other(before: Any, after: Any) -> None:
    patch = diff(before, after)
    if patch is None:
        assert before == after
        return
    frozen = json.dumps(before)
    assert apply_patch(before, patch) == after
    assert json.dumps(before) == frozen  # the value patched is left as it was


def test_replay_html_writes_one_page_that_needs_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = played("classic", 3, seed=5)
    source = record.to_json() | {"names": ["Ann", "Bob", "</script><b>Cat"]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(source), encoding="utf-8")
    out = tmp_path / "replay.html"
    assert main(["replay", str(path), "--html", str(out)]) == 0
    assert f"the replay as a web page: {out}" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert page.count("</script>") == page.count("<script")  # a name cannot close a script
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # nothing from the network
    assert not re.search(r"""(src|href)=["']?/""", page)  # nor from a server
    data = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert data is not None
    replay = json.loads(data.group(1))
    assert (
        replay["names"][2] == "</script><b>Cat" and len(replay["steps"]) == len(record.actions) + 1
    )
    assert main(["replay", str(path), "--html", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["html"] == str(out)


def test_replay_html_into_a_folder_that_is_not_there_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    played("classic", 3).save(path)
    assert main(["replay", str(path), "--html", str(tmp_path / "none" / "r.html")]) != 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("saboteur: error: cannot write")


def test_the_page_carries_the_replay_viewers_modules() -> None:
    page = replay_page(replay_of(played("duel", 2)))
    for module in ("replay-page.js", "replay.js", "game.js", "i18n.js", "duel.js", "messages.json"):
        assert f'"sab/{module}"' in page
    assert '"sab/app.js"' not in page and '"sab/net.js"' not in page  # no connection


def test_a_zwergengold_replay_shows_every_face_down_card() -> None:
    record = Record.load(RECORDS / "zwergengold-3p.json")
    data = check_replay(record)
    state = zwergengold_state(record)
    for k, view in enumerate(seat_views(data, 1)):
        if k:
            state.apply(record.actions[k - 1])
        hidden = {slot_xy(slot) for slot in state.face_down_slots()}
        assert {(x, y) for x, y, _card in view["seen"]} == hidden, k
        assert all(card for _x, _y, card in view["seen"])
        cards = {slot_xy(slot): card for slot, card in state.lab.cards.items()}
        for entry in view["labyrinth"]:
            if entry["face"] == "down":  # drawn with its symbol, whole
                assert entry.get("seen") and entry["card"] == cards[entry["x"], entry["y"]], k
    state = zwergengold_state(record)
    for action in record.actions:
        state.apply(action)
        if len(state.face_down_slots()) > len(state.view(1)["seen"]):
            break
    own = state.view(1)["seen"]
    assert len(state.replay_view(1)["seen"]) == len(state.face_down_slots()) > len(own)
    assert state.view(1)["seen"] == own  # showing them changed nothing in the game
    shown = {(e["x"], e["y"]) for e in state.view(1)["labyrinth"] if e.get("seen")}
    assert shown == {(x, y) for x, y, _card in own}  # the game shows the looks of far sight only
    assert not any(e.get("seen") for e in state.view(None)["labyrinth"])  # spectators: none


def zwergengold_state(record: Record) -> ZwergengoldState:
    state = new_game(record.ruleset, record.players, record.options).new_state(record.seed)
    assert isinstance(state, ZwergengoldState)
    return state
