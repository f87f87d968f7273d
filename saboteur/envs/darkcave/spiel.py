"""The Dark Cave with explicit chance, for OpenSpiel (pure Python: no pyspiel needed here).

:class:`DarkCaveSpielCore` drives the engine and replaces its shuffles by chance nodes:

- the deal: with 3–4 players the clan of all clan cards, then each seat's clan card, each
  corner's goal, the 5 cards of each deck put back in the box, and every hand card seat by seat
  (from the deck the player count says); the rest of each deck forms the draw pile (III at the
  bottom, then II, then I) and the finished deal is written into the engine through the state
  notation (validated, cards conserved);
- after each turn that draws: each card drawn, from the deck on top of the draw pile (the
  engine's own draw is put back and replaced by the chance outcome).

A hand card lost to a rat or a bridge is the engine's own draw (a function of the state).
Chance outcomes are numbers below 43: a hand card kind (``KINDS``), a goal (``C.GOALS``), a clan
card (``CLAN_CARDS``) or a clan (``S.CLANS``).  The log every seat reads is the engine's events,
each shown only to the seats allowed to see it.

>>> from saboteur.engine import new_game
>>> core = DarkCaveSpielCore.initial(new_game("darkcave", 3))
>>> core.current(), core.chance_outcomes()
(-1, [(0, 0.5), (1, 0.5)])
>>> import random
>>> rng = random.Random(1)
>>> while core.current() < 0:
...     outcomes, probs = zip(*core.chance_outcomes())
...     core.apply(rng.choices(outcomes, probs)[0])
>>> core.current(), len(core.engine.hands[2]), len(core.engine.deck), len(core.engine.box)
(0, 5, 52, 15)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from saboteur.engine import Game
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave.actions import PASS, discarded
from saboteur.engine.darkcave.game import DarkCaveGame
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.envs.base import Field, FloatArray, build_fields
from saboteur.envs.chance import ChanceCore, event_text, weighted
from saboteur.envs.darkcave import action_space, observer
from saboteur.envs.darkcave.actions import KINDS, DarkCaveActionSpace
from saboteur.envs.darkcave.observation import CARDS, CLAN_CARDS, DarkCaveObserver, Table
from saboteur.envs.darkcave.resample import resample
from saboteur.envs.spiel_parts import SpielRuleset, cached_root

MAX_CHANCE_OUTCOMES = len(KINDS)  # 43: more than goals, clan cards or clans
PRIVATE_EVENTS = ("draw", "drew")  # logged by the core itself (chance decides them)
BLOCKS = tuple(action_space(2).starts)
# every turn takes a card out of play for good: at most a proposal and 7 answers, a card, 5
# creature steps, 8 defenders, 4 steps, a goal and a defence; the 3 axes cut webs besides
MAX_LENGTH = CARDS * (1 + 7 + 1 + 6 + 8 + 5 + 2) + 3


@dataclass
class Deal:
    """The game being dealt by chance nodes (the engine holds a placeholder until it is done)."""

    decks: dict[str, dict[str, int]]  # per deck: its cards not dealt yet, by kind
    clan_pool: dict[str, int]
    goal_pool: dict[str, int]
    hands: list[list[str]]
    clan_cards: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)

    @property
    def pool(self) -> dict[str, int]:
        """Every card not dealt yet, by kind."""
        return dict(sum((Counter(cards) for cards in self.decks.values()), Counter()))

    def copy(self) -> Deal:
        return Deal(
            {deck: dict(cards) for deck, cards in self.decks.items()},
            dict(self.clan_pool),
            dict(self.goal_pool),
            [list(hand) for hand in self.hands],
            list(self.clan_cards),
            list(self.goals),
            list(self.box),
        )


def history_fields(players: int) -> tuple[Field, ...]:
    """Per seat, the game's actions by block of the action space (place, reveal, ... pass)."""
    return build_fields([("history", (players, len(BLOCKS)), float(MAX_LENGTH))])


