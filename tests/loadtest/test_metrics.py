"""The figures' maths: exact nearest-rank percentiles, counters, and the report built on them."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from rich.console import Console

from saboteur.loadtest.connection import frame_type
from saboteur.loadtest.health import Health, HealthError, parse_health
from saboteur.loadtest.metrics import Metrics, percentile
from saboteur.loadtest.options import Options, parse_url
from saboteur.loadtest.report import failures, figures, table
from saboteur.loadtest.run import Outcome


def test_percentiles_of_one_to_a_hundred_are_the_ranks() -> None:
    samples = [float(n) for n in range(100, 0, -1)]  # unsorted on purpose
    assert [percentile(samples, p) for p in (1, 50, 95, 99, 100)] == [1, 50, 95, 99, 100]


def test_percentiles_use_the_nearest_rank_without_interpolating() -> None:
    samples = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0]
    assert percentile(samples, 50) == 50.0  # the 5th of 10: no mean of 50 and 60
    assert percentile(samples, 95) == 100.0  # rank ceil(9.5) = 10
    assert percentile(samples, 10) == 10.0
    assert percentile(samples, 11) == 20.0
    assert percentile([7.5], 99) == 7.5


def test_a_percentile_is_always_a_sample_with_enough_samples_at_or_below_it() -> None:
    rng = random.Random(1)
    for size in (1, 2, 3, 17, 100, 1001):
        samples = [rng.expovariate(1.0) for _ in range(size)]
        for p in (50, 95, 99):
            value = percentile(samples, p)
            assert value in samples
            at_or_below = sum(s <= value for s in samples)
            assert at_or_below >= math.ceil(p / 100 * size)
            assert sum(s < value for s in samples) < math.ceil(p / 100 * size)


def test_the_median_agrees_with_statistics_on_odd_sizes() -> None:
    samples = [3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.0]
    assert percentile(samples, 50) == statistics.median(samples)


def test_no_samples_no_percentile_and_bad_ranks_are_refused() -> None:
    assert percentile([], 50) is None
    for p in (0, -1, 100.5):
        with pytest.raises(ValueError, match="percentile"):
            percentile([1.0], p)


def steady_metrics(groups: int = 1) -> Metrics:
    metrics = Metrics(groups=groups)
    metrics.ramp_done(0.5)
    for group in range(groups):
        metrics.game_started(group)
    assert metrics.steady_at is not None
    return metrics


def test_metrics_count_actions_errors_and_games() -> None:
    metrics = steady_metrics()
    for seconds in (0.004, 0.002, 0.003, 0.010):
        metrics.action_done(seconds)
    metrics.error("timeout")
    metrics.error("rate-limited")
    metrics.error("timeout")
    assert metrics.actions == metrics.actions_total == 4
    assert metrics.latency_ms(50) == 3.0
    assert metrics.latency_ms(100) == 10.0
    assert metrics.error_count == 3 and metrics.errors["timeout"] == 2
    assert metrics.games_started == 1


def test_the_steady_state_waits_for_the_ramp_and_every_table() -> None:
    metrics = Metrics(groups=3)
    metrics.game_started(0)
    metrics.action_done(0.5)  # while tables are still being opened: not measured
    metrics.ramp_done(2.0)
    metrics.group_settled(2)  # this one cannot play (a member failed to connect)
    assert metrics.steady_at is None
    metrics.game_started(1)
    assert metrics.steady_at is not None
    metrics.action_done(0.25)
    metrics.game_started(1)  # its next game changes nothing
    assert metrics.actions_total == 2 and metrics.latencies == [0.25]
    assert metrics.games_started == 3


def test_idle_runs_are_steady_once_every_connection_is_open() -> None:
    metrics = Metrics()
    assert metrics.steady_at is None
    metrics.ramp_done(1.0)
    assert metrics.steady_at is not None


def test_frame_types_are_read_from_the_compact_prefix_only() -> None:
    assert frame_type(b'{"type":"games","games":{}}') == "games"
    assert frame_type(b'{"type": "games"}') is None  # not compact: the reader parses it
    assert frame_type(b"[1, 2]") is None
    assert frame_type(b'{"type":"') is None


def test_health_answers_are_checked() -> None:
    good = {"status": "ok", "version": "1", "online": 0, "games": 0, "connections": 2}
    assert parse_health({**good, "rss_bytes": 5}).connections == 2
    with pytest.raises(HealthError, match="rss_bytes"):
        parse_health(good)
    with pytest.raises(HealthError, match="bad figure"):
        parse_health({**good, "rss_bytes": "lots"})


def outcome(metrics: Metrics, held: int = 4, end_rss: int | None = 3_000_000) -> Outcome:
    options = Options(parse_url("ws://127.0.0.1:9"), clients=5, games=1, duration=10)
    start = Health("0.1.0", 0, 0, 0, 1_000_000)
    end = None if end_rss is None else Health("0.1.0", 5, 1, 5, end_rss)
    return Outcome(options, metrics, start, end, held, 10.0, 8.0, 1.5, 1024)


def test_figures_divide_as_documented() -> None:
    metrics = steady_metrics()
    for n in range(1, 201):
        metrics.action_done(n / 1000)
    metrics.games_finished = 1
    metrics.finished_by_group[0] = 1
    data = figures(outcome(metrics))
    assert data["actions_per_second"] == 25.0  # 200 actions in 8 s of steady state
    assert (data["latency_p50_ms"], data["latency_p95_ms"], data["latency_p99_ms"]) == (
        100.0,
        190.0,
        198.0,
    )
    assert data["latency_max_ms"] == 200.0
    assert data["rss_delta_bytes"] == 2_000_000
    assert data["rss_per_connection_bytes"] == 500_000  # over the 4 connections held
    assert data["groups_without_finished_game"] == 0
    assert failures(data) is None
    assert "connections held" in render(data)


def test_a_missing_end_reading_and_errors_are_reported() -> None:
    metrics = Metrics()
    metrics.error("health")
    data = figures(outcome(metrics, end_rss=None))
    assert data["rss_end_bytes"] is None and data["rss_per_connection_bytes"] is None
    assert data["latency_p99_ms"] is None and data["actions"] == 0
    reason = failures(data)
    assert reason is not None
    assert "1 error (health 1)" in reason and "1 of 1 tables finished no game" in reason
    assert "–" in render(data)


def test_a_lobby_that_takes_a_tenth_of_the_bytes_fails_the_run() -> None:
    metrics = Metrics()
    metrics.bytes_received = 1000
    metrics.bytes_by_type.update({"game": 850, "presence": 100, "welcome": 50})
    data = figures(outcome(metrics))
    assert data["lobby_share"] == 0.15
    reason = failures(data)
    assert (
        reason is not None
        and "presence and welcome took 15.0% of the bytes (at most 10%)" in reason
    )
    metrics.bytes_by_type.update({"game": 1000})
    metrics.bytes_received = 2000
    assert figures(outcome(metrics))["lobby_share"] == 0.075


def render(data: dict[str, object]) -> str:
    console = Console(width=200, record=True)
    console.print(table(data))
    return console.export_text()
