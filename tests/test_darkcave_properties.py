"""Property-based tests of The Dark Cave (hypothesis), like those of classic and the Duel.

Every test plays a table drawn by hypothesis (2 to 8 players, the agreed end on or off, a deal
seed and a policy, see :mod:`tests.darkcave_play`) and checks after every action or every few:

- play never raises and ends within a bound; every card is somewhere exactly once and the 46
  gold are all on dwarf cards, on eagles or in the supply; the score follows the rules;
- the same seed and the same actions give the same game (records replay it exactly);
- the state notation round-trips every state, and play goes on the same from it;
- no view and no event tells a seat another seat's hand, an unrevealed clan card or an unseen
  goal: a state with those secrets changed shows the seat the same view;
- ``legal_actions()`` and ``apply()`` agree, and a refused action changes nothing;
- every text is an action that reads back as itself, or a NotationError.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saboteur.engine import IllegalAction, NotationError, Record
from saboteur.engine.darkcave import cards as C
from saboteur.engine.darkcave import setup as S
from saboteur.engine.darkcave import walking as W
from saboteur.engine.darkcave.actions import parse_action
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.darkcave.unseen import shuffle_clan_cards, shuffle_goals
from saboteur.engine.grid import field_id
from tests.darkcave_play import Table, choose, play, tables
from tests.test_properties import NO_SHRINK, check_reloaded

game_settings = settings(max_examples=25, deadline=None, phases=NO_SHRINK)
ALL_CARDS: Counter[str] = sum(
    (C.PATH_COUNTS[deck] + C.ACTION_COUNTS[deck] for deck in C.DECKS), Counter()
)
# events only their own seat sees; every other event is public
PRIVATE = frozenset({"deal", "drew", "discarded", "saw-clan-card", "saw-goal", "saw-aside", "hand"})
PRIVATE |= {"lost"}
KINDS = frozenset(
    {"place", "pass", "info", "rockfall", "swap", "web", "equip", "lure", "step", "stop"}
    | {"axe-web", "drive-off", "endure", "reveal", "propose-end", "agree", "refuse"}
)


def _seats(state: DarkCaveState) -> list[int | None]:
    return [*range(state.game.players), None]


def _keyed(state: DarkCaveState) -> list[tuple[Any, ...]]:
    return [(e.kind, e.seat, dict(e.data), e.to) for e in state.events]


# -- play ends; cards, gold and the score add up ---------------------------------------------------


def _check_counted(state: DarkCaveState) -> None:
    """Every card is somewhere exactly once; every gold piece too."""
    cards = Counter(state.deck) + Counter(state.discard) + Counter(state.box)
    for hand in state.hands:
        cards.update(hand)
    cards.update(
        C.SHAPES.shapes[sid].card for sid in state.maze.cells.values() if sid in C.PATH_SHAPE_IDS
    )
    pieces = [piece.kind for piece in state.maze.overlay.pieces.values()]
    cards.update(kind for kind in pieces if kind in C.CREATURES)
    cards.update([C.WEB] * len(state.webs) + [C.BOOTS] * sum(state.boots))
    cards.update([C.AXE] * sum(state.axes))
    assert cards == ALL_CARDS
    assert sum(state.gold) + state.supply + pieces.count("gold") == S.GOLD_PIECES
    assert min(state.gold) >= 0 and state.supply >= 0
    public = state.view(None)
    held = sum(public["hand_sizes"]) + public["deck_size"] + public["box_size"]
    assert held + public["discard_size"] <= sum(ALL_CARDS.values())


def _check_turn(state: DarkCaveState) -> None:
    _check_counted(state)
    if state.is_over:
        return
    seat = state.current_player
    assert seat is not None and 0 <= seat < state.game.players
    assert state.legal_actions()
    if state.phase == "play":
        assert seat == state.turn and state.hands[seat]
    if state.phase == "move":
        assert state.dwarf_field(seat) is not None and 0 < state.steps_left <= 4


def _treasure(state: DarkCaveState, side: str) -> int:
    sides = [state.side_of(s) for s in range(state.game.players)]
    carried = sum(state.gold[s] for s in state.out if sides[s] == side)
    return carried * sum(other != side for other in sides)


@game_settings
@given(table=tables())
def test_random_play_ends_with_cards_gold_and_score_adding_up(table: Table) -> None:
    state = play(table, _check_turn)
    n = table.players
    assert state.current_player is None and state.legal_actions() == []
    end = state.events[-1]
    assert end.kind == "game-end" and end.data["clan_cards"] == state.clan_cards
    treasure = {side: _treasure(state, side) for side in S.CLANS}
    assert end.data["treasure"] == treasure
    assert state.scores == [treasure[state.side_of(s)] for s in range(n)]
    assert all(state.gold[s] == 0 for s in range(n) if s not in state.out)
    winner = end.data["winner"]
    if winner is None:
        assert state.winners == list(range(n)) and treasure["yellow"] == treasure["blue"]
    else:
        assert state.winners == [s for s in range(n) if state.side_of(s) == winner]
        loser = S.other_clan(winner)
        assert treasure[winner] > treasure[loser] or (
            treasure[winner] == treasure[loser] and state.side_of(state.out[0]) == winner
        )
    if end.data["why"] == "out":
        assert any(
            all(s in state.out for s in range(n) if state.side_of(s) == side) for side in S.CLANS
        )
    with pytest.raises(IllegalAction) as refused:
        state.apply("stop")
    assert refused.value.rule == "game.over"


def _check_steps(state: DarkCaveState) -> None:
    """The legal actions' own step walk (``step_targets``) gives what the shared walker gives."""
    maze = state.maze
    walker = W.stepper(maze)
    for piece in maze.overlay.pieces.values():
        field = piece.field
        steps = set(walker(field))
        assert W.step_targets(maze, field, False) == sorted(steps)
        steps |= {field_id(index, 0) for index, _ in walker.hidden_next(field)}
        assert W.step_targets(maze, field, True) == sorted(steps)


