"""Property-based tests of the base Saboteur engine (hypothesis).

Every test deals a *table* drawn by hypothesis -- 3 to 10 players, a seed, the online-3
preset, the demo opening, fewer rounds, a fixed first seat -- and plays it with a policy
seeded by hypothesis: uniformly random legal actions, or a greedy "digger" policy that
pushes tunnels towards the face-down goals, so that rounds won by the diggers and the
sharing of their gold are reached often too.  The properties:

- random legal play never raises and always ends, with consistent rounds, gold and winners;
- every card is somewhere, exactly once, at every step;
- records replay identically (through ``Record.to_json`` and a JSON dump as well);
- the state notation round-trips every reachable state, and play goes on the same from it;
- no view and no visible event tells a player anything the player may not know;
- ``legal_actions()`` and ``apply()`` agree, and a refused action changes nothing;
- action texts read back as the same action; any other text is a NotationError.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import pytest
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st

from saboteur.engine import IllegalAction, NotationError, Record, new_game
from saboteur.engine.base import JSON, Action, Event, State
from saboteur.engine.board import laid
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.actions import parse_action
from saboteur.engine.classic.game import ClassicGame
from saboteur.engine.classic.state import ClassicState
from saboteur.engine.duel import cards as D
from saboteur.engine.duel.actions import parse_action as parse_duel
from saboteur.engine.duel.game import DuelGame
from saboteur.engine.duel.state import DuelState
from saboteur.engine.maze import slot_xy

# the rule ids both rulesets name (the shared engine modules raise them)
SHARED_RULES = frozenset(
    {
        "turn",
        "game.over",
        "hand",
        "path.broken-tool",
        "path.occupied",
        "path.adjacent",
        "path.sides-match",
        "path.join-start",
        "break.already-broken",
        "repair.nothing-broken",
        "seat",
        "rockfall.goal",
        "rockfall.empty",
        "rockfall.start",
        "map.target",
    }
)
RULES = SHARED_RULES | frozenset(
    {
        "path.bounds",
        "gold.choose",
        "gold.phase",
        "gold.value",
    }
)
ACTION_KINDS = frozenset({"place", "break", "repair", "rockfall", "map", "pass", "gold"})
ALL_CARDS: Counter[str] = Counter(C.PATH_COUNTS) + Counter(C.ACTION_COUNTS)
ALL_GOLD: Counter[int] = Counter(C.GOLD_CARDS)
ROLE_NAMES = frozenset({C.DIGGER, C.SABOTEUR})
# events only their own seat may see; every other event is public
PRIVATE_KINDS = frozenset({"deal", "discard", "drew", "peek", "gold-value"})
# a round has at most 67 card plays (each takes a card out of the hands for good) and at
# most one gold choice per gold-digger (7 at the most)
STEPS_PER_ROUND = 67 + 7
SHAPE_NAMES: dict[str, list[str]] = {}
for _shape in C.SHAPES.shapes:
    if _shape.card in C.PATH_COUNTS:
        SHAPE_NAMES.setdefault(_shape.card, []).append(_shape.name)

# a failing game is not shrunk: its table is a few numbers, and shrinking whole games is slow
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
game_settings = settings(max_examples=30, deadline=None, phases=NO_SHRINK)


# -- tables and the policy -------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A game to play: players, options, deal seed, policy seed and how greedy the policy is."""

    players: int
    options: dict[str, Any]
    seed: int
    policy: int
    greed: float

    def game(self) -> ClassicGame:
        return new_game("classic", self.players, self.options)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    online3 = draw(st.integers(0, 3)) == 0
    players = 3 if online3 else draw(st.integers(3, 10))
    options: dict[str, Any] = {"preset": "online-3"} if online3 else {}
    if draw(st.integers(0, 3)) == 0:
        options["demo"] = "true"
    elif draw(st.booleans()):
        options["rounds"] = draw(st.integers(1, 3))
    first = draw(st.none() | st.integers(0, players - 1))
    if first is not None:
        options["first"] = first
    seed = draw(st.integers(0, 2**32 - 1))
    policy = draw(st.integers(0, 2**32 - 1))
    return Table(players, options, seed, policy, draw(st.sampled_from([0.0, 0.5, 0.95])))


def choose(state: ClassicState, rng: random.Random, greed: float) -> Action:
    """A random legal action; with probability ``greed`` a digger's move instead."""
    actions = state.legal_actions()
    if state.phase == "play" and rng.random() < greed:
        picked = _dig(state, actions, rng)
        if picked is not None:
            return picked
    return rng.choice(actions)


def _dig(state: ClassicState, actions: list[Action], rng: random.Random) -> Action | None:
    goals = state.view(None)["goals"]
    hidden: list[tuple[int, int]] = [(g["x"], g["y"]) for g in goals if not g["revealed"]]

    def distance(action: Action) -> int:
        assert action.slot is not None
        x, y = action.slot
        return min(abs(x - gx) + abs(y - gy) for gx, gy in hidden)

    places = [a for a in actions if a.kind == "place" and not a.text.startswith("x")]
    if places and hidden:
        nearest = min(map(distance, places))
        return rng.choice([a for a in places if distance(a) == nearest])
    mends = [a for a in actions if a.kind == "repair" and a.seat == state.current_player]
    if mends:
        return rng.choice(mends)
    return None


S = TypeVar("S", bound=State)


