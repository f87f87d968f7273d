"""The search's choices at fixed positions, as one fingerprint.

A change meant to alter only the speed of the search must leave the fingerprint as it was: the
``ismcts`` bot decides once at each first-round position of ``scripts/bench_ismcts.py`` (20 deals
at 4 and at 7 players), with 60 and with 200 iterations, seeded by its seat; the SHA-256 of the
choices, joined by ``|``, is printed (its first 16 hex digits) with their number. docs/bots.md
records the fingerprint of each default.

    .venv/bin/python scripts/check_choices.py [--spec ismcts] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ismcts import positions

from saboteur.bots import make_bot


def fingerprint(spec: str) -> tuple[int, str]:
    """How many decisions, and the fingerprint of what ``spec`` chose at them."""
    choices = []
    for players in (4, 7):
        states = positions(players, 20)
        for iterations in (60, 200):
            for state in states:
                seat = state.current_player
                assert seat is not None
                bot = make_bot(f"{spec}:iterations={iterations}", state.game, seat, seed=seat)
                choices.append(str(bot.choose(state.view(seat), state.legal_actions())))
    digest = hashlib.sha256("|".join(choices).encode()).hexdigest()[:16]
    return len(choices), digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="ismcts", help="the bot, without its iterations")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    count, digest = fingerprint(args.spec)
    if args.json:
        print(json.dumps({"spec": args.spec, "decisions": count, "fingerprint": digest}))
    else:
        print(f"{args.spec}: {count} decisions, fingerprint {digest}")


if __name__ == "__main__":
    main()
