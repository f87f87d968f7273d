"""What an operator sets when starting a server, with the defaults: light on imports, so that the
command line can show them without loading the server.

>>> AccountPolicy().session_ttl.days, BOT_DELAY
(30, 0.7)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

BOT_DELAY = 0.7  # seconds a bot waits before it moves, so people can follow
ABSENCE_TIMEOUT = 60.0  # seconds a seated player may be gone before a bot plays for them


@dataclass(frozen=True)
class AccountPolicy:
    """How long logins and guests' names last."""

    session_days: float = 30.0  # a session (a browser's token) unused this long has expired
    guest_days: float = 30.0  # a guest (no password) unseen this long gives their name back
    sweep_every: float = 3600.0  # seconds between looks for such guests

    @property
    def session_ttl(self) -> timedelta:
        return timedelta(days=self.session_days)
