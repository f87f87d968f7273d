"""The terminal client: the lobby and every game of the family, with the keyboard, in a terminal.

``saboteur client HOST:PORT [NAME] --tui`` starts it (and ``saboteur client`` does where no
browser can be opened).  It speaks the documented protocol only (docs/protocol.md), draws every
ruleset from the generic board of its views, and words everything from the server's message
catalogue in English or German (docs/client.md, "The terminal client").
"""

from __future__ import annotations

from pathlib import Path

from saboteur.tui.connection import Greeting, TokenFile, Unreachable, fetch_info


def run(
    address: str,
    name: str | None = None,
    lang: str = "en",
    token_file: Path | None = None,
) -> str | None:
    """Play on the server at ``address`` (``HOST:PORT``) until the player quits; the error that
    ended the client, or ``None``."""
    from saboteur.tui.app import SaboteurApp

    base = f"http://{address}/"
    try:
        info = fetch_info(base)
    except Unreachable as err:
        return f"no saboteur server answers at {base} ({err})"
    tokens = TokenFile(token_file) if token_file else TokenFile.default()
    stored = tokens.load(address)
    greeting: Greeting | None = None
    if stored and (name is None or name.casefold() == stored[0].casefold()):
        greeting = Greeting(stored[0], stored[1])
    elif name:
        greeting = Greeting(name=name)
    app = SaboteurApp(
        info,
        greeting,
        lang,
        tokens=tokens,
        address=address,
        exact=greeting is not None and not greeting.token,
    )
    app.run()
    return app.error
