"""Writes committed in groups (saboteur.server.store.access) and the collector keeper."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError

from saboteur.server.collector import YOUNG_THRESHOLD, Collector
from saboteur.server.store.access import GroupCommit, Job, Outcome, is_transient, run_all
from saboteur.server.store.migrate import upgrade
from saboteur.server.store.store import SeatTaken, SeqConflict, Store

pytestmark = pytest.mark.anyio


async def _active_game(store: Store, players: int, names: str = "p") -> tuple[int, list[int]]:
    users = [(await store.create_user(f"{names}{i}"))[0].id for i in range(players)]
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


async def _counted_commits(store: Store) -> list[tuple[int, bool]]:
    """From now on, each transaction of the store's writes: (jobs, each in a savepoint)."""
    writes: GroupCommit = store.db._writes  # type: ignore[attr-defined]
    transact, calls = writes._transact, []

    async def counted(jobs: list[Job], each: bool) -> list[Any]:
        calls.append((len(jobs), each))
        return list(await transact(jobs, each))

    writes._transact = counted
    return calls


async def test_a_taken_key_costs_its_group_no_second_commit(store: Store) -> None:
    game_id, _ = await _active_game(store, 3)
    await store.append_action(game_id, 0, "pass", "p")
    calls = await _counted_commits(store)
    appends = [store.append_action(game_id, seq, f"a{seq}", "p") for seq in range(1, 30)]
    outcomes = await asyncio.gather(
        *appends, store.append_action(game_id, 0, "again", "p"), return_exceptions=True
    )
    assert outcomes[:-1] == [None] * 29 and isinstance(outcomes[-1], SeqConflict)
    assert calls == [(30, False)]  # the taken sequence number went by without an error
    stored = await store.game(game_id)
    assert stored is not None and [a for a, _ in stored.actions][:3] == ["pass", "a1", "a2"]
    assert len(stored.actions) == 30


async def test_a_groups_new_rows_go_in_one_statement(store: Store) -> None:
    """Thirty appends (two of them for one number) and a seat race: one INSERT per table."""
    game_id, users = await _active_game(store, 3)
    open_game = await store.create_game("classic", 4, {}, users[0], None)
    engine = getattr(store.db.engine, "sync_engine", store.db.engine)  # type: ignore[attr-defined]
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.startswith("INSERT"):
            statements.append(statement.split("(")[0].strip())

    event.listen(engine, "before_cursor_execute", seen)
    try:
        appends = [store.append_action(game_id, seq, f"a{seq}", "p") for seq in range(29)]
        twice = store.append_action(game_id, 5, "again", "p")
        seats = [store.take_seat(open_game.id, 1, user) for user in users[1:]]
        outcomes = await asyncio.gather(*appends, twice, *seats, return_exceptions=True)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert outcomes[:29] == [None] * 29 and isinstance(outcomes[29], SeqConflict)
    assert outcomes[30] is None and isinstance(outcomes[31], SeatTaken)
    assert statements == ["INSERT INTO actions", "INSERT INTO seats"]
    stored = await store.game(game_id)
    assert stored is not None and [a for a, _ in stored.actions] == [f"a{i}" for i in range(29)]


async def test_a_failing_write_costs_its_group_one_more_commit_not_one_each(store: Store) -> None:
    game_id, users = await _active_game(store, 3)
    calls = await _counted_commits(store)
    appends = [store.append_action(game_id, seq, f"a{seq}", "p") for seq in range(29)]
    no_game = store.take_seat(game_id + 1000, 1, users[0])  # fails its foreign key
    outcomes = await asyncio.gather(*appends, no_game, return_exceptions=True)
    assert outcomes[:-1] == [None] * 29 and isinstance(outcomes[-1], SeatTaken)
    assert calls == [(30, False), (30, True)]  # the group, then the group in savepoints
    stored = await store.game(game_id)
    assert stored is not None and len(stored.actions) == 29


