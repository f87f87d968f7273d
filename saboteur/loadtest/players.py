"""What the clients do: groups that open, fill, start and play tables, and a chatting lobby.

Each seat plays a random legal action (from its view's ``legal`` list) when its view says it is
its turn, after ``think`` seconds, and times the action from sending it to receiving the view
whose ``seq`` moved past it. Every wait is bounded; the run cancels everything at its deadline.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from saboteur.engine.registry import DEFAULT_RULESET
from saboteur.loadtest.connection import Connection, ConnectionLost, Message, Refused
from saboteur.loadtest.metrics import Metrics
from saboteur.loadtest.options import Options

MAX_SETUP_FAILURES = 3  # tables in a row a group fails to open before it gives up
MAX_RESYNCS = 3  # refused actions a seat recovers from (by resyncing) in one game
RETRY_PAUSE = 1.0  # seconds to wait after a refusal before trying again


class Abandoned(Exception):
    """A game cannot go on (its error is already counted)."""


@dataclass
class Context:
    """What every client of one run shares."""

    options: Options
    metrics: Metrics


@dataclass
class ChatClock:
    """When a group's host last chatted at its table (kept from one game to the next)."""

    last: float

    def due(self, every: float) -> bool:
        """True (and the clock reset) if ``every`` seconds have passed; never if 0."""
        now = time.monotonic()
        if not every or now - self.last < every:
            return False
        self.last = now
        return True


@dataclass
class Pending:
    """An action sent and not yet seen applied."""

    ident: int
    seq: int
    message: Message
    sent: float  # time.perf_counter()


async def play_group(
    number: int, members: Sequence[Connection], rngs: Sequence[random.Random], ctx: Context
) -> None:
    """Group ``number`` plays one table after another (its first client hosts) until cancelled
    or stopped by failures; it counts its finished games in ``metrics.finished_by_group``."""
    failures = 0
    clock = ChatClock(time.monotonic())
    while failures < MAX_SETUP_FAILURES:
        try:
            game, start = await open_table(members, ctx)
        except Refused:  # the error is counted under its code
            failures += 1
            await asyncio.sleep(RETRY_PAUSE)
            continue
        except TimeoutError:
            failures += 1
            ctx.metrics.error("timeout")
            continue
        except ConnectionLost:
            return  # counted by its reader: this group cannot play on
        ctx.metrics.game_started(number)
        seats = [
            asyncio.create_task(
                play_seat(member, game, rng, ctx, *((start, clock) if i == 0 else (None, None)))
            )
            for i, (member, rng) in enumerate(zip(members, rngs, strict=True))
        ]
        try:
            await asyncio.wait(seats, return_when=asyncio.FIRST_EXCEPTION)
        finally:
            for task in seats:
                task.cancel()
            await asyncio.wait(seats)
        problems = [task.exception() for task in seats if not task.cancelled()]
        if any(isinstance(problem, ConnectionLost) for problem in problems):
            return  # a member is gone: this group cannot play on
        if any(problems):
            failures += 1
            continue
        failures = 0
        ctx.metrics.games_finished += 1
        ctx.metrics.finished_by_group[number] += 1


async def open_table(members: Sequence[Connection], ctx: Context) -> tuple[int, int]:
    """The host opens a table, the others join, the host starts it: (game id, start's id)."""
    options = ctx.options
    host, timeout = members[0], options.timeout
    new_game: Message = {"type": "new_game", "players": len(members), "ruleset": DEFAULT_RULESET}
    if options.rounds is not None:
        new_game["options"] = {"rounds": options.rounds}
    ref = await host.request(new_game)
    joined = await host.expect("joined", timeout, ref=ref)
    game: int = joined["game"]["id"]

    def ours(message: Message) -> bool:  # a late answer to an earlier try may come first
        return bool(message["game"]["id"] == game)

    async def join(member: Connection) -> None:
        join_ref = await member.request({"type": "join", "game": game})
        await member.expect("joined", timeout, ref=join_ref, where=ours)

    await all_or_none([join(member) for member in members[1:]])
    start = await host.request({"type": "start", "game": game})
    return game, start


