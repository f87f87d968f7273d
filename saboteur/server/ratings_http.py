"""The ratings over HTTP: each ruleset's rated players and bots, and one player's history.

They are read when asked (the lobby's ratings tab, a profile), not pushed with the lobby feed.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel

from saboteur.engine.registry import DEFAULT_RULESET
from saboteur.server.store.ratings import counts
from saboteur.server.store.store import Store

router = APIRouter()


class Standing(BaseModel):
    name: str
    rating: int  # the conservative estimate (mu - 3 sigma), scaled: a newcomer has 1000
    games: int  # rated games of the ruleset
    bot: str | None  # the bot spec, for a bot
    registered: bool


class RatingPoint(BaseModel):
    game: int
    at: str | None
    rating: int


class RatingHistory(BaseModel):
    name: str
    bot: str | None
    ruleset: str
    history: list[RatingPoint]  # oldest first


def _store(request: Request) -> Store:
    store: Store = request.app.state.service.store
    return store


def _rated(ruleset: str) -> str:
    if not counts(ruleset):
        raise HTTPException(404, f"no rated ruleset {ruleset!r} (see /api/rulesets)")
    return ruleset


@router.get("/api/ratings", response_model=list[Standing])
async def ratings(
    request: Request,
    ruleset: str = Query(DEFAULT_RULESET, max_length=32),
    limit: int = Query(100, ge=1, le=1000),
) -> list[dict[str, Any]]:
    """The rated players and bots of a ruleset, best first."""
    return await _store(request).rating_standings(_rated(ruleset), limit)


@router.get("/api/ratings/{name}", response_model=RatingHistory)
async def rating_history(
    request: Request,
    name: str,
    ruleset: str = Query(DEFAULT_RULESET, max_length=32),
    limit: int = Query(200, ge=1, le=1000),
) -> dict[str, Any]:
    """A player's (or a bot's) rating after each of their latest rated games, oldest first."""
    if len(name) > 40:
        raise HTTPException(404, "there is no player of that name")
    found = await _store(request).rating_history(name, _rated(ruleset), limit)
    if found is None:
        raise HTTPException(404, f"there is no player {name!r}")
    return found