async def test_a_seat_race_in_one_group_has_one_winner(store: Store) -> None:
    host, _ = await store.create_user("host")
    game = await store.create_game("classic", 4, {}, host.id, None)
    racers = [(await store.create_user(f"r{i}"))[0].id for i in range(3)]
    outcomes = await asyncio.gather(
        *(store.take_seat(game.id, 1, user) for user in racers), return_exceptions=True
    )
    assert sum(outcome is None for outcome in outcomes) == 1
    assert sum(isinstance(outcome, SeatTaken) for outcome in outcomes) == 2


async def test_two_nodes_racing_for_many_seats_in_opposite_orders_do_not_deadlock(
    postgres_url: str,
) -> None:
    """Each node's group takes the seats of 12 games, one node from the first game, the other
    from the last: without one order for the rows a group locks, the two transactions wait
    for each other (PostgreSQL aborts one as a deadlock)."""
    await asyncio.to_thread(upgrade, postgres_url)
    nodes = [Store(postgres_url), Store(postgres_url)]
    try:
        host = (await nodes[0].create_user("host"))[0].id
        games = [(await nodes[0].create_game("classic", 4, {}, host, None)).id for _ in range(12)]
        racers = [
            [(await n.create_user(f"n{i}s{s}"))[0].id for s in range(4)]
            for i, n in enumerate(nodes)
        ]
        wanted = [(game, seat) for game in games for seat in (1, 2, 3)]
        takes = [nodes[0].take_seat(g, s, racers[0][s]) for g, s in wanted]
        takes += [nodes[1].take_seat(g, s, racers[1][s]) for g, s in reversed(wanted)]
        outcomes = await asyncio.gather(*takes, return_exceptions=True)
        assert all(o is None or isinstance(o, SeatTaken) for o in outcomes), outcomes
        assert sum(o is None for o in outcomes) == len(wanted)  # each seat went to one node
        for game in games:
            row = await nodes[1].game(game)
            assert row is not None and sorted(row.seats) == [0, 1, 2, 3]
    finally:
        for node in nodes:
            await node.close()


async def test_a_group_runs_the_jobs_that_name_rows_in_their_order_after_the_others() -> None:
    ran: list[str] = []
    busy = asyncio.Event()

    async def transact(jobs: list[Job], each: bool) -> list[Outcome]:
        if not ran:
            await busy.wait()  # the first group is being committed while the rest queue
        return run_all(None, jobs, each)  # type: ignore[arg-type]

    def job(name: str) -> Job:
        return lambda _conn: ran.append(name)

    writes = GroupCommit(transact)
    first = asyncio.ensure_future(writes.write(job("first")))
    await asyncio.sleep(0)
    queued = [
        writes.write(job("seat 5.2"), ("seats", 5, 2)),
        writes.write(job("chat 1"), None),
        writes.write(job("game 5"), ("games", 5, 0)),
        writes.write(job("action 3.7"), ("actions", 3, 7)),
        writes.write(job("game 2"), ("games", 2, 0)),
        writes.write(job("chat 2"), None),
    ]
    later = asyncio.ensure_future(asyncio.gather(*queued))
    await asyncio.sleep(0.01)
    assert ran == []
    busy.set()
    await asyncio.gather(first, later)
    assert ran == ["first", "chat 1", "chat 2", "action 3.7", "game 2", "game 5", "seat 5.2"]


class Deadlocked(Exception):
    sqlstate = "40P01"


async def test_a_job_caught_in_a_deadlock_runs_once_more_alone() -> None:
    deadlock = DBAPIError("INSERT INTO seats …", {}, Deadlocked("deadlock detected"))
    assert is_transient(deadlock) and not is_transient(ValueError("no"))
    calls: list[tuple[int, bool]] = []

    async def transact(jobs: list[Job], each: bool) -> list[Outcome]:
        calls.append((len(jobs), each))
        if len(calls) == 1:
            raise deadlock  # the group is aborted
        if len(calls) == 2:  # in savepoints: the first job meets the deadlock again
            return [(False, deadlock), *run_all(None, jobs[1:])]  # type: ignore[arg-type]
        return run_all(None, jobs, each)  # type: ignore[arg-type]

    writes = GroupCommit(transact)
    both = writes.write(lambda _conn: "seat"), writes.write(lambda _conn: "chat")
    assert list(await asyncio.gather(*both)) == ["seat", "chat"]
    assert calls == [(2, False), (2, True), (1, False)]


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


