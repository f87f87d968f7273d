"""Classic Saboteur with explicit chance, for OpenSpiel (pure Python: no pyspiel needed here).

The engine deals and draws from seeded streams inside ``apply``; OpenSpiel wants
every random event as a chance node. :class:`ClassicSpielCore` therefore drives
the engine and replaces its chance by explicit chance nodes:

- at the start: the order of the gold pile, one node per card (28 nodes);
- each round: the first player (round 1, unless the ``first`` option fixes it),
  each seat's role, the gold goal's slot, the NE stone's slot, then every hand
  card seat by seat; the finished deal is written into the engine through the
  state notation (validated, cards conserved);
- after each turn that draws: which card the player draws (the engine's own
  draw is put back on the deck and replaced by the chance outcome);
- the ``online-3`` preset only: which digger gets which gold card.

Chance outcomes are numbers below 27: a card kind (``CARD_KINDS``), a role
(0 digger, 1 saboteur), a goal slot (0-2), a seat, a gold value - 1, or keep/swap.

>>> from saboteur.engine import new_game
>>> core = ClassicSpielCore.initial(new_game("classic", 3, {"rounds": 1}))
>>> core.current(), core.chance_outcomes()[:2]
(-1, [(0, 0.5714285714285714), (1, 0.2857142857142857)])
>>> import random
>>> rng = random.Random(1)
>>> while core.current() < 0:
...     outcomes, probs = zip(*core.chance_outcomes())
...     core.apply(rng.choices(outcomes, probs)[0])
>>> core.current() in range(3), len(core.engine.hands[0]), len(core.engine.deck)
(True, 6, 49)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from saboteur.engine import Event, Game
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.classic.state import GOAL_SLOTS, GOLD_PHASE, PLAY, ClassicState
from saboteur.engine.maze import slot_xy
from saboteur.envs.base import Field, FloatArray, build_fields
from saboteur.envs.chance import ChanceCore, weighted
from saboteur.envs.classic import action_space, observer
from saboteur.envs.classic.actions import CARD_KINDS, ClassicActionSpace
from saboteur.envs.classic.observation import ClassicObserver
from saboteur.envs.spiel_parts import SpielRuleset, cached_root

ROLES = (C.DIGGER, C.SABOTEUR)
MAX_CHANCE_OUTCOMES = len(CARD_KINDS)  # 27: at least as many as seats (10)
DEAL_KINDS = ("first", "role", "goal-gold", "goal-ne", "card")


@dataclass
class Deal:
    """A round being dealt by chance nodes (the engine holds a placeholder until it is done)."""

    role_pool: dict[str, int]
    pool: dict[str, int]
    hands: list[list[str]]
    roles: list[str] = field(default_factory=list)
    goals: dict[int, str] = field(default_factory=dict)
    first: int | None = None

    def copy(self) -> Deal:
        return Deal(
            dict(self.role_pool),
            dict(self.pool),
            [list(hand) for hand in self.hands],
            list(self.roles),
            dict(self.goals),
            self.first,
        )


def history_fields(players: int) -> tuple[Field, ...]:
    """Per seat, this round's public actions: lays, rockfalls, passes, breaks and repairs
    on each seat, maps of each goal."""
    n = players
    return build_fields(
        [
            ("history", (n, 3 + 2 * n + 3), float(C.hand_size(3) + sum(C.PATH_COUNTS.values()))),
        ]
    )


class ClassicSpielCore(ChanceCore[ClassicGame, ClassicState, Deal]):
    """One OpenSpiel state of a classic game: the engine state plus pending chance and logs."""

    def __init__(self, game: ClassicGame, engine: ClassicState) -> None:
        super().__init__(game, engine, history_fields(game.players)[0].size)
        self.gold_order: list[int] | None = None  # the gold pile being built at the start
        self.share: list[int] = []  # online-3: the diggers whose gold a chance node may swap
        self._seen: dict[int, tuple[int, str]] = {}  # per seat: log entries read, their text

    @classmethod
    def initial(cls, game: ClassicGame, template: ClassicState | None = None) -> ClassicSpielCore:
        """The root: nothing dealt (``template``: any dealt state of ``game``, a placeholder)."""
        core = cls(game, (template or game.new_state(0)).clone())
        core.gold_order = []
        core.tasks = [("gold", -1)] * len(C.GOLD_CARDS)
        core._start_deal(first_round=True)
        return core

    @property
    def actions(self) -> ClassicActionSpace:
        return action_space(self.game.players)

    @property
    def observer(self) -> ClassicObserver:
        return observer(self.game.players)

    def _copy_extra(self, other: ClassicSpielCore) -> None:
        other.gold_order = list(self.gold_order) if self.gold_order is not None else None
        other.share = list(self.share)
        other._seen = dict(self._seen)

    def _extra_json(self) -> dict[str, Any]:
        deal = self.deal
        return {
            "deal": None if deal is None else _deal_json(deal),
            "gold_order": self.gold_order,
            "share": self.share,
        }

    def _load_extra(self, data: dict[str, Any]) -> None:
        self.deal = None if data["deal"] is None else _deal_from_json(data["deal"])
        self.gold_order = data["gold_order"]
        self.share = data["share"]
        self._seen = {}

    def chance_outcomes(self) -> list[tuple[int, float]]:
        kind, _ = self.tasks[0]
        if kind == "gold":
            assert self.gold_order is not None
            left = Counter(C.GOLD_CARDS) - Counter(self.gold_order)
            return weighted({value - 1: count for value, count in left.items()})
        if kind == "first":
            return weighted(dict.fromkeys(range(self.game.players), 1))
        if kind == "share":
            return [(0, 0.5), (1, 0.5)]
        if kind == "draw":
            counts = Counter(self.engine.deck)
            return weighted({CARD_KINDS.index(card): k for card, k in counts.items()})
        deal = self.deal
        assert deal is not None
        if kind == "role":
            return weighted({ROLES.index(role): k for role, k in deal.role_pool.items() if k})
        if kind == "goal-gold":
            return weighted(dict.fromkeys(range(3), 1))
        if kind == "goal-ne":
            free = [i for i, index in enumerate(GOAL_SLOTS) if index not in deal.goals]
            return weighted(dict.fromkeys(free, 1))
        assert kind == "card"
        return weighted({CARD_KINDS.index(card): k for card, k in deal.pool.items() if k})

    def _apply_chance(self, outcome: int) -> None:
        kind, seat = self.tasks.pop(0)
        if kind == "gold":
            assert self.gold_order is not None
            self.gold_order.append(outcome + 1)
        elif kind == "draw":
            card = CARD_KINDS[outcome]
            self.engine.deck.remove(card)
            self.engine.hands[seat].append(card)
            self.log += [(-1, f"s{seat} draws"), (seat, f"draw {card}")]
        elif kind == "share":
            first, second = self.share
            gold = self.engine.gold
            if outcome:
                gold[first][-1], gold[second][-1] = gold[second][-1], gold[first][-1]
            self.log += [(s, f"gold {[gold[s][-1]]}") for s in self.share]
            self.share = []
        else:
            self._deal_outcome(kind, seat, outcome)
        if not self.tasks:
            if self.deal is not None:
                self._finish_deal()
            self._settle()

    def _deal_outcome(self, kind: str, seat: int, outcome: int) -> None:
        deal = self.deal
        assert deal is not None
        if kind == "first":
            deal.first = outcome
        elif kind == "role":
            role = ROLES[outcome]
            deal.roles.append(role)
            deal.role_pool[role] -= 1
            self.log.append((seat, f"role {role}"))
        elif kind == "goal-gold":
            deal.goals[GOAL_SLOTS[outcome]] = C.GOLD_GOAL
        elif kind == "goal-ne":
            deal.goals[GOAL_SLOTS[outcome]] = C.STONE_NE
            last = next(index for index in GOAL_SLOTS if index not in deal.goals)
            deal.goals[last] = C.STONE_NW
        else:
            card = CARD_KINDS[outcome]
            deal.hands[seat].append(card)
            deal.pool[card] -= 1
            self.log.append((seat, f"deal {card}"))

    def _start_deal(self, first_round: bool) -> None:
        engine, n = self.engine, self.game.players
        pool = Counter(engine.deck)
        for hand in engine.hands:
            pool.update(hand)
        roles = Counter(engine.roles) + Counter(engine.role_aside)
        self.deal = Deal({role: roles[role] for role in ROLES}, dict(pool), [[] for _ in range(n)])
        tasks: list[tuple[str, int]] = []
        if first_round and self.game.opts.first is None:
            tasks.append(("first", -1))
        tasks += [("role", seat) for seat in range(n)] + [("goal-gold", -1), ("goal-ne", -1)]
        tasks += [("card", seat) for seat in range(n) for _ in range(len(engine.hands[seat]))]
        self.tasks += tasks
        self.passes = [[] for _ in range(n)]
        self.stats = [0.0] * len(self.stats)

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        data = self.engine.to_json()
        data["roles"] = deal.roles
        data["role_aside"] = [role for role in ROLES for _ in range(deal.role_pool[role])]
        data["goals"] = [[*slot_xy(index), deal.goals[index]] for index in GOAL_SLOTS]
        data["hands"] = deal.hands
        data["deck"] = sorted(Counter(deal.pool).elements())
        if self.gold_order is not None:
            data["gold_pile"] = self.gold_order
            self.gold_order = None
        if deal.first is not None:
            data["current"] = deal.first
        self.engine = self.game.state_from_json(data)
        self.deal = None
        self.log.append((-1, f"round {self.engine.round} s{self.engine.current} starts"))

    def _apply_action(self, index: int) -> None:
        engine = self.engine
        seat = engine.current
        assert seat is not None
        action = action_space(self.game.players).decode(index)
        offer = sorted(engine.gold_offer, reverse=True) if engine.phase == GOLD_PHASE else None
        start, round_before, deck_before = len(engine.events), engine.round, len(engine.deck)
        engine.apply(action, player=seat)  # an illegal action raises here and changes nothing
        if offer is not None:
            self.log.append((seat, f"offer {offer}"))
        events = engine.events[start:]
        if self.game.opts.online3:
            self.share = _share_of(engine, events)
        for event in events:
            self._note(event)
        if action.kind == "pass":
            assert action.card is not None
            self.passes[seat].append(action.card)
        same_round = engine.round == round_before and engine.phase == PLAY
        if same_round and deck_before and len(engine.deck) == deck_before - 1:
            # the engine drew from its own shuffle: put the card back, let a chance node draw
            card = engine.hands[seat].pop()
            engine.deck.append(card)
            assert engine.current != seat
            self.tasks.append(("draw", seat))
        if self.share:
            self.tasks.append(("share", -1))
        if engine.round != round_before and not engine.is_over:
            self._start_deal(first_round=False)
        if not self.tasks:
            self._settle()

    def _settle(self) -> None:
        if self.engine.is_over:
            self.log.append((-1, f"game over scores {self.engine.scores}"))

    def _note(self, event: Event) -> None:
        """Log what ``event`` tells whom, and count public actions for the history tensor."""
        kind, seat, data = event.kind, event.seat, event.data
        n = self.game.players
        row = (seat or 0) * (6 + 2 * n)
        if kind == "place":
            self.log.append((-1, f"s{seat} {data['shape']}@{data['x']},{data['y']}"))
            self.stats[row] += 1
        elif kind == "reveal":
            self.log.append((-1, f"reveal {data['x']},{data['y']} {data['shape']}"))
        elif kind in ("break", "repair"):
            self.log.append((-1, f"s{seat} {kind} {data['tool']} s{data['target']}"))
            self.stats[row + 3 + (n if kind == "repair" else 0) + data["target"]] += 1
        elif kind == "rockfall":
            self.log.append((-1, f"s{seat} rockfall {data['x']},{data['y']} {data['card']}"))
            self.stats[row + 1] += 1
        elif kind == "map":
            self.log.append((-1, f"s{seat} map {data['x']},{data['y']}"))
            goal = [slot_xy(index) for index in GOAL_SLOTS].index((data["x"], data["y"]))
            self.stats[row + 3 + 2 * n + goal] = 1
        elif kind == "peek":
            self.log.append((_to(event), f"peek {data['x']},{data['y']} {data['card']}"))
        elif kind == "pass":
            self.log.append((-1, f"s{seat} pass"))
            self.stats[row + 2] += 1
        elif kind == "discard":
            self.log.append((_to(event), f"discard {data['card']}"))
        elif kind == "round-end":
            roles = "".join(role[0] for role in data["roles"])
            text = f"round {data['round']} {data['winner']} finder {data['finder']} roles {roles}"
            self.log.append((-1, text))
        elif kind == "gold-offer":
            self.log.append((-1, f"offer {data['cards']} first s{data['first']}"))
        elif kind == "gold":
            self.log.append((-1, f"s{seat} gold {data['cards']}"))
        elif kind == "gold-value" and seat not in self.share:
            self.log.append((_to(event), f"gold {data['values']}"))
        elif kind == "gold-short":
            self.log.append((-1, "gold short"))

    # -- what a seat knows ---------------------------------------------------------------------

    def _correct(self, view: dict[str, Any], seat: int) -> None:
        deal = self.deal
        if deal is not None:
            view["role"] = deal.roles[seat] if seat < len(deal.roles) else None
        if self.tasks and seat in self.share:  # the card this digger gets is not decided yet
            view["gold"] = view["gold"][:-1]

    def info_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order, then what it holds now."""
        read, text = self._seen.get(seat, (0, f"seat {seat} of {self.game.players}"))
        if read < len(self.log):
            fresh = [entry for to, entry in self.log[read:] if to < 0 or to == seat]
            text = "\n".join([text, *fresh]) if fresh else text
            self._seen[seat] = (len(self.log), text)
        view = self.view(seat)
        now = f"now hand {sorted(view['hand'])} role {view['role']}"
        if view["gold_offer"]:
            now += f" offer {view['gold_offer']}"
        return f"{text}\n{now}"

    def _encode(self, view: dict[str, Any]) -> FloatArray:
        return observer(self.game.players).encode_view(view, self.engine.maze)

    # -- resampling ----------------------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> ClassicSpielCore:
        """A state ``seat`` cannot tell from this one, its hidden parts drawn afresh
        (see :func:`saboteur.envs.classic.resample.resample`)."""
        from saboteur.envs.classic.resample import resample

        return resample(self, seat, rng)


