"""Security headers on every HTTP response: a Content-Security-Policy, no framing, no sniffing,
no referrer.

The browser client runs under a strict policy: scripts, styles and connections from this origin
only (its WebSocket too), pictures also as ``data:`` URLs.  The API's documentation pages
(``/docs``, ``/redoc``) load their scripts and styles from a CDN, and run one inline script: they
are allowed that, and nothing else is.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CLIENT_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
DOCS_CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = (
    f"default-src 'self'; script-src 'self' 'unsafe-inline' {DOCS_CDN}; "
    f"style-src 'self' 'unsafe-inline' {DOCS_CDN}; img-src 'self' data: https:; "
    f"connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")
COMMON = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def policy_for(path: str) -> str:
    """The Content-Security-Policy of the page at ``path``.

    >>> policy_for("/docs") == DOCS_POLICY, policy_for("/") == CLIENT_POLICY
    (True, True)
    """
    return DOCS_POLICY if path.startswith(DOCS_PATHS) else CLIENT_POLICY


class SecurityHeaders:
    """ASGI middleware: adds the headers to every HTTP response (a WebSocket passes through)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = [*COMMON, (b"content-security-policy", policy_for(scope["path"]).encode())]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in added if name not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
