"""A finished game's replay as one self-contained web page (``saboteur replay FILE --html``).

The page holds everything it needs, so it opens from a file with no server and no network: the
client's stylesheet, the game window's markup (cut from ``web/index.html`` between its
``<!-- game window -->`` marks), the JavaScript modules the replay viewer imports (each as a
``data:`` address in an import map, their ``./x.js`` imports renamed to the map's ``sab/x.js``),
the message catalogue, the ruleset's descriptor and the replay itself
(:func:`saboteur.engine.replays.replay_of`).
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

from saboteur.engine.registry import get_ruleset
from saboteur.server.messages import catalogue_body

WEB = Path(__file__).resolve().parent.parent / "web"
STATIC = WEB / "static"
ENTRY = "replay-page.js"
IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*)(["'])\./([\w.-]+\.(?:js|json))\2""")
GAME_WINDOW = re.compile(r"<!-- game window -->(.*)<!-- /game window -->", re.S)
EXPORT_CSS = "#to-lobby, [data-fkey='overlay-lobby'] { display: none !important; }"


def _modules() -> dict[str, str]:
    """The modules the page's entry imports, directly or not: name -> source (imports renamed)."""
    found: dict[str, str] = {}
    todo = [ENTRY]
    while todo:
        name = todo.pop()
        if name in found or name.endswith(".json"):
            continue
        source = (STATIC / name).read_text(encoding="utf-8")
        todo.extend(match.group(3) for match in IMPORT.finditer(source))
        found[name] = IMPORT.sub(
            lambda m: f"{m.group(1)}{m.group(2)}sab/{m.group(3)}{m.group(2)}", source
        )
    return found


def _data_url(text: str, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(text.encode('utf-8')).decode('ascii')}"


def _script_json(data: Any) -> str:
    """JSON to put inside a <script> element: no "<" that could close it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def replay_page(replay: dict[str, Any]) -> str:
    """The page that shows ``replay`` (as ``replay_of`` makes it)."""
    index = (WEB / "index.html").read_text(encoding="utf-8")
    found = GAME_WINDOW.search(index)
    if found is None:
        raise RuntimeError("web/index.html has lost its <!-- game window --> marks")
    game_window = found.group(1)
    imports = {
        f"sab/{name}": _data_url(text, "text/javascript") for name, text in _modules().items()
    }
    catalogue = json.dumps(catalogue_body(), ensure_ascii=False)
    imports["sab/messages.json"] = _data_url(catalogue, "application/json")
    described = get_ruleset(replay["ruleset"]).to_json()
    title = f"Saboteur — replay of game {replay.get('game') or ''}".strip()
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>{_escape(title)}</title>
<style>
{css}
{EXPORT_CSS}
</style>
<script type="importmap">{_script_json({"imports": imports})}</script>
<script type="application/json" id="replay-data">{_script_json(replay)}</script>
<script type="application/json" id="replay-rulesets">{_script_json([described])}</script>
<script type="module">import "sab/{ENTRY}";</script>
</head>
<body data-view="game" data-replay="true">
<header class="topbar">
  <span class="brand"><span data-i18n="app.title">Saboteur</span></span>
  <span class="lang" role="group" aria-label="Language / Sprache">
    <button class="small" data-lang="en" lang="en">EN</button>
    <button class="small" data-lang="de" lang="de">DE</button>
  </span>
</header>
<main>
{game_window}
</main>
<div id="toast" class="toast" role="alert" hidden></div>
</body>
</html>
"""


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
