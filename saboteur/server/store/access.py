"""How the store's work reaches the database: reads, and writes committed in groups.

Every piece of work is a plain function of a SQLAlchemy ``Connection`` (a *job*), so one
job runs the same on either database:

- **SQLite** (``sqlite+aiosqlite://…``): jobs run in threads on a synchronous engine.
  Writes go to one writer thread; the writes that arrive while it is busy are run
  together in one transaction, so a busy event loop pays one thread hop per commit, not
  one per statement.  Reads run in a few reader threads (WAL lets them read while the
  writer writes).
- **PostgreSQL** (``postgresql+asyncpg://…``): jobs run through SQLAlchemy's async engine
  (``run_sync``); writes are grouped the same way.

If a group fails (a unique key taken, say), it is rolled back and run once more with each job
in a savepoint of its own: a job that fails again is rolled back alone, the others commit
together, and each caller hears of its own outcome only.  (Running them one transaction each
instead made one taken seat cost a whole queue of commits, one after the other, while the
moves of every game waited behind them.)

Nodes race for the same rows — two people taking one seat from two nodes — and two groups
taking the same rows in opposite orders would deadlock (PostgreSQL aborts one of them after a
second).  So a write may name what it locks (its ``order``, ``("seats", game, seat)`` say), and
a group runs its jobs in that order, after the unnamed ones: every transaction takes named
rows in one order, which cannot make a cycle.  A job that still meets a deadlock or a
serialization failure is run once more in a transaction of its own.

>>> import asyncio
>>> from sqlalchemy import text
>>> async def demo() -> int:
...     database = open_database("sqlite+aiosqlite:///:memory:")
...     try:
...         return await database.read(lambda conn: conn.execute(text("select 41 + 1")).scalar())
...     finally:
...         await database.close()
>>> asyncio.run(demo())
42
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine
from sqlalchemy.pool import StaticPool

from saboteur.server.store.newrows import MOST_PER_STATEMENT, NewRow, insert_new_rows

T = TypeVar("T")
Job = Callable[[Connection], Any]
Order = tuple[str, int, int]  # what a write locks: (table, game, seat or sequence number)
READERS = 4  # threads reading a SQLite file at once
POOL = 40  # connections a node keeps: 2 for the group commits, the rest for reads (opened once)
POOL_WAIT = 10.0  # seconds a read waits for a free connection before the node says it is busy
TRANSIENT = {"40001", "40P01"}  # serialization failure, deadlock detected: worth another try


class StoreBusy(Exception):
    """The database gave no connection in time (every one busy): an overloaded node; the
    read did not run."""


class Database(Protocol):
    async def read(self, job: Callable[[Connection], T]) -> T: ...

    async def write(self, job: Callable[[Connection], T], order: Order | None = None) -> T: ...

    async def close(self) -> None: ...


def open_database(url: str) -> Database:
    """The database at ``url``: SQLite in threads, or PostgreSQL through asyncpg."""
    if url.startswith("sqlite"):
        return ThreadedSqlite(url)
    return AsyncDatabase(url)


Outcome = tuple[bool, Any]  # (True, what the job returned) or (False, the exception it raised)


def run_all(conn: Connection, jobs: list[Job], each: bool = False) -> list[Outcome]:
    """Run the jobs on ``conn``; with ``each``, every job in a savepoint: one that raises is
    rolled back alone and its exception becomes its outcome (without, it is raised).

    Without ``each``, consecutive :class:`NewRow` jobs of one table run as one statement."""
    if each:
        outcomes: list[Outcome] = []
        for job in jobs:
            try:
                with conn.begin_nested():
                    outcomes.append((True, job(conn)))
            except Exception as err:
                outcomes.append((False, err))
        return outcomes
    results: list[Any] = []
    for run in _runs(jobs):
        if isinstance(run[0], NewRow):
            results += insert_new_rows(conn, cast(list[NewRow], run))
        else:
            results.append(run[0](conn))
    return [(True, result) for result in results]


def _runs(jobs: list[Job]) -> list[list[Job]]:
    """The jobs as :func:`run_all` runs them: consecutive new rows of one table together
    (one statement), any other job alone."""
    runs: list[list[Job]] = []
    for job in jobs:
        last = runs[-1][0] if runs else None
        if isinstance(job, NewRow) and isinstance(last, NewRow) and job.table is last.table:
            runs[-1].append(job)
        else:
            runs.append([job])
    return runs


def is_one_statement(jobs: list[Job]) -> bool:
    """Whether :func:`run_all` runs ``jobs`` as a single statement (new rows of one table)."""
    runs = _runs(jobs)
    return len(runs) == 1 and isinstance(jobs[0], NewRow) and len(jobs) <= MOST_PER_STATEMENT


def _still_usable(err: BaseException) -> bool:
    """Whether a connection is fine after ``err``: the database refused a statement (a key, a
    constraint), rather than the connection failing or the work being cancelled midway."""
    return isinstance(err, DBAPIError) and not err.connection_invalidated


def is_transient(err: BaseException) -> bool:
    """Whether a database error says "try again": a deadlock or a serialization failure."""
    code = getattr(getattr(err, "orig", None), "sqlstate", None)
    return isinstance(err, DBAPIError) and code in TRANSIENT


class GroupCommit:
    """Queues write jobs; one task commits each group of waiting jobs in one transaction.

    ``transact(jobs, each)`` runs the jobs in one transaction and returns their outcomes (see
    :func:`run_all`), or raises, having rolled back.
    """

    def __init__(self, transact: Callable[[list[Job], bool], Awaitable[list[Outcome]]]) -> None:
        self._transact = transact
        self._waiting: list[tuple[Order | None, Job, asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None

    async def write(self, job: Callable[[Connection], T], order: Order | None = None) -> T:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._waiting.append((order, job, done))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._commit_waiting())
        return await done

    async def _commit_waiting(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting, []
            group.sort(key=lambda write: (write[0] is not None, write[0] or ("", 0, 0)))
            outcomes = await self._outcomes([job for _, job, _ in group])
            for (_, _, done), (ok, value) in zip(group, outcomes, strict=True):
                if done.done():
                    continue
                if ok:
                    done.set_result(value)
                else:
                    done.set_exception(value)

    async def _outcomes(self, jobs: list[Job]) -> list[Outcome]:
        try:
            return await self._transact(jobs, False)
        except Exception:  # a job failed: again, each in a savepoint, each hears its own
            try:
                outcomes = await self._transact(jobs, True)
            except Exception as err:  # the database itself failed: everyone hears of it
                return [(False, err)] * len(jobs)
        for i, (ok, value) in enumerate(outcomes):
            if not ok and is_transient(value):  # caught in a deadlock: once more, alone
                try:
                    outcomes[i] = (await self._transact([jobs[i]], False))[0]
                except Exception as err:
                    outcomes[i] = (False, err)
        return outcomes

    async def drain(self) -> None:
        """Wait until every queued write is committed (or failed)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)


