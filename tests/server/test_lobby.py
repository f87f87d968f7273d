"""The lobby: nicknames, chat, presence, the game lists, new game, join, leave, start, watch."""

from __future__ import annotations

from typing import Any

import pytest

from saboteur.server.feed import FINISHED_SHOWN
from tests.server.helpers import (
    Client,
    LiveServer,
    Message,
    clients,
    new_table,
    seat_all,
    seed_finished,
)

pytestmark = pytest.mark.anyio

SECRET_VIEW_KEYS = {"hand", "role", "legal", "gold", "gold_offer"}


def same_game(http: list[Message], pushed: list[Message]) -> bool:
    """HTTP lists what the pushes say (its schema adds the fields they leave out, as null)."""
    return len(http) == len(pushed) and all(
        {**{key: None for key in h}, **p} == h for h, p in zip(http, pushed, strict=True)
    )


# -- nicknames -----------------------------------------------------------------------------------


async def test_welcome_carries_the_lobby(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        welcome = ann.welcome
        assert welcome["user"]["name"] == "Ann" and isinstance(welcome["user"]["id"], int)
        assert isinstance(welcome["token"], str) and len(welcome["token"]) >= 20
        assert welcome["online"] == ["Ann"]
        assert welcome["games"] == {"open": [], "active": []}
        assert welcome["finished"] == [] and welcome["highscores"] == []
        assert welcome["chat"] == [] and welcome["whispers"] == []


async def test_the_welcome_carries_one_page_of_finished_games(server: LiveServer) -> None:
    games = await seed_finished(server.db_url, [["Bob", "Cat", "Dan"]] * (FINISHED_SHOWN + 3))
    newest = games[::-1][:FINISHED_SHOWN]
    async with clients(server.ws, "Ann") as [ann]:
        assert [g["id"] for g in ann.welcome["finished"]] == newest
        [lists] = [m for m in await ann.request({"type": "lists"}) if m["type"] == "lists"]
        assert [g["id"] for g in lists["finished"]] == newest
    page = server.get("/api/games", status="finished", limit=FINISHED_SHOWN)
    assert [g["id"] for g in page] == newest  # the browser's and the terminal's first page


BAD_NAMES = [
    "",
    "a",
    " ",
    "x" * 21,
    "<b>x</b>",
    "Ann!",
    "_ann",
    "-x",
    "server",
    "Admin",
    "a\tb\u0000",
]


async def test_bad_nicknames_are_refused(server: LiveServer) -> None:
    client = await Client.connect(server.ws)
    for name in BAD_NAMES:
        error = await client.error({"type": "hello", "name": name})
        assert error["code"] in ("bad-name", "invalid"), (name, error)  # "" fails the schema
    # the connection stays open: a good hello still works
    await client.send({"type": "hello", "name": "Good Name"})
    welcome = await client.expect("welcome")
    assert welcome["user"]["name"] == "Good Name"
    for name in BAD_NAMES:
        error = await client.error({"type": "rename", "name": name})
        assert error["code"] in ("bad-name", "invalid"), (name, error)
    assert server.get("/api/online") == ["Good Name"]
    await client.close()


async def test_nickname_rules_and_cleaning(server: LiveServer) -> None:
    async with clients(server.ws, "  Jörg   Müller ", "Łucja_2.0", "李小龍", "ab") as people:
        assert [p.name for p in people] == ["Jörg Müller", "Łucja_2.0", "李小龍", "ab"]


async def test_a_taken_name_gets_a_suffix_on_hello(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "ann", "ANN", "Bob") as people:
        assert [p.name for p in people] == ["Ann", "ann-2", "ANN-3", "Bob"]
        assert people[0].welcome["user"]["id"] != people[1].welcome["user"]["id"]


async def test_names_that_look_like_another_are_not_given(server: LiveServer) -> None:
    """The issue's look-alikes: a Cyrillic A, fullwidth and mathematical letters, a dotless i,
    and a reserved name with a Cyrillic e."""
    async with clients(server.ws, "Alice", "Ann", "Quin") as [alice, ann, quin]:
        look_alikes = [
            "\u0410lice",
            "\uff21\uff4e\uff4e",
            "\U0001d410\U0001d42e\U0001d422\U0001d427",
        ]
        async with clients(server.ws, *look_alikes, "Qu\u0131n") as copies:
            given = [c.name for c in copies]
            assert given == [f"{name}-2" for name in look_alikes] + ["Qu\u0131n-3"], given
        error = await ann.error({"type": "rename", "name": "\u0410LICE"})
        assert error["code"] == "name-taken" and "looks like" in error["message"]
        error = await quin.error({"type": "rename", "name": "S\u0435rver"})
        assert error["code"] == "bad-name" and "reserved" in error["message"]
        await alice.send({"type": "rename", "name": "\u0410LICE"})  # her own look: hers
        assert (await alice.expect("user"))["user"]["name"] == "\u0410LICE"


async def test_rename(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        tab = await Client.open(server.ws, token=ann.token)  # Ann's second tab
        error = await ann.error({"type": "rename", "name": "BOB"})
        assert error["code"] == "name-taken"
        assert (await ann.error({"type": "rename", "name": "x"}))["code"] == "bad-name"

        await ann.send({"type": "rename", "name": "Anna"})
        for client in (ann, tab):  # every tab of Ann hears of her new name
            user = await client.expect("user")
            assert user["user"] == {"id": ann.welcome["user"]["id"], "name": "Anna"}
        await bob.expect("presence", online=["Anna", "Bob"])
        assert server.get("/api/online") == ["Anna", "Bob"]

        # the old name is free again; the token still belongs to the renamed user
        async with clients(server.ws, "Ann") as [other]:
            assert other.name == "Ann"
        again = await Client.open(server.ws, token=ann.token)
        assert again.name == "Anna"
        for client in (tab, again):
            await client.close()


async def test_hello_rules(server: LiveServer) -> None:
    client = await Client.connect(server.ws)
    assert (await client.error({"type": "lists"}))["code"] == "hello-first"
    assert (await client.error({"type": "hello"}))["code"] == "bad-name"
    assert (await client.error({"type": "hello", "token": "nope"}))["code"] == "bad-token"
    # an unknown token with a name: a new user
    await client.send({"type": "hello", "token": "nope", "name": "Newcomer"})
    welcome = await client.expect("welcome")
    assert welcome["user"]["name"] == "Newcomer" and welcome["token"] != "nope"
    assert (await client.error({"type": "hello", "name": "Again"}))["code"] == "already-hello"
    # a valid token wins over a name
    back = await Client.open(server.ws, name="Somebody Else", token=welcome["token"])
    assert back.name == "Newcomer"
    for each in (client, back):
        await each.close()


# -- chat ----------------------------------------------------------------------------------------


async def test_global_chat_reaches_everyone_and_is_kept(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat") as people:
        await people[0].send({"type": "chat", "channel": "global", "text": "hello all"})
        for client in people:
            line = await client.expect("chat")
            assert line["channel"] == "global" and line["from"] == "Ann"
            assert line["text"] == "hello all" and line["at"]
        async with clients(server.ws, "Dan") as [dan]:
            [kept] = dan.welcome["chat"]
            assert (kept["from"], kept["text"], kept["channel"]) == ("Ann", "hello all", "global")


async def test_welcomes_carry_the_latest_chat_and_names(server: LiveServer) -> None:
    """The server keeps the last global lines between welcomes: a new line, or a rename,
    shows in the next welcome."""
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        for text in ("one", "two"):
            await ann.send({"type": "chat", "channel": "global", "text": text})
            await bob.expect("chat", text=text)
            async with clients(server.ws, "Dan") as [dan]:
                assert [line["text"] for line in dan.welcome["chat"]][-1] == text
        await ann.send({"type": "rename", "name": "Anna"})
        await bob.expect("presence", online=["Anna", "Bob"])
        async with clients(server.ws, "Eve") as [eve]:
            assert {line["from"] for line in eve.welcome["chat"]} == {"Anna"}


async def test_whisper_reaches_only_its_target_and_sender(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat") as [ann, bob, cat]:
        await ann.send({"type": "chat", "channel": "whisper", "to": "bob", "text": "psst"})
        for client in (ann, bob):
            line = await client.expect("chat")
            assert line["channel"] == "whisper"
            assert (line["from"], line["to"], line["text"]) == ("Ann", "Bob", "psst")
        assert [m for m in await cat.sync() if m["type"] == "chat"] == []
        assert (await ann.error({"type": "chat", "channel": "whisper", "text": "x"}))[
            "code"
        ] == "invalid"
        error = await ann.error({"type": "chat", "channel": "whisper", "to": "Zed", "text": "x"})
        assert error["code"] == "no-such-user"
        # kept for the two of them only
        for client, seen in ((bob, ["psst"]), (cat, [])):
            tab = await Client.open(server.ws, token=client.token)
            assert [w["text"] for w in tab.welcome["whispers"]] == seen
            assert tab.welcome["chat"] == []
            await tab.close()


async def test_game_chat_reaches_only_the_table(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat", "Dan", "Eve") as people:
        seated, dan, eve = people[:3], people[3], people[4]
        game = await seat_all(seated)
        await eve.send({"type": "watch", "game": game})
        await eve.expect("game", game=game)
        await seated[0].send({"type": "chat", "channel": "game", "game": game, "text": "gl hf"})
        for client in [*seated, eve]:
            line = await client.expect("chat", channel="game", text="gl hf")
            assert line["game"] == game and line["from"] == "Ann"
        assert [m for m in await dan.sync() if m["type"] == "chat"] == []
        error = await dan.error({"type": "chat", "channel": "game", "game": game, "text": "hi"})
        assert error["code"] == "not-at-table"
        error = await dan.error({"type": "chat", "channel": "game", "text": "hi"})
        assert error["code"] == "invalid"
        # a spectator may talk at the table
        await eve.send({"type": "chat", "channel": "game", "game": game, "text": "nice"})
        line = await seated[1].expect("chat", channel="game", text="nice")
        assert line["from"] == "Eve"


async def test_game_chat_history_on_join(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        game = await new_table(ann, 3)
        history = await ann.expect("chat_history", game=game)
        assert history["lines"] == []
        for text in ("first", "second"):
            await ann.send({"type": "chat", "channel": "game", "game": game, "text": text})
            await ann.expect("chat", text=text)
        await bob.send({"type": "join", "game": game})
        await bob.expect("joined")
        history = await bob.expect("chat_history", game=game)
        assert [(line["from"], line["text"]) for line in history["lines"]] == [
            ("Ann", "first"),
            ("Ann", "second"),
        ]
        assert all(line["channel"] == "game" and line["game"] == game for line in history["lines"])


async def test_chat_length_limit_and_empty_lines(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        error = await ann.error({"type": "chat", "channel": "global", "text": "x" * 501})
        assert error["code"] == "invalid" and "text" in error["message"]
        assert (await ann.error({"type": "chat", "channel": "global", "text": " \n\t "}))[
            "code"
        ] == "empty"
        assert (await ann.error({"type": "chat", "channel": "global", "text": ""}))[
            "code"
        ] == "invalid"
        await ann.send({"type": "chat", "channel": "global", "text": "y" * 500})
        assert (await bob.expect("chat"))["text"] == "y" * 500


async def test_chat_rate_limit_is_per_user(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        tab = await Client.open(server.ws, token=ann.token)
        for i in range(5):  # five lines in a burst, from two tabs of the same user
            sender = ann if i % 2 else tab
            replies = await sender.request({"type": "chat", "channel": "global", "text": f"{i}"})
            assert not [m for m in replies if m["type"] == "error"], replies
        for sender in (ann, tab):
            error = await sender.error({"type": "chat", "channel": "global", "text": "more"})
            assert error["code"] == "rate-limited"
        # another user is not held up
        await bob.send({"type": "chat", "channel": "global", "text": "mine"})
        line = await bob.expect("chat", text="mine")
        assert line["from"] == "Bob"
        heard = [m["text"] for m in bob.of_type("chat")]
        assert heard == ["0", "1", "2", "3", "4", "mine"]
        await tab.close()


async def test_chat_is_plain_text(server: LiveServer) -> None:
    text = "<script>alert('x')</script> &amp; <b>bold</b> \"q\" \\n ü 😀 <!-- c --> &lt;"
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        await ann.send({"type": "chat", "channel": "global", "text": text})
        assert (await bob.expect("chat"))["text"] == text
        await ann.send({"type": "chat", "channel": "whisper", "to": "Bob", "text": text})
        assert (await bob.expect("chat", channel="whisper"))["text"] == text
        tab = await Client.open(server.ws, token=bob.token)
        assert [line["text"] for line in tab.welcome["chat"]] == [text]
        assert [line["text"] for line in tab.welcome["whispers"]] == [text]
        await tab.close()


# -- presence and lists --------------------------------------------------------------------------


async def test_presence(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        bob = await Client.open(server.ws, "Bob")
        assert bob.welcome["online"] == ["Ann", "Bob"]
        await ann.expect("presence", online=["Ann", "Bob"])
        assert server.get("/api/online") == ["Ann", "Bob"]
        tab = await Client.open(server.ws, token=bob.token)  # a second tab: no news
        await bob.close()
        assert [m for m in await ann.sync() if m["type"] == "presence"] == []
        await tab.close()  # the last tab: Bob goes offline
        await ann.expect("presence", online=["Ann"])
        assert server.get("/api/online") == ["Ann"]
        health = server.get("/api/health")
        assert health["online"] == 1 and health["connections"] == 1
        assert health["rss_bytes"] > 10_000_000  # a Python process with FastAPI loaded


async def test_a_long_lobby_lists_some_tables_and_counts_them_all(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("saboteur.server.lobby.TABLES_SHOWN", 2)
    async with clients(server.ws, "Ann", "Ben", "Cat", "Dan") as hosts:
        games = [await new_table(host, 3) for host in hosts]
        async with clients(server.ws, "Eve") as [eve]:
            listed = [g["id"] for g in eve.welcome["games"]["open"]]
            assert listed == games[:2]  # the two waiting longest
            assert (eve.welcome["open_count"], eve.welcome["active_count"]) == (4, 0)
        dan = await Client.open(server.ws, token=hosts[3].token)  # Dan's own table is listed
        try:
            assert [g["id"] for g in dan.welcome["games"]["open"]] == [*games[:2], games[3]]
            await dan.send({"type": "lists"})
            lists = await dan.expect("lists")
            assert lists["games"] == dan.welcome["games"] and lists["open_count"] == 4
        finally:
            await dan.close()


async def test_the_lobby_is_told_of_the_tables_it_shows_and_each_person_of_their_own(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change of a table outside the lists everyone sees goes only to the people seated at
    it; a table coming into the lists is sent whole, one leaving them is named as hidden."""
    monkeypatch.setattr("saboteur.server.lobby.TABLES_SHOWN", 2)
    async with clients(server.ws, "Ann", "Ben", "Cat", "Dan", "Eve", "Fay") as people:
        ann, ben, cat, dan, eve, fay = people
        games = [await new_table(host, 3) for host in (ann, ben, cat, dan)]
        await eve.expect("games_changed", open_count=4)
        await fay.send({"type": "join", "game": games[3]})  # outside the lists
        seats: list[Any] = []
        while ["Dan", "Fay", None] not in seats:  # Dan's own table is told to him (bounded
            seats = [g["seats"] for g in (await dan.expect("games_changed"))["games"]]  # wait)
        news = [m for m in await eve.sync() if m["type"] == "games_changed"]
        assert all(g["id"] != games[3] for m in news for g in m["games"]), news
        await ann.send({"type": "leave", "game": games[0]})  # gone: the third comes in
        changed = await eve.expect("games_changed", gone=[games[0]])
        assert [g["id"] for g in changed["games"]] == [games[2]]
        assert changed["hidden"] == [] and changed["open_count"] == 3


async def test_a_game_window_is_not_sent_the_lobbys_changes(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat") as [ann, bob, cat]:
        assert await bob.request({"type": "lobby", "follow": False}) == []  # no answer
        game = await new_table(ann, 3)
        await cat.expect("games_changed")  # the feed has gone out: Bob was left out
        async with clients(server.ws, "Dan"):
            await cat.expect("presence", count=4)
            came = await bob.sync()
        assert "games_changed" not in [m["type"] for m in came]
        assert "presence" not in [m["type"] for m in came]  # nor who came online
        await cat.send({"type": "chat", "channel": "global", "text": "hi all"})
        await bob.expect("chat", text="hi all")  # chat still comes
        [lists] = await bob.request({"type": "lobby", "follow": True})
        assert lists["type"] == "lists" and [g["id"] for g in lists["games"]["open"]] == [game]
        assert await bob.request({"type": "lobby", "follow": True}) == []  # following already
        await cat.send({"type": "join", "game": game})
        changed = await bob.expect("games_changed")  # following again
        assert changed["games"][0]["seats"] == ["Ann", "Cat", None]
        for bad in [{"type": "lobby"}, {"type": "lobby", "follow": "yes"}]:
            error = await bob.error(bad)
            assert error["code"] == "invalid" and "follow" in error["message"], error


async def online(client: Client, fields: Message) -> Message:
    """The answer to an ``online`` request (other news skipped)."""
    [answer] = [
        m for m in await client.request({"type": "online", **fields}) if m["type"] == "online"
    ]
    return answer


async def test_the_online_list_is_paged_and_searched(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A welcome and each presence carry one page of names and the count; ``online`` asks for
    any page, a search, and which of some names are online, answered with the request's ref."""
    monkeypatch.setattr("saboteur.server.lobby.ONLINE_SHOWN", 2)
    monkeypatch.setattr("saboteur.server.presence.ONLINE_SHOWN", 2)
    names = ["Ann", "Anton", "Bea", "Bob", "Dan"]
    async with clients(server.ws, *names[:4]) as crowd:
        dan = await Client.open(server.ws, "Dan")
        assert (dan.welcome["online"], dan.welcome["online_count"]) == (["Ann", "Anton"], 5)
        await crowd[0].expect("presence", online=["Ann", "Anton"], count=5)
        page = await online(dan, {"id": 7, "page": 2, "asked": ["bob", "Zed"]})
        assert page == {
            "type": "online",
            "search": "",
            "page": 2,
            "pages": 3,
            "count": 5,
            "matches": 5,
            "names": ["Dan"],
            "present": ["bob"],
            "ref": 7,
        }
        found = await online(dan, {"search": "AN", "page": 9})
        assert (found["names"], found["page"], found["matches"]) == (["Dan"], 1, 3)  # last page
        nobody = await online(dan, {"search": "zz"})
        assert (nobody["names"], nobody["pages"], nobody["count"]) == ([], 1, 5)
        for bad in (
            {"type": "online", "search": "x" * 33},
            {"type": "online", "page": -1},
            {"type": "online", "asked": ["a"] * 51},
        ):
            assert (await dan.error(bad))["code"] == "invalid"
        await dan.close()


async def test_open_active_finished_lists(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat") as [ann, bob, cat]:
        game = await new_table(ann, 3, clock=30)
        changed = await bob.expect("games_changed")
        [summary] = changed["games"]
        assert changed["gone"] == []
        assert summary["id"] == game and summary["status"] == "open"
        assert summary["host"] == "Ann" and summary["seats"] == ["Ann", None, None]
        assert summary["players"] == 3 and summary["clock"] == 30
        assert summary["ruleset"] == "classic" and summary["options"] == {}
        assert same_game(server.get("/api/games", status="open"), [summary])
        assert same_game(server.get("/api/games"), [summary])  # open is the default
        assert same_game([server.get(f"/api/games/{game}")], [summary])
        for client in (bob, cat):
            await client.send({"type": "join", "game": game})
            await client.expect("joined")
        await ann.send({"type": "start", "game": game})
        await ann.expect("game", game=game)
        active = server.get("/api/games", status="active")
        assert [g["id"] for g in active] == [game] and server.get("/api/games") == []
        assert active[0]["status"] == "active" and active[0]["round"] == 1
        assert active[0]["seats"] == ["Ann", "Bob", "Cat"] and active[0]["started_at"]
        lists = [m for m in await cat.request({"type": "lists"}) if m["type"] == "lists"]
        assert len(lists) == 1
        assert [g["id"] for g in lists[0]["games"]["active"]] == [game]
        assert lists[0]["online"] == ["Ann", "Bob", "Cat"]
        assert lists[0]["finished"] == [] and lists[0]["highscores"] == []
    assert server.status("/api/games/99999") == 404
    assert server.status("/api/games/-1") == 404
    assert server.status("/api/games/99999/record") == 404


async def test_new_game_for_3_to_10_players(server: LiveServer) -> None:
    hosts = [f"Host{players}" for players in range(3, 11)]  # one person hosts 3 open tables
    async with clients(server.ws, *hosts) as people:
        for players, host in zip(range(3, 11), people, strict=True):
            game = await new_table(host, players)
            summary = server.get(f"/api/games/{game}")
            assert summary["players"] == players
            assert summary["seats"] == [host.name] + [None] * (players - 1)
        assert len(server.get("/api/games")) == 8


async def test_new_game_options(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        game = await new_table(ann, 3, options={"preset": "online-3"})
        assert server.get(f"/api/games/{game}")["options"] == {"preset": "online-3"}
        game = await new_table(ann, 4, options={"demo": True})
        assert server.get(f"/api/games/{game}")["options"] == {"demo": True}
        game = await new_table(ann, 5, options={"demo": "yes", "first": "2"}, clock=2)
        summary = server.get(f"/api/games/{game}")
        assert summary["options"] == {"demo": True, "first": 2} and summary["clock"] == 2
        refused: list[tuple[Message, str]] = [
            ({"players": 2}, "bad-options"),
            ({"players": 11}, "invalid"),
            ({"players": 0}, "invalid"),
            ({"players": 4, "options": {"preset": "online-3"}}, "bad-options"),
            ({"players": 4, "options": {"colour": "red"}}, "bad-options"),
            ({"players": 4, "options": {"demo": True, "rounds": 3}}, "bad-options"),
            ({"players": 4, "options": {"first": 9}}, "bad-options"),
            ({"players": 4, "ruleset": "chess"}, "bad-options"),
            ({"players": 4, "clock": 1}, "invalid"),
            ({"players": 4, "clock": 3601}, "invalid"),
            ({}, "invalid"),
        ]
        open_before = server.get("/api/games")
        for fields, code in refused:
            error = await ann.error({"type": "new_game", **fields})
            assert error["code"] == code, (fields, error)
        assert server.get("/api/games") == open_before


# -- join, leave, start --------------------------------------------------------------------------


async def test_join_leave_and_the_host_role(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat", "Dan") as [ann, bob, cat, dan]:
        game = await new_table(ann, 3)
        for seat, client in ((1, bob), (2, cat)):
            await client.send({"type": "join", "game": game})
            joined = await client.expect("joined")
            assert joined["seat"] == seat and joined["game"]["seats"][seat] == client.name
        assert (await dan.error({"type": "join", "game": game}))["code"] == "game-full"
        assert (await dan.error({"type": "join", "game": 4242}))["code"] == "no-such-game"
        assert (await dan.error({"type": "leave", "game": game}))["code"] == "not-seated"

        # the host leaves an open game: the seat is free, the host role passes on
        await ann.send({"type": "leave", "game": game})
        assert (await ann.expect("left")) == {"type": "left", "game": game, "kept_seat": False}
        summary = server.get(f"/api/games/{game}")
        assert summary["seats"] == [None, "Bob", "Cat"] and summary["host"] == "Bob"
        assert (await ann.error({"type": "start", "game": game}))["code"] == "not-host"
        assert (await cat.error({"type": "start", "game": game}))["code"] == "not-host"
        assert (await bob.error({"type": "start", "game": game}))["code"] == "not-full"

        await dan.send({"type": "join", "game": game})
        assert (await dan.expect("joined"))["seat"] == 0
        # joining again is harmless: the same seat, resent
        await dan.send({"type": "join", "game": game})
        assert (await dan.expect("joined"))["seat"] == 0
        await bob.send({"type": "start", "game": game})
        for client in (bob, cat, dan):
            message = await client.expect("game", game=game)
            assert (
                message["seat"]
                == message["view"]["seat"]
                == ["Dan", "Bob", "Cat"].index(client.name)
            )
        assert (await bob.error({"type": "start", "game": game}))["code"] == "not-open"
        assert (await ann.error({"type": "join", "game": game}))["code"] == "not-open"
        # leaving a running game keeps the seat
        await cat.send({"type": "leave", "game": game})
        assert (await cat.expect("left"))["kept_seat"] is True
        assert server.get(f"/api/games/{game}")["seats"] == ["Dan", "Bob", "Cat"]


async def test_the_last_one_leaving_removes_the_game(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob") as [ann, bob]:
        game = await new_table(ann, 4)
        await bob.send({"type": "join", "game": game})
        await bob.expect("joined")
        for client in (bob, ann):
            await client.send({"type": "leave", "game": game})
            await client.expect("left")
        assert server.get("/api/games") == []
        assert server.status(f"/api/games/{game}") == 404
        for _ in range(10):  # the lobby feed says the table is gone
            if game in (await bob.expect("games_changed"))["gone"]:
                break
        else:
            raise AssertionError("no games_changed with the table gone")
        assert (await bob.error({"type": "join", "game": game}))["code"] == "no-such-game"


async def test_concurrent_joins_take_different_seats(server: LiveServer) -> None:
    names = [f"P{i}" for i in range(6)]
    async with clients(server.ws, *names) as people:
        game = await new_table(people[0], 6)
        for client in people[1:]:  # all at once
            await client.send({"type": "join", "game": game})
        seats = [(await client.expect("joined"))["seat"] for client in people[1:]]
        assert sorted(seats) == [1, 2, 3, 4, 5]
        assert sorted(server.get(f"/api/games/{game}")["seats"]) == sorted(names)


# -- spectators ----------------------------------------------------------------------------------


async def test_spectators_get_the_public_view_only(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Bob", "Cat", "Eve") as [*seated, eve]:
        open_game = await new_table(seated[0], 4)
        assert (await eve.error({"type": "watch", "game": open_game}))["code"] == "not-started"
        await seated[0].send({"type": "leave", "game": open_game})
        game = await seat_all(seated)
        first = await seated[0].expect("game", game=game)
        assert (await eve.error({"type": "watch", "game": 777}))["code"] == "no-such-game"

        await eve.send({"type": "watch", "game": game})
        watched = await eve.expect("game", game=game)
        assert watched["seat"] is None and watched["view"]["seat"] is None and watched["sync"]
        assert not SECRET_VIEW_KEYS & set(watched["view"]), watched["view"].keys()
        assert watched["seq"] == 0 and watched["names"] == ["Ann", "Bob", "Cat"]
        assert all(event.get("to") is None for event in watched["events"])
        assert {e["kind"] for e in watched["events"]} == {"round-start"}
        history = await eve.expect("chat_history", game=game)
        assert history["game"] == game

        # the next change reaches the spectator, in public terms
        current = first["view"]["current"]
        mover = seated[current]
        view = (await mover.expect("game", game=game)) if current else first
        action = view["view"]["legal"][0]
        await mover.send({"type": "act", "game": game, "action": action, "seq": 0})
        pushed = await eve.expect("game", game=game, seq=1)
        assert pushed["seat"] is None and not SECRET_VIEW_KEYS & set(pushed["view"])
        assert "sync" not in pushed
        assert pushed["events"] and all(e.get("to") is None for e in pushed["events"])
        assert "drew" not in {e["kind"] for e in pushed["events"]}

        # a spectator cannot act
        assert (await eve.error({"type": "act", "game": game, "action": action}))[
            "code"
        ] == "not-seated"
        # unwatch: no more pushes
        await eve.request({"type": "unwatch", "game": game})
        nxt = (current + 1) % 3
        view = await seated[nxt].expect("game", game=game, seq=1)
        await seated[nxt].send(
            {"type": "act", "game": game, "action": view["view"]["legal"][0], "seq": 1}
        )
        await seated[nxt].expect("game", game=game, seq=2)
        assert [m for m in await eve.sync() if m["type"] == "game"] == []

        # a seated player who asks to watch keeps their own view, and gets no public one
        await seated[0].sync()
        replies = await seated[0].request({"type": "watch", "game": game})
        [mine] = [m for m in replies if m["type"] == "game"]
        assert mine["seat"] == 0 and "hand" in mine["view"] and mine["seq"] == 2
        mover = seated[mine["view"]["current"]]
        await mover.sync()
        view = mover.last_game(game)
        before = len(seated[0].log)
        await mover.send(
            {"type": "act", "game": game, "action": view["view"]["legal"][0], "seq": 2}
        )
        await mover.expect("game", game=game, seq=3)
        await seated[0].sync()
        own = [m for m in seated[0].log[before:] if m["type"] == "game"]
        assert [(m["seq"], m["seat"]) for m in own] == [(3, 0)]


def test_the_client_is_served_for_revalidation(server: LiveServer) -> None:
    """The page and its modules come with Cache-Control: no-cache (a 304 when unchanged)."""
    import httpx

    page = httpx.get(server.http + "/", timeout=10)
    assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
    module = httpx.get(server.http + "/static/app.js", timeout=10)
    assert module.status_code == 200 and module.headers["cache-control"] == "no-cache"
    again = httpx.get(
        server.http + "/static/app.js",
        headers={"If-None-Match": module.headers["etag"]},
        timeout=10,
    )
    assert again.status_code == 304
