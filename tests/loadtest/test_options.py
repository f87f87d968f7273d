"""Bad options are refused with one line naming the option, before anything connects."""

from __future__ import annotations

from typing import Any

import pytest

from saboteur.cli import main
from saboteur.loadtest.options import Options, OptionsError, Target, parse_url
from saboteur.loadtest.run import check_open_files

LOCAL = parse_url("ws://127.0.0.1:8765")


@pytest.mark.parametrize(
    ("url", "ws", "health"),
    [
        ("ws://127.0.0.1:8765", "ws://127.0.0.1:8765/ws", "http://127.0.0.1:8765/api/health"),
        ("ws://localhost:1/", "ws://localhost:1/ws", "http://localhost:1/api/health"),
        ("ws://[::1]:8765/ws", "ws://[::1]:8765/ws", "http://[::1]:8765/api/health"),
        ("ws://LOCALHOST:80/other", "ws://localhost:80/other", "http://localhost:80/api/health"),
    ],
)
def test_loopback_urls_are_taken(url: str, ws: str, health: str) -> None:
    assert parse_url(url) == Target(ws, health)


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("ws://example.org:8765", "only runs against this machine"),
        ("ws://10.0.0.7:8765", "not '10.0.0.7'"),
        ("ws://0.0.0.0:8765", "not '0.0.0.0'"),
        ("ws://127.0.0.2:8765", "not '127.0.0.2'"),
        ("ws://localhost.example.org:8765", "only runs against this machine"),
        ("wss://127.0.0.1:8765", "use ws://HOST:PORT"),
        ("http://127.0.0.1:8765", "use ws://HOST:PORT"),
        ("127.0.0.1:8765", "use ws://HOST:PORT"),
        ("ws://127.0.0.1", "name the port"),
        ("ws://127.0.0.1:99999", "is not a URL"),
        ("ws://127.0.0.1:8765/ws?x=1", "takes nothing more"),
        ("ws://user@127.0.0.1:8765", "takes nothing more"),
    ],
)
def test_other_urls_are_refused(url: str, says: str) -> None:
    with pytest.raises(OptionsError, match=r"^--url: ") as caught:
        parse_url(url)
    assert says in str(caught.value)


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"clients": 0}, "--clients must be at least 1, not 0"),
        ({"games": -1}, "--games must be 0 or more"),
        ({"games": 3}, "--games 3 of --players 4 need 12 clients, but --clients is 8"),
        ({"games": 2, "players": 5}, "need 10 clients"),
        ({"players": 2}, "--players must be 3 to 10"),
        ({"players": 11}, "--players must be 3 to 10"),
        ({"idle_only": True, "games": 1}, "--idle-only plays no games"),
        ({"duration": 0.5}, "--duration must be 1 to 3600 seconds, not 0.5"),
        ({"duration": 4000}, "--duration must be 1 to 3600"),
        ({"think": -1}, "--think must be 0 to 60"),
        ({"chat_every": 1}, "--chat-every must be 0 (no chat) or 2 to 3600 seconds, not 1"),
        ({"rounds": 4}, "--rounds must be 1 to 3"),
        ({"concurrency": 0}, "--concurrency must be at least 1"),
        ({"timeout": 0}, "--timeout must be 0.1 to 600"),
    ],
)
def test_bad_options_name_the_option(changes: dict[str, Any], says: str) -> None:
    fields: dict[str, Any] = {"target": LOCAL, "clients": 8, **changes}
    with pytest.raises(OptionsError) as caught:
        Options(**fields)
    assert says in str(caught.value)


def test_good_options_are_kept() -> None:
    options = Options(LOCAL, clients=9, games=2, players=4, think=2, chat_every=0, rounds=1)
    assert options.seated == 8


def test_too_many_clients_for_the_open_files_limit_are_refused() -> None:
    options = Options(LOCAL, clients=1000)
    check_open_files(options, 2000)
    with pytest.raises(OptionsError, match=r"--clients 1000 needs more open files .*ulimit -n"):
        check_open_files(options, 1000)


def one_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["loadtest", *args])
    out, err = capsys.readouterr()
    assert code != 0 and out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("saboteur: error: "), err
    return lines[0]


def test_the_command_refuses_a_remote_host_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_error(capsys, "--url", "ws://192.168.1.5:8765", "--clients", "4")
    assert line == (
        "saboteur: error: --url: the load test only runs against this machine "
        "(127.0.0.1, localhost or ::1), not '192.168.1.5'"
    )


def test_the_command_refuses_bad_counts_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_error(capsys, "--url", "ws://127.0.0.1:9", "--clients", "4", "--games", "2")
    assert "--games 2 of --players 4 need 8 clients, but --clients is 4" in line
    line = one_error(capsys, "--url", "ws://127.0.0.1:9", "--clients", "many")
    assert "'many' is not a valid integer" in line
    line = one_error(capsys, "--clients", "4")
    assert "--url" in line


def test_the_command_says_when_no_server_answers(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.server.helpers import free_port

    port = free_port()  # nothing listens there
    line = one_error(capsys, "--url", f"ws://127.0.0.1:{port}", "--clients", "1", "--duration", "1")
    assert f"no server answers at http://127.0.0.1:{port}/api/health" in line


def test_the_command_is_listed_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "loadtest" in capsys.readouterr().out
    assert main(["loadtest", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--url", "--clients", "--games", "--duration", "--think", "--idle-only"):
        assert option in out
    for option in ("--players", "--seed", "--chat-every", "--fail-on-error", "--json"):
        assert option in out