class DarkCaveSpielCore(ChanceCore[DarkCaveGame, DarkCaveState, Deal]):
    """One OpenSpiel state of a Dark Cave game: the engine state plus pending chance and logs."""

    def __init__(self, game: DarkCaveGame, engine: DarkCaveState) -> None:
        super().__init__(game, engine, history_fields(game.players)[0].size)
        self.layers: list[int] = [0, 0, 0]  # cards of decks III, II, I in the draw pile's layers

    @classmethod
    def initial(cls, game: DarkCaveGame) -> DarkCaveSpielCore:
        """The root: nothing dealt (the engine holds a placeholder deal)."""
        core = cls(game, game.new_state(0))
        n = game.players
        decks = {deck: dict(Counter(C.deck_cards(deck))) for deck in C.DECKS}
        clans = dict(Counter(S.clan_cards(n, S.YELLOW)))
        core.deal = Deal(decks, clans, dict.fromkeys(C.GOALS, 1), [[] for _ in range(n)])
        core.tasks = [("clan", -1)] if n in (3, 4) else []
        core.tasks += [("clan-card", s) for s in range(n)] + [("goal", -1)] * len(C.GOALS)
        core.tasks += [(f"box-{deck}", -1) for deck in C.DECKS for _ in range(S.REMOVED)]
        core.tasks += [("card", s) for s in range(n) for _ in range(S.HAND)]
        return core

    @property
    def actions(self) -> DarkCaveActionSpace:
        return action_space(self.game.players)

    @property
    def observer(self) -> DarkCaveObserver:
        return observer(self.game.players)

    def _copy_extra(self, other: DarkCaveSpielCore) -> None:
        other.layers = list(self.layers)

    def _extra_json(self) -> dict[str, Any]:
        deal = self.deal
        return {"deal": None if deal is None else deal.__dict__, "layers": self.layers}

    def _load_extra(self, data: dict[str, Any]) -> None:
        self.deal = None if data["deal"] is None else Deal(**data["deal"])
        self.layers = list(data["layers"])

    # -- chance ------------------------------------------------------------------------------

    def _top(self) -> int:
        """Where the top layer of the draw pile begins (the deck a draw comes from)."""
        below = len(self.engine.deck)
        start = 0
        for size in self.layers:
            if below > start + size:
                start += size
        return start

    def chance_outcomes(self) -> list[tuple[int, float]]:
        kind, seat = self.tasks[0]
        if kind == "draw":
            top = self.engine.deck[self._top() :]
            return weighted({KINDS.index(card): k for card, k in Counter(top).items()})
        deal = self.deal
        assert deal is not None
        if kind == "clan":
            return weighted(dict.fromkeys(range(len(S.CLANS)), 1))
        if kind == "clan-card":
            return weighted({CLAN_CARDS.index(c): k for c, k in deal.clan_pool.items()})
        if kind == "goal":
            return weighted({C.GOALS.index(goal): k for goal, k in deal.goal_pool.items()})
        deck = kind[4:] if kind.startswith("box-") else self._hand_deck(seat)
        return weighted({KINDS.index(card): k for card, k in deal.decks[deck].items()})

    def _hand_deck(self, seat: int) -> str:
        assert self.deal is not None
        return S.hand_decks(self.game.players)[len(self.deal.hands[seat])]

    def _apply_chance(self, outcome: int) -> None:
        kind, seat = self.tasks[0]
        if kind == "draw":
            self.tasks.pop(0)
            self._draw(seat, KINDS[outcome])
            return
        deal = self.deal
        assert deal is not None
        if kind == "clan":
            clan = S.CLANS[outcome]
            deal.clan_pool = dict(Counter(S.clan_cards(self.game.players, clan)))
            self.log.append((-1, f"clan {clan}"))
        elif kind == "clan-card":
            card = _take(deal.clan_pool, CLAN_CARDS[outcome])
            deal.clan_cards.append(card)
            self.log += [(-1, f"s{seat} {card.split('-')[0]}"), (seat, f"clan card {card}")]
        elif kind == "goal":
            deal.goals.append(_take(deal.goal_pool, C.GOALS[outcome]))
        elif kind.startswith("box-"):
            deal.box.append(_take(deal.decks[kind[4:]], KINDS[outcome]))
        else:
            card = _take(deal.decks[self._hand_deck(seat)], KINDS[outcome])
            deal.hands[seat].append(card)
            self.log.append((seat, f"deal {card}"))
        self.tasks.pop(0)
        if not self.tasks:
            self._finish_deal()

    def _draw(self, seat: int, card: str) -> None:
        deck = self.engine.deck
        where = max(i for i in range(self._top(), len(deck)) if deck[i] == card)
        self.engine.hands[seat].append(deck.pop(where))
        self.engine._legal = None  # the engine caches legal actions; a hand changed
        self.log += [(-1, f"s{seat} draws"), (seat, f"draw {card}")]

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        data = self.engine.to_json()
        data["clan_cards"] = deal.clan_cards
        data["aside"] = sorted(Counter(deal.clan_pool).elements())
        corners = S.goal_slots(self.game.players)
        data["goals"] = [[x, y, goal] for (x, y), goal in zip(corners, deal.goals, strict=True)]
        data["box"] = sorted(deal.box)
        data["hands"] = deal.hands
        layers = [sorted(Counter(deal.decks[deck]).elements()) for deck in reversed(C.DECKS)]
        self.layers = [len(layer) for layer in layers]
        data["deck"] = [card for layer in layers for card in layer]
        self.engine = self.game.state_from_json(data)
        self.deal = None
        self.log.append((-1, f"start clans {self.engine.clans}"))

    # -- actions -----------------------------------------------------------------------------

    def _apply_action(self, index: int) -> None:
        engine = self.engine
        seat = engine.current
        assert seat is not None
        action = self.actions.decode(index)
        start = len(engine.events)
        engine.apply(action, player=seat)  # an illegal action raises here and changes nothing
        events = engine.events[start:]
        block, _ = self.actions.block_of(index)
        self.stats[seat * len(BLOCKS) + BLOCKS.index(block)] += 1
        if action.kind == PASS:
            self.passes[seat] += discarded(action)
        self.log.append((-1, f"s{seat} {action.kind}"))  # public; some leave no event (stop)
        for event in events:
            if event.kind == "lost":  # discarded unseen, as a pass is
                assert event.seat is not None
                self.passes[event.seat].append(event.data["card"])
            if event.kind not in PRIVATE_EVENTS:
                self.log.append((-1 if event.to is None else event.to, event_text(event)))
        for event in events:
            if event.kind == "drew":  # put back: chance draws instead
                assert event.seat is not None
                drawn = event.data["cards"]
                hand = engine.hands[event.seat]
                assert hand[-len(drawn) :] == drawn
                del hand[-len(drawn) :]
                engine.deck += reversed(drawn)
                engine._legal = None
                self.tasks += [("draw", event.seat)] * len(drawn)

    # -- what a seat knows -------------------------------------------------------------------

    def info_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order, then what it holds now."""
        lines = [f"seat {seat} of {self.game.players}"]
        lines += [text for to, text in self.log if to < 0 or to == seat]
        lines.append(f"now hand {sorted(self.view(seat)['hand'])}")
        return "\n".join(lines)

    def _correct(self, view: dict[str, Any], seat: int) -> None:
        """While dealing: the clan cards dealt so far, not the placeholder's."""
        deal = self.deal
        if deal is None:
            return
        n = self.game.players
        dealt = deal.clan_cards
        view["clan_card"] = dealt[seat] if seat < len(dealt) else None
        view["characters"] = [view["clan_card"] if s == seat else None for s in range(n)]
        view["clans"] = [card.split("-")[0] for card in dealt] + [None] * (n - len(dealt))
        view["box_size"], view["aside_size"] = len(deal.box), 0

    def _encode(self, view: dict[str, Any]) -> FloatArray:
        engine = self.engine
        pending = None
        if engine.pending is not None and self.deal is None:
            pending = (engine.pending[0], engine.maze.hidden[engine.pending[0]])
        return self.observer.encode_view(view, Table(engine.maze, pending))

    def resample(self, seat: int, rng: random.Random) -> DarkCaveSpielCore:
        """A state ``seat`` cannot tell from this one, its hidden parts drawn afresh
        (see :mod:`saboteur.envs.darkcave.resample`)."""
        return resample(self, seat, rng)


def _take(pool: dict[str, int], card: str) -> str:
    pool[card] -= 1
    if not pool[card]:
        del pool[card]
    return card


def _length(game: Game) -> int:
    return MAX_LENGTH


SPIEL = SpielRuleset(
    root=cached_root(DarkCaveSpielCore.initial),
    num_actions=lambda players: action_space(players).size,
    observation_fields=lambda players: observer(players).fields,
    history_fields=history_fields,
    max_game_length=_length,
    max_chance_outcomes=MAX_CHANCE_OUTCOMES,
)
