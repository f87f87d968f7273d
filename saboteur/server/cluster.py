"""The nodes of a cluster: who is alive, who is online where, and which node runs a game's timers.

Each node announces itself (with the users online on it) every ``HEARTBEAT`` seconds; a node
not heard of for ``PEER_TIMEOUT`` seconds is gone.  A game's clock, bots and absence checks run
on exactly one live node, its *owner*, chosen by rendezvous hashing, so that when a node dies
its games move to the others and nothing else moves.

>>> nodes = Nodes("a")
>>> nodes.owner(7)
'a'
>>> nodes.update("b", {3: "Bob"}, now=100.0)
True
>>> nodes.owner(7) in {"a", "b"}, nodes.remote_users()
(True, {3: 'Bob'})
>>> nodes.expire(now=110.0)
['b']
"""

from __future__ import annotations

import hashlib
import time

HEARTBEAT = 1.0  # seconds between a node's announcements
PEER_TIMEOUT = 6.0  # seconds of silence after which a node counts as gone


def _weight(node: str, game_id: int) -> bytes:
    return hashlib.blake2b(f"{node}:{game_id}".encode(), digest_size=8).digest()


class Nodes:
    """This node and the live peers it has heard of."""

    def __init__(self, me: str) -> None:
        self.me = me
        self.peers: dict[str, tuple[dict[int, str], float]] = {}  # node -> (users, last heard)
        self.version = 0  # counts changes of who is online elsewhere
        self._remote: tuple[int, dict[int, str]] = (-1, {})

    def update(self, node: str, users: dict[int, str] | None, now: float | None = None) -> bool:
        """A peer's heartbeat, with who is online there (None: as before); True if that
        changed (or the peer is new)."""
        moment = time.monotonic() if now is None else now
        before = self.peers.get(node)
        known = users if users is not None else (before[0] if before is not None else {})
        self.peers[node] = (known, moment)
        changed = before is None or before[0] != known
        self.version += changed
        return changed

    def drop(self, node: str) -> bool:
        dropped = self.peers.pop(node, None) is not None
        self.version += dropped
        return dropped

    def expire(self, now: float | None = None) -> list[str]:
        """Forget peers silent for too long; the ones forgotten."""
        moment = time.monotonic() if now is None else now
        gone = [n for n, (_, seen) in self.peers.items() if moment - seen > PEER_TIMEOUT]
        for node in gone:
            del self.peers[node]
        self.version += bool(gone)
        return gone

    def remote_users(self) -> dict[int, str]:
        """Users online on other nodes: id -> nickname (kept until it changes: do not change)."""
        version, out = self._remote
        if version != self.version:
            out = {}
            for users, _seen in self.peers.values():
                out.update(users)
            self._remote = (self.version, out)
        return out

    def owner(self, game_id: int) -> str:
        """The live node that runs this game's timers."""
        return max([self.me, *self.peers], key=lambda node: _weight(node, game_id))

    def owns(self, game_id: int) -> bool:
        return self.owner(game_id) == self.me
