"""Parts of the service on their own, given fakes of the small interfaces they talk through."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from saboteur.engine import Action, State
from saboteur.engine.registry import registered
from saboteur.engine.ruleset import first_pass
from saboteur.server.chat import Chat
from saboteur.server.cluster import Nodes
from saboteur.server.hub import Client, Hub
from saboteur.server.ports import Shared
from saboteur.server.presence import Presence
from saboteur.server.store.store import ACTIVE, GameRow, User
from saboteur.server.tables import Table
from saboteur.server.timers import Timers
from tests.toy import TOY

pytestmark = pytest.mark.anyio


class Owner:
    def __init__(self, mine: bool) -> None:
        self.mine = mine

    def owns(self, game_id: int) -> bool:
        return self.mine


class Mover:
    def __init__(self) -> None:
        self.moves: list[tuple[int, str, str, int | None]] = []

    async def play(
        self, table: Table, seat: int, text: str, actor: str, expected_seq: int | None = None
    ) -> None:
        self.moves.append((seat, text, actor, expected_seq))


class Feed:
    def __init__(self) -> None:
        self.told: list[str] = []

    def presence(self) -> None:
        self.told.append("presence")

    def tables(self, *game_ids: int) -> None:
        self.told.append(f"tables {game_ids}")

    def highscores(self) -> None:
        self.told.append("highscores")


def running_table(clock: int | None = None) -> Table:
    row = GameRow(7, "classic", 3, {}, 11, ACTIVE, 1, clock, None, seats={0: 1, 1: 2, 2: 3})
    return Table.from_row(row)


async def online_client(hub: Hub, user_id: int, name: str) -> Client:
    async def send(text: str) -> None:
        pass

    def abort() -> None:
        pass

    client = Client(send, abort)
    hub.add(client)
    hub.login(client, User(user_id, name))
    return client


async def test_a_bot_moves_an_away_seat_through_the_mover_on_the_owner_node_only() -> None:
    table = running_table()
    assert table.state is not None
    seat = table.state.current_player
    assert seat is not None
    table.away.add(seat)
    owner, mover = Owner(False), Mover()
    timers = Timers(owner, mover, bot_delay=0)
    timers.arm_bot(table)
    assert not table.bot_tasks  # another node runs this game's bots
    owner.mine = True
    timers.rearm(table)  # now this node does
    await asyncio.gather(*table.bot_tasks)
    [(moved, text, actor, seq)] = mover.moves
    assert (moved, actor, seq) == (seat, "bot", 0)
    assert table.game.parse_action(text) in table.state.legal_actions()


async def test_the_clock_is_armed_by_the_owner_and_stopped() -> None:
    table, owner = running_table(clock=30), Owner(True)
    timers = Timers(owner, Mover(), bot_delay=0)
    timers.arm_clock(table)
    clock = table.clock_task
    assert clock is not None and not clock.done()
    owner.mine = False
    timers.rearm(table)  # the game moved to another node
    assert table.clock_task is None
    await asyncio.sleep(0)
    assert clock.cancelled()


async def test_presence_finds_users_here_and_elsewhere_and_tells_the_feed_of_changes() -> None:
    hub, nodes, feed = Hub(), Nodes("here"), Feed()
    presence = Presence(hub, nodes, feed)
    client = await online_client(hub, 1, "Ann")
    nodes.update("there", {2: "Bob"})
    assert presence.online_names() == ["Ann", "Bob"]
    assert presence.find_online("bob") == (2, "Bob") and presence.find_online("ANN") == (1, "Ann")
    assert presence.find_online("Cat") is None and presence.is_online(2)
    presence.changed()
    assert feed.told == ["presence"] and presence.users_version == 1
    assert presence.feed_message() == {"type": "presence", "online": ["Ann", "Bob"], "count": 2}
    assert presence.feed_message() is None  # nothing changed since it was sent
    await client.stop()


async def test_chat_pushes_a_line_another_node_stored_once() -> None:
    hub = Hub()
    nothing: Any = None
    chat = Chat(Shared(nothing, nothing, hub, {}), nothing, nothing)
    assert chat.heard_chat(5) and chat.mark == 5
    assert not chat.heard_chat(5)  # pushed here already
    assert chat.heard_chat(None)  # a line that was not stored is always pushed
    assert chat.heard_chat(3) and chat.mark == 5


async def test_the_clock_gives_the_turn_up_as_the_ruleset_says() -> None:
    def first_legal(state: State) -> Action:
        return state.legal_actions()[0]  # the toy's first legal action lays a card, not a pass

    eager = dataclasses.replace(TOY, give_up=first_legal)
    with registered(eager):
        row = GameRow(8, "toy", 2, {}, 5, ACTIVE, 1, 30, None, seats={0: 1, 1: 2})
        table, mover = Table.from_row(row), Mover()
        assert table.state is not None
        legal = table.state.legal_actions()
        await Timers(Owner(True), mover, bot_delay=0)._clock(table, table.seq, 0)
    [(seat, text, actor, seq)] = mover.moves
    assert (seat, text, actor, seq) == (0, legal[0].text, "clock", 0)
    assert first_pass(table.state).text != text  # the default would have passed
