"""Accounts (#21): a registered nickname is its owner's, logins from anywhere, sessions that
end (log out, log out everywhere, a new password, unused for too long), limited password tries,
and guests' names given back after a while."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from saboteur.server.limits import AbuseLimits
from saboteur.server.settings import AccountPolicy
from tests.server.helpers import Client, LiveServer, Message, sqlite_url, two_nodes, wait_until

pytestmark = pytest.mark.anyio

SECRET = "correct horse battery"


@contextlib.contextmanager
def serving(tmp_path: Path, **options: Any) -> Iterator[LiveServer]:
    server = LiveServer(sqlite_url(tmp_path), **options).start()
    try:
        yield server
    finally:
        server.stop()


async def login(url: str, name: str, password: str) -> tuple[Client, Message]:
    """A connection that tried to log in, and the answer (a welcome or an error)."""
    client = await Client.connect(url)
    await client.send({"type": "login", "name": name, "password": password, "id": "in"})
    return client, await client.expect_any("welcome", "error")


async def registered(url: str, name: str, password: str = SECRET) -> Client:
    client = await Client.open(url, name)
    await client.send({"type": "register", "password": password, "id": "reg"})
    answer = await client.expect_any("account", "error")
    assert answer == {"type": "account", "registered": True, "ref": "reg"}, answer
    return client


async def test_a_registered_name_is_its_owners_alone(server: LiveServer) -> None:
    ann = await registered(server.ws, "Ann")
    assert ann.welcome["user"]["registered"] is False  # a guest when she came
    # nobody else gets the name (nor one that looks like it) without the password
    for wanted in ("Ann", "ANN", "\u0410nn"):
        other = await Client.connect(server.ws)
        error = await other.error({"type": "hello", "name": wanted, "id": 7})
        assert error["code"] == "name-registered" and error["ref"] == 7, error
        assert "'Ann' is registered" in error["message"]
        await other.close()
    # a guest's taken name still gives a new guest a name of their own
    await Client.open(server.ws, "Gus")
    assert (await Client.open(server.ws, "Gus")).name == "Gus-2"
    # she logs in from another browser: a session of its own, the same user
    there, welcome = await login(server.ws, "ann", SECRET)
    assert welcome["type"] == "welcome", welcome
    assert welcome["user"] == {"id": ann.welcome["user"]["id"], "name": "Ann", "registered": True}
    assert welcome["token"] != ann.token
    back = await Client.open(server.ws, token=ann.token)  # the first browser's token still holds
    assert back.welcome["user"]["registered"] is True
    for client in (ann, there, back):
        await client.close()


async def test_wrong_logins_say_the_same_and_change_nothing(server: LiveServer) -> None:
    ann = await registered(server.ws, "Ann")
    await Client.open(server.ws, "Gus")  # a guest: no password logs in to a guest's name
    for name, password in (("Ann", "wrong password"), ("Nobody", SECRET), ("Gus", SECRET)):
        client, answer = await login(server.ws, name, password)
        assert answer["type"] == "error" and answer["code"] == "bad-login", answer
        assert answer["message"] == "wrong nickname or password" and answer["ref"] == "in"
        assert SECRET not in str(answer) and "wrong password" not in str(answer)
        assert (await client.error({"type": "lists"}))["code"] == "hello-first"
        await client.close()  # (a connection whose login failed may try again: the next test)
    assert sorted(server.get("/api/online")) == ["Ann", "Gus"]
    await ann.close()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "register", "password": "short"}, "bad-password"),
        ({"type": "register", "password": " " * 9}, "bad-password"),
        ({"type": "register", "password": "x" * 257}, "invalid"),
        ({"type": "password", "old": SECRET, "new": "long enough"}, "not-registered"),
        ({"type": "logout", "everywhere": "yes"}, "invalid"),
        ({"type": "login", "name": "Bea", "password": SECRET}, "already-hello"),
    ],
)
async def test_bad_account_messages_are_refused(
    server: LiveServer, message: Message, code: str
) -> None:
    bea = await Client.open(server.ws, "Bea")
    error = await bea.error({**message, "id": 3})
    assert error["code"] == code and error["ref"] == 3, error
    assert (await bea.sync()) == []  # nothing else changed or was sent
    await bea.close()


async def test_registering_twice_is_refused(server: LiveServer) -> None:
    ann = await registered(server.ws, "Ann")
    error = await ann.error({"type": "register", "password": "another password"})
    assert error["code"] == "already-registered"
    _client, answer = await login(server.ws, "Ann", SECRET)  # the first password holds
    assert answer["type"] == "welcome"


async def test_log_out_here_and_everywhere(server: LiveServer) -> None:
    ann = await registered(server.ws, "Ann")
    phone, _ = await login(server.ws, "Ann", SECRET)
    laptop, _ = await login(server.ws, "Ann", SECRET)
    # this browser logs out: only its session ends; the connection stays, without a user
    await ann.send({"type": "logout", "id": "bye"})
    assert await ann.expect("logged-out") == {"type": "logged-out", "ref": "bye"}
    ann.welcome = {}  # (so that the test client expects no pong)
    assert (await ann.error({"type": "lists"}))["code"] == "hello-first"
    assert all(m["type"] != "logged-out" for m in await phone.sync())
    stale = await Client.connect(server.ws)
    assert (await stale.error({"type": "hello", "token": ann.token}))["code"] == "bad-token"
    assert (await Client.open(server.ws, token=phone.token)).name == "Ann"
    # log out everywhere: every other connection of hers is logged out at once
    await laptop.send({"type": "logout", "everywhere": True})
    assert (await laptop.expect("logged-out"))["ref"] is None
    await phone.expect("logged-out")
    for token in (phone.token, laptop.token):
        gone = await Client.connect(server.ws)
        assert (await gone.error({"type": "hello", "token": token}))["code"] == "bad-token"
    await wait_until(lambda: server.get("/api/online") == [])
    # the same connection may log in again
    await ann.send({"type": "login", "name": "Ann", "password": SECRET})
    assert (await ann.expect("welcome"))["user"]["name"] == "Ann"


async def test_a_new_password_ends_the_other_sessions(server: LiveServer) -> None:
    ann = await registered(server.ws, "Ann")
    other, _ = await login(server.ws, "Ann", SECRET)
    error = await ann.error({"type": "password", "old": "not it at all", "new": "new secret!"})
    assert error["code"] == "bad-login" and error["message"] == "that is not your password"
    await ann.send({"type": "password", "old": SECRET, "new": "new secret!", "id": 5})
    assert await ann.expect("account") == {"type": "account", "registered": True, "ref": 5}
    await other.expect("logged-out")
    assert (await ann.sync()) == []  # this connection goes on
    assert (await login(server.ws, "Ann", SECRET))[1]["code"] == "bad-login"
    assert (await login(server.ws, "Ann", "new secret!"))[1]["type"] == "welcome"


async def test_password_tries_are_limited_per_name_and_per_address(tmp_path: Path) -> None:
    limits = AbuseLimits(login_names=(3, 600.0))
    with serving(tmp_path, abuse_limits=limits) as server:
        await registered(server.ws, "Ann")
        answers = [(await login(server.ws, "Ann", f"guess {n}"))[1] for n in range(4)]
        assert [a["code"] for a in answers] == ["bad-login"] * 3 + ["rate-limited"]
        assert "too many password tries" in answers[3]["message"]
        # the name is closed to every address for a while, the right password too
        assert (await login(server.ws, "ANN", SECRET))[1]["code"] == "rate-limited"
        assert (await login(server.ws, "Bob", SECRET))[1]["code"] == "bad-login"  # another name
    address_limits = AbuseLimits(loopback=True, logins=(2, 600.0))
    (tmp_path / "b").mkdir()
    with serving(tmp_path / "b", abuse_limits=address_limits) as server:
        answers = [(await login(server.ws, f"Name{n}", SECRET))[1] for n in range(3)]
        assert [a["code"] for a in answers] == ["bad-login", "bad-login", "rate-limited"]


async def test_an_unused_session_expires(tmp_path: Path) -> None:
    policy = AccountPolicy(session_days=1.5 / 86400)  # a second and a half
    with serving(tmp_path, account_policy=policy) as server:
        ann = await registered(server.ws, "Ann")
        await ann.close()
        await asyncio.sleep(2.0)
        late = await Client.connect(server.ws)
        error = await late.error({"type": "hello", "token": ann.token})
        assert error["code"] == "bad-token" and "expired" in error["message"]
        assert (await login(server.ws, "Ann", SECRET))[1]["type"] == "welcome"


async def test_guests_long_gone_give_their_names_back(tmp_path: Path) -> None:
    policy = dataclasses.replace(AccountPolicy(guest_days=1 / 86400), sweep_every=0.2)
    with serving(tmp_path, account_policy=policy) as server:
        gus = await Client.open(server.ws, "Gus")
        member = await registered(server.ws, "Mia")
        await gus.close()
        await member.close()
        await asyncio.sleep(1.5)
        await wait_until(lambda: server.get("/api/online") == [])
        newcomer = await Client.open(server.ws, "Gus")  # the name, not "Gus-2"
        assert (
            newcomer.name == "Gus" and newcomer.welcome["user"]["id"] != gus.welcome["user"]["id"]
        )
        old = await Client.connect(server.ws)
        assert (await old.error({"type": "hello", "token": gus.token}))["code"] == "bad-token"
        assert (await login(server.ws, "Mia", SECRET))[1]["type"] == "welcome"  # kept


async def test_logging_out_everywhere_reaches_every_node(postgres_url: str, redis_url: str) -> None:
    with two_nodes(postgres_url, redis_url) as (one, two):
        ann = await registered(one.ws, "Ann")
        there, answer = await login(two.ws, "Ann", SECRET)
        assert answer["type"] == "welcome"
        await ann.send({"type": "logout", "everywhere": True})
        await ann.expect("logged-out")
        await there.expect("logged-out")
