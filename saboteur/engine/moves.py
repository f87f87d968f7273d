"""The two values every state passes around: :class:`Action` and :class:`Event`.

They live apart from :mod:`saboteur.engine.base` (which re-exports them) so that the compiled
build (mypyc, ``scripts/build_compiled.py``) can make them native classes while the abstract
``Game`` and ``State`` stay plain Python classes for every ruleset to subclass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mypy_extensions import mypyc_attr

JSON = dict[str, Any]


# acyclic: the compiled class is left out of the cycle collector (it can be in no reference cycle)
@mypyc_attr(acyclic=True)
class Action:
    """An immutable action with a stable text form (like a UCI chess move).

    Rulesets parse text into actions (``game.parse_action``); two actions are equal
    when their text is equal, so ``str(action)`` is all a record needs.
    """

    __slots__ = ("_hash", "card", "choice", "code", "kind", "seat", "slot", "text")

    def __init__(
        self,
        text: str,
        kind: str,
        card: str | None = None,
        slot: tuple[int, int] | None = None,
        seat: int | None = None,
        choice: str | None = None,
        code: int = 0,
    ) -> None:
        self.text = text
        self.kind = kind
        self.card = card
        self.slot = slot
        self.seat = seat
        self.choice = choice
        self.code = code  # a ruleset's own packed form, for its fast path (not part of the API)
        self._hash = hash(text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return self._hash


@mypyc_attr(acyclic=True)  # (as Action: made for every move, so the collector's work adds up)
class Event:
    """Something that happened, in data (``kind`` and ``data``) and in words (:meth:`describe`).

    ``to`` is ``None`` for a public event, or the one seat allowed to see it.  A hot path makes
    one with :meth:`of`, which builds ``data`` only when something reads it::

        >>> Event.of("draw", 2, DRAW_KEYS, (41,)).data
        {'deck': 41}
    """

    __slots__ = ("_data", "_keys", "_values", "kind", "seat", "to")

    def __init__(
        self, kind: str, seat: int | None, data: Mapping[str, Any], to: int | None = None
    ) -> None:
        self.kind = kind
        self.seat = seat
        self._data: Mapping[str, Any] | None = data
        self._keys: tuple[str, ...] = ()
        self._values: tuple[object, ...] = ()
        self.to = to

    @staticmethod
    def of(
        kind: str,
        seat: int | None,
        keys: tuple[str, ...],
        values: tuple[object, ...],
        to: int | None = None,
    ) -> Event:
        """The event whose ``data`` maps ``keys`` to ``values`` (made when first read)."""
        event = Event(kind, seat, _NO_DATA, to)
        event._data = None
        event._keys = keys
        event._values = values
        return event

    @property
    def data(self) -> Mapping[str, Any]:
        data = self._data
        if data is None:
            data = self._data = dict(zip(self._keys, self._values, strict=True))
            self._values = ()  # kept once, in the dictionary
        return data

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or self.to == player

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind, "seat": self.seat, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return out

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, seat={self.seat}, {dict(self.data)!r}, to={self.to})"


_NO_DATA: Final[dict[str, Any]] = {}
# the keys of the events the hot paths make with Event.of
NO_KEYS: Final[tuple[str, ...]] = ()
CARD_KEYS: Final[tuple[str, ...]] = ("card",)
DRAW_KEYS: Final[tuple[str, ...]] = ("deck",)
PLACE_KEYS: Final[tuple[str, ...]] = ("card", "shape", "x", "y")
TOOL_KEYS: Final[tuple[str, ...]] = ("tool", "target")
XY_KEYS: Final[tuple[str, ...]] = ("x", "y")
PEEK_KEYS: Final[tuple[str, ...]] = ("x", "y", "card")
CARDS_KEYS: Final[tuple[str, ...]] = ("cards",)
COUNT_KEYS: Final[tuple[str, ...]] = ("count",)
DRAWN_KEYS: Final[tuple[str, ...]] = ("cards", "deck")
SHAPE_KEYS: Final[tuple[str, ...]] = ("shape", "x", "y")
