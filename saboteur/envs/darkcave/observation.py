"""What one seat of a Dark Cave game may know, as a flat ``float32`` vector and as named parts.

Built from ``state.view(seat)`` (the seat's hand, clan card, the clan cards and goals it has
seen, and what is public) plus the public table: the face-up cards, where the face-down goals
lie, the pieces on their fields (dwarfs, creatures, eagle gold) and the goal being turned over.
Seats are the table's; a one-hot ``seat`` says which one observes.

>>> from saboteur.engine import new_game
>>> state = new_game("darkcave", 4).new_state(seed=7)
>>> observer = DarkCaveObserver(4)
>>> obs = observer.encode(state, 1)
>>> obs.dtype, obs.shape
(dtype('float32'), (29902,))
>>> parts = observer.as_dict(obs)
>>> int(parts["cards"][7, 7, C.START_SHAPE]), int(parts["hand"].sum()), parts["seat"].tolist()
(1, 5, [0.0, 1.0, 0.0, 0.0])
>>> int(parts["pieces"][7, 7, 0, :4].sum())  # the four dwarfs on the start's field
4
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from saboteur.engine import State
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave.state import DWARF, GOLD, DarkCaveState
from saboteur.engine.grid import MAX_FIELDS, field_number, field_slot, slot_index
from saboteur.engine.maze import Maze
from saboteur.envs.base import Field, FloatArray, Observer, build_fields
from saboteur.envs.darkcave.actions import COUNTS, CREATURES, KINDS, WINDOW, cell_of_slot

PHASES = ("play", "creature", "defend", "move", "reveal", "vote", "over")
CLAN_CARDS = tuple(f"{clan}-{who}" for clan in S.CLANS for who in (S.LOYAL, S.SABOTEUR))
CARDS = 67  # hand cards in play: 82 less the 15 put back in the box
MAX_SCORE = S.GOLD_PIECES * 7  # all the gold carried out times seven dwarfs of the other side


class Table(NamedTuple):
    """The public table an observation shows besides the view."""

    maze: Maze
    pending: tuple[int, str] | None  # the goal being turned over (face up for all) and its card


def darkcave_fields(players: int) -> tuple[Field, ...]:
    """The observation layout for ``players`` seats."""
    n, rows, cols = players, WINDOW.height, WINDOW.width
    return build_fields(
        [
            ("cards", (rows, cols, len(C.SHAPES.shapes)), 1.0),  # face-up cards by shape
            ("face_down", (rows, cols), 1.0),
            # per field: each seat's dwarf, then rat, wyrm, goblin, eagle gold
            ("pieces", (rows, cols, MAX_FIELDS, n + len(CREATURES) + 1), 1.0),
            ("webs", (rows, cols, 2), 2.0),  # on the East and the South edge: what it shows
            # per corner: face down, face up, being turned over, looked at; the card if known
            ("goals", (4, 4 + len(C.GOALS)), 1.0),
            ("hand", (len(KINDS),), tuple(float(COUNTS[k]) for k in KINDS)),
            ("clan_card", (len(CLAN_CARDS),), 1.0),
            ("characters", (n, len(CLAN_CARDS)), 1.0),  # clan cards shown or looked at
            ("clans", (n, len(S.CLANS)), 1.0),
            ("aside", (len(CLAN_CARDS),), 3.0),  # seen by the first out of the cave
            ("seat", (n,), 1.0),
            ("current", (n,), 1.0),
            ("turn", (n,), 1.0),
            ("phase", (len(PHASES),), 1.0),
            ("turns", (1,), float(CARDS)),
            ("hand_sizes", (n,), float(CARDS)),
            ("gold", (n,), float(S.GOLD_PIECES)),
            ("supply", (1,), float(S.GOLD_PIECES)),
            ("out", (n,), 1.0),
            ("first_out", (n,), 1.0),
            ("lying", (n,), 1.0),
            ("boots", (n,), 1.0),
            ("axes", (n,), 3.0),
            ("creature_owners", (len(CREATURES), n), 1.0),
            ("moving", (len(CREATURES),), 1.0),
            ("steps", (2,), (4.0, 5.0)),  # the dwarf's steps left, the creature's
            # the attack: its creature, victims, defenders still to decide, whose move goes on
            ("attack", (len(CREATURES) + 2 * n + 2,), 1.0),
            ("voters", (n,), 1.0),
            ("piles", (4,), (float(CARDS), float(CARDS), 15.0, 3.0)),  # deck, discard, box, aside
            ("scores", (n,), float(MAX_SCORE)),
            ("winners", (n,), 1.0),
        ]
    )


def _xy(text: str) -> tuple[int, int]:
    """The slot of a field ``x,y.n`` or an edge ``x,y:E``."""
    x, y = text.split(".")[0].split(":")[0].split(",")
    return int(x), int(y)


class DarkCaveObserver(Observer):
    """Encodes a seat's view of a Dark Cave state (layout: :func:`darkcave_fields`)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.fields = darkcave_fields(players)
        self.size = sum(field.size for field in self.fields)
        self._at = {field.name: field.offset for field in self.fields}
        self.corners = [slot_index(x, y) for x, y in S.goal_slots(players)]

    def encode(self, state: State, seat: int, out: FloatArray | None = None) -> FloatArray:
        assert isinstance(state, DarkCaveState)
        pending = None
        if state.pending is not None:
            pending = (state.pending[0], state.maze.hidden[state.pending[0]])
        return self.encode_view(state.view(seat), Table(state.maze, pending), out)

    def _fill(self, view: dict[str, Any], table: Table, out: FloatArray) -> None:
        parts = self.as_dict(out)
        self._board(view, table, parts)
        self._goals(view, table, parts)
        self._seats(view, parts)
        self._turn(view, parts)

    def _board(self, view: dict[str, Any], table: Table, parts: dict[str, FloatArray]) -> None:
        maze, n = table.maze, self.players
        cells, face_down = parts["cards"].reshape(WINDOW.cells, -1), parts["face_down"].reshape(-1)
        for index, sid in maze.cells.items():
            cell = cell_of_slot(index)
            if cell is not None:
                cells[cell, sid] = 1.0
        for index in maze.hidden:
            cell = cell_of_slot(index)
            if cell is not None:
                face_down[cell] = 1.0
        pieces = parts["pieces"].reshape(WINDOW.cells, MAX_FIELDS, -1)
        overlay = maze.overlay_if_any
        for piece in overlay.pieces.values() if overlay is not None else ():
            cell = cell_of_slot(field_slot(piece.field))
            if cell is None:
                continue
            if piece.kind == DWARF:
                assert piece.owner is not None
                channel = piece.owner
            else:
                channel = n + (
                    CREATURES.index(piece.kind) if piece.kind != GOLD else len(CREATURES)
                )
            pieces[cell, field_number(piece.field), channel] += 1.0
        webs = parts["webs"].reshape(WINDOW.cells, 2)
        for web in view["webs"]:
            cell = WINDOW.cell_of(*_xy(web["edge"]))
            if cell is not None:
                webs[cell, 0 if web["edge"].endswith("E") else 1] = float(web["shows"])

    def _goals(self, view: dict[str, Any], table: Table, parts: dict[str, FloatArray]) -> None:
        goals = parts["goals"]
        seen = {slot_index(x, y): card for x, y, card in view.get("goals_seen", [])}
        for i, index in enumerate(self.corners):
            sid = table.maze.cells.get(index)
            known = seen.get(index)
            goals[i, 0 if sid is None else 1] = 1.0
            if table.pending is not None and table.pending[0] == index:
                goals[i, 2] = 1.0
                known = table.pending[1]
            if index in seen:
                goals[i, 3] = 1.0
            if sid is not None:
                known = C.SHAPES.shapes[sid].card
            if known is not None:
                goals[i, 4 + C.GOALS.index(known)] = 1.0

    def _seats(self, view: dict[str, Any], parts: dict[str, FloatArray]) -> None:
        for card in view.get("hand", []):
            parts["hand"][KINDS.index(card)] += 1.0
        if view.get("clan_card") is not None:  # (not yet dealt, in OpenSpiel's deal)
            parts["clan_card"][CLAN_CARDS.index(view["clan_card"])] = 1.0
        shown = dict(enumerate(view["characters"]))
        shown |= {int(seat): card for seat, card in view.get("known", {}).items()}
        for seat, card in shown.items():
            if card is not None:
                parts["characters"][seat, CLAN_CARDS.index(card)] = 1.0
        for card in view.get("aside", []):
            parts["aside"][CLAN_CARDS.index(card)] += 1.0
        for seat, clan in enumerate(view["clans"]):
            if clan is not None:
                parts["clans"][seat, S.CLANS.index(clan)] = 1.0
        for name in ("hand_sizes", "gold", "lying", "boots", "axes"):
            parts[name][:] = np.asarray(view[name], dtype=np.float32)
        parts["out"][view["out"]] = 1.0
        parts["first_out"][view["out"][:1]] = 1.0
        parts["supply"][0] = float(view["supply"])
        for creature, info in view["creatures"].items():
            parts["creature_owners"][CREATURES.index(creature), info["owner"]] = 1.0

    def _turn(self, view: dict[str, Any], parts: dict[str, FloatArray]) -> None:
        n = self.players
        self.fill_whose(view, parts, PHASES)
        parts["turns"][0] = float(view["turns"])
        if view["moving"] is not None:
            parts["moving"][CREATURES.index(view["moving"])] = 1.0
        parts["steps"][:] = [float(view["steps_left"] or 0), float(view["creature_steps"] or 0)]
        attack = view["attack"]
        if attack is not None:
            parts["attack"][CREATURES.index(attack["creature"])] = 1.0
            base = len(CREATURES)
            parts["attack"][[base + s for s in attack["victims"]]] = 1.0
            parts["attack"][[base + n + s for s in attack["defenders"]]] = 1.0
            parts["attack"][base + 2 * n + (attack["then"] == "walk")] = 1.0
        parts["voters"][view["voters"]] = 1.0
        piles = ("deck_size", "discard_size", "box_size", "aside_size")
        parts["piles"][:] = [float(view[name]) for name in piles]
        if view["scores"] is not None:
            parts["scores"][:] = np.asarray(view["scores"], dtype=np.float32)
            parts["winners"][view["winners"]] = 1.0

    def text(self, view: dict[str, Any]) -> str:
        """The observation in words, one fact a line."""
        lines = [
            f"seat {view['seat']} current {view['current']} turn {view['turn']}"
            f" phase {view['phase']} turns {view['turns']}",
            f"hand {' '.join(sorted(view.get('hand', [])))} clan card {view.get('clan_card')}",
            f"clans {view['clans']} characters {view['characters']} known {view.get('known')}",
            f"dwarfs {view['dwarfs']} out {view['out']} lying {view['lying']}",
            f"gold {view['gold']} supply {view['supply']}",
            f"boots {view['boots']} axes {view['axes']}",
            f"creatures {view['creatures']} webs {[(w['edge'], w['shows']) for w in view['webs']]}",
            f"goals seen {view.get('goals_seen', [])} aside {view.get('aside', [])}",
            f"hand sizes {view['hand_sizes']} deck {view['deck_size']}",
            f"scores {view['scores']} winners {view['winners']}",
        ]
        return "\n".join(lines)