def play_out(
    state: S, step: Callable[[S], Action], bound: int, visit: Callable[[S], None] | None
) -> S:
    """Apply ``step``'s choice until the game ends, calling ``visit`` on every state (the first
    and the last too); the game must end within ``bound`` actions."""
    while True:
        if visit is not None:
            visit(state)
        if state.is_over:
            return state
        assert len(state.history) < bound, "the game does not end"
        state.apply(step(state))


def check_reloaded(
    state: S, again: S, viewers: list[int | None], pick: Callable[[S], Action], at: int
) -> None:
    """``again``, ``state`` read back from its notation, is the same state, lists the same
    actions and views; from action ``at`` on both play on alike with ``pick``'s choices."""
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()
    for seat in viewers:
        assert again.view(seat) == state.view(seat)
    if len(state.history) == at and not state.is_over:
        original = cast(S, state.clone())
        while not original.is_over:
            action = pick(original)
            original.apply(action)
            again.apply(action.text)
        assert again.to_json() == original.to_json()
        assert again.scores == original.scores and again.winners == original.winners


def around(slots: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every slot of the rectangle around ``slots``, one slot wider on each side."""
    xs, ys = [x for x, _ in slots], [y for _, y in slots]
    return [
        (x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)
    ]


def play(table: Table, visit: Callable[[ClassicState], None] | None = None) -> ClassicState:
    """Play ``table`` to the end, calling ``visit`` on every state (the first and the last too)."""
    state = table.game().new_state(table.seed)
    rng = random.Random(table.policy)
    bound = state.game.opts.rounds * STEPS_PER_ROUND
    return play_out(state, lambda s: choose(s, rng, table.greed), bound, visit)


def replayed(final: ClassicState, stride: int) -> Iterator[tuple[ClassicState, list[str]]]:
    """Every ``stride``-th state of ``final``'s game and the last one, with the actions to come.

    The states are live: a caller must clone one before changing it.
    """
    state = final.game.new_state(final.seed)
    for step, text in enumerate(final.history):
        if step % stride == 0:
            yield state, final.history[step:]
        state.apply(text)
    yield state, []


def seats(state: ClassicState) -> list[int | None]:
    return [*range(state.game.players), None]


def keyed(events: list[Event], drawn: bool = True) -> list[tuple[Any, ...]]:
    """Events as comparable tuples; without ``drawn`` the cards drawn are left out."""
    return [
        (e.kind, e.seat, {} if e.kind == "drew" and not drawn else dict(e.data), e.to)
        for e in events
    ]


def same_view(one: JSON, other: JSON) -> bool:
    """Views are equal (the viewer's legal actions as a set: their order is no secret)."""
    return {**one, "legal": sorted(one.get("legal", []))} == {
        **other,
        "legal": sorted(other.get("legal", [])),
    }


def card_of(shape_name: str) -> str:
    return C.SHAPES.shapes[C.SHAPES.by_name[shape_name]].card


# -- play ends, and rounds, gold and winners add up ------------------------------------------------


def _check_turn(state: ClassicState) -> None:
    if state.is_over:
        return
    seat = state.current_player
    assert seat is not None and 0 <= seat < state.game.players
    legal = state.legal_actions()
    assert legal
    if state.phase == "play":
        assert state.hands[seat]
        assert all(a.kind != "gold" for a in legal)
    else:
        assert state.phase == "gold" and state.gold_offer
        assert {a.text for a in legal} == {f"gold:{v}" for v in state.gold_offer}


def _gold_by_round(state: ClassicState) -> list[dict[int, list[int]]]:
    """The gold values each seat received after each round's end, from the events."""
    rounds: list[dict[int, list[int]]] = []
    for event in state.events:
        if event.kind == "round-end":
            rounds.append({})
        elif event.kind == "gold-value":
            assert rounds and event.seat is not None
            rounds[-1].setdefault(event.seat, []).extend(event.data["values"])
    return rounds


@game_settings
@given(table=tables())
def test_random_play_ends_with_rounds_gold_and_winners(table):
    state = play(table, _check_turn)
    n, rounds = table.players, state.game.opts.rounds
    assert rounds == (1 if "demo" in table.options else table.options.get("rounds", 3))
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert [result["round"] for result in state.results] == list(range(1, rounds + 1))
    assert state.scores == [sum(cards) for cards in state.gold]
    best = max(state.scores)
    assert state.winners == [seat for seat in range(n) if state.scores[seat] == best]
    last = state.events[-1]
    assert last.kind == "game-over"
    assert last.data["scores"] == state.scores and last.data["winners"] == state.winners
    for seat, score in enumerate(state.scores):
        received = sum(sum(r.get(seat, [])) for r in _gold_by_round(state))
        assert received == score

    short = [e for e in state.events if e.kind == "gold-short"]
    for result, gold in zip(state.results, _gold_by_round(state), strict=True):
        roles = result["roles"]
        assert len(roles) == n and set(roles) <= ROLE_NAMES
        if "preset" in table.options:
            assert sorted(roles) == [C.DIGGER, C.DIGGER, C.SABOTEUR]
        diggers = {s for s in range(n) if roles[s] == C.DIGGER}
        saboteurs = set(range(n)) - diggers
        assert (result["finder"] is not None) == (result["winner"] == "diggers")
        if result["winner"] == "diggers":
            assert set(gold) <= diggers and all(len(cards) == 1 for cards in gold.values())
            assert short or set(gold) == diggers
        elif result["winner"] == "saboteurs":
            assert saboteurs and set(gold) <= saboteurs
            due = 4 if "preset" in table.options else C.SABOTEUR_PAYOUT[len(saboteurs)]
            assert short or all(sum(gold[s]) == due for s in saboteurs)
        else:
            assert result["winner"] == "nobody" and not saboteurs and not gold

    with pytest.raises(IllegalAction) as refused:
        state.apply("pass:NS")
    assert refused.value.rule == "game.over"


# -- cards are conserved ---------------------------------------------------------------------------


def _check_conserved(state: ClassicState) -> None:
    n, data = state.game.players, state.to_json()
    cards: Counter[str] = Counter(state.deck) + Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
        assert len(hand) <= C.hand_size(n)
    path_in_maze = [card_of(shape) for _, _, shape in data["maze"]]
    cards.update(card for card in path_in_maze if card in C.PATH_COUNTS)
    broken = [f"break-{tool}" for tools in data["broken"] for tool in tools]
    cards.update(broken)
    assert cards == ALL_CARDS
    gold: Counter[int] = Counter(state.gold_pile) + Counter(state.gold_offer)
    for held in state.gold:
        gold.update(held)
    assert gold == ALL_GOLD

    # the same accounting from what everybody sees
    public = state.view(None)
    laid = sum(cell["card"] in C.PATH_COUNTS for cell in public["board"]["cells"])
    in_front = sum(len(tools) for tools in public["broken"])
    total = sum(public["hand_sizes"]) + public["deck_size"] + public["discard_size"]
    assert total + laid + in_front == 40 + 27
    gold_total = public["gold_pile_size"] + sum(public["gold_cards"]) + public["gold_offer_size"]
    assert gold_total == 28


@game_settings
@given(table=tables())
def test_cards_are_conserved_at_every_step(table):
    play(table, _check_conserved)


def _check_cards_by_text(state: ClassicState) -> None:
    """The hand's cards as new text objects (as a hand read from JSON holds them): the legal
    actions are the same (the card plays are found by the object first, by text otherwise)."""
    if state.is_over:
        return
    again = state.clone()
    again.hands = [[card[:1] + card[1:] for card in hand] for hand in state.hands]
    again._legal = None  # (a clone keeps the list made for the original's hands)
    assert all(a is not b for a, b in zip(again.hands[0], state.hands[0], strict=True))
    assert again.legal_actions() == state.legal_actions()


@game_settings
@given(table=tables())
def test_cards_equal_in_text_give_the_same_legal_actions(table):
    play(table, _check_cards_by_text)


# -- records ---------------------------------------------------------------------------------------


def _assert_same_game(again: ClassicState, state: ClassicState) -> None:
    assert again.to_json() == state.to_json()
    assert again.history == state.history
    assert keyed(again.events) == keyed(state.events)
    assert again.scores == state.scores and again.winners == state.winners


@game_settings
@given(table=tables(), cut=st.integers(0, 250))
def test_records_replay_identically(table, cut):
    middle: list[ClassicState] = []
    final = play(table, lambda s: middle.append(s.clone()) if len(s.history) == cut else None)
    for state in [final, *middle]:
        record = Record.from_state(state)
        assert record.scores == (state.scores if state.is_over else None)
        routes = [
            record,
            Record.from_json(record.to_json()),
            Record.from_json(json.loads(json.dumps(record.to_json()))),
        ]
        for route in routes:
            again = route.replay()
            assert isinstance(again, ClassicState)
            _assert_same_game(again, state)


# -- the state notation ----------------------------------------------------------------------------


def _reload(state: ClassicState) -> ClassicState:
    return state.game.state_from_json(json.loads(json.dumps(state.to_json())))


def _go_on_both(state: ClassicState, again: ClassicState, rng: random.Random, greed: float) -> None:
    """Play on from ``state`` and from its reloaded copy ``again`` with the same actions."""
    original = state.clone()
    start = len(original.events)
    while not original.is_over:
        action = choose(original, rng, greed)
        original.apply(action)
        again.apply(action.text)
        assert again.to_json() == original.to_json()
    assert keyed(again.events) == keyed(original.events[start:])
    assert again.scores == original.scores and again.winners == original.winners


@game_settings
@given(table=tables(), at=st.integers(0, 250))
def test_state_notation_round_trips_every_state(table, at):
    def visit(state: ClassicState) -> None:
        again = _reload(state)
        assert again.to_json() == state.to_json()
        assert set(again.legal_actions()) == set(state.legal_actions())
        assert again.current_player == state.current_player and again.is_over == state.is_over
        assert again.scores == state.scores and again.winners == state.winners
        for seat in seats(state):
            assert same_view(again.view(seat), state.view(seat))
        if len(state.history) == at:
            _go_on_both(state, again, random.Random(at), table.greed)

    play(table, visit)


def test_legal_action_order_survives_the_notation():
    state = new_game("classic", 3, {"preset": "online-3", "demo": "true"}).new_state(0)
    rng = random.Random(0)
    while not state.is_over:
        assert _reload(state).legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))


