"""The solo mode: one dwarf, 6 markers, 10 cards aside, drawn sabotage and rockfalls act at once.

>>> from saboteur.engine import new_game
>>> state = new_game("solo", 1).new_state(seed=3)
>>> len(state.aside), state.markers_left, state.view(0)["aside_size"]
(10, 6, 10)
>>> rating(14), rating(15), rating(24), rating(25)
('nothing', 'decent', 'nose-for-gold', 'boss')
"""

from __future__ import annotations

from typing import Final

from saboteur.engine.base import JSON, Event
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.state import OVER, DuelState
from saboteur.engine.maze import slot_xy

RATINGS: Final = (
    (25, "boss", "Boss of the mine!"),
    (20, "nose-for-gold", "You have a nose for gold!"),
    (15, "decent", "Decent work!"),
    (0, "nothing", "That was nothing ..."),
)


def rating(score: int) -> str:
    """The solo rating of a final score: 0-14, 15-19, 20-24, 25 or more points."""
    return next(name for least, name, _ in RATINGS if score >= least)


def rating_title(name: str) -> str:
    return next(title for _, known, title in RATINGS if known == name)


class SoloState(DuelState):
    """One moment of a solo game: the Duel's rules with the solo changes."""

    @property
    def winners(self) -> list[int]:
        return [0] if self.phase == OVER else []

    def _final(self) -> JSON:
        return {**super()._final(), "rating": rating(self.scores[0])}

    def _take(self, seat: int) -> str | None:
        """Draw for the solo player: sabotage is laid at once, a rockfall falls at once.

        Either is replaced by the next card; a sabotage already lying is discarded.
        """
        while self.deck:
            card = self.deck.pop()
            if card in C.BREAKS:
                bit = C.BREAKS[card]
                laid = not self.broken[seat] & bit
                if laid:
                    self.broken[seat] |= bit
                else:
                    self.discard.append(card)
                data = {"tool": C.TOOL_NAMES[bit], "laid": laid}
                self.events.append(Event("drawn-sabotage", seat, data))
                continue
            if card == "rockfall":
                self._drawn_rockfall(seat)
                continue
            return card
        return None

    def _drawn_rockfall(self, seat: int) -> None:
        """Remove the path card laid last that shows neither gold nor a troll."""
        cells = self.mazes[0].cells
        target = next(
            (
                index
                for index in reversed(list(cells))
                if (card := C.SPECS[cells[index]].card) in C.PATH_COUNTS
                and card not in C.GOLD_PATH_COUNTS
                and card not in C.TROLL_COUNTS
            ),
            None,
        )
        data: JSON = {"card": None, "x": None, "y": None}
        removed = []
        if target is not None:
            removed.append(self._remove(target))
            x, y = slot_xy(target)
            data = {"card": removed[0], "x": x, "y": y}
        self.discard += [*removed, "rockfall"]
        self.events.append(Event("drawn-rockfall", seat, data))
