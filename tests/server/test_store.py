"""The store, against SQLite and against the PostgreSQL on 127.0.0.1:5432, and its migration."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from saboteur.server.store.migrate import alembic_config, upgrade
from saboteur.server.store.schema import metadata
from saboteur.server.store.store import (
    ACTIVE,
    FINISHED,
    OPEN,
    NameTaken,
    SeatTaken,
    SeqConflict,
    Store,
    User,
)

pytestmark = pytest.mark.anyio


async def user_by_token(store: Store, token: str) -> User | None:
    found = await store.accounts.by_token(token, timedelta(days=1))
    return None if found is None else User(found.user_id, found.name, found.registered)


async def test_users_tokens_and_renames(store: Store) -> None:
    ann, token = await store.create_user("Ann")
    assert ann.name == "Ann" and len(token) >= 20
    assert await user_by_token(store, token) == ann
    assert await user_by_token(store, "not a token") is None
    assert await store.name_exists("aNN") and not await store.name_exists("Bob")
    with pytest.raises(NameTaken):
        await store.create_user("ANN")  # unique regardless of case
    bob, bob_token = await store.create_user("Bob")
    assert bob.id != ann.id and bob_token != token
    with pytest.raises(NameTaken):
        await store.rename(bob.id, "ann")
    await store.rename(bob.id, "Bobby")
    assert await user_by_token(store, bob_token) == type(bob)(bob.id, "Bobby")
    assert await store.user_names([ann.id, bob.id, 999]) == {ann.id: "Ann", bob.id: "Bobby"}
    assert await store.user_names([]) == {}
    await store.create_user("Bob")  # the old name is free again


async def test_sessions_slide_expire_and_end(store: Store) -> None:
    accounts = store.accounts
    ann, first = await store.create_user("Ann")
    second = await accounts.new_session(ann.id)  # another browser
    day = timedelta(days=1)
    one = await accounts.by_token(first, day)
    two = await accounts.by_token(second, day)
    assert one is not None and two is not None and one.session != two.session
    assert (one.user_id, one.name, one.registered) == (ann.id, "Ann", False)
    # a session unused for longer than the time to live has expired, and is gone
    await asyncio.sleep(0.05)
    assert await accounts.by_token(first, timedelta(milliseconds=10)) is None
    assert await accounts.by_token(first, day) is None
    # using one moves it on: it lives a time to live from its last use
    assert await accounts.by_token(second, timedelta(seconds=5)) is not None
    # a password registers the name; every session but the one kept ends
    third = await accounts.new_session(ann.id)
    three = await accounts.by_token(third, day)
    assert three is not None
    assert await accounts.set_password(ann.id, "hash-1", keep=three.session) == [two.session]
    assert await accounts.by_token(second, day) is None
    found = await accounts.by_token(third, day)
    assert found is not None and found.registered
    account = await accounts.by_name("ANN")
    assert account is not None and (account.user_id, account.password_hash) == (ann.id, "hash-1")
    assert await accounts.by_name("Nobody") is None
    assert await accounts.end_sessions(ann.id) == [three.session]
    assert await accounts.by_token(third, day) is None


async def test_guests_unseen_for_long_give_their_names_back(store: Store) -> None:
    accounts = store.accounts
    guest, token = await store.create_user("Gus")
    member, _ = await store.create_user("Mia")
    await accounts.set_password(member.id, "hash", keep=None)
    online, _ = await store.create_user("Olli")
    await store.create_user("Balin", bot="random")
    later = datetime.now(UTC) + timedelta(seconds=1)
    released = await accounts.release_guests(later, online=lambda user: user == online.id)
    assert released == [guest.id]  # not the registered, the online, nor the bot
    assert await store.user_names([guest.id]) == {guest.id: "Gus (guest)"}
    assert await accounts.by_token(token, timedelta(days=1)) is None  # logged out
    again, _ = await store.create_user("Gus")  # the name is free again
    assert again.id != guest.id
    released = await accounts.release_guests(later, online=lambda user: False)
    assert released == [online.id, again.id]  # (released twice: "Gus (guest)" twice)


async def test_a_game_from_open_to_finished(store: Store) -> None:
    users = [(await store.create_user(name))[0].id for name in ("Ann", "Bob", "Cat", "Dan")]
    options: dict[str, Any] = {"preset": "online-3", "first": 2}
    row = await store.create_game("classic", 3, options, users[0], 30)
    assert (row.status, row.seats, row.host_id, row.clock_seconds) == (
        OPEN,
        {0: users[0]},
        users[0],
        30,
    )
    await store.take_seat(row.id, 1, users[1])
    await store.take_seat(row.id, 2, users[2])
    await store.leave_seat(row.id, users[0], new_host=users[1])  # the host leaves
    await store.take_seat(row.id, 0, users[3])
    with pytest.raises(SeatTaken):  # another node seated someone there first
        await store.take_seat(row.id, 0, users[0])
    [loaded] = await store.load_games((OPEN,))
    assert loaded.seats == {0: users[3], 1: users[1], 2: users[2]}
    assert loaded.host_id == users[1] and loaded.options == options and loaded.seed is None

    seed = 2**62 - 1  # the largest seed the server draws
    started_at = await store.start_game(row.id, seed, {0: users[2], 1: users[1], 2: users[3]})
    assert started_at
    assert await store.start_game(row.id, 1, {0: users[0]}) is None  # started once only
    for seq, action in enumerate(["NS@0,1", "pass:map", "gold:3"]):
        await store.append_action(row.id, seq, action, "clock" if seq == 1 else "player")
    with pytest.raises(SeqConflict):
        await store.append_action(row.id, 1, "EW@1,0", "player")
    assert await store.load_games((OPEN,)) == []
    [active] = await store.load_games((OPEN, ACTIVE))
    assert (active.status, active.seed, active.started_at) == (ACTIVE, seed, started_at)
    assert active.seats == {0: users[2], 1: users[1], 2: users[3]}
    assert active.actions == [("NS@0,1", "player"), ("pass:map", "clock"), ("gold:3", "player")]

    final = [(0, users[2], 5, True), (1, users[1], 0, False), (2, users[3], 5, True)]
    assert await store.finish_game(row.id, final)
    assert not await store.finish_game(row.id, final)  # a second node's attempt writes nothing
    assert await store.load_games((OPEN, ACTIVE)) == []
    game = await store.game(row.id)
    assert game is not None and game.status == FINISHED and game.finished_at
    assert game.actions == active.actions
    assert await store.game_results(row.id) == [
        {"seat": 0, "name": "Cat", "gold": 5, "won": True},
        {"seat": 1, "name": "Bob", "gold": 0, "won": False},
        {"seat": 2, "name": "Dan", "gold": 5, "won": True},
    ]
    [finished] = await store.finished_games()
    assert finished.id == row.id and finished.seats == {0: users[2], 1: users[1], 2: users[3]}
    assert await store.game(row.id + 1) is None


async def test_the_last_one_leaving_drops_the_game_and_its_chat(store: Store) -> None:
    ann, _ = await store.create_user("Ann")
    row = await store.create_game("classic", 4, {}, ann.id, None)
    await store.add_chat("game", "anyone?", sender_id=ann.id, game_id=row.id)
    await store.leave_seat(row.id, ann.id, new_host=None)
    assert await store.game(row.id) is None
    assert await store.game_chat(row.id) == []


async def test_chat_history(store: Store) -> None:
    ann, _ = await store.create_user("Ann")
    bob, _ = await store.create_user("Bob")
    cat, _ = await store.create_user("Cat")
    game = await store.create_game("classic", 3, {}, ann.id, None)
    for index in range(55):
        await store.add_chat("global", f"line {index}", sender_id=ann.id)
    await store.add_chat("game", "<b>gl</b> & hf", sender_id=bob.id, game_id=game.id)
    await store.add_chat("game", "Round 1 is over", game_id=game.id)  # a server line
    await store.add_chat("whisper", "psst", sender_id=ann.id, recipient_id=bob.id)

    lines = await store.global_chat()
    assert [line.text for line in lines] == [f"line {i}" for i in range(5, 55)]  # the last 50
    assert [line.text for line in await store.global_chat(limit=2)] == ["line 53", "line 54"]
    first = lines[0].to_json()
    assert first["type"] == "chat" and first["from"] == "Ann" and first["channel"] == "global"
    assert first["at"] and "to" not in first and "game" not in first

    said = [line.to_json() for line in await store.game_chat(game.id)]
    assert [(m["from"], m["text"], m["game"]) for m in said] == [
        ("Bob", "<b>gl</b> & hf", game.id),
        (None, "Round 1 is over", game.id),
    ]
    for user, seen in ((ann, ["psst"]), (bob, ["psst"]), (cat, [])):
        assert [line.text for line in await store.whispers(user.id)] == seen
    [whisper] = await store.whispers(bob.id)
    assert (whisper.sender, whisper.recipient) == ("Ann", "Bob")


async def test_highscores(store: Store) -> None:
    ids = {name: (await store.create_user(name))[0].id for name in ("Ann", "Bob", "Cat", "Dan")}
    results = [
        [("Ann", 3, True), ("Bob", 0, False), ("Cat", 3, True)],
        [("Ann", 0, False), ("Bob", 7, True), ("Cat", 2, False)],
        [("Ann", 1, False), ("Bob", 0, False), ("Cat", 4, True)],
    ]
    for table in results:
        row = await store.create_game("classic", 3, {}, ids["Ann"], None)
        await store.start_game(row.id, 1, {s: ids[name] for s, (name, _g, _w) in enumerate(table)})
        await store.finish_game(
            row.id, [(s, ids[name], gold, won) for s, (name, gold, won) in enumerate(table)]
        )
    await store.accounts.set_password(ids["Bob"], "argon2-hash", keep=None)
    assert await store.highscores() == [
        {"name": "Cat", "gold": 9, "games": 3, "won": 2, "registered": False},
        {"name": "Bob", "gold": 7, "games": 3, "won": 1, "registered": True},
        {"name": "Ann", "gold": 4, "games": 3, "won": 1, "registered": False},
    ]  # Dan played no finished game
    assert [row["name"] for row in await store.highscores(limit=1)] == ["Cat"]


async def test_names_that_look_alike_cannot_both_exist(store: Store) -> None:
    """Unicode's confusables, case and compatibility forms: one user per look of a name."""
    await store.create_user("Alice")
    await store.create_user("Lena")
    for look_alike in ("\u0410lice", "ALICE", "\uff21lice", "\U0001d40bena", "\u217cena"):
        with pytest.raises(NameTaken):
            await store.create_user(look_alike)
    quin, _ = await store.create_user("Qu\u0131n")  # a dotless i
    with pytest.raises(NameTaken):
        await store.rename(quin.id, "Lena")
    assert await store.name_exists("Quin") and await store.name_exists("\u0430lice")
    await store.create_user("Alina")  # like, but not alike