# -- views keep secrets ----------------------------------------------------------------------------


def _texts(value: Any, keys: set[str]) -> list[str]:
    """Every text in ``value``; the keys of its objects go into ``keys``."""
    if isinstance(value, dict):
        keys.update(value)
        return [text for item in value.values() for text in _texts(item, keys)]
    if isinstance(value, list):
        return [text for item in value for text in _texts(item, keys)]
    return [value] if isinstance(value, str) else []


def _check_view(state: ClassicState, seat: int | None) -> None:
    """What the view of ``seat`` plainly shows: own secrets only, and nothing of the others'."""
    view, data = state.view(seat), state.to_json()
    json.dumps(view)  # JSON-ready
    keys = set(view)  # the keys at every depth, but in the results of past rounds
    texts = {
        key: set(_texts(item, keys if key != "results" else set())) for key, item in view.items()
    }

    def texts_outside(*skipped: str) -> set[str]:
        return {text for key, found in texts.items() if key not in skipped for text in found}

    secret = {"hands", "deck", "gold_pile", "seed", "roles", "role_aside", "peeks", "history"}
    assert not keys & secret
    # no card of a hand, the deck or the discard anywhere but in the viewer's own hand
    assert not set(ALL_CARDS) & texts_outside("hand", "legal", "board")
    _check_board(view, data)
    if state.phase == "play":  # no role of this round but the viewer's own
        assert not ROLE_NAMES & texts_outside("results", "role")
        assert [r["round"] for r in view["results"]] == list(range(1, state.round))
    if seat is None:
        assert not set(view) & {"hand", "role", "gold", "gold_offer", "legal"}
        peeked: set[tuple[int, int]] = set()
    else:
        assert view["hand"] == state.hands[seat] and view["role"] == state.roles[seat]
        assert view["gold"] == state.gold[seat]
        chooser = state.phase == "gold" and state.current_player == seat
        assert (view["gold_offer"] is not None) == chooser
        peeked = {(x, y) for x, y in data["peeks"][seat]}
    truth = {(x, y): card for x, y, card in data["goals"]}
    laid = {(x, y) for x, y, _ in data["maze"]}
    for goal in view["goals"]:
        where = (goal["x"], goal["y"])
        assert goal["revealed"] == (where in laid)
        known = goal["revealed"] or where in peeked
        assert goal["card"] == (truth[where] if known else None)
    assert (view["scores"] is not None) == state.is_over


