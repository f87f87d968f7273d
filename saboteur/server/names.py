"""Nickname rules: 2-20 characters; letters (any alphabet), digits, spaces, ``_ - .``; no
control or invisible characters (not even where they would be trimmed).

>>> check_name("  Jörg_2 ")
'Jörg_2'
>>> check_name("a")
Traceback (most recent call last):
...
ValueError: a nickname has 2 to 20 characters
>>> check_name("<b>x</b>")
Traceback (most recent call last):
...
ValueError: a nickname may hold letters, digits, spaces and _ - . only
>>> check_name("S\u0435rver")
Traceback (most recent call last):
...
ValueError: the nickname 'Sеrver' is reserved
>>> check_name("Bob\u200b")
Traceback (most recent call last):
...
ValueError: a nickname may not hold control or invisible characters
"""

from __future__ import annotations

import unicodedata

from saboteur.server.lookalike import skeleton
from saboteur.server.text import has_hidden

MIN_LENGTH, MAX_LENGTH = 2, 20
EXTRA = set("_-. ")
RESERVED = {"server", "system", "admin", "everyone"}
_RESERVED_LOOKS = {skeleton(name) for name in RESERVED}  # "Sеrver" with a Cyrillic е too


def check_name(raw: str) -> str:
    """The cleaned nickname, or ValueError saying which rule it breaks."""
    if has_hidden(raw):
        raise ValueError("a nickname may not hold control or invisible characters")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise ValueError(f"a nickname has {MIN_LENGTH} to {MAX_LENGTH} characters")
    if not all(char.isalnum() or char in EXTRA for char in name):
        raise ValueError("a nickname may hold letters, digits, spaces and _ - . only")
    if not name[0].isalnum():
        raise ValueError("a nickname starts with a letter or a digit")
    if skeleton(name) in _RESERVED_LOOKS:
        raise ValueError(f"the nickname {name!r} is reserved")
    return name
