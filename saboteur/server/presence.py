"""Who is online, on this node or another, and telling everyone when that changes."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from saboteur.server.cluster import Nodes
from saboteur.server.feed import ONLINE_SHOWN
from saboteur.server.hub import Hub
from saboteur.server.ports import Feed


class Presence:
    """The users online here (``hub``) and on the other nodes (``nodes``); changes go out
    through the lobby ``feed``."""

    def __init__(self, hub: Hub, nodes: Nodes, feed: Feed) -> None:
        self.hub, self.nodes, self.feed = hub, nodes, feed
        self.users_version = 0  # changes of who is online here (told to the other nodes)
        self.shown: dict[str, Any] = {}  # the presence the feed sent last
        self._seen = (-1, -1)  # the versions of who is online that the names below follow
        self._merged: dict[int, str] = {}  # everyone online by user id
        self._order: list[tuple[str, int]] = []  # (casefolded name, user id), sorted
        self._names: list[str] = []  # their names in that order
        self._changes = 0  # changes of the sorted names (for the casefolded copy below)
        self._folded: tuple[int, list[str], set[str]] = (0, [], set())  # casefolded

    def broadcast(self) -> None:
        """Tell this node's clients who is online (on any node), soon."""
        self.feed.presence()

    def users_changed(self) -> None:
        """Someone came, went or was renamed here: the next heartbeat (within a second) says so."""
        self.users_version += 1

    def changed(self) -> None:
        """Someone came online here or went: everyone here is told, and the other nodes."""
        self.broadcast()
        self.users_changed()

    def online_names(self) -> list[str]:
        """Everyone online, on this node or another, sorted regardless of case.

        Kept sorted as people come and go: the hub says who came, went or was renamed here
        since the last call, and after another node's heartbeat changed its users, everyone
        is compared with those known (in C).  A crowd saying hello sorts nobody afresh and
        looks at nobody else per hello.  The list is this object's own: read, do not change.
        """
        key = (self.hub.version, self.nodes.version)
        if self._seen != key:
            here = self.hub.changed_since(self._seen[0]) if key[1] == self._seen[1] else None
            if here is None:  # the other nodes' users changed (a heartbeat), or long ago
                self._follow_everyone()
            else:
                self._follow(set(here))
            self._seen = key
        return self._names

    def _follow_everyone(self) -> None:
        """Compare everyone online with those known (in C) and sort in the difference."""
        merged = {**self.nodes.remote_users(), **self.hub.names}
        gone = self._merged.items() - merged.items()
        came = merged.items() - self._merged.items()
        for user_id, name in gone:
            self._drop(user_id, name)
        for user_id, name in came:
            self._add(user_id, name)
        self._merged = merged

    def _follow(self, user_ids: set[int]) -> None:
        """Only these users came, went or were renamed here: sort in their changes."""
        remote = self.nodes.remote_users()
        for user_id in user_ids:
            now = self.hub.names.get(user_id, remote.get(user_id))
            before = self._merged.get(user_id)
            if now == before:
                continue
            if before is not None:
                self._drop(user_id, before)
                del self._merged[user_id]
            if now is not None:
                self._add(user_id, now)
                self._merged[user_id] = now

    def _add(self, user_id: int, name: str) -> None:
        index = bisect.bisect_left(self._order, (name.casefold(), user_id))
        self._order.insert(index, (name.casefold(), user_id))
        self._names.insert(index, name)
        self._changes += 1

    def _drop(self, user_id: int, name: str) -> None:
        index = bisect.bisect_left(self._order, (name.casefold(), user_id))
        del self._order[index], self._names[index]
        self._changes += 1

    def page(self, search: str = "", page: int = 0, asked: Sequence[str] = ()) -> dict[str, Any]:
        """A page of ``ONLINE_SHOWN`` names of the people online whose name holds ``search``
        (regardless of case), and which of the names ``asked`` about are online (a client's
        table mates and whisper partners, shown whatever the page).

        >>> from saboteur.server.cluster import Nodes
        >>> from saboteur.server.hub import Hub
        >>> presence = Presence(Hub(), Nodes("a"), None)  # type: ignore[arg-type]
        >>> presence.page("an", 3, ["Ann"])["names"], presence.page()["pages"]
        ([], 1)
        """
        names = self.online_names()
        if self._folded[0] != self._changes:
            folded = [order[0] for order in self._order]
            self._folded = (self._changes, folded, set(folded))
        _, folded, known = self._folded
        key = search.casefold()
        matches = [n for n, f in zip(names, folded, strict=True) if key in f] if key else names
        pages = max(1, -(-len(matches) // ONLINE_SHOWN))
        page = min(page, pages - 1)
        return {
            "type": "online",
            "search": search,
            "page": page,
            "pages": pages,
            "count": len(names),
            "matches": len(matches),
            "names": matches[page * ONLINE_SHOWN : (page + 1) * ONLINE_SHOWN],
            "present": [name for name in asked if name.casefold() in known],
        }

    def is_online(self, user_id: int) -> bool:
        return self.hub.online(user_id) or user_id in self.nodes.remote_users()

    def find_online(self, name: str) -> tuple[int, str] | None:
        """The id and nickname of the user online (here first, then elsewhere) called ``name``
        (regardless of case), if any."""
        key = name.casefold()
        for user_id in self.hub.by_user:
            local = self.hub.names.get(user_id, "")
            if local.casefold() == key:
                return user_id, local
        for user_id, remote_name in self.nodes.remote_users().items():
            if remote_name.casefold() == key:
                return user_id, remote_name
        return None

    def feed_message(self) -> dict[str, Any] | None:
        """The feed's ``presence`` message, if it differs from the one it sent last."""
        online = self.online_names()
        page, count = online[:ONLINE_SHOWN], len(online)
        if page == self.shown.get("online") and count == self.shown.get("count"):
            return None
        message: dict[str, Any] = {"type": "presence", "count": count}
        if page != self.shown.get("online"):  # the names only when the first page changed
            message["online"] = page
        self.shown = {"online": page, "count": count}
        return message
