"""The bots a host may seat, per ruleset, and the bot that plays for an absent player.

>>> sorted(BOT_KINDS["duel"]), away_bot("classic"), away_bot("duel")
(['heuristic', 'random'], 'heuristic', 'heuristic')
>>> bot_seats(["ismcts"], 2, "duel")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
saboteur.server.protocol.ProtocolError: bad-bots: ...cannot seat bot 'ismcts' (known: ...)
"""

from __future__ import annotations

from saboteur.bots.registry import BotSpecError, parse_spec
from saboteur.server.protocol import ProtocolError

# ruleset -> bot name -> the spec it is made with (a searching bot: a small budget).
# A bot kind is offered for a ruleset only once it can play it (add a line to offer one).
BOT_KINDS: dict[str, dict[str, str]] = {
    "classic": {
        "random": "random",
        "heuristic": "heuristic",
        "ismcts": "ismcts:iterations=100:seconds=1",
    },
    "duel": {"random": "random", "heuristic": "heuristic"},  # the Duel's own heuristic
    "solo": {},  # one seat: nobody to seat
}
AWAY_PREFERENCE = ("heuristic", "random")  # the first the ruleset offers plays for the absent


def away_bot(ruleset: str) -> str:
    """The spec of the bot that plays for an absent player of ``ruleset``."""
    kinds = BOT_KINDS.get(ruleset, {})
    return next((kinds[name] for name in AWAY_PREFERENCE if name in kinds), "random")


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
    kinds = BOT_KINDS.get(ruleset, {})
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
        except BotSpecError as err:  # pragma: no cover - BOT_KINDS holds valid specs
            raise ProtocolError("bad-bots", str(err)) from None
        out[seat] = spec
    return out