def _sqlite_pragmas(engine: Engine) -> None:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL: safe when the process dies
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")  # other processes (a migration, a backup)
        cursor.close()

    event.listen(engine, "connect", on_connect)


class ThreadedSqlite:
    """SQLite through the standard ``sqlite3`` driver: one writer thread, a few readers."""

    def __init__(self, url: str) -> None:
        sync_url = url.replace("+aiosqlite", "", 1)
        memory = ":memory:" in url or url.rstrip("/").endswith("sqlite:")
        args: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
        if memory:  # one shared connection, so one thread for everything
            args["poolclass"] = StaticPool
        self.engine = create_engine(sync_url, **args)
        _sqlite_pragmas(self.engine)
        self._writer = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="sqlite-w")
        self._readers = (
            self._writer
            if memory
            else concurrent.futures.ThreadPoolExecutor(READERS, thread_name_prefix="sqlite-r")
        )
        self._writes = GroupCommit(self._transact)

    def _in_transaction(self, jobs: list[Job], each: bool) -> list[Outcome]:
        with self.engine.begin() as conn:
            return run_all(conn, jobs, each)

    def _transact(self, jobs: list[Job], each: bool) -> Awaitable[list[Outcome]]:
        loop = asyncio.get_running_loop()
        return loop.run_in_executor(self._writer, self._in_transaction, jobs, each)

    def _read_now(self, job: Callable[[Connection], T]) -> T:
        with self.engine.connect() as conn:
            return job(conn)

    async def read(self, job: Callable[[Connection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._readers, self._read_now, job)

    async def write(self, job: Callable[[Connection], T], order: Order | None = None) -> T:
        return await self._writes.write(job, order)

    async def close(self) -> None:
        await self._writes.drain()
        self._readers.shutdown(wait=True)
        self._writer.shutdown(wait=True)
        self.engine.dispose()


class AsyncDatabase:
    """A database with an asyncio driver (PostgreSQL through asyncpg).

    Every round trip counts under load (each waits its turn in a busy event loop), so:

    - Reads run in autocommit: each statement sees what is committed, as it would in a READ
      COMMITTED transaction, without a BEGIN and a ROLLBACK around it (and the pool's ping
      is one round trip, not three).
    - The group commits use two connections of their own, kept open: no checkout and no ping
      per group.  A group that is one statement (the moves of many games in one ``INSERT``,
      the usual case in play) runs in autocommit, atomic as any statement: one round trip;
      any other group runs in a transaction.  After a failure both are opened afresh (a
      database restarted: the group commit's second try gets a new connection).
    """

    def __init__(self, url: str) -> None:
        # enough connections for a crowd saying hello at once, kept open (no churn)
        self.engine = create_async_engine(
            url,
            pool_pre_ping=True,
            pool_size=POOL,
            max_overflow=0,
            pool_timeout=POOL_WAIT,
            isolation_level="AUTOCOMMIT",
        )
        self._writers: dict[bool, AsyncConnection] = {}  # by whether it runs transactions
        self._writes = GroupCommit(self._transact)

    async def _writer(self, transactions: bool) -> AsyncConnection:
        conn = self._writers.get(transactions)
        if conn is None:
            conn = await self.engine.connect()
            if transactions:
                await conn.execution_options(isolation_level="READ COMMITTED")
            self._writers[transactions] = conn
        return conn

    async def _transact(self, jobs: list[Job], each: bool) -> list[Outcome]:
        transactions = each or not is_one_statement(jobs)
        conn = await self._writer(transactions)
        try:
            async with conn.begin():  # in autocommit: no BEGIN, no COMMIT sent
                return await conn.run_sync(run_all, jobs, each)
        except BaseException as err:
            if not _still_usable(err):
                await self._drop_writers()
            raise

    async def _drop_writers(self) -> None:
        writers, self._writers = list(self._writers.values()), {}
        for conn in writers:
            with contextlib.suppress(Exception):
                await conn.close()

    async def read(self, job: Callable[[Connection], T]) -> T:
        conn = self.engine.connect()
        try:
            await conn.start()
        except PoolTimeout as err:
            raise StoreBusy(f"no database connection free in time: {err}") from None
        try:
            return await conn.run_sync(job)
        finally:
            await conn.close()

    async def write(self, job: Callable[[Connection], T], order: Order | None = None) -> T:
        return await self._writes.write(job, order)

    async def close(self) -> None:
        await self._writes.drain()
        await self._drop_writers()
        await self.engine.dispose()