@game_settings
@given(table=tables())
def test_step_targets_agree_with_the_shared_walker(table: Table) -> None:
    play(table, _check_steps)


# -- determinism and records -----------------------------------------------------------------------


@game_settings
@given(table=tables(), cut=st.integers(0, 300))
def test_same_seed_and_actions_give_the_same_game(table: Table, cut: int) -> None:
    middle: list[DarkCaveState] = []
    final = play(table, lambda s: middle.append(s.clone()) if len(s.history) == cut else None)
    for state in [final, *middle]:
        again = table.new_state()
        for text in state.history:
            again.apply(text)
        assert again.to_json() == state.to_json() and _keyed(again) == _keyed(state)
        record = Record.from_json(json.loads(json.dumps(Record.from_state(state).to_json())))
        replayed = record.replay()
        assert replayed.to_json() == state.to_json() and replayed.history == state.history


# -- the state notation ----------------------------------------------------------------------------


def _reload(state: DarkCaveState) -> DarkCaveState:
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(again, DarkCaveState)
    return again


@game_settings
@given(table=tables(), at=st.integers(0, 300))
def test_state_notation_round_trips_every_state(table: Table, at: int) -> None:
    def visit(state: DarkCaveState) -> None:
        rng = random.Random(at)
        pick = lambda s: choose(s, rng, table.greed)  # noqa: E731
        check_reloaded(state, _reload(state), _seats(state), pick, at)

    play(table, visit)


# -- views and events keep secrets -----------------------------------------------------------------


def disguise(state: DarkCaveState, seat: int | None, rng: random.Random) -> DarkCaveState:
    """A state ``seat`` cannot tell from ``state``: the seed, the others' hands, the deck, the
    box, the clan cards it has not seen and the face-down goals it has not seen changed."""
    data = json.loads(json.dumps(state.to_json()))
    others = [s for s in range(state.game.players) if s != seat]
    data["seed"] = rng.randrange(2**40)
    pool = data["deck"] + data["box"] + [card for s in others for card in data["hands"][s]]
    rng.shuffle(pool)
    for s in others:
        data["hands"][s] = [pool.pop() for _ in data["hands"][s]]
    data["box"] = [pool.pop() for _ in data["box"]]
    data["deck"] = pool
    if data["phase"] != "over":
        shuffle_clan_cards(data, seat, rng)
    shuffle_goals(data, seat, rng)
    twin = state.game.state_from_json(data)
    assert isinstance(twin, DarkCaveState)
    return twin


def _check_events(state: DarkCaveState) -> None:
    for event in state.events:
        if event.kind in PRIVATE:
            assert event.to is not None and event.to == event.seat, event
            continue
        assert event.to is None, event
        assert not {"hand", "cards"} & set(event.data), event
        if "clan_card" in event.data or "clan_cards" in event.data:
            assert event.kind in ("character", "game-end"), event
    for seat in _seats(state):
        assert all(e.to in (None, seat) for e in state.events_for(seat))


def _check_view(state: DarkCaveState, seat: int | None) -> None:
    view = state.view(seat)
    json.dumps(view)
    assert not {"hands", "deck", "box", "clan_cards", "seed", "peeks", "history"} & set(view)
    over = state.is_over
    for s, shown in enumerate(view["characters"]):
        visible = over or state.revealed[s] or s == seat
        assert shown == (state.clan_cards[s] if visible else None)
    if seat is None:
        assert not {"hand", "clan_card", "known", "aside", "legal"} & set(view)
        return
    assert view["hand"] == state.hands[seat] and view["clan_card"] == state.clan_cards[seat]
    assert set(view["known"]) == {str(s) for s in state.known[seat]}
    assert ("aside" in view) == (state.out[:1] == [seat] and bool(state.aside))


