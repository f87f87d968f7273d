"""A fingerprint of the rules of every ruleset, from random games.

For each ruleset, ``--games`` games of random legal play (the player counts in turn through the
ruleset's range; deal seeds and moves from one ``random.Random(7)``); the SHA-256 of every legal
action list, every event (kind, seat, data, who sees it) and every final state's full notation is
printed (its first 16 hex digits) with the number of moves. A change meant to leave the rules alone
must leave every fingerprint as it was, compiled or pure (``SABOTEUR_PURE=1``); docs/rules.md
records them.

    .venv/bin/python scripts/rule_hash.py [--games 100] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

from saboteur.engine import new_game
from saboteur.engine.registry import RULESETS, get_ruleset


def fingerprint(ruleset: str, games: int) -> tuple[int, str]:
    """Moves played and the fingerprint of ``games`` random games of ``ruleset``."""
    digest, moves = hashlib.sha256(), 0
    seats = get_ruleset(ruleset).players
    counts = list(range(seats.low, seats.high + 1))
    rng = random.Random(7)
    for number in range(games):
        state = new_game(ruleset, counts[number % len(counts)]).new_state(rng.randrange(10**9))
        while not state.is_over:
            legal = state.legal_actions()
            digest.update("|".join(action.text for action in legal).encode())
            seen = len(state.events)
            state.apply(rng.choice(legal))
            moves += 1
            for event in state.events[seen:]:
                digest.update(repr((event.kind, event.seat, event.data, event.to)).encode())
        digest.update(repr(state.to_json()).encode())
    return moves, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per ruleset (default 100)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games: at least 1, not {args.games}")
    found = {name: fingerprint(name, args.games) for name in RULESETS}
    if args.json:
        print(json.dumps({n: {"moves": m, "fingerprint": f} for n, (m, f) in found.items()}))
        return
    for name, (moves, digest) in found.items():
        print(f"{name}: {args.games} games, {moves} moves, fingerprint {digest}")


if __name__ == "__main__":
    main()
