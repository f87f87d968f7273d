"""The state of a base Saboteur game: dealing, legal actions, applying them, rounds and gold.

>>> from saboteur.engine import new_game
>>> state = new_game("classic", players=4).new_state(seed=7)
>>> state.round, state.current_player, len(state.view(0)["hand"])
(1, 0, 6)
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> state.history == [str(action)]
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from saboteur.engine.base import JSON, Action, Event, IllegalAction
from saboteur.engine.chance import randrange, shuffle
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.actions import (
    BREAK,
    BREAK_PLAY,
    GOLD,
    MAP,
    PLACE,
    PLACE_PLAY,
    REPAIR,
    REPAIR_PLAY,
    ROCKFALL,
    ROCKFALL_PLAY,
    CardPlay,
    gold_action,
    parse_action,
    play_of,
    slot_action,
    slot_row,
)
from saboteur.engine.classic.actions import (
    MAPS as _MAPS,
)
from saboteur.engine.classic.actions import (
    ROCKFALLS as _ROCKFALLS,
)
from saboteur.engine.classic.actions import (
    SLOT_ROWS as _SLOT_ROWS,
)
from saboteur.engine.classic.ledger import RoundGold, round_gold
from saboteur.engine.maze import (
    SLOT_KEYS,
    STEP,
    Maze,
    slot_index,
    slot_xy,
    xy_text,
)
from saboteur.engine.moves import CARD_KEYS, DRAW_KEYS, NO_KEYS, PLACE_KEYS
from saboteur.engine.path_rules import place_rule
from saboteur.engine.table import OVER as OVER
from saboteur.engine.table import PLAY as PLAY
from saboteur.engine.table import (
    TableState,
    check_seat,
    held_at,
    lay_break,
    lay_map,
    lay_repair,
)

if TYPE_CHECKING:
    from saboteur.engine.classic.game import ClassicGame

GOLD_PHASE: Final = "gold"
START_SLOT: Final = slot_index(0, 0)
GOAL_SLOTS: Final = (slot_index(8, -2), slot_index(8, 0), slot_index(8, 2))
# The demo opening: (x, y, card, turned), laid in this order from the start.
DEMO_LAYOUT: Final = (
    (1, 0, "EW", False),
    (2, 0, "NESW", False),
    (3, 0, "EW", False),
    (4, 0, "xEW", False),
    (2, -1, "ES", False),
    (2, 1, "NEW", False),
)
_PLACEABLE_LIMIT: Final = max(C.PATH_SHAPE_IDS) + 1
_FIT: Final = C.FIT
_SHAPE_BITS: Final = C.CARD_SHAPE_BITS
_SHAPES: Final = C.SHAPES.shapes
_DECK: Final = tuple(C.deck_cards())
# read on every move: Final here (a C variable when compiled), not an attribute of the module C
_GOAL_CARDS: Final = C.GOAL_CARDS
_START_SHAPE: Final = C.START_SHAPE
_DECK_LEFT: Final = tuple((left,) for left in range(len(_DECK) + 1))  # a draw event's values
_SLOT_KEYS: Final = SLOT_KEYS
# what a move that lays no card reaches (never changed)
_NOTHING_REACHED: Final[list[tuple[int, int]]] = []
# a revealed goal's shape by (card, entry sides, preferred side): cards.goal_shape_for, which
# searches every shape, once per combination instead of at every reveal
_GOAL_SHAPE: Final = {
    (card, entry, prefer): C.goal_shape_for(card, entry, prefer)
    for card in C.GOAL_CARDS
    for entry in range(16)
    for prefer in range(16)
}
_SIDE_TOWARDS: Final = {step: side for side, step in STEP.items()}  # slot step -> its side


class ClassicState(TableState):
    """One moment of a base Saboteur game (see the module doc for a tour)."""

    __slots__ = (
        "_legal",
        "broken",
        "current",
        "deck",
        "discard",
        "events",
        "game",
        "goal_cards",
        "gold",
        "gold_offer",
        "gold_order",
        "gold_pile",
        "hands",
        "history",
        "last_player",
        "maze",
        "peeks",
        "phase",
        "results",
        "role_aside",
        "roles",
        "round",
        "seed",
        "turns",
    )
    # declared again here, not only in the (interpreted) bases: the compiled build (mypyc) then
    # keeps them as native attributes (without, it fails on `turns` and reads the rest slower)
    game: ClassicGame
    seed: int
    round: int
    phase: str
    current: int | None
    turns: int
    hands: list[list[str]]
    discard: list[str]
    broken: list[int]
    peeks: list[dict[int, str]]
    events: list[Event]
    history: list[str]
    _legal: list[Action] | None

    def __init__(self, game: ClassicGame, seed: int) -> None:
        n = game.players
        self.game: ClassicGame = game
        self.seed = seed
        self.round = 0
        self.phase = PLAY
        self.current: int | None = None
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.roles: list[str] = []
        self.role_aside: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.gold_pile: list[int] = []
        self.gold: list[list[int]] = [[] for _ in range(n)]
        self.broken: list[int] = [0] * n
        self.maze = Maze(C.SHAPES, game.opts.bounds)
        self.goal_cards: dict[int, str] = {}
        self.peeks: list[dict[int, str]] = [{} for _ in range(n)]
        self.last_player = 0
        self.turns = 0
        self.gold_offer: list[int] = []
        self.gold_order: list[int] = []
        self.results: list[JSON] = []
        self.history: list[str] = []
        self.events: list[Event] = []
        self.earlier_gold: dict[int, RoundGold] = {}  # the rounds' gold of a state read back
        self._gold: tuple[int, dict[int, RoundGold]] = (-1, {})  # round_gold() by events seen
        self._legal: list[Action] | None = None

    # -- dealing -----------------------------------------------------------------------------------

    @classmethod
    def deal(cls, game: ClassicGame, seed: int) -> ClassicState:
        state = cls(game, seed)
        pile = list(C.GOLD_CARDS)
        shuffle(random.Random(f"classic:{seed}:gold"), pile)
        state.gold_pile = pile
        state._start_round(1)
        return state

    def _start_round(self, number: int) -> None:
        game, n = self.game, self.game.players
        rng = random.Random(f"classic:{self.seed}:round:{number}")
        self.round = number
        if game.opts.online3:
            pool = [C.DIGGER, C.DIGGER, C.SABOTEUR]
        else:
            saboteurs, diggers = C.ROLE_TABLE[n]
            pool = [C.SABOTEUR] * saboteurs + [C.DIGGER] * diggers
        shuffle(rng, pool)
        self.roles, self.role_aside = pool[:n], pool[n:]

        maze = self.maze = Maze(C.SHAPES, game.opts.bounds)
        maze.add_root(START_SLOT, C.START_SHAPE)
        goals = list(C.GOAL_CARDS)
        shuffle(rng, goals)
        self.goal_cards = dict(zip(GOAL_SLOTS, goals, strict=True))
        for index, card in self.goal_cards.items():
            maze.add_hidden(index, card)
        maze.recompute()
        deck = list(_DECK)
        if game.opts.demo:
            for x, y, card, turned in DEMO_LAYOUT:
                deck.remove(card)
                maze.place(slot_index(x, y), C.shape_id(card, turned))
        shuffle(rng, deck)
        size = C.hand_size(n)
        self.hands = [[deck.pop() for _ in range(size)] for _ in range(n)]
        self.deck = deck
        self.discard = []
        self.broken = [0] * n
        self.peeks = [{} for _ in range(n)]
        self.turns = 0
        self.phase = PLAY
        if number == 1:
            first = game.opts.first
            self.current = randrange(rng, n) if first is None else first
        else:
            self.current = (self.last_player + 1) % n
        self.events.append(Event("round-start", None, {"round": number, "first": self.current}))
        for seat in range(n):
            data = {"round": number, "role": self.roles[seat], "hand": list(self.hands[seat])}
            self.events.append(Event("deal", seat, data, to=seat))
        self._legal = None

    # -- the State interface -----------------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        return [sum(cards) for cards in self.gold]

    def clone(self) -> ClassicState:
        other = ClassicState(self.game, self.seed)  # not __new__: the compiled class needs __init__
        other.round = self.round
        other.phase = self.phase
        other.current = self.current
        other.hands = [list(hand) for hand in self.hands]
        other.roles = list(self.roles)
        other.role_aside = list(self.role_aside)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.gold_pile = list(self.gold_pile)
        other.gold = [list(cards) for cards in self.gold]
        other.broken = list(self.broken)
        other.maze = self.maze.copy()
        other.goal_cards = dict(self.goal_cards)
        other.peeks = [dict(seen) for seen in self.peeks]
        other.last_player = self.last_player
        other.turns = self.turns
        other.gold_offer = list(self.gold_offer)
        other.gold_order = list(self.gold_order)
        other.results = list(self.results)
        other.history = list(self.history)
        other.events = list(self.events)
        other.earlier_gold = self.earlier_gold  # never changed: read from the notation once
        other._gold = self._gold  # the same events: the same answer (never changed in place)
        other._legal = self._legal
        return other

    def round_gold(self) -> dict[int, RoundGold]:
        """The gold each seat took in each finished round (see :mod:`.ledger`); read from the
        events once per new event, not once per view (events are only ever appended)."""
        seen = len(self.events)
        if self._gold[0] != seen:
            self._gold = (seen, round_gold(self.events, self.game.players, self.earlier_gold))
        return self._gold[1]

    def _generate_legal(self) -> list[Action]:
        phase = self.phase
        if phase != PLAY:  # (the usual phase first: the same object, equal without comparing text)
            if phase == OVER:
                return []
            if phase == GOLD_PHASE:
                return [gold_action(value) for value in sorted(set(self.gold_offer), reverse=True)]
        seat = self.current
        assert seat is not None
        seen = shape_bits = 0
        broken, n, maze = self.broken, len(self.hands), self.maze
        plays: list[CardPlay] = []  # the hand's cards each once, in hand order
        for card in self.hands[seat]:
            play = play_of(card)
            if not seen & play.bit:
                seen |= play.bit
                plays.append(play)
                shape_bits |= play.shape_bits  # (0 for an action card)
        # one list, in order: placements by slot, then the action cards' plays, then discards
        actions: list[Action] = []
        if shape_bits and not broken[seat]:  # by slot: an order independent of history
            maze.add_placements(shape_bits, _FIT, _SLOT_ROWS, slot_row, actions)
        for play in plays:
            kind = play.kind
            if kind == PLACE_PLAY:
                continue
            if kind == BREAK_PLAY:
                bit, breaks = play.tool, play.targets
                for target in range(n):
                    if not broken[target] & bit:
                        actions.append(breaks[target])
            elif kind == REPAIR_PLAY:
                for tool, repairs in play.repairs:
                    for target in range(n):
                        if broken[target] & tool:
                            actions.append(repairs[target])
            elif kind == ROCKFALL_PLAY:
                rockfalls = _ROCKFALLS
                for index, sid in maze.cells.items():
                    if sid < _PLACEABLE_LIMIT:
                        actions.append(rockfalls[index] or slot_action(play.card, index))
            else:
                maps = _MAPS
                for index in maze.hidden:
                    actions.append(maps[index] or slot_action(play.card, index))
        for play in plays:
            actions.append(play.passing)
        return actions

    def apply(self, action: Action | str, player: int | None = None) -> None:
        # always the interned action (cheap): it carries the packed code the fast path uses
        self._apply(parse_action(action if isinstance(action, str) else action.text), player)

    def apply_legal(self, action: Action) -> None:
        self._apply(action, None)  # (an action of legal_list(): the interned one already)

    def _apply(self, action: Action, player: int | None) -> None:
        seat = self._seat_to_act(player)
        kind = action.kind
        phase = self.phase
        if phase != PLAY and phase == GOLD_PHASE:  # (PLAY first: as in _generate_legal)
            if kind != GOLD:
                raise IllegalAction(
                    "gold.choose", "the gold is being shared out: take a gold card (gold:N)"
                )
            self._take_gold(seat, action)
            return
        if kind == GOLD:
            raise IllegalAction("gold.phase", "gold cards are taken only when a round is won")
        hand = self.hands[seat]
        card = action.card
        assert card is not None
        at = held_at(hand, card)
        if at < 0:
            raise IllegalAction("hand", f"seat {seat} holds no {card} card")
        reached = _NOTHING_REACHED
        if kind == PLACE:
            reached = self._place(seat, action)
        elif kind in (BREAK, REPAIR):
            self._tool_card(seat, action)
        elif kind == ROCKFALL:
            self._rockfall(seat, action)
        elif kind == MAP:
            self._map(seat, action)
        else:
            self.discard.append(card)
            self.events.append(Event.of("pass", seat, NO_KEYS, ()))
            self.events.append(Event.of("discard", seat, CARD_KEYS, (card,), to=seat))
        hand.pop(at)  # the card played (each case above refuses before changing anything)
        self.history.append(action.text)
        self.last_player = seat
        self.turns += 1
        self._legal = None
        if reached and self._reveal(seat, reached, action.code >> 6):
            return
        self._finish_turn(seat)

    # -- playing cards -----------------------------------------------------------------------------

    def _place(self, seat: int, action: Action) -> list[tuple[int, int]]:
        self._check_tools(seat)
        index, sid = action.code >> 6, action.code & 63
        key = self.maze.frontier.get(_SLOT_KEYS[index])
        if key is None or not _FIT[key] >> sid & 1:
            self._refuse_place(index, sid)
        reached = self.maze.place(index, sid)
        x, y = slot_xy(index)
        shape = _SHAPES[sid]
        self.events.append(Event.of("place", seat, PLACE_KEYS, (shape.card, shape.name, x, y)))
        return reached

    def _refuse_place(self, index: int, sid: int) -> None:
        maze, where = self.maze, xy_text(index)
        if not maze.in_bounds(index):
            raise IllegalAction("path.bounds", f"{where} lies outside the maze")
        refused = place_rule(maze, index, sid, _SHAPES[sid].name)
        if refused:
            raise IllegalAction(*refused)
        raise IllegalAction(
            "path.join-start",
            f"{_SHAPES[sid].name} at {where} would not be joined to the start by a tunnel",
        )

    def _reveal(self, seat: int, reached: list[tuple[int, int]], last: int) -> bool:
        """Turn over every goal the tunnel now leads into; the gold ends the round (True)."""
        maze, found_gold = self.maze, False
        while reached:
            entries: dict[int, int] = {}
            for index, side in reached:
                entries[index] = entries.get(index, 0) | side
            reached = []
            for index, entry in entries.items():
                if index not in maze.hidden:
                    continue
                card = maze.hidden[index]
                sid = _GOAL_SHAPE[card, entry, _SIDE_TOWARDS.get(last - index, 0)]
                reached += maze.reveal(index, sid)
                x, y = slot_xy(index)
                shape = _SHAPES[sid]
                data = {"card": card, "shape": shape.name, "x": x, "y": y}
                self.events.append(Event("reveal", seat, data))
                found_gold = found_gold or card == C.GOLD_GOAL
                last = index
        if found_gold:
            self._end_round(finder=seat)
        return found_gold

    def _tool_card(self, seat: int, action: Action) -> None:
        card, target = action.card, action.seat
        assert card is not None and target is not None
        check_seat(target, len(self.hands))  # (a seat each: the game's players)
        if action.kind == BREAK:
            lay_break(self.broken, self.events, seat, play_of(card).tool, target)
            return
        assert action.choice is not None
        lay_repair(self.broken, self.discard, self.events, seat, card, action.choice, target)

    def _rockfall(self, seat: int, action: Action) -> None:
        assert action.slot is not None
        index = action.code
        where = xy_text(index)
        sid = self.maze.cells.get(index)
        if index in self.maze.hidden or (sid is not None and _SHAPES[sid].card in _GOAL_CARDS):
            raise IllegalAction("rockfall.goal", f"a rockfall never removes a goal card {where}")
        if sid is None:
            raise IllegalAction("rockfall.empty", f"there is no path card at {where} to remove")
        if sid == _START_SHAPE:
            raise IllegalAction("rockfall.start", "a rockfall never removes the start card")
        self.maze.remove(index)
        self.discard += (_SHAPES[sid].card, "rockfall")
        x, y = action.slot
        data = {"card": _SHAPES[sid].card, "x": x, "y": y}
        self.events.append(Event("rockfall", seat, data))

    def _map(self, seat: int, action: Action) -> None:
        index = action.code
        if index not in self.maze.hidden:
            raise IllegalAction("map.target", f"{xy_text(index)} is not a face-down goal card")
        lay_map(self.peeks[seat], self.discard, self.events, seat, index, self.maze.hidden[index])

    def _finish_turn(self, seat: int) -> None:
        """Draw a card, then pass the turn to the next seat that still holds cards."""
        if self.deck:
            card = self.deck.pop()
            self.hands[seat].append(card)
            left = len(self.deck)  # (a deck read back holds at most the game's cards)
            values = _DECK_LEFT[left] if left < len(_DECK_LEFT) else (left,)
            self.events.append(Event.of("draw", seat, DRAW_KEYS, values))
            self.events.append(Event.of("drew", seat, CARD_KEYS, (card,), to=seat))
        hands = self.hands
        n = len(hands)
        following = seat + 1 if seat + 1 < n else 0
        if hands[following]:
            self.current = following
            return
        for _ in range(n):
            if hands[following]:
                self.current = following
                return
            following = (following + 1) % n
        self._end_round(finder=None)

    # -- round end and gold ------------------------------------------------------------------------

    def _end_round(self, finder: int | None) -> None:
        roles, n = self.roles, self.game.players
        saboteurs = [seat for seat in range(n) if roles[seat] == C.SABOTEUR]
        diggers = [seat for seat in range(n) if roles[seat] == C.DIGGER]
        winner = "diggers" if finder is not None else "saboteurs" if saboteurs else "nobody"
        result: JSON = {
            "round": self.round,
            "turns": self.turns,
            "winner": winner,
            "finder": finder,
            "roles": list(roles),
        }
        self.results.append(result)
        self.events.append(Event("round-end", None, dict(result)))
        if finder is not None:
            self._share_digger_gold(finder, diggers)
            return
        if saboteurs:
            self._pay_saboteurs(saboteurs)
        self._next_round()

    def _share_digger_gold(self, finder: int, diggers: list[int]) -> None:
        n = self.game.players
        counter_clockwise = [(finder - step) % n for step in range(n)]
        order = [seat for seat in counter_clockwise if self.roles[seat] == C.DIGGER]
        offer = [self.gold_pile.pop() for _ in range(min(len(diggers), len(self.gold_pile)))]
        if len(offer) < len(diggers):
            self.events.append(Event("gold-short", None, {"cards": len(offer)}))
        if self.game.opts.online3:
            shuffle(random.Random(f"classic:{self.seed}:share:{self.round}"), offer)
            for seat, value in zip(order, offer, strict=False):
                self._give_gold(seat, [value])
            self._next_round()
            return
        if not offer:
            self._next_round()
            return
        self.phase = GOLD_PHASE
        self.gold_offer = offer
        self.gold_order = order[: len(offer)]
        self.events.append(Event("gold-offer", None, {"cards": len(offer), "first": order[0]}))
        self._continue_gold()

    def _take_gold(self, seat: int, action: Action) -> None:
        assert action.choice is not None
        value = int(action.choice)
        if value not in self.gold_offer:
            offered = ", ".join(str(v) for v in sorted(set(self.gold_offer)))
            raise IllegalAction("gold.value", f"no {value}-nugget card is left (left: {offered})")
        self.gold_offer.remove(value)
        self.gold_order.pop(0)
        self._give_gold(seat, [value])
        self.history.append(action.text)
        self._legal = None
        self._continue_gold()

    def _continue_gold(self) -> None:
        """Hand out what is no longer a choice (all cards left alike), then go on."""
        offer, order = self.gold_offer, self.gold_order
        while offer and len(set(offer)) == 1:
            self._give_gold(order.pop(0), [offer.pop()])
        if offer:
            self.current = order[0]
            self._legal = None
            return
        self.gold_order = []
        self._next_round()

    def _give_gold(self, seat: int, values: list[int]) -> None:
        self.gold[seat] += values
        self.events.append(Event("gold", seat, {"cards": len(values)}))
        self.events.append(Event("gold-value", seat, {"values": values}, to=seat))

    def _pay_saboteurs(self, saboteurs: list[int]) -> None:
        value = 4 if self.game.opts.online3 else C.SABOTEUR_PAYOUT[len(saboteurs)]
        pile = self.gold_pile
        for seat in saboteurs:
            cards = _fewest_cards(pile, value)
            for card in cards:  # the last card of that value in the pile
                position = len(pile) - 1
                while pile[position] != card:
                    position -= 1
                pile.pop(position)
            if sum(cards) < value:  # public, without the amounts: gold stays secret
                self.events.append(Event("gold-short", seat, {}))
            self._give_gold(seat, cards)

    def _next_round(self) -> None:
        self.phase = PLAY
        if self.round >= self.game.opts.rounds:
            self.phase = OVER
            self.current = None
            self._legal = None
            data = {"scores": self.scores, "winners": self.winners}
            self.events.append(Event("game-over", None, data))
            return
        self._start_round(self.round + 1)

    # -- what a player may see ---------------------------------------------------------------------

    def view(self, player: int | None) -> JSON:
        from saboteur.engine.classic.notation import view_of

        return view_of(self, player)

    def render(self, player: int | None = None) -> str:
        from saboteur.engine.classic.render import render_maze

        return render_maze(self, player)

    def to_json(self) -> JSON:
        from saboteur.engine.classic.notation import state_to_json

        return state_to_json(self)


def _fewest_cards(pile: list[int], value: int) -> list[int]:
    """The fewest gold cards in ``pile`` worth exactly ``value``, else as close below as possible.

    >>> _fewest_cards([1, 1, 2, 3], 4)
    [3, 1]
    >>> _fewest_cards([1], 3)
    [1]
    """
    have_ones = have_twos = have_threes = 0
    for card in pile:  # one pass of native comparisons (list.count compares objects)
        if card == 1:
            have_ones += 1
        elif card == 2:
            have_twos += 1
        elif card == 3:
            have_threes += 1
    for target in range(value, 0, -1):
        best = best_threes = best_twos = -1  # the fewest cards: the first such (threes, twos)
        for threes in range(min(have_threes, target // 3) + 1):  # (beyond: worth too much)
            for twos in range(min(have_twos, (target - 3 * threes) // 2) + 1):
                ones = target - 3 * threes - 2 * twos
                if ones <= have_ones and (best < 0 or threes + twos + ones < best):
                    best, best_threes, best_twos = threes + twos + ones, threes, twos
        if best >= 0:
            ones = target - 3 * best_threes - 2 * best_twos
            return [3] * best_threes + [2] * best_twos + [1] * ones
    return []