@settings(max_examples=15, deadline=None, phases=NO_SHRINK)
@given(table=tables(), stride=st.integers(5, 30), salt=st.integers(0, 2**32 - 1))
def test_views_and_events_keep_secrets(table: Table, stride: int, salt: int) -> None:
    final = play(table)
    _check_events(final)
    rng = random.Random(salt)
    state, changed = table.new_state(), 0
    for step, text in enumerate([*final.history, None]):
        if step % stride == 0 or text is None:
            for seat in _seats(state):
                _check_view(state, seat)
                twin = disguise(state, seat, rng)
                changed += twin.to_json() != state.to_json()
                assert twin.view(seat) == state.view(seat)
        if text is not None:
            state.apply(text)
    assert changed


# -- legal_actions() and apply() agree -------------------------------------------------------------


def _region(state: DarkCaveState) -> list[tuple[int, int]]:
    data = state.to_json()
    slots = [(x, y) for x, y, _ in data["maze"]] + [(x, y) for x, y, _ in data["goals"]]
    xs, ys = [x for x, _ in slots], [y for _, y in slots]
    return [
        (x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)
    ]


def _candidates(state: DarkCaveState, rng: random.Random) -> set[str]:
    """Actions worth trying here: most of them illegal."""
    region = _region(state)
    near = rng.sample(region, min(12, len(region)))
    texts = {"stop", "drive-off", "endure", "propose-end", "agree", "refuse", *C.CREATURES}
    texts |= {f"pass:{card}" for card in ALL_CARDS} | {"pass:I-NS+rat", "pass:axe+web"}
    texts |= {f"{card}@{s}" for card in ("info", "swap", "boots", "axe") for s in range(9)}
    names = [C.SHAPES.shapes[sid].name for sid in C.PATH_SHAPE_IDS]
    names = [*rng.sample(names, 6), "goal-hole-ESW", "goal-exit", "I-NESW"]
    for x, y in near:
        texts |= {f"{name}@{x},{y}" for name in names}
        texts |= {f"{card}@{x},{y}" for card in ("info", "rockfall")}
        texts |= {f"{kind}@{x},{y}:{side}" for kind in ("web", "axe-web") for side in "ES"}
        texts |= {f"step@{x},{y}.{n}" for n in range(8)}
        texts |= {f"{creature}@{x},{y}.0" for creature in C.CREATURES}
    return texts


def _check_agreement(state: DarkCaveState, rng: random.Random) -> None:
    before, events, history = state.to_json(), len(state.events), list(state.history)
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    seat = state.current_player
    for action in legal:
        assert action.kind in KINDS and parse_action(action.text) is action
        twin = state.clone()
        twin.apply(action, player=seat)
        assert twin.history[-1] == action.text
        _check_counted(twin)
    assert state.to_json() == before  # the clones were independent
    if legal:
        assert seat is not None
        with pytest.raises(IllegalAction) as refused:
            state.apply(legal[0], player=(seat + 1) % state.game.players)
        assert refused.value.rule == "turn"
    listed = {action.text for action in legal}
    for text in sorted(_candidates(state, rng) - listed):
        action = parse_action(text)
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        rule = "game.over" if state.is_over else f"{state.phase}.{action.kind}"
        assert refused.value.rule == rule and str(refused.value)
        assert state.to_json() == before, f"refused {text} changed the state"
    assert len(state.events) == events and state.history == history
    assert state.legal_actions() == legal


@settings(max_examples=12, deadline=None, phases=NO_SHRINK)
@given(table=tables(), stride=st.integers(15, 60), salt=st.integers(0, 2**32 - 1))
def test_legal_actions_and_apply_agree(table: Table, stride: int, salt: int) -> None:
    final = play(table)
    rng = random.Random(salt)
    state = table.new_state()
    for step, text in enumerate([*final.history, None]):
        if step % stride == 0 or text is None:
            _check_agreement(state, rng)
        if text is not None:
            state.apply(text)


# -- action notation -------------------------------------------------------------------------------

ACTION_LIKE = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="NESWnesw@,.:+-0123456789 Iabdeghiklmoprstuvwxy", max_size=30),
    st.from_regex(r"\A[A-Za-z-]{1,24}@-?\d{1,4}(,-?\d{1,4}(\.\d|:[NESW])?)?\Z"),
    st.from_regex(r"\Apass:[A-Za-z-]{0,12}(\+[A-Za-z-]{0,12})?\Z"),
)


@settings(max_examples=400, deadline=None)
@given(text=ACTION_LIKE)
def test_any_text_is_an_action_or_a_notation_error(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as err:
        assert str(err)
        return
    assert action.kind in KINDS and parse_action(action.text) is action


@pytest.mark.parametrize("value", [None, 5, b"stop", ["stop"], {"stop": 1}])
def test_an_action_must_be_text(value: Any) -> None:
    with pytest.raises(NotationError):
        parse_action(value)
