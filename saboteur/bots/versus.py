"""One bot before and after a change, over the same deals: two runs of a tournament, paired by deal.

A tournament of ``k`` bots plays deal ``seed + g // k`` in its game ``g``, the seats rotating, and
the engine deals each round's roles and cards from the deal's seed alone, so two runs of the same
tournament — the ladder played with a bot as it was, and again after the bot changed — meet the
same cards, roles and seats, deal for deal.  For one bot name, per role: its win rate now minus
then, with a 95% bootstrap interval over the deals both runs finished
(:func:`~saboteur.bots.tournament.paired_difference`).  The earlier run is a journal
(``tournament --out``) or a folder of the retired ladder script's chunk files (one deal each)::

    saboteur journal docs/ladder/ismcts-1s-heuristic-4p.jsonl \\
        --before docs/ladder/ismcts-1s-heuristic-4p

>>> now = {7: {"digger": (3, 4)}, 8: {"digger": (2, 4)}}
>>> then = {7: {"digger": (1, 4)}, 8: {"digger": (2, 4)}, 9: {"digger": (0, 4)}}
>>> compare(now, then, ["digger"])["deals"]
2
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from saboteur.bots.pool import Played
from saboteur.bots.tournament import deal_tallies, paired_difference
from saboteur.engine.registry import DEFAULT_RULESET, get_ruleset

Deals = dict[int, dict[str, tuple[int, int]]]  # deal seed -> role -> (wins, rounds) of one bot


class VersusError(ValueError):
    """Two runs that cannot be compared; the message says why."""


def journal_deals(header: Mapping[str, Any], played: Mapping[int, Played], bot: str) -> Deals:
    """``bot``'s wins and rounds per role in each deal of a journal whose games are all in."""
    names = [str(name) for name in header["bots"]]
    if bot not in names:
        raise VersusError(f"no bot {bot!r} in the journal (its bots: {', '.join(names)})")
    seed = int(header["seed"])
    return {
        seed + deal: {role: tally for (name, role), tally in counts.items() if name == bot}
        for deal, counts in deal_tallies(played, len(names)).items()
    }


def chunk_deals(folder: Path, bot: str) -> tuple[dict[str, Any], Deals]:
    """The setting (``ruleset``, ``players``) and ``bot``'s tallies per deal of a folder of chunk
    files (``chunk-NNNN.json``: the command, its ``seed`` and the tournament's JSON result)."""
    deals: Deals = {}
    setting: dict[str, Any] | None = None
    paths = sorted(folder.glob("chunk-*.json"))
    if not paths:
        raise VersusError(f"{folder} holds no chunk files (chunk-NNNN.json)")
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            seed = int(data["seed"])
            chunk_setting = _setting_of(str(data["command"]))
            bots = data["result"]["bots"]
            if bot not in bots:
                raise VersusError(f"{path}: no bot {bot!r} (its bots: {', '.join(bots)})")
            tallies = {
                role: (int(tally["wins"]), int(tally["rounds"]))
                for role, tally in bots[bot].items()
            }
        except (OSError, ValueError, KeyError, IndexError, TypeError, AttributeError) as err:
            if isinstance(err, VersusError):
                raise
            raise VersusError(f"{path} is not a chunk file ({err})") from None
        if setting is not None and chunk_setting != setting:
            raise VersusError(f"{path} plays {chunk_setting}, the chunks before it {setting}")
        setting = chunk_setting
        deals[seed] = tallies
    assert setting is not None
    return setting, deals


def _setting_of(command: str) -> dict[str, Any]:
    """The ruleset and players of a ``saboteur tournament`` command line (defaults: the default
    ruleset, its default number of players)."""
    words = shlex.split(command)
    ruleset = words[words.index("--ruleset") + 1] if "--ruleset" in words else DEFAULT_RULESET
    if "--players" in words:
        return {"ruleset": ruleset, "players": int(words[words.index("--players") + 1])}
    return {"ruleset": ruleset, "players": get_ruleset(ruleset).players.default}


def compare(now: Deals, then: Deals, roles: Sequence[str]) -> dict[str, Any]:
    """Per role, the bot's win rate in ``now`` minus ``then`` with its 95% bootstrap interval,
    over the deals both hold; ``deals``: how many.  A deal where the bot played a role a different
    number of times in the two runs is not the same deal (:class:`VersusError`)."""
    shared = sorted(set(now) & set(then))
    if not shared:
        raise VersusError("no deal is finished in both runs")
    blocks: dict[str, list[tuple[int, int, int, int]]] = {role: [] for role in roles}
    for deal in shared:
        for role in roles:
            won_now, rounds_now = now[deal].get(role, (0, 0))
            won_then, rounds_then = then[deal].get(role, (0, 0))
            if rounds_now != rounds_then:
                raise VersusError(
                    f"deal {deal}: the bot played {rounds_now} {role} rounds now, {rounds_then} "
                    "then: not the same deals (another ruleset, players or seating?)"
                )
            blocks[role].append((won_now, rounds_now, won_then, rounds_then))
    out: dict[str, Any] = {"deals": len(shared)}
    for role in roles:
        out[role] = list(paired_difference(blocks[role]))
    return out
