"""Playing: refused actions change nothing, and the turn clock keeps a table going."""

from __future__ import annotations

import re

import pytest

from saboteur.server.store.store import Store
from tests.server.helpers import Client, LiveServer, Message, clients, seat_all

pytestmark = pytest.mark.anyio

PATH_CARD = re.compile(r"^x?[NESW]+$")


async def table_state(players: list[Client], game: int) -> list[tuple[int, Message]]:
    """Each seat's view as the server has it now (asked for with a fresh join)."""
    out = []
    for client in players:
        replies = await client.request({"type": "join", "game": game})
        [message] = [m for m in replies if m["type"] == "game"]
        out.append((message["seq"], message["view"]))
    return out


async def test_refused_actions_change_nothing(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat", "Dan") as [*players, dan]:
        game = await seat_all(players)
        first = [await client.expect("game", game=game) for client in players]
        current = first[0]["view"]["current"]
        mover, view = players[current], first[current]["view"]
        other = players[(current + 1) % 3]
        hand: list[str] = view["hand"]
        before = await table_state(players, game)
        assert [seq for seq, _view in before] == [0, 0, 0]

        refused: list[tuple[Client, Message, str, str | None]] = []
        cards = ("map", "rockfall", "NESW", "EW", "NS", "ES", "SW")  # 7: one is not in the hand
        missing = next(c for c in cards if c not in hand)
        target = "@8,0" if missing == "map" else "@0,0" if missing == "rockfall" else "@1,0"
        refused.append((mover, {"action": missing + target}, "illegal", "hand"))
        paths = [card for card in hand if PATH_CARD.match(card)]
        if paths:
            refused.append((mover, {"action": f"{paths[0]}@5,5"}, "illegal", "path.adjacent"))
        if "rockfall" in hand:
            refused.append((mover, {"action": "rockfall@0,0"}, "illegal", "rockfall.start"))
        legal = view["legal"][0]
        refused += [
            (other, {"action": legal}, "illegal", "turn"),
            (
                other,
                {"action": f"pass:{first[(current + 1) % 3]['view']['hand'][0]}"},
                "illegal",
                "turn",
            ),
            (mover, {"action": "zzz"}, "bad-action", None),
            (mover, {"action": "NS@"}, "bad-action", None),
            (mover, {"action": ""}, "invalid", None),
            (mover, {"action": "N" * 65}, "invalid", None),
            (mover, {"action": legal, "seq": 5}, "stale", None),
            (mover, {"action": legal, "seq": -1}, "invalid", None),
            (mover, {"action": legal, "seq": "0"}, "invalid", None),
            (dan, {"action": legal}, "not-seated", None),
            (mover, {"action": legal, "game": game + 100}, "no-such-game", None),
        ]
        for client, fields, code, rule in refused:
            message = {"type": "act", "game": game, "id": f"r{len(client.log)}", **fields}
            error = await client.error(message)
            assert error["code"] == code, (fields, error)
            if code != "invalid":
                assert error["ref"] == message["id"]
            if rule is not None:
                assert error["rule"] == rule, (fields, error)
            for each in players:  # nobody was told of any change
                assert [m for m in await each.sync() if m["type"] == "game"] == []
        assert await table_state(players, game) == before

        # the legal action still goes through, with the right seq
        await mover.send({"type": "act", "game": game, "action": legal, "seq": 0})
        for client in players:
            message = await client.expect("game", game=game, seq=1)
            assert message["view"]["current"] != current or message["view"]["phase"] != "play"


async def test_turn_clock_plays_a_discard_for_an_idle_player(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat") as players:
        game = await seat_all(players, clock=3)
        first = await players[0].expect("game", game=game)
        idle = first["view"]["current"]
        hand_before = (await players[idle].expect("game", game=game) if idle else first)["view"][
            "hand"
        ]
        # nobody acts: the clock plays for the idle seat
        moved = [await client.expect("game", game=game, seq=1) for client in players]
        events = moved[idle]["events"]
        [passed] = [e for e in events if e["kind"] == "pass"]
        assert passed["seat"] == idle
        [discarded] = [e for e in events if e["kind"] == "discard"]
        assert discarded["card"] in hand_before and discarded["to"] == idle
        for seat, message in enumerate(moved):  # the others see that, not which card
            if seat != idle:
                assert "discard" not in {e["kind"] for e in message["events"]}
        # the game goes on: the next player moves (in time)
        view = moved[moved[0]["view"]["current"]]
        mover = players[view["seat"]]
        action = view["view"]["legal"][0]
        await mover.send({"type": "act", "game": game, "action": action, "seq": 1})
        message = await mover.expect("game", game=game, seq=2)
        assert message["events"][0]["seat"] == view["seat"]
        store = Store(server.db_url)
        try:
            row = await store.game(game)
            assert row is not None
            assert row.actions[:2] == [(f"pass:{discarded['card']}", "clock"), (action, "player")]
        finally:
            await store.close()
