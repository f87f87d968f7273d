"""The state of a Duel (or solo) game: dealing, legal actions, applying them, rounds and gold.

>>> from saboteur.engine import new_game
>>> state = new_game("duel", 2).new_state(seed=7)
>>> state.round, state.current_player, len(state.view(0)["hand"]), state.colours
(1, 0, 6, ['green', 'blue'])
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> state.history == [str(action)]
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from saboteur.engine.base import JSON, Action, Event, IllegalAction
from saboteur.engine.chance import shuffle
from saboteur.engine.duel import cards as C
from saboteur.engine.duel.actions import (
    BREAK,
    BRIBE,
    CLEAR,
    KEY,
    MAP,
    PASS,
    PLACE,
    REPAIR,
    REVEAL,
    ROCKFALL,
    discarded,
    parse_action,
    place_action,
)
from saboteur.engine.duel.gold import gold_value, payment
from saboteur.engine.duel.layout import HAND, KEYS
from saboteur.engine.duel.legal import (
    CARD_OF as _CARD_OF,
)
from saboteur.engine.duel.legal import (
    IS_GOLD as _IS_GOLD,
)
from saboteur.engine.duel.legal import card_at, ladder_rule, play_actions, rockfall_rule
from saboteur.engine.grid import SLOT_KEYS, STEPS
from saboteur.engine.maze import Maze, slot_xy, xy_text
from saboteur.engine.moves import CARDS_KEYS, DRAWN_KEYS, PLACE_KEYS
from saboteur.engine.path_rules import place_rule
from saboteur.engine.table import OVER as OVER
from saboteur.engine.table import PLAY as PLAY
from saboteur.engine.table import TableState, check_seat, lay_break, lay_map, lay_repair

if TYPE_CHECKING:
    from saboteur.engine.duel.game import DuelGame

REVEAL_PHASE: Final = "reveal"
TURN_GOES_ON: Final = -1  # draws after a bribe: the same player still plays a card
_SPECS: Final = C.SPECS
_SHAPES: Final = C.SHAPES.shapes
_LADDER_SIDS: Final = {C.SHAPES.by_name[card]: card for card in C.LADDER_COUNTS}
_LADDER_OF: Final = {colour: C.SHAPES.by_name[f"ladder-{colour}"] for colour in C.COLOURS}
_NAME_OF: Final = [spec.name for spec in _SPECS]
_FIT: Final = C.FIT
_DECK_CARDS: Final = C.deck_cards()


class DuelState(TableState):
    """One moment of a Duel game (the solo mode: :class:`~saboteur.engine.duel.solo.SoloState`)."""

    def __init__(self, game: DuelGame, seed: int) -> None:
        n = game.players
        self.game: DuelGame = game
        self.seed = seed
        self.goal_slots = game.layout.goals  # (the layout read once: the game is not compiled)
        self.marker_count = game.layout.markers
        self.colours = list(game.colours)
        self.round = 0
        self.phase = PLAY
        self.current: int | None = None
        self.turns = 0
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.aside: list[str] = []
        self.broken = [0] * n
        self.mazes: list[Maze] = [Maze(C.TABLES[colour]) for colour in self.colours]
        self.goal_cards: dict[int, str] = {}
        self.goal_pile: list[str] = []
        self.peeks: list[dict[int, str]] = [{} for _ in range(n)]
        self.markers: dict[int, int] = {}  # slot -> seat, in the order laid
        self.keys: dict[int, int] = {}
        self.gold: list[list[str]] = [[] for _ in range(n)]
        self.box: list[str] = []
        self.pending: int | None = None
        self.pending_draws = 0
        self.results: list[JSON] = []
        self.history: list[str] = []
        self.events: list[Event] = []
        self._legal: list[Action] | None = None

    # -- dealing -----------------------------------------------------------------------------------

    @classmethod
    def deal(cls, game: DuelGame, seed: int) -> DuelState:
        state = cls(game, seed)
        goals = C.goal_cards()
        shuffle(random.Random(f"{game.ruleset}:{seed}:goals"), goals)
        state.goal_pile = goals
        state._start_round(1)
        return state

    def _start_round(self, number: int) -> None:
        game, n, layout = self.game, self.game.players, self.game.layout
        rng = random.Random(f"{game.ruleset}:{self.seed}:round:{number}")
        self.round, self.turns, self.phase = number, 0, PLAY
        self.goal_cards = {index: self.goal_pile.pop() for index in layout.goals}
        self.mazes = self._new_mazes([])
        gone: dict[str, int] = {}  # the cards won or in the box: out of the game
        for cards in [*self.gold, self.box]:
            for card in cards:
                gone[card] = gone.get(card, 0) + 1
        deck = []
        for card in _DECK_CARDS:
            left = gone.get(card, 0)
            if left:
                gone[card] = left - 1
            else:
                deck.append(card)
        shuffle(rng, deck)
        self.aside = [deck.pop() for _ in range(layout.aside)]
        self.deck, self.discard = deck, []
        self.broken = [0] * n
        self.peeks = [{} for _ in range(n)]
        self.markers, self.keys = {}, {}
        self.pending, self.pending_draws = None, 0
        self.hands = [[] for _ in range(n)]
        scores = self.scores
        if number == 1 or n == 1:
            self.current = 0
        else:  # the player with less gold; on a tie the blue dwarf
            least = min(scores)
            poorer = [seat for seat in range(n) if scores[seat] == least]
            self.current = poorer[0] if len(poorer) == 1 else self.colours.index(C.BLUE)
        self.events.append(Event("round-start", None, {"round": number, "first": self.current}))
        for seat in range(n):
            for _ in range(HAND):
                dealt = self._take(seat)
                if dealt is not None:
                    self.hands[seat].append(dealt)
            data = {"round": number, "hand": list(self.hands[seat])}
            self.events.append(Event("deal", seat, data, to=seat))
        self._legal = None

    def _new_mazes(self, cells: list[tuple[int, int]]) -> list[Maze]:
        """Each seat's maze: the starts, ``cells`` (slot, shape) in order, the face-down goals."""
        layout = self.game.layout
        laid = [
            (index, C.START_SHAPES[colour])
            for index, colour in zip(layout.starts, self.game.start_colours, strict=True)
        ]
        mazes = []
        for colour in self.colours:
            maze = Maze(C.TABLES[colour])
            for index, sid in laid + cells:
                if _SPECS[sid].card in (C.STARTS[colour], f"ladder-{colour}"):
                    maze.add_root(index, sid)
                else:
                    maze.lay(index, sid)
            for index, card in self.goal_cards.items():
                if index not in maze.cells:
                    maze.add_hidden(index, card)
            maze.recompute()
            mazes.append(maze)
        return mazes

    def _take(self, seat: int) -> str | None:
        """The top card of the draw pile for ``seat`` (the solo mode plays some at once)."""
        return self.deck.pop() if self.deck else None

    # -- the State interface -----------------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        return [gold_value(cards) for cards in self.gold]

    @property
    def markers_left(self) -> int:
        return self.marker_count - len(self.markers)

    @property
    def keys_left(self) -> int:
        return KEYS - len(self.keys)

    def clone(self) -> DuelState:
        other = type(self)(self.game, self.seed)  # a constructor: the compiled class needs one
        other.colours = self.colours
        other.round, other.phase, other.current, other.turns = (
            self.round,
            self.phase,
            self.current,
            self.turns,
        )
        other.pending, other.pending_draws = self.pending, self.pending_draws
        other._legal = self._legal
        other.hands = [list(hand) for hand in self.hands]
        other.deck, other.discard, other.aside = (
            list(self.deck),
            list(self.discard),
            list(self.aside),
        )
        other.broken = list(self.broken)
        other.mazes = [maze.copy() for maze in self.mazes]
        other.goal_cards, other.goal_pile = dict(self.goal_cards), list(self.goal_pile)
        other.peeks = [dict(seen) for seen in self.peeks]
        other.markers, other.keys = dict(self.markers), dict(self.keys)
        other.gold, other.box = [list(cards) for cards in self.gold], list(self.box)
        other.results, other.history = list(self.results), list(self.history)
        other.events = list(self.events)
        return other

    def _generate_legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == REVEAL_PHASE:
            assert self.pending is not None
            return [place_action(self.pending, sid) for sid in self._orientations(self.pending)]
        seat = self.current
        assert seat is not None
        return play_actions(self, seat)

    # -- applying ----------------------------------------------------------------------------------

    def apply(self, action: Action | str, player: int | None = None) -> None:
        action = parse_action(action if isinstance(action, str) else action.text)
        seat = self._seat_to_act(player)
        kind = action.kind
        if self.phase == REVEAL_PHASE:
            if kind != REVEAL:
                raise IllegalAction(
                    "reveal.choose", "a goal was turned over: choose how it lies first"
                )
            self._orient(seat, action)
            return
        if kind == REVEAL:
            raise IllegalAction("reveal.phase", "goal cards are laid only when turned over")
        if kind == BRIBE:
            self._bribe(seat, action.code)
            self._finish(seat, action, TURN_GOES_ON)
            return
        self._check_hand(seat, action)
        draws = 1
        reached = True  # (a door opened or a troll bribed: any goal may be joined now)
        if kind == PLACE:
            reached = self._place(seat, action)
        elif kind in (BREAK, REPAIR):
            self._tool_card(seat, action)
        elif kind == KEY:
            self._key(seat, action.code)
        elif kind == ROCKFALL:
            self._rockfall(seat, action.code)
        elif kind == MAP:
            self._map(seat, action.code)
        elif kind == CLEAR:
            self._clear(seat, action)
        else:
            cards = discarded(action)
            hand = self.hands[seat]
            for card in cards:
                hand.remove(card)
            self.discard += cards
            draws = len(cards)
            self.events.append(Event.of("pass", seat, CARDS_KEYS, (len(cards),)))
            self.events.append(Event.of("discard", seat, CARDS_KEYS, (list(cards),), to=seat))
        self.turns += 1
        self._finish(seat, action, draws, reached)

    def _check_hand(self, seat: int, action: Action) -> None:
        """Refuse an action whose card (or two cards) the seat does not hold."""
        hand, kind = self.hands[seat], action.kind
        cards = discarded(action) if kind in (PASS, CLEAR) else (action.card or "",)
        if len(cards) == 2 and cards[0] == cards[1]:
            if hand.count(cards[0]) < 2:
                raise IllegalAction("hand", f"seat {seat} holds no two {cards[0]} card")
            return
        for card in cards:
            if card not in hand:
                raise IllegalAction("hand", f"seat {seat} holds no {card} card")

    def _finish(self, seat: int, action: Action, draws: int, reached: bool = True) -> None:
        """End the move: settle gold and goals, then draw and pass the turn. ``reached``: whether
        a goal may be joined to a tunnel now (``False`` after a card laid that reached none)."""
        self.history.append(action.text)
        self._legal = None
        # only a card laid, a door opened or a troll bribed may join a tunnel to gold or a goal
        # (after every settling, none is joined and left unmarked or face down)
        kind = action.kind
        if kind not in (PLACE, KEY, BRIBE) or self._settle(seat, reached):
            self._resume(seat, draws)
        else:
            self.pending_draws = draws

    # -- path cards --------------------------------------------------------------------------------

    def _place(self, seat: int, action: Action) -> bool:
        """Lay a path card; whether its tunnel may now lead into a face-down goal."""
        self._check_tools(seat)
        index, sid = action.code >> 8, action.code & 255
        if sid in _LADDER_SIDS:
            refused = ladder_rule(self, index, sid)
            if refused:
                raise IllegalAction(*refused)
        else:
            key = self.mazes[seat].frontier.get(index)
            if key is None or not _FIT[key] >> sid & 1:
                raise IllegalAction(*self._place_rule(seat, index, sid))
        card = _CARD_OF[sid]
        self.hands[seat].remove(card)
        reached = self._lay(index, sid)
        x, y = slot_xy(index)
        self.events.append(Event.of("place", seat, PLACE_KEYS, (card, _NAME_OF[sid], x, y)))
        return reached

    def _place_rule(self, seat: int, index: int, sid: int) -> tuple[str, str]:
        refused = place_rule(self.mazes[seat], index, sid, _SHAPES[sid].name)
        return refused or (
            "path.join-start",
            f"{_SHAPES[sid].name} at {xy_text(index)} would not be joined to seat {seat}'s own"
            " start",
        )

    def _lay(self, index: int, sid: int) -> bool:
        """Lay shape ``sid`` in every seat's maze; whether a tunnel may now lead into a face-down
        goal (a maze's placement says so; a ladder laid as a start is not looked into)."""
        colours, mazes = self.colours, self.mazes
        reached = False
        for at in range(len(mazes)):  # a ladder of a seat's colour is a start in its maze
            if sid == _LADDER_OF[colours[at]]:
                mazes[at].place_root(index, sid)
                reached = True
            elif mazes[at].place(index, sid):
                reached = True
        return reached

    def _reshape(self, index: int, sid: int) -> None:
        for maze in self.mazes:
            maze.replace(index, sid)

    # -- goals and gold ----------------------------------------------------------------------------

    def _settle(self, mover: int, goals: bool = True) -> bool:
        """Mark gold and turn over reached goals; ``False`` while the mover must orient a goal.
        ``goals=False``: no goal was reached by the move (none is looked for, until one turns
        over)."""
        while True:
            self._mark_gold(mover)
            if not self.markers_left or not goals:
                return True
            hidden, found = self.mazes[0].hidden, -1
            for index in self.goal_slots:
                if index in hidden and self._entry(index):
                    found = index
                    break
            if found < 0:
                return True
            choices = self._orientations(found)
            if len(choices) == 1:
                self._lay_goal(mover, found, choices[0])
                continue
            self.pending, self.phase = found, REVEAL_PHASE
            x, y = slot_xy(found)
            shapes = [_SPECS[sid].name for sid in choices]
            data = {"card": self.goal_cards[found], "x": x, "y": y, "choices": shapes}
            self.events.append(Event("goal-up", mover, data))
            return False

    def _entry(self, index: int) -> int:
        """The sides of a face-down goal that a tunnel from a start leads into (0: not reached)."""
        cells, keys = self.mazes[0].cells, SLOT_KEYS
        if index not in self.mazes[0].hidden:
            return 0
        for step in STEPS:
            if keys[index + step] in cells:
                break
        else:
            return 0
        entry = 0
        for maze in self.mazes:
            entry |= maze.joined_sides(index)
        return entry

    def _orientations(self, index: int) -> list[int]:
        """How the goal at ``index`` may lie: open towards the tunnel, fitting if it can."""
        entry, maze = self._entry(index), self.mazes[0]
        opening = [s for s in C.GOAL_SHAPES[self.goal_cards[index]] if C.SHAPES.sides[s] & entry]
        fitting = [s for s in opening if not maze.mismatched_sides(index, s)]
        return fitting or opening

    def _orient(self, seat: int, action: Action) -> None:
        index, sid = action.code >> 8, action.code & 255
        assert self.pending is not None
        if index != self.pending or sid not in self._orientations(index):
            names = " or ".join(_SPECS[s].name for s in self._orientations(self.pending))
            raise IllegalAction(
                "reveal.shape", f"the goal at {xy_text(self.pending)} may lie as {names} only"
            )
        self.pending, self.phase = None, PLAY
        self._lay_goal(seat, index, sid)
        self.history.append(action.text)
        self._legal = None
        if self._settle(seat):
            self._resume(seat, self.pending_draws)

    def _lay_goal(self, mover: int, index: int, sid: int) -> None:
        for maze in self.mazes:
            maze.reveal(index, sid)
        x, y = slot_xy(index)
        data = {"card": _SPECS[sid].card, "shape": _SPECS[sid].name, "x": x, "y": y}
        self.events.append(Event("reveal", mover, data))

    def _mark_gold(self, mover: int) -> None:
        n, cells, markers = len(self.hands), self.mazes[0].cells, self.markers
        gold = [index for index, sid in cells.items() if _IS_GOLD[sid] and index not in markers]
        if not gold:
            return
        gold.sort()
        for seat in [mover, *(s for s in range(n) if s != mover)]:
            live, centre = self.mazes[seat].live, C.CENTRE[self.colours[seat]]
            for index in gold:
                sid = cells[index]
                if index in self.markers or not self.markers_left:
                    continue
                if live.get(index, 0) & centre[sid]:
                    self.markers[index] = seat
                    x, y = slot_xy(index)
                    card = _SPECS[sid].card
                    data = {"card": card, "value": C.GOLD_VALUE[card], "x": x, "y": y}
                    self.events.append(Event("mark", seat, data))

    # -- action cards and bribes -------------------------------------------------------------------

    def _tool_card(self, seat: int, action: Action) -> None:
        card, target = action.card, action.seat
        assert card is not None and target is not None
        check_seat(target, len(self.hands))  # (a seat each: the game's players)
        if action.kind == BREAK:
            if target == seat:
                raise IllegalAction(
                    "break.target", "a sabotage card goes in front of the other player"
                )
            lay_break(self.broken, self.events, seat, C.BREAKS[card], target)
            self.hands[seat].remove(card)
            return
        if target != seat:
            raise IllegalAction("repair.target", "a repair card mends one's own tools only")
        assert action.choice is not None
        lay_repair(self.broken, self.discard, self.events, seat, card, action.choice, seat)
        self.hands[seat].remove(card)

    def _key(self, seat: int, index: int) -> None:
        sid = self.mazes[0].cells.get(index)
        spec = _SPECS[sid] if sid is not None else None
        colour = C.card_colour(spec.card) if spec is not None else None
        if spec is None or not spec.door or colour == self.colours[seat]:
            raise IllegalAction(
                "key.target", f"there is no face-up door of the other colour at {xy_text(index)}"
            )
        if sid in C.CLOSED:
            raise IllegalAction("key.open", f"a key already lies on the door at {xy_text(index)}")
        if not self.keys_left:
            raise IllegalAction("key.none-left", "both keys of this round are in use")
        assert sid is not None
        self.keys[index] = seat
        self._reshape(index, C.OPENED[sid])
        self.hands[seat].remove("key")
        self.discard.append("key")
        x, y = slot_xy(index)
        self.events.append(Event("key", seat, {"card": spec.card, "x": x, "y": y}))

    def _bribe(self, seat: int, index: int) -> None:
        sid = self.mazes[0].cells.get(index)
        where = xy_text(index)
        if sid is None or _SPECS[sid].card not in C.TROLL_COUNTS:
            raise IllegalAction("bribe.target", f"there is no troll at {where}")
        if sid in C.CLOSED:
            raise IllegalAction("bribe.bribed", f"the troll at {where} is already bribed")
        if not self.mazes[seat].live.get(index):
            raise IllegalAction(
                "bribe.unreached", f"seat {seat}'s tunnel does not reach the troll at {where}"
            )
        if not self.markers_left:
            raise IllegalAction("bribe.no-marker", "all dwarf markers are in use")
        self.markers[index] = seat
        self._reshape(index, C.OPENED[sid])
        x, y = slot_xy(index)
        self.events.append(Event("bribe", seat, {"x": x, "y": y}))

    def _rockfall(self, seat: int, index: int) -> None:
        refused = rockfall_rule(self, index)
        if refused:
            raise IllegalAction(*refused)
        card = self._remove(index)
        self.hands[seat].remove("rockfall")
        self.discard += (card, "rockfall")
        x, y = slot_xy(index)
        self.events.append(Event("rockfall", seat, {"card": card, "x": x, "y": y}))

    def _remove(self, index: int) -> str:
        """Take a path card out of the maze (a key on it goes back to the supply)."""
        self.keys.pop(index, None)
        card = _SPECS[self.mazes[0].cells[index]].card
        for maze in self.mazes:
            maze.remove(index)
        return card

    def _map(self, seat: int, index: int) -> None:
        if index not in self.mazes[0].hidden:
            raise IllegalAction("map.target", f"{xy_text(index)} is not a face-down goal card")
        lay_map(self.peeks[seat], self.discard, self.events, seat, index, self.goal_cards[index])
        self.hands[seat].remove("map")

    def _clear(self, seat: int, action: Action) -> None:
        assert action.choice is not None
        bit = C.TOOLS[action.choice]
        if not self.broken[seat] & bit:
            raise IllegalAction(
                "clear.nothing-broken", f"seat {seat} has no broken {action.choice} to remove"
            )
        cards = discarded(action)
        for card in cards:
            self.hands[seat].remove(card)
        self.broken[seat] &= ~bit
        self.discard += (*cards, C.BREAK_CARD[bit])
        data = {"tool": action.choice, "cards": list(cards)}
        self.events.append(Event("clear", seat, data))

    # -- the end of a turn and of a round ----------------------------------------------------------

    def _resume(self, seat: int, draws: int) -> None:
        if not self.mazes[0].hidden:
            self._end_round("goals")
        elif not self.markers_left:
            self._end_round("markers")
        elif draws == TURN_GOES_ON:
            self.phase = PLAY
        else:
            self._draw(seat, draws)
            self._next_turn(seat)

    def _draw(self, seat: int, count: int) -> None:
        drawn = []
        for _ in range(count):
            card = self._take(seat)
            if card is None:
                break
            drawn.append(card)
        self.hands[seat] += drawn
        if drawn:
            self.events.append(Event.of("draw", seat, DRAWN_KEYS, (len(drawn), len(self.deck))))
            self.events.append(Event.of("drew", seat, CARDS_KEYS, (drawn,), to=seat))

    def _next_turn(self, seat: int) -> None:
        n = len(self.hands)
        for step in range(1, n + 1):
            following = (seat + step) % n
            if self.hands[following]:
                self.current = following
                return
        self._end_round("cards")

    def _end_round(self, reason: str) -> None:
        n = self.game.players
        won, paid = [0] * n, [0] * n
        bribes = [0] * n
        for index, seat in self.markers.items():
            card = card_at(self, index)
            assert card is not None
            if card in C.GOLD_VALUE:
                self.gold[seat].append(card)
                won[seat] += C.GOLD_VALUE[card]
            else:
                bribes[seat] += 1
        for seat in range(n):
            if bribes[seat]:
                cards = payment(self.gold[seat], bribes[seat])
                for card in cards:
                    self.gold[seat].remove(card)
                self.box += cards
                paid[seat] = gold_value(cards)
                data = {"bribes": bribes[seat], "cards": cards, "value": paid[seat]}
                self.events.append(Event("pay", seat, data))
        taken = {index for index, seat in self.markers.items() if index in self.goal_cards}
        self.box += [card for index, card in self.goal_cards.items() if index not in taken]
        result: JSON = {"round": self.round, "turns": self.turns, "end": reason, "gold": won}
        result["paid"] = paid
        self.results.append(result)
        self.events.append(Event("round-end", None, dict(result)))
        self.pending = None
        if self.round >= self.game.opts.rounds:
            self.phase, self.current = OVER, None
            self._legal = None
            self.events.append(Event("game-over", None, self._final()))
            return
        self._start_round(self.round + 1)

    def _final(self) -> JSON:
        return {"scores": self.scores, "winners": self.winners}

    # -- what a player may see ---------------------------------------------------------------------

    def view(self, player: int | None) -> JSON:
        from saboteur.engine.duel.notation import view_of

        return view_of(self, player)

    def render(self, player: int | None = None) -> str:
        from saboteur.engine.duel.render import render_maze

        return render_maze(self, player)

    def to_json(self) -> JSON:
        from saboteur.engine.duel.notation import state_to_json

        return state_to_json(self)
