"""``saboteur client HOST:PORT [NAME]``: checks the server, opens a browser or says it cannot."""

from __future__ import annotations

import webbrowser

import pytest
from click.testing import CliRunner

from saboteur.cli import cli
from tests.server.helpers import LiveServer, free_port


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["client", *args])
    return result.exit_code, result.output


def test_an_address_that_is_not_host_port_is_refused() -> None:
    code, output = run("localhost")
    assert code == 2 and "'localhost' is not HOST:PORT" in output


def test_nobody_answering_is_an_error_not_a_url() -> None:
    port = free_port()
    code, output = run(f"127.0.0.1:{port}", "Ann", "--no-browser")
    assert code == 1
    assert f"no saboteur server answers at http://127.0.0.1:{port}/" in output
    assert "?name=" not in output


def test_with_a_server_it_says_what_it_did(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    address = f"127.0.0.1:{server.port}"
    url = f"http://{address}/?name=Ann%20B"
    assert run(address, "Ann B", "--no-browser") == (0, url + "\n")
    opened: list[str] = []

    def browser(address: str) -> bool:
        opened.append(address)
        return True

    monkeypatch.setattr(webbrowser, "open", browser)
    assert run(address, "Ann B") == (0, f"opened {url} in your browser\n")
    monkeypatch.setattr(webbrowser, "open", lambda u: False)  # a machine without a browser
    code, output = run(address, "Ann B")
    assert (code, output) == (
        0,
        f"no browser could be opened here; open this address in one: {url}\n",
    )
    assert opened == [url]