async def all_or_none(steps: Sequence[Coroutine[Any, Any, None]]) -> None:
    """Run ``steps`` at once; if one fails, cancel the others (so that none of them goes on
    reading its connection) and raise its exception."""
    tasks = [asyncio.create_task(step) for step in steps]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks)
    for task in tasks:
        if not task.cancelled() and (problem := task.exception()) is not None:
            raise problem


async def play_seat(
    connection: Connection,
    game: int,
    rng: random.Random,
    ctx: Context,
    start: int | None = None,
    chat_clock: ChatClock | None = None,
) -> None:
    """One seat plays ``game`` until it is over; raises :class:`Abandoned` if it stalls.
    The host passes its ``start`` message's id, so that a refused start is noticed, and its
    ``chat_clock``: it says a line at the table every ``chat_every`` seconds, before a move.
    Like a browser's game window, the seat stops following the lobby while it plays."""
    options, metrics = ctx.options, ctx.metrics
    quiet = options.think + options.timeout  # the longest wait for anyone's next move
    pending: Pending | None = None
    resyncs = 0
    in_window = False
    seen, its_turn = 0, False  # the last view's number, and whether it asked this seat to move
    while True:
        wait = quiet if pending is None else pending.sent + options.timeout - time.perf_counter()
        try:
            message = await connection.receive(wait)
        except TimeoutError:
            kind = "timeout" if pending is not None else "stalled"
            metrics.error(kind)
            metrics.abandon(game, seen, kind, its_turn)
            raise Abandoned(f"game {game}: no view came in time") from None
        if message["type"] == "error":
            ref = message.get("ref")
            if start is not None and ref == start:
                raise Abandoned(f"game {game} did not start: {message.get('code')}")
            if pending is None or ref != pending.ident:
                continue  # about something else (a chat line): counted, nothing to do
            if message.get("code") == "rate-limited":
                await asyncio.sleep(RETRY_PAUSE)  # as the protocol asks: wait, send again
                pending.sent = time.perf_counter()
                await connection.send(pending.message)
                continue
            resyncs += 1
            if resyncs > MAX_RESYNCS:
                raise Abandoned(f"game {game}: too many refused actions")
            pending = None
            await connection.send({"type": "join", "game": game})  # brings the newest view
            continue
        if message["type"] != "game" or message.get("game") != game:
            continue
        start = None
        if not in_window:  # the game window opens: the lobby's changes are not on screen
            in_window = True
            await connection.send({"type": "lobby", "follow": False})
        seq: int = message["seq"]
        if pending is not None and seq > pending.seq:
            metrics.action_done(time.perf_counter() - pending.sent)
            pending = None
        view = message["view"]
        seen, its_turn = max(seen, seq), bool(view["legal"])
        if view["phase"] == "over":
            await connection.send({"type": "lobby", "follow": True})  # back to the lobby
            return
        legal: list[str] = view["legal"]
        if not legal or pending is not None:
            continue
        if options.think:
            await asyncio.sleep(options.think)
        if chat_clock is not None and chat_clock.due(options.chat_every):
            await chat(connection, metrics, {"channel": "game", "game": game})
        ident = connection.next_id()
        act = {"type": "act", "game": game, "action": rng.choice(legal), "seq": seq, "id": ident}
        pending = Pending(ident, seq, act, time.perf_counter())
        await connection.send(act)


async def chat(connection: Connection, metrics: Metrics, where: Message) -> None:
    """Send one chat line (``where``: its channel and game, if any)."""
    line = f"load test line {metrics.chat_lines + 1} from {connection.name}"
    await connection.send({"type": "chat", **where, "text": line, "id": connection.next_id()})
    metrics.chat_lines += 1


async def lobby_chat(idle: Sequence[Connection], rng: random.Random, ctx: Context) -> None:
    """Every ``chat_every`` seconds a random idle client says a line in the global chat.
    Runs until cancelled (``idle`` may still be filling up while connections open)."""
    every = ctx.options.chat_every
    if not every:
        return
    while True:
        await asyncio.sleep(every)
        speakers = [connection for connection in idle if connection.is_open]
        if speakers:
            try:
                await chat(rng.choice(speakers), ctx.metrics, {"channel": "global"})
            except ConnectionLost:
                continue  # counted by its reader
