"""``saboteur server`` and ``saboteur client``."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
import urllib.error
import urllib.request
import webbrowser
from pathlib import Path
from urllib.parse import quote

import click

from saboteur.commandline import FiniteRange
from saboteur.server.limits import AbuseLimits, SendLimits
from saboteur.server.settings import BOT_DELAY, AccountPolicy

DEFAULT_PORT = 8765
SLOW = "for a client to read before it is dropped as too slow."


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "saboteur"


def database_url(db: str | None, data_dir: Path) -> str:
    """``--db`` as given, else an SQLite file in ``data_dir`` (created if missing)."""
    if db:
        if not re.match(r"^(sqlite\+aiosqlite|postgresql\+asyncpg)://", db):
            raise click.BadParameter(
                "use sqlite+aiosqlite:///FILE or postgresql+asyncpg://USER@HOST:PORT/DB",
                param_hint="'--db'",
            )
        return db
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise click.UsageError(
            f"cannot create the data directory {data_dir}: {err.strerror}"
        ) from None
    return f"sqlite+aiosqlite:///{data_dir / 'saboteur.db'}"


@click.command(context_settings={"show_default": True})
@click.argument("port", type=click.IntRange(1, 65535), default=DEFAULT_PORT)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--db", help="Database URL (default: SQLite in the data directory).")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=default_data_dir,
    show_default="$XDG_DATA_HOME/saboteur",
    help="Where the default SQLite database lives.",
)
@click.option(
    "--redis",
    "redis_url",
    help="Redis URL (redis://HOST:PORT/N): run as one of several nodes sharing a PostgreSQL --db.",
)
@click.option(
    "--ws-compression/--no-ws-compression",
    default=False,
    show_default=True,
    help="Compress WebSocket messages (permessage-deflate): less traffic, but about twice the "
    "memory per connection and much more CPU per message.",
)
@click.option(
    "--allow-origin",
    "allow_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Also let web pages of this origin (scheme://host[:port]) open a WebSocket; pages of "
    "the server's own origin always may (repeat for several).",
)
@click.option(
    "--outbox-limit",
    type=click.IntRange(1, 1_000_000),
    default=SendLimits.messages,
    help=f"Messages that may wait {SLOW}",
)
@click.option(
    "--outbox-chars",
    type=click.IntRange(1024, 1 << 30),
    default=SendLimits.chars,
    help=f"Characters of JSON that may wait {SLOW}",
)
@click.option(
    "--send-timeout",
    type=FiniteRange(0.1, 3600),
    default=SendLimits.timeout,
    help=f"Seconds one message may wait {SLOW}",
)
@click.option(
    "--limit",
    "abuse",
    multiple=True,
    metavar="KEY=VALUE",
    help="What one address or person may do, e.g. new_users=10/3600 (new nicknames per address "
    "per hour), renames=10/600, new_tables=10/60, chat=30/10 (lines per address), open_tables=3 "
    "(open tables one person hosts), logins=20/600 (password tries per address), "
    "login_names=10/600 (password tries per nickname); repeatable.",
)
@click.option(
    "--forwarded-allow-ips",
    metavar="IPS",
    help="Behind a proxy: trust X-Forwarded-For from these addresses (comma-separated, or *) for "
    "the players' addresses; by default it is ignored and the peer's address counts.",
)
@click.option(
    "--session-days",
    type=FiniteRange(0.01, 3650),
    default=AccountPolicy.session_days,
    show_default=True,
    help="A login (a browser's session token) unused this many days has expired.",
)
@click.option(
    "--guest-days",
    type=FiniteRange(0.01, 3650),
    default=AccountPolicy.guest_days,
    show_default=True,
    help="A guest's nickname (not registered) unseen this many days is free again.",
)
@click.option(
    "--bot-delay",
    type=FiniteRange(0, 60),
    default=BOT_DELAY,
    show_default=True,
    help="Seconds a bot waits before each move, so that people can follow; 0 plays at once.",
)
@click.option("--log-level", default="info", type=click.Choice(["debug", "info", "warning"]))
def server(
    port: int,
    host: str,
    db: str | None,
    data_dir: Path,
    redis_url: str | None,
    ws_compression: bool,
    allow_origins: tuple[str, ...],
    outbox_limit: int,
    outbox_chars: int,
    send_timeout: float,
    abuse: tuple[str, ...],
    forwarded_allow_ips: str | None,
    session_days: float,
    guest_days: float,
    bot_delay: float,
    log_level: str,
) -> None:
    """Start the game server on PORT (lobby, chat, games, high scores).

    One node on SQLite by default; several nodes share a PostgreSQL database and a Redis.
    """
    import uvicorn

    from saboteur.server.app import create_app
    from saboteur.server.transport import AbortableWebSockets

    url = database_url(db, data_dir)
    if redis_url is not None:
        if not re.match(r"^rediss?://[^\s]+$", redis_url):
            raise click.BadParameter(
                "use redis://HOST:PORT/N (or rediss:// for TLS)", param_hint="'--redis'"
            )
        if not url.startswith("postgresql"):
            raise click.UsageError(
                "several nodes share one PostgreSQL database: give --db postgresql+asyncpg://…"
            )
    shown = re.sub(r"//[^@/]*@", "//***@", url)
    node = f", Redis {re.sub(r'//[^@/]*@', '//***@', redis_url)}" if redis_url else ""
    click.echo(f"saboteur server on http://{host}:{port}/ (database {shown}{node})", err=True)
    uvicorn.run(
        create_app(
            url,
            redis_url=redis_url,
            send_limits=SendLimits(outbox_limit, outbox_chars, send_timeout),
            allow_origins=allow_origins,
            abuse_limits=abuse_limits(abuse),
            account_policy=AccountPolicy(session_days, guest_days),
            bot_delay=bot_delay,
        ),
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=ws_compression,
        ws=AbortableWebSockets,
    )


def abuse_limits(pairs: tuple[str, ...]) -> AbuseLimits:
    """``--limit`` pairs over the defaults; a bad one is a usage error naming it.

    >>> abuse_limits(("chat=5/2", "open_tables=1")).chat, abuse_limits(()).open_tables
    ((5, 2.0), 3)
    """
    changes: dict[str, object] = {}
    known = {f.name for f in dataclasses.fields(AbuseLimits)} - {"loopback"}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in known:
            raise click.BadParameter(
                f"{key!r} is not a limit (known: {', '.join(sorted(known))})",
                param_hint="'--limit'",
            )
        rate = re.fullmatch(r"(\d{1,6})/(\d{1,6}(?:\.\d+)?)", value)
        if key == "open_tables" and value.isdigit() and 0 < int(value) <= 1000:
            changes[key] = int(value)
        elif key != "open_tables" and rate and int(rate[1]) > 0 and float(rate[2]) > 0:
            changes[key] = (int(rate[1]), float(rate[2]))
        else:
            wanted = "a number 1-1000" if key == "open_tables" else "COUNT/SECONDS, e.g. 10/60"
            raise click.BadParameter(f"{pair!r}: give {wanted}", param_hint="'--limit'")
    return dataclasses.replace(AbuseLimits(), **changes)  # type: ignore[arg-type]


def server_answers(base: str, timeout: float = 5.0) -> str | None:
    """Why the saboteur server at ``base`` (``http://HOST:PORT/``) does not answer, or None."""
    try:
        with urllib.request.urlopen(base + "api/health", timeout=timeout) as reply:
            json.load(reply)
    except urllib.error.HTTPError as err:
        return f"it answered {err.code} to /api/health: is it a saboteur server?"
    except (OSError, ValueError) as err:
        return str(getattr(err, "reason", None) or err) or type(err).__name__
    return None


TUI_HELP = """Open the browser client of the server at HOST:PORT as USERNAME, or play in a terminal.

Checks first that the server answers (exit status 1 if not). Opens the browser client, or, with
--tui or where no browser can be opened, plays in this terminal: the lobby, the chats, tables and
every game of the family, with the keyboard (exit status 1 if the server cannot be reached or
refuses the name). The terminal client keeps its session token per server and comes back to the
same seats.

\b
Keys of the terminal client:
  F1 ?        the keys               Tab       next panel        Ctrl+Q  quit
  Lobby:      Enter join a table, open my game or watch one; whisper to a player online
              n new table   s start   x leave   w watch   o my game   c chat
              F2 chat channel (everyone, my game, whisper)   r rename   l English/Deutsch
              a account (register, new password, log out: Ctrl+O here, Ctrl+G everywhere)
              / search the players online   [ ] their pages
              on Finished: / the games of a player   [ ] newer, older games
  Game:       1-9 a hand card and its menu   Enter take a line, choose a place
              a what I can do now (a walk of several steps too)   m the maze
              arrows move, from target to target
              + - f zoom and fit   : type an action (NES@1,0)   c chat   e events
              Esc one step back   b back to the lobby
"""


def default_lang() -> str:
    """The terminal's language if it is German, else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def run_tui(address: str, username: str | None, lang: str, token_file: Path | None) -> None:
    """The terminal client; its error (unreachable, a name refused) as a non-zero exit."""
    from saboteur.tui import run

    problem = run(address, username, lang, token_file)
    if problem:
        raise click.ClickException(problem)


@click.command(help=TUI_HELP)
@click.argument("address", metavar="HOST:PORT")
@click.argument("username", required=False)
@click.option("--no-browser", is_flag=True, help="Only print the address.")
@click.option("--tui", is_flag=True, help="Play in this terminal (see the keys above).")
@click.option(
    "--lang",
    type=click.Choice(["en", "de"]),
    default=None,
    help="The terminal client's language (default: the terminal's, else English).",
)
@click.option(
    "--token-file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Where the terminal client keeps its session tokens "
    "(default: $XDG_STATE_HOME/saboteur/tokens.json).",
)
def client(
    address: str,
    username: str | None,
    no_browser: bool,
    tui: bool,
    lang: str | None,
    token_file: Path | None,
) -> None:
    match = re.fullmatch(r"([\w.\-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})", address)
    if not match or not 0 < int(match.group(2)) < 65536:
        raise click.BadParameter(f"{address!r} is not HOST:PORT", param_hint="'HOST:PORT'")
    base = f"http://{address}/"
    url = base + (f"?name={quote(username)}" if username else "")
    problem = server_answers(base)
    if problem is not None:
        raise click.ClickException(f"no saboteur server answers at {base} ({problem})")
    if tui:
        run_tui(address, username, lang or default_lang(), token_file)
    elif no_browser:
        click.echo(url)
    elif webbrowser.open(url):
        click.echo(f"opened {url} in your browser")
    elif terminal():
        click.echo(f"no browser could be opened here; playing in the terminal ({url} in a browser)")
        run_tui(address, username, lang or default_lang(), token_file)
    else:
        click.echo(f"no browser could be opened here; open this address in one: {url}")


def terminal() -> bool:
    """Whether this process talks to a terminal a person sits at (not a pipe or a file)."""
    return sys.stdin.isatty() and sys.stdout.isatty()