def _check_board(view: JSON, data: JSON) -> None:
    """The drawable board shows what the rest of the view shows, and nothing more: the face-up
    cards of the maze as they lie, the goals as the viewer knows them, the viewer's own legal
    actions."""
    board = view["board"]
    up = [
        (*slot_xy(index), C.SHAPES.shapes[sid].name)
        for index, sid in laid(board["cells"], C.SHAPES)
    ]
    assert sorted(up) == sorted((x, y, shape) for x, y, shape in data["maze"])
    down = sorted((c["x"], c["y"], c["card"]) for c in board["cells"] if c["face"] == "down")
    hidden = [g for g in view["goals"] if not g["revealed"]]
    assert down == sorted((g["x"], g["y"], g["card"]) for g in hidden)
    assert [t["action"] for t in board["targets"]] == view.get("legal", [])
    assert {t["hand_card"] for t in board["targets"]} - {None} <= set(view.get("hand", []))
    assert not board["pieces"] and not board["markers"]


def _shuffled_into(
    data: JSON, owners: list[int], key: str, pool: list[Any], rng: random.Random
) -> list[Any]:
    """Deal ``pool`` at random to ``owners``' lists under ``key`` (same sizes); return the rest."""
    rng.shuffle(pool)
    for seat in owners:
        data[key][seat] = [pool.pop() for _ in data[key][seat]]
    return pool


def disguise(
    state: ClassicState,
    seat: int | None,
    rng: random.Random,
    hands: bool,
    keep: tuple[int, str] | None = None,
) -> ClassicState:
    """A state ``seat`` cannot tell from ``state``: the others' secrets changed consistently.

    The seed, the roles of this round, the face-down goals ``seat`` has not looked at, the
    gold pile and the others' gold; with ``hands`` also the deck and the others' hands
    (``keep``: a seat that still holds that one card, to play it next).
    """
    data = json.loads(json.dumps(state.to_json()))
    others = [s for s in range(state.game.players) if s != seat]
    data["seed"] = rng.randrange(2**40)
    if hands:
        pool = data["deck"] + [card for s in others for card in data["hands"][s]]
        data["deck"] = _shuffled_into(data, others, "hands", pool, rng)
        if keep is not None:
            holder, card = keep
            held = data["hands"][holder]
            if card not in held:
                piles = [data["deck"]] + [data["hands"][s] for s in others if s != holder]
                pile = next(pile for pile in piles if card in pile)
                pile[pile.index(card)], held[0] = held[0], card
    if data["phase"] == "play":  # once a round ends its roles are public
        pool = [data["roles"][s] for s in others] + data["role_aside"]
        rng.shuffle(pool)
        for s in others:
            data["roles"][s] = pool.pop()
        data["role_aside"] = pool
    laid = {(x, y) for x, y, _ in data["maze"]}
    peeked = {(x, y) for x, y in data["peeks"][seat]} if seat is not None else set()
    unseen = [goal for goal in data["goals"] if (goal[0], goal[1]) not in laid | peeked]
    cards = [goal[2] for goal in unseen]
    rng.shuffle(cards)
    for goal, card in zip(unseen, cards, strict=True):
        goal[2] = card
    pool = list(data["gold_pile"])
    if data["phase"] != "over":  # the final scores are public
        pool += [value for s in others for value in data["gold"][s]]
        pool = _shuffled_into(data, others, "gold", pool, rng)
    rng.shuffle(pool)
    data["gold_pile"] = pool
    return state.game.state_from_json(data)


