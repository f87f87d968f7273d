"""Playing a game: actions checked by the engine, stored, then pushed as each viewer's view.

Data flows one way: a validated message → the engine checks and applies it on a copy → the
action is appended to the store → it is published to the other nodes, and Redis has taken it →
only then is anyone told (the player's new view is the acknowledgement).  So an acknowledged
action reaches every node even if this one dies the moment after (see docs/architecture.md).
"""

from __future__ import annotations

from typing import Any

from saboteur.engine import IllegalAction, NotationError
from saboteur.engine.messages import named, render
from saboteur.server import protocol as P
from saboteur.server.hub import Client, encode
from saboteur.server.ports import Games, Lists, Owner, Shared, Talk
from saboteur.server.protocol import ProtocolError
from saboteur.server.store.store import SeqConflict, User
from saboteur.server.tables import Table
from saboteur.server.timers import Timers


class Behind(Exception):
    """A player knows of a later action than this node's copy of the game has."""


class Play:
    """The moves of the ``games``' running tables; it owns their ``timers`` (the clock and the
    bots move through :meth:`play`, as players do)."""

    def __init__(
        self, shared: Shared, games: Games, lobby: Lists, chat: Talk, owner: Owner, bot_delay: float
    ) -> None:
        self.store, self.bus, self.hub = shared.store, shared.bus, shared.hub
        self.names, self.games, self.tables = shared.names, games, games.tables
        self.lobby, self.chat = lobby, chat
        self.timers = Timers(owner, self, bot_delay)

    async def act(self, user: User, message: P.Act) -> None:
        table = await self.games.find(message.game)
        seat = table.seat_of(user.id)
        if seat is None:
            raise ProtocolError("not-seated", f"you hold no seat in game {table.id}")
        await self.play(table, seat, message.action, "player", message.seq)

    async def play(
        self, table: Table, seat: int, text: str, actor: str, expected_seq: int | None = None
    ) -> None:
        """Check an action with the engine, store it, then tell everyone (on every node)."""
        for _attempt in range(3):
            try:
                await self._play_once(table, seat, text, actor, expected_seq)
                return
            except (SeqConflict, Behind):  # another node moved first: catch up, judge again
                await self.games.refresh(table.id)
        raise ProtocolError("conflict", "the game moved on meanwhile: resync")

    async def _play_once(
        self, table: Table, seat: int, text: str, actor: str, expected_seq: int | None
    ) -> None:
        async with table.lock:
            if self.tables.get(table.id) is not table:
                raise ProtocolError("no-such-game", f"game {table.id} is over")
            state = table.state
            if state is None:
                raise ProtocolError("not-started", f"game {table.id} has not started yet")
            if state.is_over:
                raise IllegalAction("game.over", "the game is over")
            if expected_seq is not None and expected_seq > table.seq and self.bus.clustered:
                raise Behind  # the player saw an action this node missed: read the store
            if expected_seq is not None and expected_seq != table.seq:
                raise ProtocolError(
                    "stale", f"the game is at action {table.seq}, not {expected_seq}: resync"
                )
            if state.current_player != seat:
                raise IllegalAction(
                    "turn", f"it is seat {state.current_player}'s turn, not seat {seat}'s"
                )
            try:
                action = table.game.parse_action(text)
            except NotationError as err:
                raise ProtocolError("bad-action", str(err)) from None
            trial = None  # a listed legal action is applied in place once stored (no copy)
            if action not in state.legal_actions():  # the engine judges (and names the rule)
                trial = state.clone()
                trial.apply(action, player=seat)
            seq = table.seq
            await self.store.append_action(table.id, seq, text, actor)  # SeqConflict: retried
            await self.bus.publish_sent(
                {"kind": "action", "game": table.id, "seq": seq, "action": text, "seat": seat}
            )
            if trial is None:
                state.apply(action, player=seat)
            else:
                table.state = trial
            await self.after_change(table)

    async def after_change(self, table: Table, origin: bool = True) -> None:
        """Push views and new events to this node's viewers, announce results in the game's chat
        (stored by the ``origin`` node, the one that appended), finish the game if over. Whose
        turn it is goes with the views (the client signals it), not into the chat."""
        state = table.state
        assert state is not None
        new_events = state.events[table.pushed :]
        table.pushed = len(state.events)
        names = table.seat_names(self.names)
        local = {s: u for s, u in table.row.seats.items() if self.hub.online(u)}  # on this node
        summary = table.summary(self.names) if local or table.spectators else {}
        made: dict[int, dict[str, Any]] = {}  # each event worded once for all viewers
        for seat, user_id in local.items():  # views are made only for viewers connected here
            message = table.game_message(seat, names, new_events, summary, made)
            self.hub.to_user(user_id, encode(message))
        if table.spectators:
            public = encode(table.game_message(None, names, new_events, summary, made))
            for client in table.spectators:
                client.push(public)
        for event in new_events:
            if event.kind in table.announced:
                said = named(table.game.message(event), names)
                await self.chat.announce(table, render(said), store=origin, said=said)
        if state.is_over:
            await self.finish(table)
            return
        self.timers.arm_clock(table)
        self.timers.arm_bot(table)

    async def finish(self, table: Table) -> None:
        """The game is over: its results are stored (once, by the first node) and shown."""
        state = table.state
        assert state is not None
        self.timers.stop(table)  # a bot's move may end it: that one is not cancelled
        scores, winners = state.scores, set(state.winners)
        rows = [(s, table.row.seats[s], scores[s], s in winners) for s in range(table.row.players)]
        self.tables.pop(table.id, None)
        self.lobby.broadcast_lists(table.id)
        if await self.store.finish_game(table.id, rows):  # once, by whichever node is first
            self.bus.publish({"kind": "highscores"})
            self.lobby.highscores_changed()

    async def sync_client(self, client: Client, table: Table) -> None:
        """Send a (re)connecting viewer the current view, with a recent event feed."""
        if table.state is None or client.user is None:
            return
        seat = table.seat_of(client.user.id)
        names = table.seat_names(self.names)
        events = table.recent_events(seat)
        message = table.game_message(seat, names, events, table.summary(self.names))
        client.push({**message, "sync": True})  # its events are a recent feed, not new ones
        await self.chat.send_game_chat(client, table)
