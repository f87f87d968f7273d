"""Who is online: the sorted names are kept up to date as people come, go and are renamed, here
and on other nodes, exactly as sorting everyone afresh would give them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from saboteur.server.cluster import Nodes
from saboteur.server.hub import Hub
from saboteur.server.presence import Presence

NAMES = st.text(alphabet="AaBbÄäßS ", min_size=1, max_size=4)
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["here", "here", "unnoted", "remote"]),
        st.integers(0, 12),
        st.none() | NAMES,
    ),  # where, who, the new name (None: gone); "unnoted": a change the hub did not note
    max_size=60,
)


class Feed:
    def presence(self) -> None: ...
    def tables(self, *game_ids: int) -> None: ...
    def highscores(self) -> None: ...


@settings(max_examples=150, deadline=None)
@given(STEPS, st.lists(st.integers(0, 60), max_size=8))
def test_the_names_follow_every_change_in_order(
    steps: list[tuple[str, int, str | None]], reads: list[int]
) -> None:
    hub, nodes = Hub(), Nodes("a")
    presence = Presence(hub, nodes, Feed())
    remote: dict[int, str] = {}
    for number, (where, user_id, name) in enumerate(steps):
        if where in ("here", "unnoted"):
            if name is None:
                hub.names.pop(user_id, None)
            else:
                hub.names[user_id] = name
            if where == "here":
                hub._changed(user_id)  # as login, remove and rename note it
            else:
                hub.version += 1  # followed by comparing everyone
        else:
            if name is None:
                remote.pop(100 + user_id, None)
            else:
                remote[100 + user_id] = name
            nodes.update("b", dict(remote))
        if number in reads or number == len(steps) - 1:
            everyone = {**remote, **hub.names}
            expected = sorted(everyone.values(), key=lambda n: n.casefold())
            got = presence.online_names()
            assert sorted(got) == sorted(expected)
            assert [n.casefold() for n in got] == [n.casefold() for n in expected]
            assert presence.page("a")["matches"] == sum("a" in n.casefold() for n in expected)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.none() | NAMES), max_size=60))
def test_changes_noted_by_the_hub_are_followed_one_by_one(
    steps: list[tuple[int, str | None]],
) -> None:
    hub, nodes = Hub(), Nodes("a")
    nodes.update("b", {100: "Zed", 101: "amy"})
    presence = Presence(hub, nodes, Feed())
    presence.online_names()
    for user_id, name in steps:  # as login, remove and rename change the hub: noted
        if name is None:
            hub.names.pop(user_id, None)
        else:
            hub.names[user_id] = name
        hub._changed(user_id)
        expected = sorted([*hub.names.values(), "Zed", "amy"], key=lambda n: n.casefold())
        assert [n.casefold() for n in presence.online_names()] == [n.casefold() for n in expected]
        assert sorted(presence.online_names()) == sorted(expected)
