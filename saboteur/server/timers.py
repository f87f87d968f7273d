"""The game's timers: the turn clock, bot moves and absent players (run by the game's owner node).

Functions of the :class:`saboteur.server.service.Service` they are given.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from saboteur.bots.base import choose
from saboteur.bots.registry import parse_spec
from saboteur.engine import IllegalAction
from saboteur.server.botkinds import away_bot
from saboteur.server.protocol import ProtocolError
from saboteur.server.tables import Table

if TYPE_CHECKING:
    from saboteur.server.service import Service

log = logging.getLogger("saboteur.server")


def arm_clock(service: Service, table: Table) -> None:
    if table.clock_task is not None:
        table.clock_task.cancel()
        table.clock_task = None
    seconds = table.row.clock_seconds
    if not seconds or table.state is None or table.state.is_over:
        return
    if not service.nodes.owns(table.id):  # the game's owner node runs its clock
        return
    table.clock_task = asyncio.get_running_loop().create_task(
        clock(service, table, table.seq, seconds)
    )


async def clock(service: Service, table: Table, seq: int, seconds: float) -> None:
    await asyncio.sleep(seconds)
    state = table.state
    if state is None or state.is_over or table.seq != seq:
        return
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    fallback = next((a for a in legal if a.kind == "pass"), legal[0])
    table.clock_task = None  # this task must not cancel itself when the move re-arms it
    try:
        await service.play(table, seat, fallback.text, "clock", seq)
    except (ProtocolError, IllegalAction) as err:  # someone moved just in time
        log.info("clock move in game %s skipped: %s", table.id, err)


def arm_bot(service: Service, table: Table) -> None:
    """If a bot plays the seat whose turn it is, let it move (after the pacing delay)."""
    state = table.state
    seat = None if state is None or state.is_over else state.current_player
    if seat is None or not table.bot_plays(seat) or not service.nodes.owns(table.id):
        return
    task = asyncio.get_running_loop().create_task(bot_move(service, table, seat, table.seq))
    table.bot_tasks.add(task)
    task.add_done_callback(table.bot_tasks.discard)


def watch_absence(service: Service, table: Table, user_id: int) -> None:
    task = asyncio.get_running_loop().create_task(absent(service, table, user_id))
    service.absence_tasks.add(task)
    task.add_done_callback(service.absence_tasks.discard)


async def absent(service: Service, table: Table, user_id: int) -> None:
    """After the absence timeout, a bot plays for a seated player who is still gone."""
    await asyncio.sleep(service.absence_timeout)
    table = service.tables.get(table.id, table)  # a refresh may have replaced it
    seat = table.seat_of(user_id)
    state = table.state
    if (
        service.is_online(user_id)
        or service.tables.get(table.id) is not table
        or seat is None
        or seat in table.away
        or state is None
        or state.is_over
    ):
        return
    name = service.names.get(user_id, f"seat {seat}")
    await set_away(service, table, seat, f"{name} is away: a bot plays for them.")


async def set_away(service: Service, table: Table, seat: int, line: str | None) -> None:
    """A bot plays for the player of ``seat`` from now on (``line``: what the game's chat says,
    or None to take the seat back, ``X is back.``)."""
    away = line is not None
    if (seat in table.away) == away:
        return
    if away:
        table.away.add(seat)
    else:
        table.away.discard(seat)
    service.bus.publish({"kind": "away", "game": table.id, "seat": seat, "on": away})
    said = line or f"{table.seat_names(service.names)[seat]} is back."
    await service.announce(table, said, store=True, share=True)
    service.broadcast_lists(table.id)
    if away:
        arm_bot(service, table)


async def bot_move(service: Service, table: Table, seat: int, seq: int) -> None:
    if service.bot_delay > 0:
        await asyncio.sleep(service.bot_delay)
    async with table.bot_lock:  # one bot thinks at a time per table (bots are not shared)
        state = table.state
        if state is None or state.is_over or table.seq != seq or state.current_player != seat:
            return
        if not table.bot_plays(seat):  # an absent player came back meanwhile
            return
        bot = table.bot_players.get(seat)
        if bot is None:  # made at its first turn (also after a restart): catches up on events
            spec = parse_spec(table.bots.get(seat) or away_bot(table.game.ruleset))
            rng = random.Random(f"{table.row.seed}:{seat}")
            bot = table.bot_players[seat] = spec.make(table.game, seat, rng)
        try:
            text = (await asyncio.to_thread(choose, bot, state.clone(), seat)).text
        except Exception:  # a bot bug must not stall the game: pass (or the first legal)
            log.exception("bot in game %s seat %s failed", table.id, seat)
            legal = state.legal_actions()
            text = next((a for a in legal if a.kind == "pass"), legal[0]).text
    if not table.bot_plays(seat):
        return
    try:
        await service.play(table, seat, text, "bot", seq)
    except (ProtocolError, IllegalAction) as err:  # the game moved on meanwhile
        log.info("bot move in game %s skipped: %s", table.id, err)