def _go_on_unseen(
    state: ClassicState, twin: ClassicState, seat: int | None, rest: list[str], drawn: bool
) -> None:
    """Play the game's next actions in both; ``seat`` must see the same events and views.

    Stops where the difference becomes legitimately visible: a goal turned over, the end
    of the round, or ``seat`` looking at a goal with a map.  Without ``drawn`` (the twins'
    decks differ) the cards ``seat`` draws, its hand and its legal actions may differ.
    """
    original = state.clone()
    for text in rest:
        if original.phase != "play":
            return
        if original.current_player == seat and text.startswith("map@"):
            return
        seen, twin_seen = len(original.events), len(twin.events)
        original.apply(text)
        twin.apply(text)  # the others' secrets do not change what is legal
        if any(e.kind in ("reveal", "round-end") for e in original.events[seen:]):
            return
        events = keyed(original.events_for(seat, seen), drawn)
        assert keyed(twin.events_for(seat, twin_seen), drawn) == events
        view, twin_view = original.view(seat), twin.view(seat)
        if not drawn:
            view = {key: value for key, value in view.items() if key not in ("hand", "legal")}
            twin_view = {k: v for k, v in twin_view.items() if k not in ("hand", "legal")}
        assert same_view(twin_view, view)


def _check_events(state: ClassicState) -> None:
    for event in state.events:
        if event.kind in PRIVATE_KINDS:
            assert event.to is not None and event.to == event.seat
            continue
        assert event.to is None
        assert not set(event.data) & {"hand", "role", "values"}
        if "card" in event.data:  # laid, turned over or fallen cards are face up
            assert event.kind in ("place", "reveal", "rockfall")
    for seat in seats(state):
        visible = state.events_for(seat)
        assert all(e.to in (None, seat) for e in visible)
        assert len(visible) == sum(e.to is None or e.to == seat for e in state.events)


@settings(max_examples=20, deadline=None, phases=NO_SHRINK)
@given(table=tables(), stride=st.integers(10, 40), salt=st.integers(0, 2**32 - 1))
def test_views_and_events_keep_secrets(table, stride, salt):
    final = play(table)
    _check_events(final)
    rng = random.Random(salt)
    changed = 0
    for state, rest in replayed(final, stride):
        for seat in seats(state):
            _check_view(state, seat)
            # the next action's player keeps the card it plays
            actor = state.current_player
            keep = None
            if rest and state.phase == "play" and actor is not None and actor != seat:
                played = parse_action(rest[0]).card
                assert played is not None
                keep = (actor, played)
            twin = disguise(state, seat, rng, hands=True, keep=keep)
            changed += twin.to_json() != state.to_json()
            assert same_view(twin.view(seat), state.view(seat))
            if seat is not None and actor == seat:
                assert set(twin.legal_actions()) == set(state.legal_actions())
            if state.phase == "play":
                _go_on_unseen(state, twin, seat, rest[:1], drawn=False)
                twin = disguise(state, seat, rng, hands=False)
                _go_on_unseen(state, twin, seat, rest, drawn=True)
    assert changed  # the disguises did hide something


# -- legal_actions() and apply() agree -------------------------------------------------------------


def _candidates(state: ClassicState) -> set[str]:
    """Actions worth trying here: most of them illegal, on and around the maze and the seats."""
    data, n = state.to_json(), state.game.players
    region = around([(x, y) for x, y, _ in data["maze"]] + [(x, y) for x, y, _ in data["goals"]])
    seat = state.current_player
    hand = set(state.hands[seat]) if seat is not None else set()
    texts = {f"gold:{value}" for value in (1, 2, 3)}
    texts |= {f"pass:{card}" for card in ALL_CARDS}
    for card in (hand & set(C.PATH_COUNTS)) | {"NS", "xNESW"}:
        texts |= {f"{name}@{x},{y}" for name in SHAPE_NAMES[card] for x, y in region}
    texts |= {f"{card}@{x},{y}" for card in ("rockfall", "map") for x, y in region}
    for target in range(n + 1):
        texts |= {f"{card}@{target}" for card in C.BREAKS}
        for card, tools in C.REPAIRS.items():
            choices = [C.TOOL_NAMES[tool] for tool in tools] if len(tools) > 1 else []
            texts |= {f"{card}/{name}@{target}" for name in choices} or {f"{card}@{target}"}
    return texts


def _expected_rule(state: ClassicState, action: Action) -> str | None:
    """The rule that must refuse ``action`` when it is plain from the phase and the hand."""
    if state.is_over:
        return "game.over"
    if state.phase == "gold":
        return "gold.value" if action.kind == "gold" else "gold.choose"
    if action.kind == "gold":
        return "gold.phase"
    seat = state.current_player
    assert seat is not None
    return "hand" if action.card not in state.hands[seat] else None


