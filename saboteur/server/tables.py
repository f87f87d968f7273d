"""A table: one game's seats, its engine state, its spectators and what each of them is sent.

The table never decides a rule: it asks the engine.  It builds the per-seat messages
(``view`` plus the new events that seat may see, in data and in words).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from saboteur.bots.base import Bot
from saboteur.engine import Event, Game, State, new_game
from saboteur.engine.messages import named, render
from saboteur.engine.registry import get_ruleset
from saboteur.server.store.store import ACTIVE, FINISHED, OPEN, ChatLine, GameRow

FEED_ON_SYNC = 60  # events sent to a (re)connecting viewer so their feed is not empty


class Table:
    """One game, open (gathering seats) or active (being played)."""

    def __init__(self, row: GameRow, game: Game) -> None:
        self.row = row
        self.game = game
        self.state: State | None = None
        self.pushed = 0  # events already pushed
        self.spectators: set[Any] = set()  # Client objects watching
        self.lock = asyncio.Lock()
        self.clock_task: asyncio.Task[None] | None = None
        self.bots: dict[int, str] = {}  # seat -> bot spec, for the seats bot users hold
        self.bot_players: dict[int, Bot] = {}  # seat -> its bot, made at its first turn
        self.bot_tasks: set[asyncio.Task[None]] = set()
        self.bot_lock = asyncio.Lock()
        self.away: set[int] = set()  # seats of absent players a bot plays for until they return

    @classmethod
    def from_row(cls, row: GameRow) -> Table:
        table = cls(row, new_game(row.ruleset, row.players, row.options))
        if row.status in (ACTIVE, FINISHED) and row.seed is not None:
            state = table.game.new_state(row.seed)
            for text, _actor in row.actions:
                state.apply(text)
            table.state = state
            table.pushed = len(state.events)
        return table

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def announced(self) -> tuple[str, ...]:
        """The event kinds the game's chat tells (and stores): its ruleset's results."""
        return get_ruleset(self.game.ruleset).announced

    @property
    def is_open(self) -> bool:
        return self.row.status == OPEN

    @property
    def seq(self) -> int:
        """How many actions the game has (the next action's sequence number)."""
        return len(self.state.history) if self.state is not None else 0

    def seat_of(self, user_id: int) -> int | None:
        for seat, occupant in self.row.seats.items():
            if occupant == user_id:
                return seat
        return None

    def bot_plays(self, seat: int | None) -> bool:
        """Whether a bot moves for ``seat``: a bot seat, or an absent player's."""
        return seat is not None and (seat in self.bots or seat in self.away)

    def free_seat(self) -> int | None:
        for seat in range(self.row.players):
            if seat not in self.row.seats:
                return seat
        return None

    def summary(self, names: dict[int, str]) -> dict[str, Any]:
        """The game as the lobby lists it (public)."""
        row = self.row
        out: dict[str, Any] = {
            "id": row.id,
            "ruleset": row.ruleset,
            "players": row.players,
            "options": row.options,
            "status": row.status,
            "host": names.get(row.host_id),
            "seats": [
                names.get(row.seats[s]) if s in row.seats else None for s in range(row.players)
            ],
            "clock": row.clock_seconds,
            "bots": [
                self.bots[s].partition(":")[0] if s in self.bots else None
                for s in range(row.players)
            ],
            "away": sorted(self.away),
            "created_at": row.created_at,
            "started_at": row.started_at,
        }
        if self.state is not None:
            out["round"] = self.state.round
            out["current"] = self.state.current_player
        return out

    def seat_names(self, names: dict[int, str]) -> list[str]:
        return [names.get(self.row.seats.get(s, -1), f"seat {s}") for s in range(self.row.players)]

    def event_json(
        self, event: Event, names: list[str], made: dict[int, dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """An event as a viewer gets it: its data, its English ``text`` and its ``message``
        (``made``: the events already made for other viewers of the same change, by id)."""
        if made is not None and id(event) in made:
            return made[id(event)]
        message = self.game.message(event)
        out = {
            **event.to_json(),
            "text": render(message, "en", names),
            "message": message.to_json(),
        }
        if made is not None:
            made[id(event)] = out
        return out

    def history(self, lines: list[ChatLine], users: dict[int, str]) -> list[dict[str, Any]]:
        """Stored chat ``lines`` as a ``chat_history`` sends them (``users``: user id -> name)."""
        return self.with_messages([line.to_json() for line in lines], self.seat_names(users))

    def with_messages(self, lines: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
        """Stored chat ``lines`` of this table with the server's result lines given their message
        again (the store keeps only the English text): the lines a round's or the game's end
        said, found by their text."""
        told: dict[str, dict[str, Any]] = {}
        for event in self.state.events if self.state is not None else []:
            if event.kind in self.announced:
                said = named(self.game.message(event), names)
                told[render(said)] = said.to_json()
        return [
            {**line, "message": told[line["text"]]}
            if line.get("from") is None and line.get("text") in told
            else line
            for line in lines
        ]

    def game_message(
        self,
        seat: int | None,
        names: list[str],
        events: list[Event],
        summary: dict[str, Any],
        made: dict[int, dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """What one viewer is sent after a change: their view and their new events (``made``:
        events already made for the change's other viewers, shared rather than made again)."""
        assert self.state is not None
        visible = [self.event_json(e, names, made) for e in events if e.visible_to(seat)]
        return {
            "type": "game",
            "game": self.id,
            "seat": seat,
            "seq": self.seq,
            "names": names,
            "summary": summary,
            "view": self.state.view(seat),
            "events": visible,
        }

    def recent_events(self, seat: int | None) -> list[Event]:
        assert self.state is not None
        visible = [e for e in self.state.events if e.visible_to(seat)]
        return visible[-FEED_ON_SYNC:]


def seated_at(tables: Iterable[Table], user_id: int | None) -> list[Table]:
    """The tables among ``tables`` where ``user_id`` holds a seat (each seat is looked up in C:
    a crowd's hellos each look at every table)."""
    return [table for table in tables if user_id in table.row.seats.values()]
