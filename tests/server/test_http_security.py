"""Security headers on every HTTP response, a client that runs under the policy, and the
WebSocket's Origin check."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets
from websockets.typing import Origin

from tests.server.helpers import ROOT, TIMEOUT, LiveServer, ServerProcess, live_server, sqlite_url

WEB = ROOT / "saboteur" / "web"
ALLOWED = "https://play.example.org"
PATHS = ["/", "/static/app.js", "/static/style.css", "/api/health", "/api/games/99", "/nothing"]


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that lets pages of one other origin in."""
    with live_server(sqlite_url(tmp_path_factory.mktemp("db")), allow_origins=[ALLOWED]) as running:
        yield running


@pytest.mark.parametrize("path", [*PATHS, "/docs", "/openapi.json"])
def test_every_response_has_the_security_headers(guarded: LiveServer, path: str) -> None:
    headers = httpx.get(guarded.http + path, timeout=TIMEOUT).headers
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    policy = dict(
        part.strip().split(" ", 1) for part in headers["content-security-policy"].split(";")
    )
    assert policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'"
    if not path.startswith("/docs"):  # the API's docs run an inline script; nothing else may
        assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
        assert policy["connect-src"] == "'self'"


def test_the_client_needs_no_inline_script_or_style() -> None:
    pages = [WEB / "index.html", *WEB.glob("static/*.html")]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page  # only script files
        assert not re.search(r"\son[a-z]+\s*=", html), page  # no inline event handlers
        assert not re.search(r"<style|\sstyle\s*=", html), page
    for script in WEB.glob("static/*.js"):  # style only through CSSOM (h() sets style so)
        source = script.read_text(encoding="utf-8")
        style = r"setAttribute\(\s*[\"']style|(?<![-\w])style=\\?[\"']"  # not SVG's font-style=
        assert not re.search(style, source), script


NUMBERS = itertools.count(1)


async def welcome_or_close(url: str, origin: str | None) -> dict[str, object]:
    """Connect with this Origin header and say hello: the welcome, or how the server closed."""
    sent = Origin(origin) if origin is not None else None
    async with websockets.connect(url, origin=sent, open_timeout=TIMEOUT) as socket:
        try:
            await socket.send(json.dumps({"type": "hello", "name": f"Visitor {next(NUMBERS)}"}))
            for _ in range(10):
                message = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
                if message["type"] == "welcome":
                    return {"welcome": True}
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None
            return {"code": closed.rcvd.code, "reason": closed.rcvd.reason}
    raise AssertionError("no welcome and no close")


@pytest.mark.anyio
async def test_a_websocket_from_a_foreign_page_is_refused(guarded: LiveServer) -> None:
    own = f"http://127.0.0.1:{guarded.port}"
    for origin in (own, ALLOWED, ALLOWED + "/", None):  # the server's own, allowed, no browser
        assert await welcome_or_close(guarded.ws, origin) == {"welcome": True}, origin
    for origin in ("https://evil.example", f"http://127.0.0.1:{guarded.port + 1}", "null"):
        closed = await welcome_or_close(guarded.ws, origin)
        assert closed["code"] == 1008, (origin, closed)
        assert closed["reason"] == f"origin not allowed: {origin}", closed
    assert guarded.get("/api/health")["connections"] == 0


@pytest.mark.anyio
async def test_the_server_command_takes_allowed_origins(tmp_path: Path) -> None:
    process = ServerProcess(tmp_path, "--allow-origin", ALLOWED, "--send-timeout", "5")
    try:
        assert await welcome_or_close(process.ws, ALLOWED) == {"welcome": True}
        closed = await welcome_or_close(process.ws, "https://evil.example")
        assert closed == {"code": 1008, "reason": "origin not allowed: https://evil.example"}
    finally:
        process.kill()
