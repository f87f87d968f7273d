"""The bots a host may seat, per ruleset, and the bot that plays for an absent player.

>>> sorted(bot_kinds("duel")), away_bot("classic"), away_bot("duel")
(['heuristic', 'random'], 'heuristic', 'heuristic')
>>> bot_seats(["ismcts"], 2, "duel")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saboteur.server.protocol.ProtocolError: bad-bots: ...cannot seat bot 'ismcts' (known: ...)
"""

from __future__ import annotations

from saboteur.bots.registry import BotSpecError, parse_spec
from saboteur.engine.registry import get_ruleset
from saboteur.server.protocol import ProtocolError


def bot_kinds(ruleset: str) -> dict[str, str]:
    """Bot name -> the spec a host's bot seat of ``ruleset`` is made with (its descriptor's
    ``bots`` with an online budget)."""
    return get_ruleset(ruleset).online_bots()


def away_bot(ruleset: str) -> str:
    """The spec of the bot that plays for an absent player of ``ruleset``."""
    return get_ruleset(ruleset).away_bot


def bot_seats(bots: list[str | None] | None, players: int, ruleset: str) -> dict[int, str]:
    """Seat -> bot spec from a ``new_game``'s ``bots`` (one entry per seat 1..players-1)."""
    if bots is None:
        return {}
    if players == 1 and bots:
        raise ProtocolError("bad-bots", f"bots: {ruleset} has one seat, yours: send no bots")
    if len(bots) != players - 1:
        raise ProtocolError(
            "bad-bots", f"bots: one entry per seat 1 to {players - 1}, not {len(bots)} entries"
        )
    kinds = bot_kinds(ruleset)
    out: dict[int, str] = {}
    for seat, name in enumerate(bots, start=1):
        if name is None:
            continue
        spec = kinds.get(name)
        if spec is None:
            known = ", ".join(sorted(kinds)) or "none"
            raise ProtocolError(
                "bad-bots", f"bots: {ruleset} cannot seat bot {name!r} (known: {known})"
            )
        try:
            parse_spec(spec)
        except BotSpecError as err:  # pragma: no cover - descriptors hold valid specs
            raise ProtocolError("bad-bots", str(err)) from None
        out[seat] = spec
    return out
