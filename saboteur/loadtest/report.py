"""A run's figures: one JSON object with stable keys, or a Rich table of the same figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.table import Table

from saboteur.loadtest.run import Outcome

PERCENTILES = (50, 95, 99)
LOBBY_SHARE_LIMIT = 0.10  # presence + welcome: a lobby that scales sends little besides the games


def figures(outcome: Outcome) -> dict[str, Any]:
    """Every figure of a run, by stable key (see docs/loadtest.md)."""
    options, metrics = outcome.options, outcome.metrics
    start, end = outcome.start, outcome.end
    rss_end = end.rss_bytes if end is not None else None
    rss_delta = rss_end - start.rss_bytes if rss_end is not None else None
    per_connection = (
        round(rss_delta / outcome.held) if rss_delta is not None and outcome.held else None
    )
    measured = outcome.measured_seconds
    out: dict[str, Any] = {
        "url": options.target.ws,
        "urls": [target.ws for target in options.targets],
        "mode": "idle" if options.idle_only else "games",
        "clients": options.clients,
        "games": options.games,
        "players": options.players,
        "think_seconds": options.think,
        "duration_seconds": options.duration,
        "seed": options.seed,
        "elapsed_seconds": round(outcome.elapsed, 3),
        "ramp_seconds": _round(metrics.ramp_seconds, 3),
        "measured_seconds": round(measured, 3),
        "connections_opened": metrics.connections_opened,
        "connections_held": outcome.held,
        "connections_failed": metrics.connections_failed,
        "connections_lost": metrics.connections_lost,
        "games_started": metrics.games_started,
        "games_finished": metrics.games_finished,
        "groups_without_finished_game": options.games - len(+metrics.finished_by_group),
        "actions_total": metrics.actions_total,
        "actions": metrics.actions,
        "actions_per_second": round(metrics.actions / measured, 3) if measured else None,
        "latency_samples": len(metrics.latencies),
    }
    for p in PERCENTILES:
        out[f"latency_p{p}_ms"] = metrics.latency_ms(p)
    out["latency_max_ms"] = metrics.latency_ms(100)
    out |= {
        "chat_lines": metrics.chat_lines,
        "messages_received": metrics.messages_received,
        "bytes_received": metrics.bytes_received,
        "bytes_by_type": dict(metrics.bytes_by_type.most_common()),
        "lobby_share": lobby_share(metrics.bytes_by_type, metrics.bytes_received),
        "errors": metrics.error_count,
        "errors_by_kind": dict(sorted(metrics.errors.items())),
        "abandoned_games": metrics.abandoned,
        "server_version": start.version,
        "server_connections_start": start.connections,
        "server_connections_end": end.connections if end is not None else None,
        "rss_start_bytes": start.rss_bytes,
        "rss_end_bytes": rss_end,
        "rss_delta_bytes": rss_delta,
        "rss_per_connection_bytes": per_connection,
        "client_cpu_seconds": round(outcome.cpu_seconds, 3),
        "open_files_limit": outcome.open_files,
    }
    return out


def lobby_share(by_type: Mapping[str, int], total: int) -> float:
    """The share of the bytes received that told who is online and welcomed newcomers.

    >>> lobby_share({"presence": 30, "welcome": 20, "game": 950}, 1000)
    0.05
    """
    return (
        round((by_type.get("presence", 0) + by_type.get("welcome", 0)) / total, 4) if total else 0.0
    )


def failures(data: dict[str, Any]) -> str | None:
    """Why ``--fail-on-error`` fails this run (errors, or a group that finished no game)."""
    reasons = []
    if data["errors"]:
        kinds = ", ".join(f"{kind} {n}" for kind, n in data["errors_by_kind"].items())
        plural = "" if data["errors"] == 1 else "s"
        reasons.append(f"{data['errors']} error{plural} ({kinds})")
    if data["mode"] != "idle" and data["lobby_share"] > LOBBY_SHARE_LIMIT:  # idle: all lobby
        share, limit = f"{data['lobby_share']:.1%}", f"{LOBBY_SHARE_LIMIT:.0%}"
        reasons.append(f"presence and welcome took {share} of the bytes (at most {limit})")
    if data["groups_without_finished_game"]:
        reasons.append(
            f"{data['groups_without_finished_game']} of {data['games']} tables finished no game"
        )
    return "; ".join(reasons) or None


def table(data: dict[str, Any]) -> Table:
    """The figures people read first, formatted."""
    view = Table(title=f"saboteur loadtest ({data['mode']})", title_justify="left")
    view.add_column("figure")
    view.add_column("value", justify="right")
    rows: list[tuple[str, str]] = [
        ("server", ", ".join(data["urls"])),
        ("connections held", f"{data['connections_held']} of {data['clients']}"),
        ("connections failed / lost", f"{data['connections_failed']} / {data['connections_lost']}"),
        ("ramp-up", _seconds(data["ramp_seconds"])),
    ]
    if data["mode"] == "games":
        rows += [
            ("games finished / started", f"{data['games_finished']} / {data['games_started']}"),
            ("steady state measured", _seconds(data["measured_seconds"] or None, "not reached")),
            ("actions measured / in all", f"{data['actions']} / {data['actions_total']}"),
            ("actions per second", _number(data["actions_per_second"])),
            *((f"latency p{p}", _ms(data[f"latency_p{p}_ms"])) for p in PERCENTILES),
            ("latency max", _ms(data["latency_max_ms"])),
            ("chat lines sent", str(data["chat_lines"])),
        ]
    kinds = ", ".join(f"{kind} {n}" for kind, n in data["errors_by_kind"].items())
    rows += [
        ("messages received", f"{data['messages_received']} ({_size(data['bytes_received'])})"),
        ("largest shares", _shares(data["bytes_by_type"], data["bytes_received"])),
        ("errors", f"{data['errors']}" + (f" ({kinds})" if kinds else "")),
        ("server memory at start", _size(data["rss_start_bytes"])),
        ("server memory at end", _size(data["rss_end_bytes"])),
        ("server memory per connection", _size(data["rss_per_connection_bytes"])),
        ("server connections at end", _text(data["server_connections_end"])),
        (
            "elapsed / load-test CPU",
            f"{data['elapsed_seconds']:.1f} s / {data['client_cpu_seconds']:.1f} s",
        ),
    ]
    for name, value in rows:
        view.add_row(name, value)
    return view


def _shares(by_type: dict[str, int], total: int, shown: int = 3) -> str:
    """The message types that made up most of the bytes, e.g. ``game 81%, lists 12%``."""
    top = list(by_type.items())[:shown]
    return ", ".join(f"{kind} {100 * n / total:.0f}%" for kind, n in top) if total else "-"


def _round(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def _text(value: object) -> str:
    return "–" if value is None else str(value)


def _number(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f} ms"


def _seconds(value: float | None, otherwise: str = "–") -> str:
    return otherwise if value is None else f"{value:.1f} s"


def _size(value: int | None) -> str:
    if value is None:
        return "–"
    if abs(value) >= 1 << 20:
        return f"{value / (1 << 20):.1f} MiB"
    if abs(value) >= 1 << 10:
        return f"{value / (1 << 10):.1f} KiB"
    return f"{value} B"
