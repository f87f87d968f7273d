"""Names that look alike share a *skeleton*; the store keeps one user per skeleton.

The skeleton follows Unicode's UTS #39 (section 4, "Confusable Detection") over the case-folded
name: NFKC, case folding, NFD, each character replaced by the prototype it is confusable with, NFD
and case folding again; so names differing only in case, in compatibility forms or in look-alike
letters meet.  The confusable pairs are Unicode's own data (``confusables.txt``) as the
``confusable-homoglyphs`` package ships it: a character that is confusable with a prototype
lists that one prototype; a prototype lists every character confusable with it.

>>> skeleton("Alice") == skeleton("\\u0410lice")  # Cyrillic A
True
>>> skeleton("Ann") == skeleton("\\uff21\\uff4e\\uff4e")  # fullwidth
True
>>> bold = "\\U0001d410\\U0001d42e\\U0001d422\\U0001d427"  # mathematical bold
>>> skeleton("Quin") == skeleton(bold) == skeleton("Qu\\u0131n")
True
>>> skeleton("Server") == skeleton("S\\u0435rver"), skeleton("Bob") == skeleton("Rob")
(True, False)
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib import resources

_MARKS = "\u200e\u200f"  # direction marks around right-to-left entries of the data


@functools.cache
def _confusables() -> dict[str, list[str]]:
    """Character -> the characters (or short strings) it is confusable with."""
    text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    data: dict[str, list[dict[str, str]]] = json.loads(text)
    return {char: [entry["c"].strip(_MARKS) for entry in entries] for char, entries in data.items()}


@functools.cache
def prototype(char: str) -> str:
    """The prototype ``char`` is confusable with (itself if it is one).

    >>> prototype("\\u0430"), prototype("a"), prototype("1"), prototype("l")  # Cyrillic a
    ('a', 'a', 'l', 'l')
    """
    table = _confusables()
    others = table.get(char, [])
    if len(others) != 1:
        return char  # a prototype (many characters look like it) or nothing like it
    other = others[0]
    if table.get(other) == [char]:  # two characters naming each other: the lesser stands for both
        return min(char, other)
    return other


def skeleton(name: str) -> str:
    """What ``name`` looks like, regardless of case: equal for names a reader could take for
    each other.  Case is folded first (so ``ANNA`` meets ``anna``); a capital I therefore does not
    meet a small l, which only UTS #39's case-sensitive skeleton would catch.

    >>> skeleton("ANNA") == skeleton("anna"), skeleton("Olaf") == skeleton("0laf")
    (True, True)
    """
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    mapped = "".join(prototype(char) for char in text)  # a prototype may be a capital: fold it
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", mapped).casefold())