def _check_agreement(state: ClassicState) -> None:
    before, events, history = state.to_json(), len(state.events), list(state.history)
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    seat = state.current_player
    for action in legal:
        twin = state.clone()
        twin.apply(action, player=seat)
        assert twin.history[-1] == action.text and twin.to_json() != before
    assert state.to_json() == before  # the clones were independent
    if legal:
        assert seat is not None
        with pytest.raises(IllegalAction) as refused:
            state.apply(legal[0], player=(seat + 1) % state.game.players)
        assert refused.value.rule == "turn"
    listed = {action.text for action in legal}
    tried = 0
    for text in sorted(_candidates(state) - listed):
        action = parse_action(text)
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert refused.value.rule in RULES
        assert refused.value.rule == (_expected_rule(state, action) or refused.value.rule)
        assert state.to_json() == before, f"refused {text} changed the state"
        tried += 1
    assert tried > 100
    assert len(state.events) == events and state.history == history
    assert state.legal_actions() == legal


@settings(max_examples=15, deadline=None, phases=NO_SHRINK)
@given(table=tables(), stride=st.integers(25, 80))
def test_legal_actions_and_apply_agree(table, stride):
    for state, _ in replayed(play(table), stride):
        _check_agreement(state)


# -- action notation -------------------------------------------------------------------------------


def _check_notation(state: ClassicState) -> None:
    n = state.game.players
    for action in state.legal_actions():
        assert parse_action(str(action)) is action
        assert state.game.parse_action(action.text) is action
        assert action.kind in ACTION_KINDS
        if action.kind == "place":
            assert action.slot is not None and action.choice is not None
            assert action.text == f"{action.choice}@{action.slot[0]},{action.slot[1]}"
            assert card_of(action.choice) == action.card
        elif action.kind in ("break", "repair"):
            assert action.seat is not None and 0 <= action.seat < n
        elif action.kind in ("rockfall", "map"):
            assert action.slot is not None and action.text.endswith(
                f"@{action.slot[0]},{action.slot[1]}"
            )
        elif action.kind == "pass":
            assert action.text == f"pass:{action.card}"
        else:
            assert action.text == f"gold:{action.choice}"


@game_settings
@given(table=tables())
def test_every_legal_action_reads_back_as_itself(table):
    play(table, _check_notation)


ACTION_LIKE = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="NESWx@,:/-0123456789 \nabcdeghiklmnoprstuw", max_size=30),
    st.from_regex(r"\A[A-Za-z-]{1,24}(/[a-z]{1,10})?@(-?\d{1,4},-?\d{1,4}|\d{1,3})\Z"),
    st.from_regex(r"\A(pass|gold):.{0,12}\Z"),
)


def _parsed(text: str) -> Action | None:
    """The action ``text`` reads as, or ``None`` where it is a NotationError."""
    try:
        return parse_action(text)
    except NotationError:
        return None


@settings(max_examples=400, deadline=None)
@given(text=ACTION_LIKE)
def test_any_text_is_an_action_or_a_notation_error(text):
    action = _parsed(text)
    if action is None:
        return
    assert action.kind in ACTION_KINDS
    assert parse_action(action.text) is action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "NS",
        "NS@",
        "NS@1",
        "NS@1,",
        "@1,2",
        "NS@1,2,3",
        "NSEW@1,2",  # sides are written in the order N, E, S, W
        "NESWx@1,2",
        "start@0,0",
        "gold:NESW@8,0",
        " NS@1,2",
        "NS @1,2",
        "NS@1, 2",
        "break-cart@",
        "break-cart@1,2",
        "break-cart@100",
        "break-cart/cart@1",
        "break-shovel@1",
        "repair-cart/cart@1",
        "repair-pickaxe-lantern@1",
        "repair-pickaxe-lantern/cart@1",
        "rockfall@1",
        "map@3",
        "rockfall/cart@1,2",
        "pass:",
        "pass:gold",
        "pass:ns",
        "gold:",
        "gold:0",
        "gold:4",
        "gold:one",
        "NS@1,2" + "0" * 60,
    ],
)
def test_malformed_action_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize("value", [None, 5, b"NS@1,0", ["NS@1,0"]])
def test_an_action_must_be_text(value):
    untyped: Any = value
    with pytest.raises(NotationError):
        parse_action(untyped)


@settings(max_examples=300, deadline=None)
@given(
    card=st.sampled_from(["NS", "rockfall", "map"]),
    x=st.integers(-999, 999) | st.integers(-99, 99),
    y=st.integers(-999, 999) | st.integers(-99, 99),
)
@example(card="map", x=7, y=254)  # found here: a y outside -128..127 wrapped into another slot
def test_slot_actions_name_the_slot_written(card, x, y):
    text = f"{card}@{x},{y}"
    if abs(x) < 100 and abs(y) < 100:  # every slot a maze may reach
        action = parse_action(text)
    else:
        parsed = _parsed(text)
        if parsed is None:
            return
        action = parsed
    assert action.slot == (x, y) and action.text == text


@pytest.mark.parametrize("text", ["NS@1,0\n", "NS@01,0", "NS@-0,1", "break-cart@\u0663"])
def test_only_the_canonical_text_reads_as_an_action(text):
    action = _parsed(text)
    assert action is None or action.text == text


# == The Duel and solo =============================================================================
# The same properties for the rulesets ``duel`` and ``solo``: a table is the ruleset, a round count,
# a deal seed and a policy (random, or greedy towards the goals and the gold, bribing trolls).

