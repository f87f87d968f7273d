"""Games of a tournament played in this process or in worker processes, with the same results.

A :class:`Job` says everything one game needs (who sits where, the deal's seed, the bots'
seed), so a game comes out the same whichever process plays it; a worker rebuilds the table
from the :class:`Game`'s ruleset, players and options and the bots from their spec texts.
Results come back as :class:`Played` records, in the order games finish; a caller that sums
them does so in job order.

>>> from saboteur.engine import new_game
>>> game = new_game("classic", 3, {"rounds": 1})
>>> job = Job(key=0, seats=("random", "random", "random"), deal=5, bot_seed="0:0")
>>> [p.key for p in play_all(game, [job], workers=1)]
[0]
>>> play_one(game, job).outcomes == play_one(game, job).outcomes
True
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import multiprocessing
import random
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from saboteur.bots.base import choose
from saboteur.bots.provenance import code_id
from saboteur.bots.registry import parse_spec
from saboteur.engine import Game
from saboteur.engine.registry import get_ruleset

if TYPE_CHECKING:
    from saboteur.bots.journal import Journal


@dataclass(frozen=True)
class Job:
    """One game to play: its ``key`` (its number in the tournament), the bot spec text at each
    seat, the deal's seed and the seed of the bots' own randomness."""

    key: int
    seats: tuple[str, ...]
    deal: int
    bot_seed: str


@dataclass(frozen=True)
class Played:
    """What one game gave: its key and seating, the ruleset's outcomes as (seat, side, result),
    the final scores, each seat's thinking as (decisions, CPU seconds, search iterations), and
    the id of the code that played it (:mod:`saboteur.bots.provenance`; ``None``: not recorded,
    as in journals written before it was)."""

    key: int
    seats: tuple[str, ...]
    outcomes: tuple[tuple[int, str, str], ...]
    scores: tuple[int, ...]
    thinking: tuple[tuple[int, float, int], ...]
    code: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.key,
            "seats": list(self.seats),
            "outcomes": [list(o) for o in self.outcomes],
            "scores": list(self.scores),
            "thinking": [list(t) for t in self.thinking],
        }
        if self.code is not None:
            data["code"] = self.code
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Played:
        """Read back :meth:`to_json` (``KeyError``, ``TypeError``, ``ValueError`` if it is not)."""
        return cls(
            key=int(data["game"]),
            seats=tuple(str(s) for s in data["seats"]),
            outcomes=tuple((int(s), str(side), str(r)) for s, side, r in data["outcomes"]),
            scores=tuple(int(s) for s in data["scores"]),
            thinking=tuple((int(d), float(c), int(i)) for d, c, i in data["thinking"]),
            code=None if data.get("code") is None else str(data["code"]),
        )


def play_one(game: Game, job: Job) -> Played:
    """Deal ``job.deal`` and let the seated bots play to the end, timing each seat's thinking."""
    state = game.new_state(job.deal)
    bots = [
        parse_spec(text).make(game, index, random.Random(f"{job.bot_seed}:{index}"))
        for index, text in enumerate(job.seats)
    ]
    clock = time.process_time  # CPU time: other programs on the machine do not count
    decisions = [0] * len(bots)
    seconds = [0.0] * len(bots)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        started = clock()
        action = choose(bots[seat], state, seat)
        seconds[seat] += clock() - started
        decisions[seat] += 1
        state.apply(action)
    outcomes = get_ruleset(game.ruleset).outcomes(state)
    return Played(
        key=job.key,
        seats=job.seats,
        outcomes=tuple((o.seat, o.side, o.result) for o in outcomes),
        scores=tuple(state.scores),
        thinking=tuple(zip(decisions, seconds, (b.iterations for b in bots), strict=True)),
        code=code_id(),
    )


_TABLES: dict[str, Game] = {}  # a worker's tables, by their config, each made once


def play_job(config: str, job: Job) -> Played:
    """Play ``job`` at the table ``config`` (``Game.config()`` as JSON): what a worker process
    or a cluster's worker runs."""
    game = _TABLES.get(config)
    if game is None:
        table = json.loads(config)
        game = _TABLES[config] = get_ruleset(table["ruleset"]).game(
            table["players"], table["options"]
        )
    return play_one(game, job)


def play_all(
    game: Game, jobs: Iterable[Job], workers: int = 1, cluster: str | None = None
) -> Iterator[Played]:
    """Play ``jobs`` here (``workers`` 1), in that many worker processes, or on the Dask
    ``cluster`` at that address; each result as its game ends (in any order unless here)."""
    todo = list(jobs)
    config = json.dumps(game.config(), sort_keys=True)
    if cluster is not None:
        from saboteur.bots.cluster import play_on_cluster

        yield from play_on_cluster(config, todo, cluster)
        return
    if workers <= 1 or len(todo) <= 1:
        for job in todo:
            yield play_one(game, job)
        return
    context = multiprocessing.get_context("spawn")  # no forked threads (Rich's progress has one)
    pool = concurrent.futures.ProcessPoolExecutor(min(workers, len(todo)), mp_context=context)
    futures = [pool.submit(play_job, config, job) for job in todo]
    finished = concurrent.futures.as_completed(futures)
    try:
        while True:
            with terminate_as_interrupt():  # while waiting only: not left behind between results
                future = next(finished, None)
            if future is None:
                break
            yield future.result()
    except BaseException:  # interrupted (Ctrl-C, SIGTERM) or a game failed: stop every worker
        stop_workers(pool)
        raise
    pool.shutdown()


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises KeyboardInterrupt (as Ctrl-C does) in the main thread, so an
    interrupted tournament stops its workers instead of leaving them playing on alone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def stop_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the worker processes now: a game they were playing is
    lost, and played again when the tournament resumes from its journal."""
    processes = list((pool._processes or {}).values())  # no public way before Python 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=10)


def collect(
    game: Game,
    jobs: Iterable[Job],
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
    journal: Journal | None = None,
    cluster: str | None = None,
) -> dict[int, Played]:
    """Every job's result by key: those in the ``journal`` already, the others played (and
    added to it) as :func:`play_all` says; ``on_game(done)`` after each (and once for those
    read back)."""
    todo = list(jobs)
    wanted = {job.key for job in todo}
    done = {k: p for k, p in (journal.read() if journal else {}).items() if k in wanted}
    if on_game is not None:
        on_game(len(done))
    rest = [job for job in todo if job.key not in done]
    for played in play_all(game, rest, workers, cluster):
        done[played.key] = played
        if journal is not None:
            journal.write(played)
        if on_game is not None:
            on_game(len(done))
    return done
