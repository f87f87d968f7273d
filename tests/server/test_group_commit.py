"""Writes committed in groups (saboteur.server.store.access) and the collector keeper."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest

from saboteur.server.collector import YOUNG_THRESHOLD, Collector
from saboteur.server.store.access import GroupCommit, Job
from saboteur.server.store.store import SeatTaken, SeqConflict, Store

pytestmark = pytest.mark.anyio


async def _active_game(store: Store, players: int) -> tuple[int, list[int]]:
    users = [(await store.create_user(f"p{i}"))[0].id for i in range(players)]
    game = await store.create_game("classic", players, {}, users[0], None)
    assert await store.start_game(game.id, 1, dict(enumerate(users)))
    return game.id, users


async def test_writes_that_arrive_together_share_a_commit(store: Store) -> None:
    game_id, _ = await _active_game(store, 3)
    commits = 0
    writes: GroupCommit = store.db._writes  # type: ignore[attr-defined]
    transact = writes._transact

    async def counted(jobs: list[Job], each: bool) -> list[Any]:
        nonlocal commits
        commits += 1
        return list(await transact(jobs, each))

    writes._transact = counted
    await asyncio.gather(*(store.append_action(game_id, seq, "pass", "p") for seq in range(40)))
    stored = await store.game(game_id)
    assert stored is not None and len(stored.actions) == 40
    assert commits < 40, commits  # 40 appends at once took fewer commits than appends


async def test_a_failing_write_fails_alone(store: Store) -> None:
    game_id, _ = await _active_game(store, 3)
    await store.append_action(game_id, 0, "pass", "p")
    outcomes = await asyncio.gather(
        store.append_action(game_id, 0, "again", "p"),  # seq 0 is taken
        store.append_action(game_id, 1, "one", "p"),
        store.append_action(game_id, 2, "two", "p"),
        return_exceptions=True,
    )
    assert isinstance(outcomes[0], SeqConflict) and list(outcomes[1:]) == [None, None]
    stored = await store.game(game_id)
    assert stored is not None and [a for a, _ in stored.actions] == ["pass", "one", "two"]


async def test_a_failing_write_costs_its_group_one_more_commit_not_one_each(store: Store) -> None:
    game_id, _ = await _active_game(store, 3)
    await store.append_action(game_id, 0, "pass", "p")
    writes: GroupCommit = store.db._writes  # type: ignore[attr-defined]
    transact, calls = writes._transact, []

    async def counted(jobs: list[Job], each: bool) -> list[Any]:
        calls.append((len(jobs), each))
        return list(await transact(jobs, each))

    writes._transact = counted
    appends = [store.append_action(game_id, seq, f"a{seq}", "p") for seq in range(1, 30)]
    outcomes = await asyncio.gather(
        *appends, store.append_action(game_id, 0, "again", "p"), return_exceptions=True
    )
    assert outcomes[:-1] == [None] * 29 and isinstance(outcomes[-1], SeqConflict)
    assert calls == [(30, False), (30, True)]  # the group, then the group in savepoints
    stored = await store.game(game_id)
    assert stored is not None and [a for a, _ in stored.actions][:3] == ["pass", "a1", "a2"]
    assert len(stored.actions) == 30


async def test_a_seat_race_in_one_group_has_one_winner(store: Store) -> None:
    host, _ = await store.create_user("host")
    game = await store.create_game("classic", 4, {}, host.id, None)
    racers = [(await store.create_user(f"r{i}"))[0].id for i in range(3)]
    outcomes = await asyncio.gather(
        *(store.take_seat(game.id, 1, user) for user in racers), return_exceptions=True
    )
    assert sum(outcome is None for outcome in outcomes) == 1
    assert sum(isinstance(outcome, SeatTaken) for outcome in outcomes) == 2


async def test_the_collector_freezes_and_gives_back() -> None:
    before = gc.get_threshold()
    keeper = Collector(freeze_every=0.01, sweep_every=0.03)
    keeper.start()
    try:
        assert gc.get_freeze_count() > 0 and gc.get_threshold()[0] == YOUNG_THRESHOLD
        await asyncio.sleep(0.2)
        assert keeper.freezes >= 2 and keeper.sweeps >= 1
    finally:
        await keeper.close()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