DUEL_RULES = SHARED_RULES | frozenset(
    {
        "reveal.choose",
        "reveal.phase",
        "reveal.shape",
        "path.ladder-next-to-goal",
        "break.target",
        "repair.target",
        "key.target",
        "key.open",
        "key.none-left",
        "rockfall.gold",
        "rockfall.troll",
        "bribe.target",
        "bribe.bribed",
        "bribe.unreached",
        "bribe.no-marker",
        "clear.nothing-broken",
    }
)
DUEL_KINDS = frozenset(
    {"place", "reveal", "break", "repair", "key", "rockfall", "map", "bribe", "clear", "pass"}
)
DUEL_PRIVATE = frozenset({"deal", "discard", "drew", "peek"})
DUEL_CARDS: Counter[str] = Counter(D.PATH_COUNTS) + Counter(D.ACTION_COUNTS)


@dataclass(frozen=True)
class DuelTable:
    ruleset: str
    options: dict[str, Any]
    seed: int
    policy: int
    greed: float

    def game(self) -> DuelGame:
        game = new_game(self.ruleset, 2 if self.ruleset == "duel" else 1, self.options)
        assert isinstance(game, DuelGame)
        return game


@st.composite
def duel_tables(draw: st.DrawFn) -> DuelTable:
    ruleset = draw(st.sampled_from(["duel", "solo"]))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["rounds"] = draw(st.integers(1, 3))
    if ruleset == "solo" and draw(st.booleans()):
        options["colour"] = "blue"
    seed, policy = draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32 - 1))
    return DuelTable(ruleset, options, seed, policy, draw(st.sampled_from([0.0, 0.6, 0.95])))


def duel_choose(state: DuelState, rng: random.Random, greed: float) -> Action:
    """A random legal action; with probability ``greed`` one that digs towards the goals."""
    actions = state.legal_actions()
    if state.phase == "play" and rng.random() < greed:
        bribes = [a for a in actions if a.kind == "bribe"]
        if bribes:
            return rng.choice(bribes)
        hidden = list(state.mazes[0].hidden)
        places = [a for a in actions if a.kind == "place" and a.slot is not None]
        if places and hidden:
            goals = [slot_xy(index) for index in hidden]

            def distance(action: Action) -> int:
                assert action.slot is not None
                x, y = action.slot
                return min(abs(x - gx) + abs(y - gy) for gx, gy in goals)

            nearest = min(map(distance, places))
            return rng.choice([a for a in places if distance(a) == nearest])
    return rng.choice(actions)


def duel_play(table: DuelTable, visit: Callable[[DuelState], None] | None = None) -> DuelState:
    state = table.game().new_state(table.seed)
    rng = random.Random(table.policy)
    return play_out(state, lambda s: duel_choose(s, rng, table.greed), 3 * 200, visit)


def _duel_reload(state: DuelState) -> DuelState:
    return state.game.state_from_json(json.loads(json.dumps(state.to_json())))


def _duel_seats(state: DuelState) -> list[int | None]:
    return [*range(state.game.players), None]


def _duel_counted(state: DuelState) -> None:
    """Every card is somewhere exactly once; the public counts add up as well."""
    cards: Counter[str] = Counter(state.deck) + Counter(state.discard) + Counter(state.aside)
    for hand in state.hands:
        cards.update(hand)
        assert len(hand) <= 6
    over = state.is_over
    for index, sid in state.mazes[0].cells.items():
        card = D.SPECS[sid].card
        if card in D.PATH_COUNTS and not (over and index in state.markers and card in D.GOLD_VALUE):
            cards[card] += 1
    for mask in state.broken:
        cards.update(D.BREAK_CARD[bit] for bit in D.TOOL_NAMES if mask & bit)
    goals: Counter[str] = Counter(state.goal_pile)
    if not over:
        goals.update(state.goal_cards.values())
    for card in [*(c for held in state.gold for c in held), *state.box]:
        (goals if card in D.GOAL_COUNTS else cards)[card] += 1
    assert cards == DUEL_CARDS and goals == Counter(D.GOAL_COUNTS)
    assert 0 <= state.markers_left <= state.game.layout.markers and 0 <= state.keys_left <= 2


@settings(max_examples=25, deadline=None, phases=NO_SHRINK)
@given(table=duel_tables())
def test_duel_random_play_ends_with_rounds_gold_and_winners(table):
    def visit(state: DuelState) -> None:
        _duel_counted(state)
        if not state.is_over:
            assert state.legal_actions()
            if state.phase == "play":  # a goal's orientation is chosen also with no cards left
                assert state.hands[state.current_player or 0]

    state = duel_play(table, visit)
    rounds = table.options.get("rounds", 3)
    assert [r["round"] for r in state.results] == list(range(1, rounds + 1))
    assert state.current_player is None and state.legal_actions() == []
    assert state.scores == [sum(D.GOLD_VALUE[c] for c in held) for held in state.gold]
    won = [sum(r["gold"][s] - r["paid"][s] for r in state.results) for s in range(len(state.gold))]
    assert won == state.scores
    assert len(state.goal_pile) == 18 - 6 * rounds
    assert state.events[-1].kind == "game-over"
    with pytest.raises(IllegalAction) as refused:
        state.apply("pass:NS")
    assert refused.value.rule == "game.over"


@settings(max_examples=20, deadline=None, phases=NO_SHRINK)
@given(table=duel_tables(), cut=st.integers(0, 150))
def test_duel_records_replay_identically(table, cut):
    middle: list[DuelState] = []
    final = duel_play(table, lambda s: middle.append(s.clone()) if len(s.history) == cut else None)
    for state in [final, *middle]:
        record = Record.from_state(state)
        again = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
        assert again.to_json() == state.to_json() and again.history == state.history
        assert keyed(again.events) == keyed(state.events)