async def _isolation(conn: Any) -> str:
    """How the DBAPI connection under ``conn`` runs statements ("autocommit", or the level of
    the transaction it begins first)."""
    return str((await conn.get_raw_connection()).dbapi_connection.isolation_level)


async def test_on_postgresql_a_group_of_moves_is_one_statement_without_a_transaction(
    postgres_url: str,
) -> None:
    """Forty moves of four games: one INSERT on the autocommit connection (no BEGIN, no
    COMMIT, no ping); a group with another kind of write runs in a transaction."""
    await asyncio.to_thread(upgrade, postgres_url)
    store = Store(postgres_url)
    db: Any = store.db
    statements: list[tuple[str, str]] = []

    def seen(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        kind = conn.connection.dbapi_connection.isolation_level
        statements.append((statement.split("(")[0].strip(), kind))

    engine = db.engine.sync_engine
    try:
        games = [(await _active_game(store, 3, f"g{n}p"))[0] for n in range(4)]
        assert await _isolation(await db._writer(False)) == "autocommit"
        assert await _isolation(await db._writer(True)) == "read_committed"
        event.listen(engine, "before_cursor_execute", seen)
        try:
            moves = [store.append_action(g, seq, "pass", "p") for g in games for seq in range(10)]
            await asyncio.gather(*moves)
            assert statements == [("INSERT INTO actions", "autocommit")]
            statements.clear()
            await asyncio.gather(
                store.append_action(games[0], 10, "pass", "p"),
                store.finish_game(games[1], [(0, 1, 0, True)]),
            )
        finally:
            event.remove(engine, "before_cursor_execute", seen)
        # the move, then the game's end: its results and its ratings' reads, one transaction
        assert [kind for _, kind in statements] == ["read_committed"] * 5, statements
        verbs = [statement.split()[0] for statement, _ in statements]
        assert verbs == ["INSERT", "UPDATE", "INSERT", "SELECT", "SELECT"], statements
        assert statements[0][0] == "INSERT INTO actions"
    finally:
        await store.close()


async def test_on_postgresql_writes_go_on_after_the_connection_is_cut(postgres_url: str) -> None:
    """The server ends the group commit's connections (a restart, an admin): the next write
    is committed on a new connection, nothing is lost."""
    await asyncio.to_thread(upgrade, postgres_url)
    store = Store(postgres_url)
    try:
        game_id, _ = await _active_game(store, 3)
        db: Any = store.db
        await store.append_action(game_id, 0, "pass", "p")
        for transactions in (False, True):
            conn = await db._writer(transactions)
            raw = (await conn.get_raw_connection()).driver_connection
            async with db.engine.connect() as admin:
                await admin.exec_driver_sql(f"SELECT pg_terminate_backend({raw.get_server_pid()})")
        await store.append_action(game_id, 1, "after", "p")
        await store.finish_game(game_id, [(0, 1, 0, True)])
        stored = await store.game(game_id)
        assert stored is not None and [a for a, _ in stored.actions] == ["pass", "after"]
        assert stored.status == "finished"
    finally:
        await store.close()


async def test_on_postgresql_a_refused_write_keeps_the_connections(postgres_url: str) -> None:
    """A write the database refuses (a seat of a game that does not exist) fails alone and
    costs no new connection; the writes with it are stored."""
    await asyncio.to_thread(upgrade, postgres_url)
    store = Store(postgres_url)
    try:
        game_id, users = await _active_game(store, 3)
        db: Any = store.db
        kept = [await db._writer(False), await db._writer(True)]
        appends = [store.append_action(game_id, seq, "pass", "p") for seq in range(5)]
        no_game = store.take_seat(game_id + 1000, 1, users[0])
        outcomes = await asyncio.gather(*appends, no_game, return_exceptions=True)
        assert outcomes[:-1] == [None] * 5 and isinstance(outcomes[-1], SeatTaken)
        assert [await db._writer(False), await db._writer(True)] == kept
        stored = await store.game(game_id)
        assert stored is not None and len(stored.actions) == 5
    finally:
        await store.close()
