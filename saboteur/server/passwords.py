"""Passwords: the rules a new one keeps, and hashing with Argon2id (argon2-cffi's defaults, the
low-memory choice of RFC 9106), off the event loop and at most two at a time (each takes
64 MiB and some 50 ms of a core).

>>> check_password("hunter2")
Traceback (most recent call last):
...
ValueError: a password has at least 8 characters
>>> check_password("correct horse battery")
'correct horse battery'
"""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

MIN_LENGTH, MAX_LENGTH = 8, 256


def check_password(password: str) -> str:
    """``password`` if a new password may be it, else ValueError saying why."""
    if len(password) < MIN_LENGTH:
        raise ValueError(f"a password has at least {MIN_LENGTH} characters")
    if len(password) > MAX_LENGTH:
        raise ValueError(f"a password has at most {MAX_LENGTH} characters")
    if not password.strip():
        raise ValueError("a password is more than spaces")
    return password


class Passwords:
    """Hash and verify, two at a time, in worker threads."""

    def __init__(self, hasher: PasswordHasher | None = None, at_once: int = 2) -> None:
        self.hasher = hasher or PasswordHasher()
        self.gate = asyncio.Semaphore(at_once)
        self._dummy: str | None = None  # verified against when no such user: same time taken

    async def hash(self, password: str) -> str:
        async with self.gate:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, digest: str | None, password: str) -> bool:
        """Whether ``password`` is the one hashed as ``digest`` (None: nobody's — the work is
        done all the same, so that a wrong name takes as long as a wrong password)."""
        if digest is None:
            if self._dummy is None:
                self._dummy = await self.hash("no such user")
            await self._verify(self._dummy, password)
            return False
        return await self._verify(digest, password)

    def needs_rehash(self, digest: str) -> bool:
        return self.hasher.check_needs_rehash(digest)

    async def _verify(self, digest: str, password: str) -> bool:
        async with self.gate:
            try:
                return await asyncio.to_thread(self.hasher.verify, digest, password)
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False
