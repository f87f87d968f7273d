"""A game's timers: the turn clock and the bots' moves (run by the game's owner node).

They move through a :class:`~saboteur.server.ports.Mover` (the play part), as a player would.
"""

from __future__ import annotations

import asyncio
import logging
import random

from saboteur.bots.base import choose
from saboteur.bots.registry import parse_spec
from saboteur.engine import IllegalAction
from saboteur.engine.registry import get_ruleset
from saboteur.server.botkinds import away_bot
from saboteur.server.ports import Mover, Owner
from saboteur.server.protocol import ProtocolError
from saboteur.server.tables import Table

log = logging.getLogger("saboteur.server")


class Timers:
    """Arms and stops the clock and the bot moves of the games ``owner`` says this node runs."""

    def __init__(self, owner: Owner, mover: Mover, bot_delay: float) -> None:
        self.owner, self.mover = owner, mover
        self.bot_delay = bot_delay  # seconds a bot waits before it moves, so people can follow

    def arm_clock(self, table: Table) -> None:
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        seconds = table.row.clock_seconds
        if not seconds or table.state is None or table.state.is_over:
            return
        if not self.owner.owns(table.id):  # the game's owner node runs its clock
            return
        table.clock_task = asyncio.get_running_loop().create_task(
            self._clock(table, table.seq, seconds)
        )

    async def _clock(self, table: Table, seq: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        state = table.state
        if state is None or state.is_over or table.seq != seq:
            return
        seat = state.current_player
        assert seat is not None
        fallback = get_ruleset(table.game.ruleset).give_up(state)  # the ruleset says how
        table.clock_task = None  # this task must not cancel itself when the move re-arms it
        try:
            await self.mover.play(table, seat, fallback.text, "clock", seq)
        except (ProtocolError, IllegalAction) as err:  # someone moved just in time
            log.info("clock move in game %s skipped: %s", table.id, err)

    def arm_bot(self, table: Table) -> None:
        """If a bot plays the seat whose turn it is, let it move (after the pacing delay)."""
        state = table.state
        seat = None if state is None or state.is_over else state.current_player
        if seat is None or not table.bot_plays(seat) or not self.owner.owns(table.id):
            return
        task = asyncio.get_running_loop().create_task(self._bot_move(table, seat, table.seq))
        table.bot_tasks.add(task)
        task.add_done_callback(table.bot_tasks.discard)

    def rearm(self, table: Table) -> None:
        """The live nodes changed: run this game's timers if this node owns it now, else not."""
        if table.state is None or table.state.is_over:
            return
        if self.owner.owns(table.id):
            if table.clock_task is None:
                self.arm_clock(table)
            if not table.bot_tasks:
                self.arm_bot(table)
        else:
            if table.clock_task is not None:
                table.clock_task.cancel()
                table.clock_task = None
            for task in table.bot_tasks:
                task.cancel()

    def stop(self, table: Table) -> None:
        """The game is over (or the node stops): no more clock, no more bot moves (but the
        bot move that may be ending it)."""
        if table.clock_task is not None:
            table.clock_task.cancel()
        for task in table.bot_tasks - {asyncio.current_task()}:
            task.cancel()

    async def _bot_move(self, table: Table, seat: int, seq: int) -> None:
        if self.bot_delay > 0:
            await asyncio.sleep(self.bot_delay)
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
            except Exception:  # a bot bug must not stall the game: give the turn up
                log.exception("bot in game %s seat %s failed", table.id, seat)
                text = get_ruleset(table.game.ruleset).give_up(state).text
        if not table.bot_plays(seat):
            return
        try:
            await self.mover.play(table, seat, text, "bot", seq)
        except (ProtocolError, IllegalAction) as err:  # the game moved on meanwhile
            log.info("bot move in game %s skipped: %s", table.id, err)
