"""The action kinds (``Action.kind``) the Saboteur games share; each ruleset's actions module
re-exports those it uses beside its own.  ``Final``: the compiled core (mypyc) reads them as
constants instead of looking them up.

>>> PLACE, PASS
('place', 'pass')
"""

from __future__ import annotations

from typing import Final

PLACE: Final = "place"
BREAK: Final = "break"
REPAIR: Final = "repair"
ROCKFALL: Final = "rockfall"
MAP: Final = "map"
PASS: Final = "pass"
