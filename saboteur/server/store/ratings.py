"""Skill ratings per ruleset: OpenSkill's Plackett-Luce model over each finished game's ranking
by gold (see docs/adr/0004-ratings-with-openskill.md for why, and how hidden teams are rated).

Registered players and bots are rated; a guest takes part in a game's ranking with a new
player's rating that is not kept. The rating shown is the conservative estimate
``mu - 3 sigma``, scaled so that a newcomer starts at 1000.

>>> shown(25.0, 25.0 / 3)
1000
>>> ranks([3, 7, 3, 0])  # gold per seat: the most gold is first, equal gold shares a place
[2, 1, 2, 4]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from openskill.models import PlackettLuce
from sqlalchemy import and_, insert, select, update
from sqlalchemy.engine import Connection

from saboteur.engine.registry import RULESETS
from saboteur.server.store.schema import games, rating_history, ratings, users

HistoryRow = tuple[int, datetime | None, int]

MODEL = PlackettLuce()  # mu 25, sigma 25/3: OpenSkill's defaults
SCALE, NEWCOMER = 20.0, 1000  # shown = NEWCOMER + SCALE * (mu - 3 sigma)


def shown(mu: float, sigma: float) -> int:
    """The rating as players see it: the conservative estimate, scaled."""
    return round(NEWCOMER + SCALE * (mu - 3 * sigma))


def ranks(gold: Sequence[int]) -> list[int]:
    """Each seat's place by gold (1 = most; equal gold, equal place)."""
    return [1 + sum(other > mine for other in gold) for mine in gold]


def counts(ruleset: str) -> bool:
    """Whether games of ``ruleset`` are rated: those whose results make the high scores."""
    rules = RULESETS.get(ruleset)
    return rules is not None and rules.high_scores


def rate_game(
    conn: Connection, game_id: int, ruleset: str, seats: Sequence[tuple[int, int]]
) -> None:
    """Rate a finished game inside the transaction that stores its results: ``seats`` holds
    (user id, gold) per seat. Only registered players and bots keep what they get."""
    if not counts(ruleset):
        return
    ids = [user for user, _gold in seats]
    kept = users.c.password_hash.is_not(None) | users.c.bot.is_not(None)
    rated = {row.id for row in conn.execute(select(users.c.id).where(users.c.id.in_(ids), kept))}
    if not rated:
        return
    mine = and_(ratings.c.ruleset == ruleset, ratings.c.user_id.in_(rated))
    query = select(ratings.c.user_id, ratings.c.mu, ratings.c.sigma, ratings.c.games).where(mine)
    before = {row.user_id: row for row in conn.execute(query.with_for_update())}
    teams = [
        [MODEL.rating(mu=before[u].mu, sigma=before[u].sigma) if u in before else MODEL.rating()]
        for u in ids
    ]
    places = [float(place) for place in ranks([gold for _user, gold in seats])]
    after = MODEL.rate(teams, ranks=places)
    now = datetime.now(UTC)
    for user, [rating] in zip(ids, after, strict=True):
        if user not in rated:
            continue
        values = {"mu": rating.mu, "sigma": rating.sigma, "updated_at": now}
        if user in before:
            key = and_(ratings.c.user_id == user, ratings.c.ruleset == ruleset)
            conn.execute(update(ratings).where(key).values(games=before[user].games + 1, **values))
        else:
            conn.execute(insert(ratings).values(user_id=user, ruleset=ruleset, games=1, **values))
        history = {"game_id": game_id, "user_id": user, "mu": rating.mu, "sigma": rating.sigma}
        conn.execute(insert(rating_history).values(**history))


@dataclass(frozen=True)
class Standing:
    """One rated player (or bot) of a ruleset."""

    name: str
    rating: int
    games: int
    bot: str | None  # the bot spec, for a bot
    registered: bool

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "rating": self.rating,
            "games": self.games,
            "bot": self.bot,
            "registered": self.registered,
        }


def standings(conn: Connection, ruleset: str, limit: int) -> list[Standing]:
    """The rated of ``ruleset``, best first (by the rating shown)."""
    conservative = ratings.c.mu - 3 * ratings.c.sigma
    query = (
        select(users.c.name, users.c.bot, users.c.password_hash.is_not(None).label("registered"))
        .add_columns(ratings.c.mu, ratings.c.sigma, ratings.c.games)
        .join(users, users.c.id == ratings.c.user_id)
        .where(ratings.c.ruleset == ruleset)
        .order_by(conservative.desc(), users.c.name)
        .limit(limit)
    )
    return [
        Standing(r.name, shown(r.mu, r.sigma), r.games, r.bot, bool(r.registered))
        for r in conn.execute(query)
    ]


def history(conn: Connection, user_id: int, ruleset: str, limit: int) -> list[HistoryRow]:
    """``user_id``'s rating after each of their latest rated games of ``ruleset``, oldest
    first: (game id, finished at, rating shown)."""
    query = (
        select(rating_history.c.game_id, rating_history.c.mu, rating_history.c.sigma)
        .add_columns(games.c.finished_at)
        .join(games, games.c.id == rating_history.c.game_id)
        .where(and_(rating_history.c.user_id == user_id, games.c.ruleset == ruleset))
        .order_by(rating_history.c.game_id.desc())
        .limit(limit)
    )
    rows = list(conn.execute(query))
    return [(r.game_id, r.finished_at, shown(r.mu, r.sigma)) for r in reversed(rows)]
