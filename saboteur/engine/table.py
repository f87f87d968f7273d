"""What the states of the Saboteur games share: whose turn it is, the legal-action cache,
the winners, and the tool and map cards played on a seat.

A ruleset's state keeps ``phase``, ``current``, ``hands``, ``discard``, ``broken``,
``peeks`` and ``events`` and implements ``_generate_legal``.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Final

from saboteur.engine.base import JSON, Action, Event, IllegalAction, State
from saboteur.engine.maze import slot_xy
from saboteur.engine.moves import PEEK_KEYS, TOOL_KEYS, XY_KEYS
from saboteur.engine.tools import BREAK_CARD, TOOL_NAMES, TOOLS, tools_text

OVER: Final = "over"
PLAY: Final = "play"  # most rulesets' usual phase


def held_at(hand: list[str], card: str) -> int:
    """Where ``card`` first lies in ``hand``, else -1: ``card in hand`` compared natively (the
    hand's cards are mostly the very objects asked for, found without comparing text)."""
    for at in range(len(hand)):
        if hand[at] == card:
            return at
    return -1


# The tool and map cards laid, on the state's lists (a compiled ruleset reads its own natively;
# these functions then do not read the state's attributes by name). The card leaves the hand at
# the caller. Each checks before it changes anything.
_TOOL_NAME: Final = tuple(TOOL_NAMES.get(bit, "") for bit in range(8))  # by tool bit
_BREAK_CARD: Final = tuple(BREAK_CARD.get(bit, "") for bit in range(8))
_TOOL_BIT: Final = TOOLS


def check_seat(target: int, players: int) -> None:
    if not 0 <= target < players:
        raise IllegalAction("seat", f"there is no seat {target} (seats 0 to {players - 1})")


def lay_break(broken: list[int], events: list[Event], seat: int, bit: int, target: int) -> None:
    """``seat`` breaks ``target``'s tool ``bit``."""
    if broken[target] & bit:
        raise IllegalAction(
            "break.already-broken", f"seat {target} already has a broken {_TOOL_NAME[bit]}"
        )
    broken[target] |= bit
    events.append(Event.of("break", seat, TOOL_KEYS, (_TOOL_NAME[bit], target)))


def lay_repair(
    broken: list[int],
    discard: list[str],
    events: list[Event],
    seat: int,
    card: str,
    tool: str,
    target: int,
) -> None:
    """``seat`` lays ``card``, mending ``target``'s broken ``tool``."""
    bit = _TOOL_BIT[tool]
    if not broken[target] & bit:
        raise IllegalAction(
            "repair.nothing-broken", f"seat {target} has no broken {tool} to repair"
        )
    broken[target] &= ~bit
    discard += (_BREAK_CARD[bit], card)
    events.append(Event.of("repair", seat, TOOL_KEYS, (tool, target)))


def lay_map(
    peeks: dict[int, str], discard: list[str], events: list[Event], seat: int, index: int, card: str
) -> None:
    """``seat`` plays a map on the face-down goal ``card`` at ``index`` (``peeks``: its own)."""
    peeks[index] = card
    discard.append("map")
    x, y = slot_xy(index)
    events.append(Event.of("map", seat, XY_KEYS, (x, y)))
    events.append(Event.of("peek", seat, PEEK_KEYS, (x, y, card), to=seat))


class TableState(State):
    """A :class:`State` whose seats take turns holding hands of cards and tools."""

    __slots__ = ()

    round: int
    phase: str
    current: int | None
    turns: int
    hands: list[list[str]]
    discard: list[str]
    broken: list[int]
    peeks: list[dict[int, str]]
    _legal: list[Action] | None

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        phase = self.phase  # (PLAY first: the usual phase, the same object, so no text compared)
        return phase != PLAY and phase == OVER

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        scores = self.scores
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def legal_actions(self) -> list[Action]:
        return list(self.legal_list())

    def legal_list(self) -> list[Action]:
        """:meth:`legal_actions` without the copy: the list kept until the next move, which
        the caller must not change (the compiled play-outs read it once and move on)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_legal()
        return legal

    @abstractmethod
    def _generate_legal(self) -> list[Action]: ...

    @abstractmethod
    def apply(self, action: Action | str, player: int | None = None) -> None:
        """As :meth:`State.apply`; declared here too, so that compiled code holding a
        ``TableState`` calls each ruleset's own natively (``saboteur.play.playout``)."""

    def apply_legal(self, action: Action) -> None:
        """:meth:`apply` for one of :meth:`legal_list`'s actions, the very object (as the play-outs
        draw them): a ruleset may skip reading it again."""
        self.apply(action)

    def replay_view(self, player: int) -> JSON:
        """The view with every face-down card of the maze (the goals) as if ``player`` had looked
        at it with a map: for replays of finished games."""
        maze = getattr(self, "maze", None)
        hidden = dict(maze.hidden) if maze is not None else {}
        if not hidden:
            return self.view(player)
        seen = self.peeks[player]
        self.peeks[player] = {**hidden, **seen}
        try:
            return self.view(player)
        finally:
            self.peeks[player] = seen

    def _seat_to_act(self, player: int | None) -> int:
        """The seat to act; raises if the game is over or ``player`` is someone else."""
        phase = self.phase
        if phase != PLAY and phase == OVER:  # (as in is_over)
            raise IllegalAction("game.over", "the game is over")
        seat = self.current
        assert seat is not None
        if player is not None and player != seat:
            raise IllegalAction("turn", f"it is seat {seat}'s turn, not seat {player}'s")
        return seat

    def _check_tools(self, seat: int) -> None:
        """A seat with a broken tool may not lay path cards."""
        if self.broken[seat]:
            raise IllegalAction(
                "path.broken-tool",
                f"seat {seat} has a broken {tools_text(self.broken[seat])} and may not lay"
                " path cards",
            )