def test_the_migration_keys_names_by_their_look(database: str, tmp_path: Any) -> None:
    """Users whose names look alike from before keep them; the oldest holds the look."""
    import asyncio

    from alembic import command

    async def run(*statements: str) -> list[Any]:
        engine = create_async_engine(database)
        try:
            async with engine.begin() as connection:
                rows: list[Any] = []
                for statement in statements:
                    result = await connection.execute(sa.text(statement))
                    rows = list(result.all()) if result.returns_rows else rows
                return rows
        finally:
            await engine.dispose()

    upgrade(database, "0002")
    now = "'2026-11-26 00:00:00+00:00'"
    values = ", ".join(
        f"({i}, '{name}', '{name.casefold()}', 't{i}', {now}, {now})"
        for i, name in ((1, "Alice"), (2, "\u0410lice"), (3, "Bob"))
    )
    columns = "id, name, name_key, token_hash, created_at, last_seen"
    asyncio.run(run(f"INSERT INTO users ({columns}) VALUES {values}"))
    upgrade(database)
    keys = asyncio.run(run("SELECT id, name, name_key FROM users ORDER BY id"))
    assert [(row[0], row[1], row[2]) for row in keys] == [
        (1, "Alice", "alice"),
        (2, "\u0410lice", "alice#2"),
        (3, "Bob", "bob"),
    ]
    command.downgrade(alembic_config(database), "0002")
    keys = asyncio.run(run("SELECT name_key FROM users ORDER BY id"))
    assert [row[0] for row in keys] == ["alice", "\u0430lice", "bob"]


