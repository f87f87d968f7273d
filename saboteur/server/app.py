"""The ASGI app: HTTP for lists and records (with an OpenAPI description), one WebSocket per client.

>>> app = create_app("sqlite+aiosqlite:///:memory:")
>>> sorted(path for path in app.openapi()["paths"] if path.startswith("/api"))[:3]
['/api/games', '/api/games/{game_id}', '/api/games/{game_id}/record']
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import os
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

from saboteur import __version__
from saboteur.engine import RULESETS, Record
from saboteur.engine.registry import DEFAULT_RULESET
from saboteur.engine.replays import replay_of
from saboteur.engine.views import event_schema, view_schema
from saboteur.server.bus import LocalBus, RedisBus, channel_for
from saboteur.server.collector import Collector
from saboteur.server.headers import SecurityHeaders
from saboteur.server.hub import Client
from saboteur.server.limits import AbuseLimits, SendLimits
from saboteur.server.messages import MessageCatalogue, catalogue_body
from saboteur.server.origins import Origins
from saboteur.server.ratings_http import router as ratings_router
from saboteur.server.service import Service
from saboteur.server.settings import ABSENCE_TIMEOUT, BOT_DELAY, AccountPolicy
from saboteur.server.store.migrate import upgrade
from saboteur.server.store.store import FINISHED, GameRow, Store
from saboteur.server.transport import aborter


def resident_bytes() -> int:
    """This process's resident set size (Linux ``/proc``; 0 where unavailable)."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
        return int(fields[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class RevalidatedFiles(StaticFiles):
    """Static files that browsers check again on every load (a 304 if unchanged), so that a
    new version of the client is never mixed with cached modules of an old one."""

    def file_response(
        self, full_path: Any, stat_result: os.stat_result, scope: Any, status_code: int = 200
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        return response


ORIGIN_REFUSED = 1008  # the close code of a WebSocket from a page of a foreign origin


def closer(socket: WebSocket) -> Callable[[], None]:
    """Where the server cannot abort a connection: close it, in the background, with a timeout
    (a peer that reads nothing never completes a close)."""

    def close() -> None:
        task = asyncio.ensure_future(asyncio.wait_for(socket.close(1008, "too slow"), 5))
        task.add_done_callback(lambda done: done.cancelled() or done.exception())
        CLOSING.add(task)
        task.add_done_callback(CLOSING.discard)

    return close


CLOSING: set[asyncio.Future[None]] = set()  # the fallback closes under way (kept from the GC)
WEB = Path(__file__).resolve().parent.parent / "web"


class Health(BaseModel):
    status: str
    version: str
    online: int
    games: int
    connections: int  # open WebSockets on this node
    rss_bytes: int  # this node's resident memory


class GameSummary(BaseModel):
    id: int
    ruleset: str
    players: int
    options: dict[str, Any]
    status: str
    seats: list[str | None]
    host: str | None = None
    clock: int | None = None
    bots: list[str | None] | None = None  # per seat: the bot playing it, or null for a person
    away: list[int] | None = None  # seats of absent players a bot plays for meanwhile
    created_at: str | None = None
    started_at: str | None = None
    finished_at: str | None = None
    round: int | None = None
    current: int | None = None
    results: list[dict[str, Any]] | None = None
    gold: list[int] | None = None  # a finished game's in a list: each seat's gold
    winners: list[int] | None = None  # … and the seats that won


class HighScore(BaseModel):
    name: str
    gold: int
    games: int
    won: int
    registered: bool  # the nickname is registered (has a password)


class OptionInfo(BaseModel):
    """One option of a ruleset, as its descriptor declares it (the new-table form's field)."""

    name: str
    type: Literal["int", "bool", "choice", "seat"]
    default: Any
    choices: list[Any] | None = None
    min: int | None = None
    max: int | None = None
    title: dict[str, str]
    help: dict[str, str]
    choice_titles: dict[str, dict[str, str]] | None = None


class RulesetInfo(BaseModel):
    """A ruleset's descriptor as clients need it: titles, seats, options, bots, cards."""

    name: str
    default: bool  # the ruleset a table has when new_game names none
    title: dict[str, str]  # by language: en, de
    summary: dict[str, str]
    min_players: int
    max_players: int
    default_players: int
    options: list[OptionInfo]
    bots: list[str]  # the bot kinds new_game may seat in this ruleset
    sides: list[str]  # the roles a tournament counts (empty: played alone)
    high_scores: bool  # whether its finished games count for the high scores
    cards: list[dict[str, Any]]  # the card catalogue (``saboteur cards RULESET --json``)


class RulesetSchema(BaseModel):
    """JSON Schema documents: a view of the ruleset, and one of its events."""

    view: dict[str, Any]
    events: dict[str, Any]


REPLAYS_KEPT = 32  # finished games' replays kept made (they never change)
REFUSALS: dict[int | str, dict[str, Any]] = {
    404: {"description": "there is no such game"},
    409: {"description": "the game is not finished: its record is secret"},
}


def replay_bytes(row: GameRow, record: Record, names: list[str]) -> bytes:
    """A finished game's replay as gzipped JSON, with the game's id, bots and end."""
    data = replay_of(record, names)
    bots = row.seat_bots()
    data["game"] = row.id
    data["bots"] = [bots[s].partition(":")[0] if s in bots else None for s in range(row.players)]
    data["finished_at"] = row.finished_at
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=6)


def create_app(
    db_url: str,
    migrate: bool = True,
    bot_delay: float = BOT_DELAY,
    absence_timeout: float = ABSENCE_TIMEOUT,
    redis_url: str | None = None,
    send_limits: SendLimits | None = None,
    allow_origins: Iterable[str] = (),
    abuse_limits: AbuseLimits | None = None,
    account_policy: AccountPolicy | None = None,
) -> FastAPI:
    """The server for the database at ``db_url`` (migrated at start unless ``migrate`` is off);
    bots wait ``bot_delay`` seconds before each move.  With ``redis_url`` it is one node of
    several that share the database and talk over Redis.  A connection that falls behind its
    ``send_limits`` is dropped; a WebSocket from a page of another origin than the server's own
    and ``allow_origins`` is refused; what one address or person may do: ``abuse_limits``; how
    long logins and guests' names last: ``account_policy``."""
    limits = send_limits or SendLimits()
    origins = Origins(allow_origins)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if migrate:
            await asyncio.to_thread(upgrade, db_url)
        store = Store(db_url)
        bus = RedisBus(redis_url, channel_for(db_url)) if redis_url else LocalBus()
        service = Service(
            store,
            bot_delay=bot_delay,
            absence_timeout=absence_timeout,
            bus=bus,
            abuse_limits=abuse_limits,
            account_policy=account_policy,
        )
        await service.load()
        app.state.service = service
        collector = Collector()
        collector.start()
        try:
            yield
        finally:
            await collector.close()
            await service.close()
            await store.close()

    app = FastAPI(
        title="saboteur server",
        version=__version__,
        description="Lobby, chat, tables and high scores of the Saboteur games. "
        "Commands and pushes travel over the WebSocket at /ws (see docs/protocol.md).",
        lifespan=lifespan,
    )
    app.add_middleware(SecurityHeaders)

    app.include_router(ratings_router)

    def service_of() -> Service:
        service: Service = app.state.service
        return service

    @app.get("/api/health", response_model=Health)
    async def health() -> Health:
        service = service_of()
        return Health(
            status="ok",
            version=__version__,
            online=len(service.online_names()),
            games=len(service.tables),
            connections=len(service.hub.clients),
            rss_bytes=resident_bytes(),
        )

    @app.get("/api/rulesets", response_model=list[RulesetInfo])
    async def rulesets() -> list[RulesetInfo]:
        out = []
        for name in RULESETS:
            data = RULESETS[name].to_json()
            seats = data.pop("players")
            out.append(
                RulesetInfo(
                    **data,
                    default=name == DEFAULT_RULESET,
                    min_players=seats["min"],
                    max_players=seats["max"],
                    default_players=seats["default"],
                )
            )
        return out

    @app.get("/api/rulesets/{name}/schema", response_model=RulesetSchema)
    async def ruleset_schema(name: str) -> RulesetSchema:
        """The JSON Schema of the ruleset's views and of its events."""
        if name not in RULESETS:
            raise HTTPException(404, f"no ruleset {name!r}")
        rules = RULESETS[name]
        return RulesetSchema(view=view_schema(rules), events=event_schema(rules))

    @app.get("/api/messages", response_model=MessageCatalogue)
    async def messages() -> dict[str, Any]:
        """Event texts and card names in every language (docs/messages.md)."""
        return catalogue_body()

    @app.get("/api/games", response_model=list[GameSummary])
    async def list_games(
        response: Response,
        status: Literal["open", "active", "finished"] = Query("open"),
        limit: int = Query(50, ge=1, le=500),
        offset: int = Query(0, ge=0, le=1_000_000),
        player: str = Query("", max_length=32),
    ) -> list[dict[str, Any]]:
        """A page of the tables: ``open`` ones waiting longest first, ``active`` and ``finished``
        ones the newest first; ``player`` keeps those where a name holding it (regardless of
        case) sits. The header ``X-Total-Count`` says how many there are in all."""
        service = service_of()
        player = player.strip()
        if status == FINISHED:
            response.headers["X-Total-Count"] = str(await service.store.count_finished(player))
            return await service.finished_games(limit, offset, player)
        tables = service.game_lists()[status]
        if status == "active":
            tables = tables[::-1]
        if player:
            wanted = player.lower()
            tables = [t for t in tables if any(n and wanted in n.lower() for n in t["seats"])]
        response.headers["X-Total-Count"] = str(len(tables))
        return tables[offset : offset + limit]

    @app.get("/api/games/{game_id}", response_model=GameSummary)
    async def game(game_id: int) -> dict[str, Any]:
        service = service_of()
        table = service.tables.get(game_id)
        if table is not None:
            return table.summary(service.names)
        row = await service.store.game(game_id) if 0 < game_id < 2**31 else None
        if row is None:
            raise HTTPException(404, f"there is no game {game_id}")
        results = await service.store.game_results(game_id)
        return {
            "id": row.id,
            "ruleset": row.ruleset,
            "players": row.players,
            "options": row.options,
            "status": row.status,
            "seats": [r["name"] for r in results],
            "created_at": row.created_at,
            "started_at": row.started_at,
            "finished_at": row.finished_at,
            "results": results,
        }

    async def finished_record(game_id: int) -> tuple[GameRow, Record, list[str]]:
        """A finished game's row, record and seat names; 404 for no such game, 409 while it is
        open or running (its seed, deck and hands are secret until it is over)."""
        service = service_of()
        row = await service.store.game(game_id) if 0 < game_id < 2**31 else None
        if row is None:
            raise HTTPException(404, f"there is no game {game_id}")
        if row.status != FINISHED or row.seed is None:
            raise HTTPException(409, "a game's record is published once the game is finished")
        results = await service.store.game_results(game_id)
        record = Record(
            row.ruleset,
            row.players,
            row.seed,
            [text for text, _actor in row.actions],
            dict(row.options),
            [r["gold"] for r in results],
        )
        return row, record, [r["name"] for r in results]

    @app.get("/api/games/{game_id}/record", responses=REFUSALS)
    async def record(game_id: int) -> dict[str, Any]:
        """The game record (seed and actions) of a finished game; a running game's is secret."""
        _row, found, names = await finished_record(game_id)
        out = found.to_json()
        out["names"] = names
        return out

    replays: OrderedDict[int, bytes] = OrderedDict()  # game id -> its replay, gzipped JSON

    @app.get("/api/games/{game_id}/replay", responses=REFUSALS)
    async def replay(game_id: int, request: Request) -> Response:
        """A finished game's replay: every step's view of every seat, all revealed, as patches
        (docs/protocol.md#replays). Refused like the record while the game is not over."""
        packed = replays.get(game_id)
        if packed is None:
            row, found, names = await finished_record(game_id)
            packed = await asyncio.to_thread(replay_bytes, row, found, names)
            replays[game_id] = packed
            while len(replays) > REPLAYS_KEPT:
                replays.popitem(last=False)
        replays.move_to_end(game_id)
        headers = {"Cache-Control": "public, max-age=3600", "Vary": "Accept-Encoding"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return Response(packed, media_type="application/json", headers=headers)
        return Response(gzip.decompress(packed), media_type="application/json", headers=headers)

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: int) -> RedirectResponse:
        """A replay's address to share: the client's replay viewer."""
        return RedirectResponse(f"/#/replay/{game_id}", status_code=307)

    @app.get("/api/highscores", response_model=list[HighScore])
    async def highscores(limit: int = Query(100, ge=1, le=1000)) -> list[dict[str, Any]]:
        return await service_of().store.highscores(limit)

    @app.get("/api/online", response_model=list[str])
    async def online() -> list[str]:
        return list(service_of().online_names())

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> HTMLResponse:
        page = WEB / "index.html"
        if page.exists():
            return HTMLResponse(
                page.read_text(encoding="utf-8"), headers={"Cache-Control": "no-cache"}
            )
        return HTMLResponse(
            "<!doctype html><title>saboteur</title><h1>saboteur server</h1>"
            "<p>The browser client is not built yet. The protocol: WebSocket <code>/ws</code>; "
            'HTTP: <a href="/docs">/docs</a>.</p>'
        )

    if (WEB / "static").is_dir():
        app.mount("/static", RevalidatedFiles(directory=WEB / "static"), name="static")

    @app.websocket("/ws")
    async def websocket(socket: WebSocket) -> None:
        origin = socket.headers.get("origin")
        if not origins.permits(origin, socket.headers.get("host")):
            await socket.accept()
            await socket.close(ORIGIN_REFUSED, f"origin not allowed: {(origin or '')[:40]}")
            return
        await socket.accept()
        service = service_of()
        peer = socket.client.host if socket.client else ""
        client = Client(socket.send_text, aborter(socket.scope) or closer(socket), limits, peer)
        service.connect(client)
        try:
            while client.dropped is None:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                payload = frame.get("text")
                if payload is None:
                    payload = frame.get("bytes") or b""
                await service.handle(client, payload)
        except WebSocketDisconnect:
            pass
        finally:
            await service.disconnect(client)

    return app
