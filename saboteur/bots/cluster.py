"""Games of a tournament on a Dask cluster: ``saboteur tournament --cluster tcp://HOST:8786``.

An optional extra (``pip install 'saboteur[cluster]'``, which brings Dask's ``distributed``);
why Dask rather than Ray is in ``docs/adr/0003-tournaments-on-dask.md``.  Each game is one task
(:func:`saboteur.bots.pool.play_job`); the cluster's workers need the same saboteur installed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from saboteur.bots.pool import Job, Played, play_job

CONNECT_SECONDS = 10  # how long to look for the cluster's scheduler


class ClusterError(RuntimeError):
    """The cluster cannot be used: the extra is missing or no scheduler answers."""


def play_on_cluster(config: str, jobs: Sequence[Job], address: str) -> Iterator[Played]:
    """Play ``jobs`` at the table ``config`` on the cluster at ``address``; results as games end."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError(
            "--cluster needs the cluster extra: pip install 'saboteur[cluster]'"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as err:
        raise ClusterError(f"no Dask scheduler answers at {address}: {err}") from None
    with client:
        futures = client.map(play_job, [config] * len(jobs), jobs, pure=False)
        try:
            for future in as_completed(futures):
                played: Played = future.result()
                yield played
        finally:
            client.cancel(futures)