def test_the_migration_matches_the_schema(database: str) -> None:
    import asyncio

    from alembic import command

    async def differences() -> tuple[list[Any], set[str]]:
        engine = create_async_engine(database)
        try:
            async with engine.connect() as connection:

                def inspect(sync: sa.Connection) -> tuple[list[Any], set[str]]:
                    context = MigrationContext.configure(sync)
                    return compare_metadata(context, metadata), set(
                        sa.inspect(sync).get_table_names()
                    )

                return await connection.run_sync(inspect)
        finally:
            await engine.dispose()

    upgrade(database)
    diff, tables = asyncio.run(differences())
    assert diff == []
    assert tables == {*metadata.tables, "alembic_version"}
    upgrade(database)  # applying it again is a no-op
    command.downgrade(alembic_config(database), "base")
    assert asyncio.run(differences())[1] == {"alembic_version"}
    upgrade(database)
    assert asyncio.run(differences())[0] == []


def test_nodes_starting_together_migrate_in_turn(postgres_url: str) -> None:
    """Several nodes migrate one PostgreSQL database at once: an advisory lock orders them."""
    import subprocess
    import sys

    code = f"from saboteur.server.store.migrate import upgrade; upgrade({postgres_url!r})"
    nodes = [
        subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE) for _ in range(3)
    ]
    errors = [node.communicate(timeout=120)[1].decode(errors="replace") for node in nodes]
    assert [node.returncode for node in nodes] == [0, 0, 0], errors


async def test_a_read_with_no_connection_free_in_time_says_busy(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An overloaded node: every pooled connection is taken and stays taken past the wait; the
    read is refused with StoreBusy (the server answers ``busy``), and works once one is free."""
    from saboteur.server.store import access

    monkeypatch.setattr(access, "POOL", 1)
    monkeypatch.setattr(access, "POOL_WAIT", 0.2)
    db = access.AsyncDatabase(postgres_url)
    try:
        held = await db.engine.connect().start()
        with pytest.raises(access.StoreBusy, match="no database connection free in time"):
            await db.read(lambda conn: conn.execute(sa.text("SELECT 1")).scalar())
        await held.close()
        assert await db.read(lambda conn: conn.execute(sa.text("SELECT 1")).scalar()) == 1
    finally:
        await db.close()
