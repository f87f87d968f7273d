"""The state of a Dark Cave game: the deal, the phases of a turn, walking, creatures, the end.

A turn is a little sequence of phases, each a decision of one seat:

- ``play``: lay a path card, play an action card or pass discarding 1–2 (a creature card
  goes on to ``creature``: its steps, one by one, then ``stop``);
- ``defend``: a creature reached dwarfs; each attacked holder of a battle axe decides in turn
  order whether to drive it off;
- ``move``: the turn's dwarf steps field by field (``step@x,y.n``) or stops; stepping onto a
  face-down goal turns it over and its stepper chooses how it lies (``reveal``);
- ``vote``: after ``propose-end`` every other seat in turn order agrees or refuses.

Drawing, timers (webs and creatures of the seat whose turn begins), sitting out and the end
happen on their own between decisions.

>>> from saboteur.engine import new_game
>>> state = new_game("darkcave", 4).new_state(seed=3)
>>> state.phase, state.current_player, len(state.hands[0]), state.gold
('play', 0, 5, [3, 3, 3, 3])
>>> state.apply(state.legal_actions()[0])
>>> state.phase
'move'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from saboteur.engine.base import JSON, Action, Event, IllegalAction
from saboteur.engine.chance import choice, randrange, shuffle
from saboteur.engine.darkcave import actions as A
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave import walking as W
from saboteur.engine.grid import (
    OPPOSITE,
    SIDE_STEPS,
    edge_side,
    edge_slots,
    field_id,
    field_slot,
    slot_index,
    slot_xy,
)
from saboteur.engine.growth import OpenMaze
from saboteur.engine.maze import Maze
from saboteur.engine.moves import CARDS_KEYS, COUNT_KEYS, SHAPE_KEYS
from saboteur.engine.overlay import Overlay, Piece
from saboteur.engine.table import OVER as OVER
from saboteur.engine.table import TableState

if TYPE_CHECKING:
    from saboteur.engine.darkcave.game import DarkCaveGame

PLAY: Final = "play"
CREATURE: Final = "creature"
DEFEND: Final = "defend"
MOVE: Final = "move"
REVEAL: Final = "reveal"
VOTE: Final = "vote"
STEPS: Final = 3
BOOTS_STEPS: Final = 4
DWARF: Final = "dwarf"
GOLD: Final = "gold"
_FIELD_KEYS: Final = ("field",)


def _holds(legal: list[Action], action: Action) -> bool:
    """``action in legal``, first by identity: the actions are interned, so a chosen one is
    found without comparing texts on the way (``in`` calls ``__eq__`` on every earlier one)."""
    for other in legal:
        if other is action:
            return True
    return action in legal


def _deck_cards() -> dict[str, tuple[str, ...]]:
    return {deck: tuple(C.deck_cards(deck)) for deck in C.DECKS}


_DECK_CARDS: Final = (
    _deck_cards()
)  # each deck before shuffling (made once: a deal made them each time)

# Moved pieces for reuse, by field and piece id (a Piece is frozen; making one runs the
# interpreted dataclass __init__, the most of a step's time); one is reused only if its kind and
# owner match too, so nothing here is ever out of date.
_MOVED: Final[dict[int, Piece]] = {}
_MOVED_LIMIT: Final = 1 << 16  # entries kept at most (then it starts again)


def _move_piece(overlay: Overlay, piece_id: int, field: int) -> None:
    """``overlay.move_piece`` without ``dataclasses.replace``, reusing a piece made before."""
    old = overlay.pieces[piece_id]
    key = field << 12 | piece_id
    found = _MOVED.get(key) if piece_id < 1 << 12 else None
    if found is None or found.kind != old.kind or found.owner != old.owner:
        found = Piece(piece_id, old.kind, old.owner, field)
        if piece_id < 1 << 12:
            if len(_MOVED) >= _MOVED_LIMIT:
                _MOVED.clear()
            _MOVED[key] = found
    overlay.pieces[piece_id] = found


class Attack:
    """A creature about to attack the dwarfs on ``field``: who may still drive it off, and
    whose move goes on afterwards (``then``: ``creature`` or ``walk``)."""

    __slots__ = ("creature", "defenders", "field", "then", "victims")

    def __init__(
        self, creature: str, field: int, victims: list[int], defenders: list[int], then: str
    ) -> None:
        self.creature, self.field, self.then = creature, field, then
        self.victims, self.defenders = victims, defenders

    def to_json(self) -> JSON:
        return {
            "creature": self.creature,
            "field": A.field_text(self.field),
            "victims": list(self.victims),
            "defenders": list(self.defenders),
            "then": self.then,
        }


_LISTS: Final = (
    "deck",
    "discard",
    "box",
    "clan_cards",
    "aside",
    "revealed",
    "gold",
    "dwarfs",
    "out",
    "lying",
    "boots",
    "axes",
    "voters",
    "history",
    "events",
)


class DarkCaveState(TableState):
    """One moment of a Dark Cave game."""

    def __init__(self, game: DarkCaveGame, seed: int) -> None:
        n = game.players
        self.game: DarkCaveGame = game
        self.seed = seed
        self.round = 1
        self.phase = PLAY
        self.current: int | None = 0
        self.turn = 0  # the seat whose turn it is (``current`` may be a defender or a voter)
        self.turns = 0
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[str] = []  # the top card is the last
        self.discard: list[str] = []
        self.box: list[str] = []  # removed unseen at the start
        self.clan_cards: list[str] = []
        self.aside: list[str] = []
        self.revealed = [False] * n
        self.gold = [S.START_GOLD] * n
        self.supply = S.GOLD_PIECES - S.START_GOLD * n
        self.maze: Maze = OpenMaze(C.SHAPES)
        self.goal_cards: dict[int, str] = {}
        self.dwarfs: list[int] = []  # piece id per seat
        self.out: list[int] = []  # seats whose dwarf left the cave, in order
        self.lying = [False] * n
        self.still = False  # the turn's dwarf stood up this turn and does not move
        self.boots = [False] * n
        self.axes = [0] * n
        self.webs: dict[int, int] = {}  # web marker id -> the number it shows (2 or 1)
        self.creatures: dict[str, int] = {}  # creature -> its piece id (owner: its card's seat)
        self.peeks: list[dict[int, str]] = [{} for _ in range(n)]
        self.known: list[dict[int, str]] = [{} for _ in range(n)]  # seat -> clan card seen
        self.steps_left = 0
        self.creature_steps = 0
        self.moving: str | None = None  # the creature being moved
        self.attack: Attack | None = None
        self.pending: tuple[int, int, int] | None = None  # goal slot, side entered, from field
        self.voters: list[int] = []
        self.proposed = False
        self.draws: tuple[int, int] = (0, 0)  # (seat, cards) to draw when the turn ends
        self.final: list[int] | None = None  # scores, once over
        self.winner_seats: list[int] = []
        self.history: list[str] = []
        self.events: list[Event] = []
        self._legal: list[Action] | None = None
        self._sides: tuple[tuple[str, ...], list[list[int]]] | None = None

    # -- dealing -----------------------------------------------------------------------------------

    @classmethod
    def deal(cls, game: DarkCaveGame, seed: int) -> DarkCaveState:
        state = cls(game, seed)
        n = game.players
        rng = random.Random(f"darkcave:{seed}:deal")
        one_clan = choice(rng, S.CLANS)
        clan_cards = S.clan_cards(n, one_clan)
        shuffle(rng, clan_cards)
        state.clan_cards, state.aside = clan_cards[:n], sorted(clan_cards[n:])
        goals = list(C.GOALS)
        shuffle(rng, goals)
        maze = state.maze
        maze.add_root(slot_index(0, 0), C.START_SHAPE)
        for (x, y), goal in zip(S.goal_slots(n), goals, strict=True):
            maze.add_hidden(slot_index(x, y), goal)
            state.goal_cards[slot_index(x, y)] = goal
        maze.recompute()
        start = field_id(slot_index(0, 0), 0)
        state.dwarfs = [maze.overlay.add_piece(DWARF, seat, start).id for seat in range(n)]
        decks = {}
        for deck in C.DECKS:
            cards = list(_DECK_CARDS[deck])
            shuffle(rng, cards)
            state.box += cards[: S.REMOVED]
            decks[deck] = cards[S.REMOVED :]
        for seat in range(n):
            state.hands[seat] = [decks[deck].pop() for deck in S.hand_decks(n)]
        state.deck = decks["III"] + decks["II"] + decks["I"]
        for seat in range(n):
            data = {"clan_card": state.clan_cards[seat], "hand": list(state.hands[seat])}
            state.events.append(Event("deal", seat, data, to=seat))
        state.events.append(Event("start", None, {"clans": state.clans, "first": 0}))
        state._begin_turn(0)
        return state

    # -- what anyone may see -----------------------------------------------------------------------

    @property
    def clans(self) -> list[str]:
        """Each seat's clan (the back of its clan card: public)."""
        return [card.split("-")[0] for card in self.clan_cards]

    def side_of(self, seat: int) -> str:
        """The clan ``seat``'s dwarf works for (secret until its character is revealed)."""
        return S.works_for(self.clan_cards[seat])

    def _side_seats(self) -> list[list[int]]:
        """The seats working for each clan (the clan cards never change hands)."""
        cards = self.clan_cards
        key = tuple(cards)
        if self._sides is None or self._sides[0] != key:
            seats = [[s for s, c in enumerate(cards) if S.works_for(c) == clan] for clan in S.CLANS]
            self._sides = (key, seats)
        return self._sides[1]

    def dwarf_field(self, seat: int) -> int | None:
        """The field ``seat``'s dwarf stands on (``None``: it has left the cave)."""
        piece = self.maze.overlay.pieces.get(self.dwarfs[seat])
        return None if piece is None else piece.field

    def creature_field(self, creature: str) -> int | None:
        piece_id = self.creatures.get(creature)
        return None if piece_id is None else self.maze.overlay.pieces[piece_id].field

    def creature_owner(self, creature: str) -> int | None:
        piece_id = self.creatures.get(creature)
        return None if piece_id is None else self.maze.overlay.pieces[piece_id].owner

    @property
    def scores(self) -> list[int]:
        """The final treasure of each seat's side once over; before, the gold each carries."""
        return list(self.final) if self.final is not None else list(self.gold)

    @property
    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.phase == OVER else []

    # -- the flow between decisions ----------------------------------------------------------------

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.game.players

    def _begin_turn(self, seat: int) -> None:
        """Timers of ``seat``, then its turn; seats with no cards sit out."""
        for _ in range(self.game.players + 1):
            self.turn = self.current = seat
            self.proposed = False
            self.draws = (seat, 0)
            self._run_timers(seat)
            self.still = self.lying[seat]
            if self.lying[seat]:
                self.lying[seat] = False
                self.events.append(Event("stand-up", seat, {}))
            if self.hands[seat]:
                self.phase = PLAY
                self._legal = None
                return
            self.events.append(Event("sit-out", seat, {}))
            seat = self._next_seat(seat)
        self._finish("stuck")  # nobody holds a card, yet cards are left: nobody can play

    def _run_timers(self, seat: int) -> None:
        if not self.webs and not self.creatures:  # (most turns: nothing to copy and walk)
            return
        overlay = self.maze.overlay
        for marker_id, shows in list(self.webs.items()):
            marker = overlay.markers[marker_id]
            if marker.owner != seat:
                continue
            if shows == 2:
                self.webs[marker_id] = 1
                self.events.append(Event("web-turned", seat, {"edge": A.edge_text(marker.edge)}))
            else:
                self._remove_web(marker_id)
        for creature, piece_id in list(self.creatures.items()):
            if overlay.pieces[piece_id].owner == seat:
                self._remove_creature(creature, "timer")

    def _remove_web(self, marker_id: int) -> None:
        marker = self.maze.overlay.remove_marker(marker_id)
        del self.webs[marker_id]
        self.discard.append(C.WEB)
        self.events.append(Event("web-gone", marker.owner, {"edge": A.edge_text(marker.edge)}))

    def _remove_creature(self, creature: str, why: str) -> None:
        piece = self.maze.overlay.remove_piece(self.creatures.pop(creature))
        self.discard.append(creature)
        self.events.append(Event("creature-gone", piece.owner, {"creature": creature, "why": why}))

    def _after_play(self) -> None:
        if not self._check_end():
            self._start_move()

    def _start_move(self) -> None:
        seat = self.turn
        self.current = seat
        if self.dwarf_field(seat) is None or self.lying[seat] or self.still:
            self._end_turn()
            return
        self.phase = MOVE
        self.steps_left = BOOTS_STEPS if self.boots[seat] else STEPS

    def _end_move(self) -> None:
        seat = self.turn
        field = self.dwarf_field(seat)
        if field is not None:
            # (overlay.pieces_on in line: a call into the interpreted overlay costs more)
            for piece in [p for p in self.maze.overlay.pieces.values() if p.field == field]:
                if piece.kind == GOLD:
                    self.maze.overlay.remove_piece(piece.id)
                    self.gold[seat] += 1
                    self.events.append(Event("eagle-gold", seat, {"field": A.field_text(field)}))
                    self._reveal_character(seat)
        self._end_turn()

    def _end_turn(self) -> None:
        seat, count = self.draws
        drawn = []
        for _ in range(count):
            if self.deck:
                drawn.append(self.deck.pop())
        if drawn:
            self.hands[seat] += drawn
            self.events.append(Event.of("draw", seat, COUNT_KEYS, (len(drawn),)))
            self.events.append(Event.of("drew", seat, CARDS_KEYS, (drawn,), to=seat))
        self.turns += 1
        self._begin_turn(self._next_seat(self.turn))

    def _check_end(self) -> bool:
        """End the game at once if the cards are all played or one side has all left."""
        if self.phase == OVER:
            return True
        if not self.deck and not any(self.hands):
            self._finish("cards")
            return True
        for seats in self._side_seats() if self.out else ():
            if seats and all(s in self.out for s in seats):
                self._finish("out")
                return True
        return False

    def _finish(self, why: str) -> None:
        n = self.game.players
        treasure = {}
        for clan in S.CLANS:
            carried = sum(self.gold[s] for s in self.out if self.side_of(s) == clan)
            others = sum(1 for s in range(n) if self.side_of(s) != clan)
            treasure[clan] = carried * others
        for seat in range(n):  # gold of dwarfs still in the cave goes back
            if seat not in self.out:
                self.supply += self.gold[seat]
                self.gold[seat] = 0
        yellow, blue = treasure[S.YELLOW], treasure[S.BLUE]
        if yellow != blue:
            winner: str | None = S.YELLOW if yellow > blue else S.BLUE
        elif self.out:
            winner = self.side_of(self.out[0])
        else:
            winner = None  # a draw: nobody carried anything out
        self.final = [treasure[self.side_of(s)] for s in range(n)]
        self.winner_seats = [s for s in range(n) if winner is None or self.side_of(s) == winner]
        self.phase, self.current = OVER, None
        self.events.append(
            Event(
                "game-end",
                None,
                {
                    "why": why,
                    "clan_cards": list(self.clan_cards),
                    "treasure": treasure,
                    "winner": winner,
                    "winners": list(self.winner_seats),
                },
            )
        )
        self._legal = None

    # -- the State interface ---------------------------------------------------------------------

    def view(self, player: int | None) -> JSON:
        from saboteur.engine.darkcave.notation import view_of

        return view_of(self, player)

    def to_json(self) -> JSON:
        from saboteur.engine.darkcave.notation import state_to_json

        return state_to_json(self)

    def render(self, player: int | None = None) -> str:
        from saboteur.engine.darkcave.render import render

        return render(self, player)

    def clone(self) -> DarkCaveState:
        clone = type(self)(self.game, self.seed)  # a constructor: the compiled class needs one
        clone.round, clone.phase, clone.current, clone.turn = (
            self.round,
            self.phase,
            self.current,
            self.turn,
        )
        clone.turns, clone.supply, clone.still = self.turns, self.supply, self.still
        clone.steps_left, clone.creature_steps = self.steps_left, self.creature_steps
        clone.moving, clone.pending, clone.proposed = self.moving, self.pending, self.proposed
        clone.draws, clone.final, clone.winner_seats = self.draws, self.final, self.winner_seats
        clone._legal, clone._sides = self._legal, self._sides
        for name in _LISTS:
            setattr(clone, name, list(getattr(self, name)))
        clone.hands = [list(hand) for hand in self.hands]
        clone.peeks = [dict(seen) for seen in self.peeks]
        clone.known = [dict(seen) for seen in self.known]
        clone.webs = dict(self.webs)
        clone.creatures = dict(self.creatures)
        clone.goal_cards = dict(self.goal_cards)
        clone.maze = self.maze.copy()
        if self.attack is not None:
            a = self.attack
            clone.attack = Attack(a.creature, a.field, list(a.victims), list(a.defenders), a.then)
        return clone

    # -- applying actions --------------------------------------------------------------------------

    def apply(self, action: Action | str, player: int | None = None) -> None:
        seat = self._seat_to_act(player)
        if isinstance(action, str):
            action = A.parse_action(action)
        if not _holds(self.legal_actions(), action):
            raise IllegalAction(self._rule_for(action), self._why_not(action))
        self._legal = None
        self.history.append(action.text)
        kind = action.kind
        if kind == A.STEP:  # the commonest called directly (a handler from the table is a
            self._step(seat, action)  # call through Python, ~0.1 µs more)
        elif kind == A.PLACE:
            self._place(seat, action)
        elif kind == A.STOP:
            self._stop(seat, action)
        else:
            HANDLERS[kind](self, seat, action)
        self._legal = None

    def _rule_for(self, action: Action) -> str:
        return f"{self.phase}.{action.kind}"

    def _why_not(self, action: Action) -> str:
        from saboteur.engine.darkcave.legal import explain

        return explain(self, action)

    def _generate_legal(self) -> list[Action]:
        from saboteur.engine.darkcave.legal import legal_actions

        return legal_actions(self)

    def _play_card(self, seat: int, card: str, keep: bool = False) -> None:
        """Take ``card`` from ``seat``'s hand (to the discard pile unless it stays in front)."""
        self.hands[seat].remove(card)
        if not keep:
            self.discard.append(card)
        self.draws = (seat, 1)

    def _place(self, seat: int, action: Action) -> None:
        sid = action.code & 0xFF
        index = action.code >> 8
        self._play_card(seat, C.SHAPES.shapes[sid].card, keep=True)
        self._lay(index, sid)
        x, y = slot_xy(index)
        self.events.append(Event.of("place", seat, SHAPE_KEYS, (action.choice, x, y)))
        self._after_play()

    def _lay(self, index: int, sid: int) -> None:
        """A card (a path card or a revealed goal) joins the net: ladders, eagle gold."""
        self.maze.place(index, sid)
        W.link_ladders(self.maze, index)
        for number, kind in C.SPECIAL_BY_SHAPE[sid].items():
            if kind == C.EAGLE and self.supply:
                self.supply -= 1
                self.maze.overlay.add_piece(GOLD, None, field_id(index, number))

    def _pass(self, seat: int, action: Action) -> None:
        cards = A.discarded(action)
        for card in cards:
            self.hands[seat].remove(card)
            self.discard.append(card)
        self.draws = (seat, len(cards))
        self.events.append(Event.of("pass", seat, COUNT_KEYS, (len(cards),)))
        self.events.append(Event.of("discarded", seat, CARDS_KEYS, (list(cards),), to=seat))
        self._after_play()

    def _info(self, seat: int, action: Action) -> None:
        self._play_card(seat, C.INFO)
        if action.seat is not None:
            target = action.seat
            self.known[seat][target] = self.clan_cards[target]
            self.events.append(Event("info-clan", seat, {"target": target}))
            data = {"target": target, "clan_card": self.clan_cards[target]}
            self.events.append(Event("saw-clan-card", seat, data, to=seat))
        else:
            index = action.code
            card = self.goal_cards[index]
            self.peeks[seat][index] = card
            x, y = slot_xy(index)
            self.events.append(Event("info-goal", seat, {"x": x, "y": y}))
            self.events.append(Event("saw-goal", seat, {"x": x, "y": y, "card": card}, to=seat))
        self._after_play()

    def _rockfall(self, seat: int, action: Action) -> None:
        self._play_card(seat, C.ROCKFALL)
        index = action.code
        maze = self.maze
        sid = maze.cells[index]
        overlay = maze.overlay
        for piece in overlay.pieces_at(index):  # eagle gold back to the supply
            overlay.remove_piece(piece.id)
            self.supply += 1
        overlay.clear_slot(index, len(C.SHAPES.shapes[sid].fields))
        maze.remove(index)
        self.discard.append(C.SHAPES.shapes[sid].card)
        for marker in overlay.markers_around(index):  # webs on its open ends go with it
            ends = edge_slots(marker.edge)
            if not any(slot in maze.cells or slot in maze.hidden for slot in ends):
                self._remove_web(marker.id)
        x, y = slot_xy(index)
        self.events.append(
            Event("rockfall", seat, {"x": x, "y": y, "card": C.SHAPES.shapes[sid].card})
        )
        self._after_play()

    def _swap(self, seat: int, action: Action) -> None:
        target = action.seat
        assert target is not None
        self._play_card(seat, C.SWAP)
        self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
        self.draws = (target, 1)
        self.events.append(Event("swap", seat, {"target": target}))
        for who in (seat, target):
            self.events.append(Event("hand", who, {"hand": list(self.hands[who])}, to=who))
        self._after_play()

    def _web(self, seat: int, action: Action) -> None:
        self._play_card(seat, C.WEB, keep=True)
        index, side = edge_side(action.code)
        marker = self.maze.overlay.add_marker(W.WEB_MARKER, seat, index, side)
        self.webs[marker.id] = 2
        self.events.append(Event("web", seat, {"edge": A.edge_text(action.code)}))
        self._after_play()

    def _equip(self, seat: int, action: Action) -> None:
        target = action.seat
        assert target is not None and action.card is not None
        self._play_card(seat, action.card, keep=True)
        if action.card == C.BOOTS:
            self.boots[target] = True
        else:
            self.axes[target] += 1
        self.events.append(Event("equip", seat, {"card": action.card, "target": target}))
        self._after_play()

    def _lure(self, seat: int, action: Action) -> None:
        creature = action.card
        assert creature is not None
        self._play_card(seat, creature, keep=True)
        overlay = self.maze.overlay
        if creature in self.creatures:  # it moves on from where it stands, now this seat's
            old = overlay.pieces[self.creatures[creature]]
            if old.owner is not None:
                self.discard.append(creature)
            overlay.remove_piece(old.id)
            field = old.field
            self.events.append(Event("lure", seat, {"creature": creature, "again": True}))
        else:
            field = action.code
            self.events.append(
                Event("lure", seat, {"creature": creature, "field": A.field_text(field)})
            )
        self.creatures[creature] = overlay.add_piece(creature, seat, field).id
        if self._check_end():
            return
        self.phase, self.moving = CREATURE, creature
        self.creature_steps = C.CREATURES[creature]

    def _step(self, seat: int, action: Action) -> None:
        if self.phase == CREATURE:
            self._creature_step(action.code)
        else:
            self._dwarf_step(seat, action.code)

    def _creature_step(self, field: int) -> None:
        creature = self.moving
        assert creature is not None
        overlay = self.maze.overlay
        _move_piece(overlay, self.creatures[creature], field)
        self.creature_steps -= 1
        self.events.append(
            Event("creature-step", self.turn, {"creature": creature, "field": A.field_text(field)})
        )
        victims = self._dwarfs_on(field)
        if victims:
            self.moving = None
            self._start_attack(creature, field, victims, "creature")
        elif self.creature_steps == 0:
            self.moving = None
            self._start_move()

    def _dwarfs_on(self, field: int) -> list[int]:
        """The seats whose dwarfs stand on ``field``, in turn order from the turn's seat."""
        n = self.game.players
        order = [(self.turn + k) % n for k in range(n)]
        return [s for s in order if self.dwarf_field(s) == field]

    def _start_attack(self, creature: str, field: int, victims: list[int], then: str) -> None:
        defenders = [s for s in victims if self.axes[s]]
        self.attack = Attack(creature, field, victims, defenders, then)
        self._next_defender()

    def _next_defender(self) -> None:
        attack = self.attack
        assert attack is not None
        if attack.defenders:
            self.phase, self.current = DEFEND, attack.defenders[0]
            return
        for victim in attack.victims:
            self._hurt(attack.creature, victim)
        self._after_attack()

    def _after_attack(self) -> None:
        attack = self.attack
        assert attack is not None
        self.attack = None
        self.current = self.turn
        if self._check_end():
            return
        if attack.then == "creature":
            self._start_move()
        else:
            self._end_move()

    def _defend(self, seat: int, action: Action) -> None:
        attack = self.attack
        assert attack is not None
        attack.defenders.pop(0)
        if action.kind == A.DRIVE_OFF:
            self.axes[seat] -= 1
            self.discard.append(C.AXE)
            self.events.append(Event("drive-off", seat, {"creature": attack.creature}))
            self._remove_creature(attack.creature, "axe")
            self._after_attack()
        else:
            self._next_defender()

    def _hurt(self, creature: str, victim: int) -> None:
        data: JSON = {"creature": creature, "target": victim}
        if creature == C.RAT:
            self._lose_card(victim, "rat")
        elif creature == C.WYRM:
            self.lying[victim] = True
        elif self.gold[victim]:
            self.gold[victim] -= 1
            self.supply += 1
            data["gold"] = 1
        self.events.append(Event("attack", self.turn, data))

    def _lose_card(self, seat: int, why: str) -> None:
        """The next seat draws a card from ``seat``'s hand at random; it is discarded unseen."""
        hand = self.hands[seat]
        if not hand:
            return
        # drawn from what the state notation holds, so a reloaded state draws the same card
        key = f"darkcave:{self.seed}:{self.turns}:{len(self.discard)}:{seat}:{why}"
        rng = random.Random(key)
        card = hand.pop(randrange(rng, len(hand)))
        self.discard.append(card)
        self.events.append(Event("card-lost", seat, {"why": why}))
        self.events.append(Event("lost", seat, {"card": card}, to=seat))

    def _dwarf_step(self, seat: int, field: int) -> None:
        maze = self.maze
        source = self.dwarf_field(seat)
        assert source is not None
        self.steps_left -= 1
        index = field_slot(field)
        if index in maze.hidden:
            side = next(s for s, _, step in SIDE_STEPS if field_slot(source) + step == index)
            self.pending = (index, OPPOSITE[side], source)
            self.phase = REVEAL
            x, y = slot_xy(index)
            self.events.append(
                Event("goal-turned", seat, {"x": x, "y": y, "card": maze.hidden[index]})
            )
            return
        cost = W.toll(maze, source, field)
        overlay = maze.overlay
        _move_piece(overlay, self.dwarfs[seat], field)
        self.events.append(Event.of("step", seat, _FIELD_KEYS, (A.field_text(field),)))
        if cost == "card":
            self._lose_card(seat, "bridge")
        elif cost == "gold" and self.gold[seat]:
            self.gold[seat] -= 1
            self.supply += 1
            self.events.append(Event("tunnel-gold", seat, {}))
        if W.special(maze, field) == C.EXIT:
            self._leave(seat)
            return
        creatures: list[str] = []
        if self.creatures:  # (a creature's piece is on the maze only while it is in here)
            here = {piece.kind for piece in overlay.pieces.values() if piece.field == field}
            creatures = [creature for creature in C.CREATURES if creature in here]
        if creatures:
            self._start_attack(creatures[0], field, [seat], "walk")
            return
        if self._check_end():
            return
        if self.steps_left == 0:
            self._end_move()

    def _leave(self, seat: int) -> None:
        overlay = self.maze.overlay
        overlay.remove_piece(self.dwarfs[seat])
        self.out.append(seat)
        self.events.append(Event("leave", seat, {"gold": self.gold[seat]}))
        self._reveal_character(seat)
        if len(self.out) == 1 and self.aside:
            self.events.append(Event("saw-aside", seat, {"clan_cards": list(self.aside)}, to=seat))
        if not self._check_end():
            self._end_move()

    def _reveal_character(self, seat: int) -> None:
        if not self.revealed[seat]:
            self.revealed[seat] = True
            self.events.append(Event("character", seat, {"clan_card": self.clan_cards[seat]}))

    def _reveal(self, seat: int, action: Action) -> None:
        assert self.pending is not None
        index, _, _ = self.pending
        sid = action.code & 0xFF
        self.pending = None
        del self.maze.hidden[index]
        self._lay(index, sid)
        _move_piece(self.maze.overlay, self.dwarfs[seat], field_id(index, 0))
        x, y = slot_xy(index)
        self.events.append(Event("reveal", seat, {"shape": action.choice, "x": x, "y": y}))
        self._end_move()

    def _stop(self, seat: int, action: Action) -> None:
        if self.phase == CREATURE:
            self.moving = None
            self._start_move()
        else:
            self._end_move()

    def _axe_web(self, seat: int, action: Action) -> None:
        self.axes[seat] -= 1
        self.discard.append(C.AXE)
        marker = next(m for m in self.maze.overlay.markers_on(action.code) if m.id in self.webs)
        self.events.append(Event("axe-web", seat, {"edge": A.edge_text(action.code)}))
        if self.webs[marker.id] == 2:
            self.webs[marker.id] = 1
        else:
            self._remove_web(marker.id)

    def _propose(self, seat: int, action: Action) -> None:
        self.proposed = True
        n = self.game.players
        self.voters = [(seat + k) % n for k in range(1, n)]
        self.phase, self.current = VOTE, self.voters[0]
        self.events.append(Event("propose-end", seat, {}))

    def _vote(self, seat: int, action: Action) -> None:
        self.events.append(Event(action.kind, seat, {}))
        self.voters.pop(0)
        if action.kind == A.REFUSE:
            self.voters = []
            self.phase, self.current = PLAY, self.turn
        elif self.voters:
            self.current = self.voters[0]
        else:
            self._finish("agreed")


HANDLERS: Final = {
    A.PLACE: DarkCaveState._place,
    A.PASS: DarkCaveState._pass,
    A.INFO: DarkCaveState._info,
    A.ROCKFALL: DarkCaveState._rockfall,
    A.SWAP: DarkCaveState._swap,
    A.WEB: DarkCaveState._web,
    A.EQUIP: DarkCaveState._equip,
    A.LURE: DarkCaveState._lure,
    A.STEP: DarkCaveState._step,
    A.STOP: DarkCaveState._stop,
    A.DRIVE_OFF: DarkCaveState._defend,
    A.ENDURE: DarkCaveState._defend,
    A.REVEAL: DarkCaveState._reveal,
    A.AXE_WEB: DarkCaveState._axe_web,
    A.PROPOSE: DarkCaveState._propose,
    A.AGREE: DarkCaveState._vote,
    A.REFUSE: DarkCaveState._vote,
}
