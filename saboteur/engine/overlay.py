"""What lies on the maze besides cards: pieces on fields, markers on edges, jumps.

A ruleset that needs none of them never creates an overlay (``Maze.overlay`` makes
one on first use), so classic and the Duel pay nothing for it::

    >>> from saboteur.engine.grid import E, field_id, slot_index
    >>> overlay = Overlay()
    >>> dwarf = overlay.add_piece("dwarf", 0, field_id(slot_index(0, 0), 0))
    >>> moved = overlay.move_piece(dwarf.id, field_id(slot_index(1, 0), 0))
    >>> [piece.kind for piece in overlay.pieces_on(moved.field)]
    ['dwarf']
    >>> web = overlay.add_marker("web", 1, slot_index(0, 0), E)
    >>> [marker.kind for marker in overlay.markers_on(web.edge)]
    ['web']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from saboteur.engine.grid import SIDES, edge_id, field_id, field_slot


@dataclass(frozen=True, slots=True)
class Piece:
    """Something standing on a field: a dwarf, a creature, a mage (``owner``: a seat or none)."""

    id: int
    kind: str
    owner: int | None
    field: int


@dataclass(frozen=True, slots=True)
class Marker:
    """Something lying on the edge between two slots (a spider web)."""

    id: int
    kind: str
    owner: int | None
    edge: int


class Overlay:
    """Pieces, edge markers and jumps (links between fields that are not neighbours)."""

    __slots__ = ("jumps", "markers", "next_id", "pieces")

    def __init__(self) -> None:
        self.pieces: dict[int, Piece] = {}
        self.markers: dict[int, Marker] = {}
        self.jumps: dict[int, set[int]] = {}
        self.next_id = 1

    def copy(self) -> Overlay:
        clone = Overlay.__new__(Overlay)
        clone.pieces = dict(self.pieces)  # pieces and markers are frozen: sharing them is safe
        clone.markers = dict(self.markers)
        clone.jumps = {field: set(targets) for field, targets in self.jumps.items()}
        clone.next_id = self.next_id
        return clone

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    # -- pieces ------------------------------------------------------------------------------------

    def add_piece(self, kind: str, owner: int | None, field: int) -> Piece:
        """Stand a new piece on ``field`` (any number share a field)."""
        piece = Piece(self._new_id(), kind, owner, field)
        self.pieces[piece.id] = piece
        return piece

    def move_piece(self, piece_id: int, field: int) -> Piece:
        """Move a piece to ``field``; returns it as it stands now."""
        piece = self.pieces[piece_id] = replace(self.pieces[piece_id], field=field)
        return piece

    def remove_piece(self, piece_id: int) -> Piece:
        """Take a piece off the maze."""
        return self.pieces.pop(piece_id)

    def pieces_on(self, field: int) -> list[Piece]:
        """The pieces standing on ``field``, oldest first."""
        return [piece for piece in self.pieces.values() if piece.field == field]

    def pieces_at(self, index: int) -> list[Piece]:
        """The pieces standing on any field of the card at slot ``index``, oldest first."""
        return [piece for piece in self.pieces.values() if field_slot(piece.field) == index]

    # -- markers -----------------------------------------------------------------------------------

    def add_marker(self, kind: str, owner: int | None, index: int, side: int) -> Marker:
        """Lay a marker on the edge on ``side`` of slot ``index``."""
        marker = Marker(self._new_id(), kind, owner, edge_id(index, side))
        self.markers[marker.id] = marker
        return marker

    def remove_marker(self, marker_id: int) -> Marker:
        return self.markers.pop(marker_id)

    def markers_on(self, edge: int) -> list[Marker]:
        """The markers lying on ``edge``, oldest first."""
        return [marker for marker in self.markers.values() if marker.edge == edge]

    def markers_around(self, index: int) -> list[Marker]:
        """The markers on the four edges of slot ``index`` (those on a card's open ends)."""
        edges = {edge_id(index, side) for side in SIDES}
        return [marker for marker in self.markers.values() if marker.edge in edges]

    def edges_with(self, kinds: frozenset[str]) -> set[int]:
        """The edges on which a marker of one of ``kinds`` lies."""
        return {marker.edge for marker in self.markers.values() if marker.kind in kinds}

    # -- jumps -------------------------------------------------------------------------------------

    def add_jump(self, source: int, target: int, both: bool = True) -> None:
        """Link two fields that are not neighbours (``both``: in both directions)."""
        self.jumps.setdefault(source, set()).add(target)
        if both:
            self.jumps.setdefault(target, set()).add(source)

    def remove_jump(self, source: int, target: int, both: bool = True) -> None:
        self.jumps.get(source, set()).discard(target)
        if both:
            self.jumps.get(target, set()).discard(source)

    def clear_slot(self, index: int, fields: int) -> None:
        """Forget the jumps from and to the ``fields`` fields of the card at ``index``."""
        gone = {field_id(index, number) for number in range(fields)}
        for field in gone:
            self.jumps.pop(field, None)
        for targets in self.jumps.values():
            targets -= gone
