r"""What people type (chat lines, nicknames), kept to what shows: no control or invisible
format characters.

Hidden characters are those of the Unicode categories Cc (controls), Cf (format: bidi embeddings,
overrides and isolates, zero-width spaces and joiners, the byte order mark, soft hyphens, …) and
Cs (lone surrogates).  A terminal escape sequence (``ESC [ 31 m`` and the like) goes whole.

>>> clean_line("  gl\u200bhf \u202eevil\u202c  ")
'glhf evil'
>>> clean_line("\x1b[31mred\x1b[0m and\nmore")
'red and more'
>>> clean_line("\u200b\u2060\ufeff")
''
>>> has_hidden("Bob\u200d"), has_hidden("Jörg")
(True, False)
"""

from __future__ import annotations

import re
import unicodedata

HIDDEN = frozenset({"Cc", "Cf", "Cs"})
ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves, …
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: window titles, links, …
    r"|\x1b[ -/]*[0-~]"  # the two- and three-character ones
    r"|\x9b[0-?]*[ -/]*[@-~]"  # CSI as one C1 character
)
BREAKS = re.compile(r"\r\n|[\t\n\v\f\r\x1c-\x1e\x85\u2028\u2029]")  # each becomes a space


def is_hidden(char: str) -> bool:
    return unicodedata.category(char) in HIDDEN


def has_hidden(text: str) -> bool:
    """Whether ``text`` holds a control or invisible format character."""
    return not text.isprintable() and any(map(is_hidden, text))


def clean_line(text: str) -> str:
    """``text`` as one line: escape sequences and hidden characters removed, line breaks and
    tabs turned into spaces, leading and trailing white space trimmed."""
    if text.isprintable():  # the common case: nothing to remove
        return text.strip()
    text = BREAKS.sub(" ", ESCAPES.sub("", text))
    return "".join(char for char in text if not is_hidden(char)).strip()
