"""A client that never reads: a raw socket with a tiny receive buffer that says hello, then asks
and asks (``lists``) and leaves every answer unread, as a stuck or hostile client does.

A server must drop it (see docs/protocol.md, limits) rather than keep its answers in memory.

>>> text_frame('{"type":"lists"}', b"\\x00\\x00\\x00\\x00")
b'\\x81\\x90\\x00\\x00\\x00\\x00{"type":"lists"}'
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
from typing import Any

RECEIVE_BUFFER = 4096  # bytes: the kernel's receive buffer asked for (it may double it)
HANDSHAKE_LIMIT = 4096  # bytes an upgrade answer may have


def text_frame(text: str, mask: bytes | None = None) -> bytes:
    """One masked WebSocket text frame, as a client sends it."""
    payload = text.encode()
    key = mask if mask is not None else os.urandom(4)
    size = len(payload)
    header = struct.pack("!BB", 0x81, 0x80 | size) if size < 126 else b""
    if not header:
        header = struct.pack("!BBH", 0x81, 0x80 | 126, size)
    return header + key + bytes(byte ^ key[i % 4] for i, byte in enumerate(payload))


class StuckClient:
    """One connection that sends and never reads (after the upgrade)."""

    def __init__(self, sock: socket.socket, timeout: float) -> None:
        self.sock = sock
        self.timeout = timeout
        self.sent = 0

    @classmethod
    async def open(
        cls, host: str, port: int, name: str, timeout: float = 10.0, origin: str | None = None
    ) -> StuckClient:
        """Connect, upgrade to a WebSocket and say hello as ``name``; waits at most ``timeout``
        seconds for each step."""
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        sock.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(sock, (host, port)), timeout)
            key = base64.b64encode(os.urandom(16)).decode()
            lines = [
                "GET /ws HTTP/1.1",
                f"Host: {host}:{port}",
                "Upgrade: websocket",
                "Connection: Upgrade",
                f"Sec-WebSocket-Key: {key}",
                "Sec-WebSocket-Version: 13",
                *([f"Origin: {origin}"] if origin else []),
            ]
            request = ("\r\n".join(lines) + "\r\n\r\n").encode()
            await asyncio.wait_for(loop.sock_sendall(sock, request), timeout)
            answer = b""
            while b"\r\n\r\n" not in answer:  # read the upgrade answer only, a byte at a time
                byte = await asyncio.wait_for(loop.sock_recv(sock, 1), timeout)
                if not byte or len(answer) > HANDSHAKE_LIMIT:
                    raise ConnectionError(f"no WebSocket upgrade: {answer[:200]!r}")
                answer += byte
            if not answer.startswith(b"HTTP/1.1 101"):
                raise ConnectionError(f"no WebSocket upgrade: {answer[:200]!r}")
        except BaseException:
            sock.close()
            raise
        client = cls(sock, timeout)
        if not await client.send({"type": "hello", "name": name}):
            client.close()
            raise ConnectionError("the server closed the connection after the upgrade")
        return client

    async def send(self, message: dict[str, Any]) -> bool:
        """Send one message; False once the server has dropped the connection (or a send waited
        past the timeout)."""
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(
                loop.sock_sendall(self.sock, text_frame(json.dumps(message))), self.timeout
            )
        except (OSError, TimeoutError):
            return False
        self.sent += 1
        return True

    def close(self) -> None:
        self.sock.close()
