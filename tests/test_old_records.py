"""Records made before the ruleset platform (commit 7a95281) replay bit for bit.

``tests/records/`` holds records that ``saboteur simulate --records`` wrote at that commit (classic
with 3 (online-3), 4 (demo), 5 and 10 players, the Duel, solo in blue), and ``digests.json`` the
SHA-256 of each replay's full state notation and event log as that commit's engine made them.
The Dark Cave's records (``darkcave-*.json``: heuristic bots at 2, 4, 5 and 8 seats; goals turned
over, dwarfs out, attacks, eagle and tunnel gold) were made when it was added, the same way, and so
were Zwergengold's (``zwergengold-*.json``: a game won at 3 seats; "Kein Plan!" won at 5; "Auf zum
Gipfel!" with places at 4, cards covered).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from saboteur.engine import Record

RECORDS = Path(__file__).resolve().parent / "records"
DIGESTS: dict[str, str] = json.loads((RECORDS / "digests.json").read_text(encoding="utf-8"))


def digest(path: Path) -> str:
    state = Record.load(path).replay()  # checks every action and the recorded scores
    events = [event.to_json() for event in state.events]
    notation = state.to_json()
    notation.pop("round_gold", None)  # the gold per round: told by the events, digested below
    blob = json.dumps({"state": notation, "events": events}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def test_every_stored_record_has_its_digest() -> None:
    assert sorted(DIGESTS) == sorted(
        p.name for p in RECORDS.glob("*.json") if p.name != "digests.json"
    )
    assert len(DIGESTS) == 19


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_an_old_record_replays_to_the_same_state_and_events(name: str) -> None:
    assert digest(RECORDS / name) == DIGESTS[name]