def _to(event: Event) -> int:
    assert event.to is not None
    return event.to


def _share_of(engine: ClassicState, events: list[Event]) -> list[int]:
    """online-3: the two diggers whose (different) gold cards a chance node deals out."""
    ends = [event for event in events if event.kind == "round-end"]
    if not ends or ends[0].data["winner"] != "diggers":
        return []
    seats = [event.seat for event in events if event.kind == "gold" and event.seat is not None]
    if len(seats) != 2 or engine.gold[seats[0]][-1] == engine.gold[seats[1]][-1]:
        return []
    return seats


def _deal_json(deal: Deal) -> dict[str, Any]:
    return {
        "role_pool": deal.role_pool,
        "pool": deal.pool,
        "hands": deal.hands,
        "roles": deal.roles,
        "goals": [[index, card] for index, card in sorted(deal.goals.items())],
        "first": deal.first,
    }


def _deal_from_json(data: dict[str, Any]) -> Deal:
    goals = {index: card for index, card in data["goals"]}
    return Deal(data["role_pool"], data["pool"], data["hands"], data["roles"], goals, data["first"])


def _length(game: Game) -> int:
    assert isinstance(game, ClassicGame)
    # each turn plays one of the 67 cards; at most 6 gold choices (the last card goes by itself)
    return game.opts.rounds * (67 + 7)


SPIEL = SpielRuleset(
    root=cached_root(ClassicSpielCore.initial),
    num_actions=lambda players: action_space(players).size,
    observation_fields=lambda players: observer(players).fields,
    history_fields=history_fields,
    max_game_length=_length,
    max_chance_outcomes=MAX_CHANCE_OUTCOMES,
)