@settings(max_examples=20, deadline=None, phases=NO_SHRINK)
@given(table=duel_tables(), at=st.integers(0, 150))
def test_duel_state_notation_round_trips_every_state(table, at):
    def visit(state: DuelState) -> None:
        rng = random.Random(at)
        pick = lambda s: duel_choose(s, rng, table.greed)  # noqa: E731
        check_reloaded(state, _duel_reload(state), _duel_seats(state), pick, at)

    duel_play(table, visit)


def _duel_disguise(state: DuelState, seat: int | None, rng: random.Random) -> DuelState:
    """A state ``seat`` cannot tell apart: the others' hands, the deck, the cards aside, the
    goals nobody has seen (but ``seat``'s peeks) and the goal pile shuffled consistently."""
    data = json.loads(json.dumps(state.to_json()))
    others = [s for s in range(state.game.players) if s != seat]
    data["seed"] = rng.randrange(2**40)
    pool = data["deck"] + data["aside"] + [c for s in others for c in data["hands"][s]]
    rng.shuffle(pool)
    for s in others:
        data["hands"][s] = [pool.pop() for _ in data["hands"][s]]
    data["aside"] = [pool.pop() for _ in data["aside"]]
    data["deck"] = pool
    laid = {(x, y) for x, y, _ in data["maze"]}
    pending = data["pending"]
    seen = laid | ({(pending["x"], pending["y"])} if pending else set())
    if seat is not None:
        seen |= {(x, y) for x, y in data["peeks"][seat]}
    unseen = [goal for goal in data["goals"] if (goal[0], goal[1]) not in seen]
    goals = [goal[2] for goal in unseen] + data["goal_pile"]
    rng.shuffle(goals)
    for goal in unseen:
        goal[2] = goals.pop()
    data["goal_pile"] = goals
    return state.game.state_from_json(data)


def _duel_check_events(state: DuelState) -> None:
    for event in state.events:
        if event.kind in DUEL_PRIVATE:
            assert event.to is not None and event.to == event.seat
        else:
            assert event.to is None and "hand" not in event.data


@settings(max_examples=15, deadline=None, phases=NO_SHRINK)
@given(table=duel_tables(), stride=st.integers(5, 30), salt=st.integers(0, 2**32 - 1))
def test_duel_views_and_events_keep_secrets(table, stride, salt):
    final = duel_play(table)
    _duel_check_events(final)
    rng = random.Random(salt)
    state = final.game.new_state(final.seed)
    for step, text in enumerate([*final.history, None]):
        if step % stride == 0 and state.phase == "play":
            for seat in _duel_seats(state):
                view = state.view(seat)
                assert not {"deck", "goal_pile", "hands", "seed", "aside", "history"} & set(view)
                twin = _duel_disguise(state, seat, rng)
                assert twin.view(seat) == view
                if seat is not None:
                    assert view["hand"] == state.hands[seat]
        if text is not None:
            state.apply(text)


def _duel_candidates(state: DuelState) -> set[str]:
    region = around([slot_xy(index) for index in [*state.mazes[0].cells, *state.goal_cards]])
    seat = state.current_player
    hand = set(state.hands[seat]) if seat is not None else set()
    texts = {f"pass:{card}" for card in DUEL_CARDS} | {"clear-cart:NS+map", "pass:EW+NS"}
    names = [D.SHAPES.shapes[sid].name for sid in D.PATH_SHAPE_IDS if D.SPECS[sid].card in hand]
    for name in [*names, "NS", "ladder-green", "goal-3:NESW", "stone-ne:SW"]:
        texts |= {f"{name}@{x},{y}" for x, y in region}
    for kind in ("rockfall", "map", "key", "bribe"):
        texts |= {f"{kind}@{x},{y}" for x, y in region}
    for target in range(3):
        texts |= {f"break-cart@{target}", f"repair-cart@{target}"}
    return texts


@settings(max_examples=10, deadline=None, phases=NO_SHRINK)
@given(table=duel_tables(), stride=st.integers(10, 40))
def test_duel_legal_actions_and_apply_agree(table, stride):
    final = duel_play(table)
    state = final.game.new_state(final.seed)
    for step, text in enumerate([*final.history, None]):
        if step % stride == 0:
            before, legal = state.to_json(), state.legal_actions()
            assert len(set(legal)) == len(legal)
            for action in legal:
                twin = state.clone()
                twin.apply(action, player=state.current_player)
                assert twin.history[-1] == action.text
                assert D.SHAPES and action.kind in DUEL_KINDS
                assert parse_duel(action.text) is action
            listed = {a.text for a in legal}
            for candidate in sorted(_duel_candidates(state) - listed):
                with pytest.raises(IllegalAction) as refused:
                    state.apply(candidate)
                assert refused.value.rule in DUEL_RULES, refused.value
                assert state.to_json() == before, f"refused {candidate} changed the state"
            assert state.legal_actions() == legal
        if text is not None:
            state.apply(text)


@settings(max_examples=300, deadline=None)
@given(text=ACTION_LIKE | st.from_regex(r"\A(pass|clear-[a-z]{1,8}):[A-Za-z+-]{0,20}\Z"))
def test_duel_any_text_is_an_action_or_a_notation_error(text):
    try:
        action = parse_duel(text)
    except NotationError:
        return
    assert action.kind in DUEL_KINDS and parse_duel(action.text) is action
