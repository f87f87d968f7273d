"""One failover trial: a node dies right after it acknowledged an action; how soon the survivor
shows that action to its viewers, and to the player reconnecting there.

Used by ``tests/server/test_failover.py`` (a few trials) and ``scripts/bench_failover.py`` (many,
with figures).  Node A holds Ann and Cat, the survivor B holds Bob and the spectator Dan; Ann
acts first, and the moment her new view (the acknowledgement) arrives, A gets SIGKILL.

A second kind of trial (:func:`silent_trial`, two nodes in this process) makes node A store
Ann's action and then fall silent without publishing anything, as a node dying between its
append and its publish would: B shows the action once it takes A's games over.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saboteur.server import cluster
from tests.server.helpers import Client, LiveServer, ServerProcess, clients, seat_all

BOUND = 2.0  # seconds: survivors show an acknowledged action sooner (docs/architecture.md)
SETTLE = 1.0  # seconds for node B to handle what the start of a game told it


@dataclass
class Trial:
    """Milliseconds from Ann's acknowledgement to: Bob's view, Dan's view, and (Ann having
    reconnected to B at once) Ann's own view with her action."""

    bob_ms: float
    dan_ms: float
    reconnect_ms: float


def _since(moment: float) -> float:
    return round((time.monotonic() - moment) * 1000, 1)


async def failover_trial(folder: Path, cluster: tuple[str, ...], b: ServerProcess, n: int) -> Trial:
    """One trial against the surviving node ``b``; a node A of its own is started and killed."""
    a = ServerProcess(folder, *cluster)
    opened: list[Client] = []
    try:
        ann, cat = await Client.open(a.ws, f"Ann{n}"), await Client.open(a.ws, f"Cat{n}")
        bob, dan = await Client.open(b.ws, f"Bob{n}"), await Client.open(b.ws, f"Dan{n}")
        opened += [ann, cat, bob, dan]
        game = await seat_all([ann, bob, cat], options={"rounds": 1, "first": 0})
        await dan.send({"type": "watch", "game": game})
        await dan.expect("game", game=game, seq=0)
        await bob.expect("game", game=game, seq=0)
        view = await ann.expect("game", game=game, seq=0)
        action = view["view"]["legal"][0]
        await ann.send({"type": "act", "game": game, "action": action, "seq": 0})
        await ann.expect("game", game=game, seq=1)  # acknowledged
        acked = time.monotonic()
        a.kill()
        await bob.expect("game", game=game, seq=1, timeout=BOUND)
        bob_ms = _since(acked)
        await dan.expect("game", game=game, seq=1, timeout=BOUND)
        dan_ms = _since(acked)
        ann.connection.transport.abort()
        moved = time.monotonic()
        back = await Client.open(b.ws, token=ann.token)
        opened.append(back)
        mine = await back.expect("game", game=game, timeout=BOUND)
        assert (mine["seq"], mine["view"]["current"]) == (1, 1), mine["seq"]  # her move stands
        return Trial(bob_ms, dan_ms, _since(moved))
    finally:
        a.kill()
        for client in opened:
            client.connection.transport.abort()


async def silent_trial(a: LiveServer, b: LiveServer, n: int) -> float:
    """Milliseconds from Ann's acknowledgement on ``a`` (which then publishes nothing more, its
    heartbeat included) until Bob on ``b`` sees her action; ``a`` stays mute afterwards."""
    async with clients(a.ws, f"Ann{n}", f"Cat{n}") as [ann, cat], clients(b.ws, f"Bob{n}") as [bob]:
        game = await seat_all([ann, bob, cat], options={"first": 0})
        await bob.expect("game", game=game, seq=0)

        async def mute_sent(message: dict[str, Any]) -> bool:
            return True  # "sent", but nobody hears it

        view = await ann.expect("game", game=game, seq=0)
        await asyncio.sleep(SETTLE)  # B has read what the start told it (a read later would
        # find Ann's action in the store by chance, and this trial would measure nothing)
        a.service.bus.publish = lambda message: None  # type: ignore[method-assign]
        a.service.bus.publish_sent = mute_sent  # type: ignore[method-assign]
        await ann.send({"type": "act", "game": game, "action": view["view"]["legal"][0]})
        await ann.expect("game", game=game, seq=1)  # stored, then A falls silent
        acked = time.monotonic()
        await asyncio.sleep(0.3)
        assert b.service.tables[game].seq == 0  # B has not heard of it
        await bob.expect("game", game=game, seq=1, timeout=cluster.PEER_TIMEOUT + 3)
        return _since(acked)
