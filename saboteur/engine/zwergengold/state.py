"""The state of a Zwergengold game: the deal, a mage's turn, the cards, the end.

A turn is the ``turn`` phase (moves, cards, duels and the end of the turn, in any order)
with a few short interruptions, each a decision of one seat:

- ``shown``: a card turned over by a move shows its symbol; the mage may play cards, then
  enters (``enter``, or the potion's choice) or, unable to pay, turns it back (``retreat``);
- ``grille``: a helper near a grille agrees or refuses to open it;
- ``look`` / ``foreboding`` / ``duster``: what a scroll just read lets the reader do;
- ``plan``: "Kein Plan!": a plan card turned over demands a stairs at once.

>>> from saboteur.engine import new_game
>>> state = new_game("zwergengold", 3).new_state(seed=3)
>>> state.phase, state.current_player, state.ap, [len(hand) for hand in state.hands]
('turn', 1, [7, 7, 7], [5, 5, 5])
>>> state.apply(next(a for a in state.legal_actions() if a.kind == "play"))  # 4 cards left
>>> state.apply("end")
>>> state.current_player, state.ap[1], len(state.hands[1])
(2, 7, 5)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final, cast

from saboteur.engine.base import JSON, Action, Event, IllegalAction
from saboteur.engine.chance import randrange, shuffle
from saboteur.engine.grid import field_id, field_slot, slot_xy
from saboteur.engine.table import OVER as OVER
from saboteur.engine.table import TableState
from saboteur.engine.zwergengold import actions as A
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold import moves as M
from saboteur.engine.zwergengold.labyrinth import START, Labyrinth

if TYPE_CHECKING:
    from saboteur.engine.zwergengold.game import ZwergengoldGame

TURN: Final = "turn"
SHOWN: Final = "shown"
GRILLE: Final = "grille"
LOOK: Final = "look"
FOREBODING: Final = "foreboding"
DUSTER: Final = "duster"
PLAN: Final = "plan"
PHASES = (TURN, SHOWN, GRILLE, LOOK, FOREBODING, DUSTER, PLAN, OVER)
HAND: Final = 5
KEEP: Final = 4
LOOKS: Final = 2
FORESEEN: Final = 3
MAGE: Final = "mage"
TOKENS: Final = (C.CLOAK, C.PICK, C.HAMMER)


class ZwergengoldState(TableState):
    """One moment of a Zwergengold game."""

    def __init__(self, game: ZwergengoldGame, seed: int) -> None:
        n = game.players
        self.game: ZwergengoldGame = game
        self.seed = seed
        self.round = 1
        self.phase = TURN
        self.first = 0
        self.turn = 0  # the seat whose turn it is (``current`` may be a helper at a grille)
        self.current: int | None = 0
        self.turns = 0
        self.lab = Labyrinth(game.levels, game.table // 2, game.summit)
        self.mages: list[int] = []  # piece id per seat
        self.ap = [C.MAX_AP] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.pile: list[str] = []  # the top card is the last
        self.stairs: list[str] = []  # "Kein Plan!": the stairs set apart (top last)
        self.seen: list[dict[int, str]] = [{} for _ in range(n)]  # far sight: slot -> card
        self.came_from: int | None = None  # the field the mage's last move left
        self.stuck = False  # the mage may not move again this turn
        self.tokens = dict.fromkeys(TOKENS, 0)  # scroll effects read this turn, not yet used
        self.pending: M.Move | None = None  # a move onto a card just turned over
        self.helpers: list[int] = []  # seats still to be asked at a grille
        self.shut: list[int] = []  # grilles nobody would open for this mage this turn
        self.looks = 0  # far-sight looks left
        self.looked: list[int] = []  # slots looked at with this far sight
        self.places: list[int] = []  # seats in the order their mages reached the gold
        self.history: list[str] = []
        self.events: list[Event] = []
        self._legal: list[Action] | None = None
        # what TableState's card helpers expect; Zwergengold has no tools or discard pile
        self.discard: list[str] = []
        self.broken = [0] * n
        self.peeks: list[dict[int, str]] = [{} for _ in range(n)]

    @classmethod
    def deal(cls, game: ZwergengoldGame, seed: int) -> ZwergengoldState:
        """Shuffle, give every mage 7 AP and five face-down cards, choose the first player."""
        state = cls(game, seed)
        rng = random.Random(f"zwergengold/{seed}")
        deck = list(C.BOX)
        if game.no_plan:
            state.stairs = [card for card in deck if C.corridor(card) == C.STAIRS]
            deck = [card for card in deck if C.corridor(card) != C.STAIRS] + list(C.PLAN_CARDS)
            shuffle(rng, state.stairs)
        shuffle(rng, deck)
        for hand in state.hands:
            hand += [deck.pop() for _ in range(HAND)]
        state.pile = deck
        state.first = game.first if game.first is not None else randrange(rng, game.players)
        state.turn = state.current = state.first
        start = field_id(START, 0)
        state.mages = [
            state.lab.maze.overlay.add_piece(MAGE, seat, start).id for seat in range(game.players)
        ]
        state.events.append(Event("start", None, {"first": state.first, "levels": game.levels}))
        return state

    # -- queries ----------------------------------------------------------------------------------

    def mage_slot(self, seat: int) -> int:
        return field_slot(self.lab.maze.overlay.pieces[self.mages[seat]].field)

    def mage_slots(self) -> list[int]:
        """Where each seat's mage stands, by seat (read once for all the legal actions)."""
        pieces = self.lab.maze.overlay.pieces
        return [field_slot(pieces[piece].field) for piece in self.mages]

    @property
    def winner(self) -> int | None:
        """The first mage at the gold, if any."""
        return self.places[0] if self.places else None

    @property
    def scores(self) -> list[int]:
        """By place: the first of ``k`` placed mages scores ``k``, the last 1, the others 0."""
        ranked = len(self.places)
        points = {seat: ranked - i for i, seat in enumerate(self.places)}
        return [points.get(seat, 0) for seat in range(self.game.players)]

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        if self.winner is None:
            return list(range(self.game.players))
        return [self.winner]

    def playing(self, seat: int) -> bool:
        """Whether ``seat``'s mage is still in the race (not yet at the gold)."""
        return seat not in self.places

    def face_down_slots(self) -> list[int]:
        return sorted(slot for slot in self.lab.cards if slot not in self.lab.face_up)

    def occupied(self, mages: list[int] | None = None) -> set[int]:
        """The cards a mage stands on or is entering (no card may cover them); ``mages``: the
        :meth:`mage_slots` if the caller has them."""
        slots = set(self.mage_slots() if mages is None else mages)
        if self.pending is not None:
            slots.add(self.pending.to)
        return slots

    def dustable(self) -> list[int]:
        """Revealed cards the duster may turn back: no start, plan card, mage or pending move."""
        lab, occupied = self.lab, self.occupied()
        return [slot for slot in sorted(lab.face_up) if self._dustable(slot, occupied)]

    def any_dustable(self, occupied: set[int]) -> bool:
        """Whether :meth:`dustable` has any card (``occupied``: :meth:`occupied`), found without
        sorting them all: the legal actions ask this whenever a duster is in the supply."""
        return any(self._dustable(slot, occupied) for slot in self.lab.face_up)

    def _dustable(self, slot: int, occupied: set[int]) -> bool:
        return slot != START and C.symbol(self.lab.cards[slot]) != C.PLAN and slot not in occupied

    def _resume(self) -> None:
        """Back to the turn, or to the card shown by a move that waits."""
        self.phase = TURN if self.pending is None else SHOWN
        self.current = self.turn

    # -- the State interface ----------------------------------------------------------------------

    def view(self, player: int | None) -> JSON:
        return cast(JSON, self.game.part("notation", "view_of")(self, player))

    def replay_view(self, player: int) -> JSON:
        """The view with every face-down card of the labyrinth shown as ``player``'s far sight
        would show it (``seen``): for replays of finished games, where nothing is secret."""
        looked = self.seen[player]
        lab = self.lab
        self.seen[player] = {slot: lab.cards[slot] for slot in self.face_down_slots()}
        try:
            return self.view(player)
        finally:
            self.seen[player] = looked

    def to_json(self) -> JSON:
        return cast(JSON, self.game.part("notation", "state_to_json")(self))

    def render(self, player: int | None = None) -> str:
        return cast(str, self.game.part("render", "render")(self, player))

    def clone(self) -> ZwergengoldState:
        clone = type(self)(self.game, self.seed)  # a constructor: the compiled class needs one
        clone.round, clone.phase, clone.first, clone.turn = (
            self.round,
            self.phase,
            self.first,
            self.turn,
        )
        clone.current, clone.turns, clone.came_from = self.current, self.turns, self.came_from
        clone.stuck, clone.pending, clone.looks = self.stuck, self.pending, self.looks
        clone.places, clone._legal = list(self.places), self._legal
        clone.lab = self.lab.copy()
        clone.mages, clone.ap = list(self.mages), list(self.ap)
        clone.hands = [list(hand) for hand in self.hands]
        clone.pile, clone.stairs = list(self.pile), list(self.stairs)
        clone.seen = [dict(known) for known in self.seen]
        clone.tokens = dict(self.tokens)
        clone.helpers, clone.looked = list(self.helpers), list(self.looked)
        clone.shut = list(self.shut)
        clone.history, clone.events = list(self.history), list(self.events)
        clone.discard, clone.broken = [], list(self.broken)
        clone.peeks = [{} for _ in self.peeks]
        return clone

    # -- applying actions -------------------------------------------------------------------------

    def apply(self, action: Action | str, player: int | None = None) -> None:
        seat = self._seat_to_act(player)
        if isinstance(action, str):
            action = A.parse_action(action)
        if action not in self.legal_actions():
            from saboteur.engine.zwergengold.legal import explain

            raise IllegalAction(f"{self.phase}.{action.kind}", explain(self, action))
        self._legal = None
        self.history.append(action.text)
        HANDLERS[action.kind](self, seat, action)
        self._legal = None

    def _generate_legal(self) -> list[Action]:
        from saboteur.engine.zwergengold.legal import legal_actions

        return legal_actions(self)

    # -- moving -----------------------------------------------------------------------------------

    def _move(self, seat: int, action: Action) -> None:
        to = A.target(action)
        assert to is not None
        move = M.move_of(self, action.kind, to)  # the action is legal: apply() checked it
        if not move.fresh:
            self._try(move)
            return
        lab = self.lab
        lab.face_up.add(move.to)
        card = lab.cards[move.to]
        self.events.append(Event("turn-over", seat, _at(move.to, card=card)))
        self.pending = move
        if C.symbol(card) == C.PLAN:
            self._plan()
            return
        need = M.entry(self, move)
        if need.cost == move.fee and not (need.help or need.stops or need.choice):
            self._enter(need)
        else:
            self.phase = SHOWN

    def _try(self, move: M.Move) -> None:
        """Enter ``move.to``, asking the helpers first at a grille."""
        self.pending = move
        need = M.entry(self, move)
        if need.help:
            self.helpers = M.helpers(self, move.to)
            self.phase, self.current = GRILLE, self.helpers[0]
            self.events.append(Event("grille", self.turn, _at(move.to, target=self.helpers[0])))
        else:
            self._enter(need)

    def _enter(self, need: M.Entry, potion: str | None = None) -> None:
        """The pending move happens: pay, use up a scroll effect, stand on the card."""
        move, seat = self.pending, self.turn
        assert move is not None
        self.ap[seat] -= need.cost
        if need.uses is not None:
            self.tokens[need.uses] -= 1
        self.lab.maze.overlay.move_piece(self.mages[seat], field_id(move.to, 0))
        self.came_from = move.source
        self.pending, self.helpers = None, []
        self.events.append(Event("move", seat, _at(move.to, via=move.kind, cost=need.cost)))
        if potion == A.POTION_AP:
            self.ap[seat] = min(C.MAX_AP, self.ap[seat] + C.POTION_AP)
        elif potion == A.POTION_CARDS:
            self._draw(seat, C.POTION_CARDS)
        if need.stops:
            self.stuck = True
            self.events.append(Event("lock", seat, _at(move.to)))
        self._resume()
        if self.lab.at_gold(move.to):
            self._arrive(seat)

    def _shown(self, seat: int, action: Action) -> None:
        assert self.pending is not None
        if action.kind == A.RETREAT:
            to = self.pending.to
            self.lab.face_up.discard(to)
            self.pending, self.stuck = None, True
            self.events.append(Event("turned-back", seat, _at(to)))
            self._resume()
            return
        self.phase = TURN
        if action.kind == A.POTION:
            self._enter(M.entry(self, self.pending), action.choice)
        else:
            self._try(self.pending)

    def _grille(self, seat: int, action: Action) -> None:
        move = self.pending
        assert move is not None
        self.events.append(Event(action.kind, seat, _at(move.to)))
        if action.kind == A.AGREE:
            self._enter(M.entry(self, move))
            return
        self.helpers.pop(0)
        if self.helpers:
            self.current = self.helpers[0]
            self.events.append(Event("grille", self.turn, _at(move.to, target=self.current)))
            return
        self.pending = None
        self.shut.append(move.to)
        if move.fresh:
            self.lab.face_up.discard(move.to)
            self.stuck = True
            self.events.append(Event("turned-back", self.turn, _at(move.to)))
        self._resume()

    def _wall(self, seat: int, action: Action) -> None:
        slot = A.target(action)
        assert slot is not None
        self.ap[seat] -= C.WALL_UP_COST
        self.lab.face_up.discard(slot)
        self.events.append(Event("wall-up", seat, _at(slot)))

    def _duel(self, seat: int, action: Action) -> None:
        assert action.seat is not None
        self.ap[seat] -= action.code
        self.ap[action.seat] -= action.code
        self.events.append(Event("duel", seat, {"target": action.seat, "ap": action.code}))

    # -- cards ------------------------------------------------------------------------------------

    def _draw(self, seat: int, count: int) -> None:
        drawn = [self.pile.pop() for _ in range(min(count, len(self.pile)))]
        self.hands[seat] += drawn
        if drawn:
            self.events.append(Event("draw", seat, {"cards": [C.back(c) for c in drawn]}))

    def _lay(self, seat: int, action: Action) -> None:
        back = action.card
        assert back is not None
        hand = self.hands[seat]
        card = next(c for c in hand if C.back(c) == back)
        hand.remove(card)
        scroll = C.scroll(card) if action.kind == A.READ else None
        if action.choice == A.PILE:
            self.pile.insert(0, card)
            self.events.append(Event("to-pile", seat, {"card": back, "scroll": scroll}))
        else:
            self._attach(seat, action, card, scroll)
        if scroll is not None:
            self._read(seat, scroll)

    def _read(self, seat: int, scroll: str) -> None:
        if scroll == C.DRAUGHT:
            self.ap[seat] = min(C.MAX_AP, self.ap[seat] + C.DRAUGHT_AP)
        elif scroll in TOKENS:
            self.tokens[scroll] += 1
        elif scroll == C.FARSIGHT:
            self.phase, self.looks, self.looked = LOOK, LOOKS, []
        elif scroll == C.FOREBODING:
            top = self.pile[-FORESEEN:][::-1]
            self.phase = FOREBODING
            self.events.append(Event("foresaw", seat, {"cards": top}, to=seat))
        elif scroll == C.DUSTER:
            self.phase = DUSTER

    def _look(self, seat: int, action: Action) -> None:
        slot = A.target(action)
        if action.kind == A.DONE or slot is None:
            self.looks = 0
        else:
            card = self.lab.cards[slot]
            self.seen[seat][slot] = card
            self.looked.append(slot)
            self.looks -= 1
            self.events.append(Event("look", seat, _at(slot)))
            self.events.append(Event("saw", seat, _at(slot, card=card), to=seat))
        if not self.looks or not self._lookable():
            self.looks, self.looked = 0, []
            self._resume()

    def _lookable(self) -> list[int]:
        return [slot for slot in self.face_down_slots() if slot not in self.looked]

    def _order(self, seat: int, action: Action) -> None:
        count = min(FORESEEN, len(self.pile))
        top = self.pile[-count:][::-1]
        self.pile[-count:] = [top[i] for i in A.order_of(action)][::-1]
        self.events.append(Event("order", seat, {}))
        self._resume()

    def _dust(self, seat: int, action: Action) -> None:
        slot = A.target(action)
        assert slot is not None
        self.lab.face_up.discard(slot)
        self.events.append(Event("dust", seat, _at(slot)))
        self._resume()

    def _plan(self) -> None:
        """A plan card was turned over: a stairs must be attached at once, if one fits."""
        if self.stairs and self.lab.places(C.STAIRS, self.occupied()):
            self.phase = PLAN
            return
        self.events.append(Event("no-stairs", self.turn, {}))
        self._try_pending()

    def _try_pending(self) -> None:
        move = self.pending
        assert move is not None
        self.phase = TURN
        self._try(move)

    def _plan_stairs(self, seat: int, action: Action) -> None:
        self._attach(seat, action, self.stairs.pop(), None)
        self._try_pending()

    def _attach(self, seat: int, action: Action, card: str, scroll: str | None) -> None:
        """Lay ``card`` face down where ``action`` says (covering a card, "Auf zum Gipfel!")."""
        slot, turns = A.target(action), A.turns_of(action)
        assert slot is not None
        covers = slot in self.lab.cards
        for known in self.seen:  # a far sight's look at a card now covered tells nothing more
            known.pop(slot, None)
        level = self.lab.shown(self.lab.lay(slot, C.shape_of(card, turns), card))
        data = {"card": C.back(card), "scroll": scroll, "turn": turns, "level": level}
        self.events.append(Event("attach", seat, _at(slot, **data, covers=covers)))

    # -- the end of a turn and of the game --------------------------------------------------------

    def _end(self, seat: int, action: Action) -> None:
        lab = self.lab
        mark = C.symbol(lab.cards[self.mage_slot(seat)])
        before = self.ap[seat]
        if mark == C.SPRING:
            self.ap[seat] = C.MAX_AP
        elif mark != C.RATS:
            self.ap[seat] = min(C.MAX_AP, before + 1)
        self.events.append(
            Event("end-turn", seat, {"ap": self.ap[seat], "gain": self.ap[seat] - before})
        )
        self._draw(seat, 1)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        """The turn passes to the next mage still in the race; a round ends when it passes
        the first player's place."""
        n, first = self.game.players, self.first
        self.turns += 1
        nxt = next(s % n for s in range(seat + 1, seat + n + 1) if self.playing(s % n))
        if (nxt - first) % n <= (seat - first) % n:
            self.round += 1
            if self.round > self.game.rounds:
                self._finish()
                return
        self.turn = self.current = nxt
        self.came_from, self.stuck, self.pending, self.shut = None, False, None, []
        self.tokens = dict.fromkeys(TOKENS, 0)

    def _arrive(self, seat: int) -> None:
        """``seat``'s mage reached the gold: it wins, or (option ``places``) takes the next
        place and leaves the race until one mage is left."""
        self.places.append(seat)
        if self.game.places:
            self.events.append(Event("gold", seat, {"place": len(self.places)}))
        left = [s for s in range(self.game.players) if self.playing(s)]
        if not self.game.places or len(left) == 1:
            self.places += left if self.game.places else []
            self._finish()
        else:
            self._next_turn(seat)

    def _finish(self) -> None:
        self.phase, self.current = OVER, None
        self.events.append(Event("game-over", self.winner, {"winners": self.winners}))


def _at(slot: int, **more: object) -> JSON:
    x, y = slot_xy(slot)
    return {"x": x, "y": y, **more}


HANDLERS: Final = {
    A.STEP: ZwergengoldState._move,
    A.UNDER: ZwergengoldState._move,
    A.TRAPDOOR: ZwergengoldState._move,
    A.ENTER: ZwergengoldState._shown,
    A.RETREAT: ZwergengoldState._shown,
    A.POTION: ZwergengoldState._shown,
    A.AGREE: ZwergengoldState._grille,
    A.REFUSE: ZwergengoldState._grille,
    A.WALL: ZwergengoldState._wall,
    A.DUEL: ZwergengoldState._duel,
    A.PLAY: ZwergengoldState._lay,
    A.READ: ZwergengoldState._lay,
    A.LOOK: ZwergengoldState._look,
    A.DONE: ZwergengoldState._look,
    A.ORDER: ZwergengoldState._order,
    A.DUST: ZwergengoldState._dust,
    A.STAIRS: ZwergengoldState._plan_stairs,
    A.END: ZwergengoldState._end,
}
