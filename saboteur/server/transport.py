"""The WebSocket transport under the app: uvicorn's, able to drop a connection at once.

A close waits until the peer has read what is queued for it, which a stuck peer never does, and
ASGI gives an app no other way to end a connection.  :class:`AbortableWebSockets` hands the app
an ``abort`` in the scope's extensions (see :func:`aborter`) that drops the TCP connection and
its send buffer at once; it aborts too when a keepalive ping goes unanswered, and logs a frame
that breaks the protocol (invalid UTF-8 among them) as one warning line, not a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

ABORT = "saboteur.abort"  # the scope extension: {"abort": a function of no arguments}
log = logging.getLogger("saboteur.server")


def aborter(scope: Any) -> Callable[[], None] | None:
    """The connection's ``abort``, if the server running the app offers one."""
    found: Callable[[], None] | None = scope.get("extensions", {}).get(ABORT, {}).get("abort")
    return found


class OneLineDecodeErrors(logging.Filter):
    """uvicorn logs a text frame of invalid UTF-8 as a traceback at ERROR: make it one warning."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, UnicodeDecodeError):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg, record.args = "WebSocket closed (1007): invalid UTF-8: %s", (error,)
            record.exc_info, record.exc_text = None, None
        return True


_DECODE_FILTER = OneLineDecodeErrors()


class AbortableWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans-I/O) with ``abort`` for the app."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if _DECODE_FILTER not in self.logger.filters:
            self.logger.addFilter(_DECODE_FILTER)

    async def run_asgi(self) -> None:
        self.scope["extensions"][ABORT] = {"abort": self.abort}
        await super().run_asgi()

    def abort(self) -> None:
        """Drop the connection now, and whatever waits to be sent on it."""
        self.transport.abort()

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()  # closes, but a close waits for the peer to read
        self.abort()

    def handle_parser_exception(self) -> None:
        error = self.conn.parser_exc
        if error is not None:
            closed = self.conn.close_sent
            code = closed.code if closed is not None else 1002
            where = ":".join(map(str, self.client or ("?",)))
            log.warning("WebSocket from %s closed (%s): invalid frame: %s", where, code, error)
        super().handle_parser_exception()
