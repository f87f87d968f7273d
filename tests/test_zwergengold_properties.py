"""Properties of Zwergengold over random games, 2 to 7 players, both variants.

- play never raises and ends (the round limit bounds it); every card is somewhere exactly
  once; AP stay from 0 to 7;
- the same seed and the same choices give the same game, and its record replays it;
- the state notation round-trips every state, and play goes on the same from it;
- no view and no event tells a seat a face-down symbol (its own supply's included) or the
  order of the draw pile, except a far sight's look and a foreboding to their reader;
- ``legal_actions()`` and ``apply()`` agree: a text not listed is refused and changes nothing;
- every action text reads back as itself.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from saboteur.engine import IllegalAction, NotationError, Record
from saboteur.engine.grid import field_id, field_slot, slot_xy
from saboteur.engine.walk import Steps
from saboteur.engine.zwergengold import cards as C
from saboteur.engine.zwergengold import moves as M
from saboteur.engine.zwergengold.actions import parse_action
from saboteur.engine.zwergengold.labyrinth import Chains, LevelRules, Misfit
from saboteur.engine.zwergengold.state import ZwergengoldState
from tests.zwergengold_scenario import dealt

TABLES = [(players, seed, seed % 2 == 1) for players in range(2, 8) for seed in (1, 2, 4)]
# seed 4 plays "Auf zum Gipfel!"
MOVES = ("step", "under", "trapdoor", "enter", "potion")


def play(
    players: int, seed: int, no_plan: bool, check: Any = None, rounds: int = 12
) -> ZwergengoldState:
    """A random game to its end: moves more often than not, so that mages get somewhere."""
    state = dealt(players, seed, no_plan=no_plan, summit=seed == 4, rounds=rounds, levels=2)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_over:
            break
        legal = state.legal_actions()
        moves = [a for a in legal if a.kind in MOVES]
        action = rng.choice(moves if moves and rng.random() < 0.7 else legal)
        state.apply(action)
        if check is not None:
            check(state)
    assert state.is_over
    return state


def _counted(state: ZwergengoldState) -> None:
    cards = Counter(state.pile) + Counter(state.stairs) + Counter(state.lab.cards.values())
    cards.update(card for stack in state.lab.under.values() for card, *_ in stack)
    for hand in state.hands:
        cards.update(hand)
    box = C.BOX_COUNTS + Counter([C.START])
    if state.game.no_plan:
        assert cards == box
    else:
        assert cards == box - Counter(C.PLAN_CARDS)
    assert all(0 <= ap <= 7 for ap in state.ap)


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES)
def test_random_games_end_and_conserve_cards(players: int, seed: int, no_plan: bool) -> None:
    state = play(players, seed, no_plan, _counted)
    assert state.winners and state.current_player is None
    assert state.round <= 13


def test_some_random_game_is_won() -> None:
    won = [play(3, seed, False, rounds=40).winner for seed in range(6)]
    assert any(winner is not None for winner in won)
    covered = [play(players, 4, False, rounds=40).lab.under for players in range(2, 8)]
    assert any(covered)  # "Auf zum Gipfel!": cards covered


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[::3])
def test_the_same_seed_and_choices_give_the_same_game(
    players: int, seed: int, no_plan: bool
) -> None:
    first, second = play(players, seed, no_plan), play(players, seed, no_plan)
    assert first.to_json() == second.to_json()
    record = Record.from_state(first)
    assert Record.from_json(json.loads(json.dumps(record.to_json()))).replay().to_json() == (
        first.to_json()
    )
    other = dealt(players, seed + 100, no_plan=no_plan)
    assert other.to_json()["pile"] != dealt(players, seed, no_plan=no_plan).to_json()["pile"]


def _round_trip(state: ZwergengoldState) -> None:
    if len(state.history) % 7:
        return
    data = state.to_json()
    again = state.game.state_from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data
    assert again.legal_actions() == state.legal_actions()
    for seat in (*range(state.game.players), None):
        assert again.view(seat) == state.view(seat)
    for text in (a.text for a in state.legal_actions()):
        assert parse_action(text).text == text


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[1::3])
def test_the_state_notation_round_trips(players: int, seed: int, no_plan: bool) -> None:
    play(players, seed, no_plan, _round_trip)


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


class Spy:
    """After every action: what each seat's view and new events show of the secrets."""

    def __init__(self) -> None:
        self.seen = 0

    def __call__(self, state: ZwergengoldState) -> None:
        lab = state.lab
        down = {slot_xy(slot): card for slot, card in lab.cards.items() if slot not in lab.face_up}
        public = {card for slot, card in lab.cards.items() if slot in lab.face_up}
        held = {card for hand in state.hands for card in hand} | set(state.pile)
        secret = {c for c in {*down.values(), *held, *state.stairs} if C.symbol(c)} - public
        for seat in (*range(state.game.players), None):
            view = state.view(seat)
            looked = {} if seat is None else {slot_xy(s): c for s, c in state.seen[seat].items()}
            shown = _strings({k: v for k, v in view.items() if k not in ("seen", "foreseen")})
            assert not shown & (secret - set(looked.values()))  # only what this seat saw
            for card in view["labyrinth"]:  # a card this seat saw shows it its symbol
                where = (card["x"], card["y"])
                if where in down:
                    saw = where in looked
                    assert card.get("seen", False) == saw
                    assert card["card"] == (down[where] if saw else C.back(down[where]))
            for card in view["board"]["cells"]:
                where = (card["x"], card["y"])
                assert where not in down or card["card"] == C.back(down[where])
            if seat is not None:
                assert all(down.get((x, y)) == card for x, y, card in view["seen"])
                assert "foreseen" not in view or state.current_player == seat
            assert view["pile"] == len(state.pile)
        for event in state.events[self.seen :]:
            data = _strings(dict(event.data))
            if event.to is None and event.kind != "turn-over":
                assert not data & {c for c in C.BOX_COUNTS if C.symbol(c)}, event
            if event.to is not None:
                assert event.kind in ("saw", "foresaw")
        self.seen = len(state.events)


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[2::3])
def test_no_view_or_event_tells_a_face_down_symbol_or_the_pile(
    players: int, seed: int, no_plan: bool
) -> None:
    play(players, seed, no_plan, Spy())


def _refusals(state: ZwergengoldState) -> None:
    if len(state.history) % 11 or state.is_over:
        return
    legal = {a.text for a in state.legal_actions()}
    before = state.to_json()
    for text in ("end", "step@1,0", "under@0,3", "play:I-pick@0,1:0", "duel@1:1", "agree"):
        if text not in legal:
            with pytest.raises(IllegalAction):
                state.apply(text)
    assert state.to_json() == before


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[::4])
def test_legal_actions_and_apply_agree(players: int, seed: int, no_plan: bool) -> None:
    play(players, seed, no_plan, _refusals)


@pytest.mark.parametrize("seed", range(40))
def test_random_text_is_an_action_or_a_notation_error(seed: int) -> None:
    rng = random.Random(seed)
    alphabet = "play:read@stepunder-IXTDS0123,:;-pick"
    text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 20)))
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(action.text) is action


def _every_legal_action_applies(state: ZwergengoldState) -> None:
    if len(state.history) % 13 or state.is_over:
        return
    before = state.to_json()
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply(action)
        assert trial.history[-1] == action.text
    assert state.to_json() == before  # a clone shares nothing the original would change


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[2::4])
def test_every_listed_action_applies(players: int, seed: int, no_plan: bool) -> None:
    play(players, seed, no_plan, _every_legal_action_applies)


def test_every_event_is_told_in_english_and_german() -> None:
    from saboteur.engine.messages import render

    told: set[str] = set()
    for players, seed, no_plan in TABLES[:6]:
        state = play(players, seed, no_plan, rounds=20)
        for event in state.events:
            message = state.game.message(event)
            for lang in ("en", "de"):
                text = render(message, lang, ["Ann", "Ben", "Cleo", "Dora", "Eli", "Finn", "Gus"])
                assert text and "{" not in text and "zwergengold." not in text, (event, text)
            told.add(event.kind)
    assert {"start", "move", "turn-over", "attach", "end-turn", "game-over"} <= told


def _walks_agree(state: ZwergengoldState) -> None:
    lab = state.lab
    walk = Steps(lab.maze, LevelRules(lab))
    for slot in lab.cards:
        assert lab.next_slots(slot) == [field_slot(f) for f in walk(field_id(slot, 0))]


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[1::4])
def test_the_moves_fast_path_finds_what_the_field_walk_finds(
    players: int, seed: int, no_plan: bool
) -> None:
    """``Labyrinth.next_slots`` (the moves' fast path) gives what walking the fields gives."""
    play(players, seed, no_plan, _walks_agree)


def _chains_as_found_in_full(state: ZwergengoldState) -> None:
    def canonical(chains: Chains) -> set[tuple[frozenset[int], int | None, int, frozenset[Any]]]:
        return {
            (
                frozenset(slot for slot, c in chains.of.items() if c == chain),
                chains.level[chain],
                chains.deepest[chain],
                frozenset(chains.ports[chain]),
            )
            for chain in chains.level
        }

    assert canonical(state.lab.chains) == canonical(Chains(state.lab))


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[::2])
def test_chains_grown_card_by_card_are_the_chains_found_in_full(
    players: int, seed: int, no_plan: bool
) -> None:
    """``Chains.grown`` (after each card laid) gives what a search of the whole labyrinth does."""
    play(players, seed, no_plan, _chains_as_found_in_full)


def _each_move_made_alone(state: ZwergengoldState) -> None:
    for move in M.moves(state):
        assert M.move_of(state, move.kind, move.to) == move


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[::2])
def test_a_move_made_alone_is_the_move_listed(players: int, seed: int, no_plan: bool) -> None:
    """``move_of`` (what applying a move uses) gives the move ``moves`` lists for it."""
    play(players, seed, no_plan, _each_move_made_alone)


def _places_as_fit_says(state: ZwergengoldState) -> None:
    lab, occupied = state.lab, state.occupied()
    slots = set(lab.maze.frontier) | (set(lab.cards) - occupied if lab.up else set())
    for corridor in (C.STRAIGHT, C.DEAD_END, C.TEE, C.CROSS, C.STAIRS):
        expected = []
        for slot in sorted(slots):
            for turns in C.TURNS[corridor]:
                sid = C.shape_of(corridor, turns)
                try:
                    lab.fit(slot, sid)
                except Misfit:
                    continue
                expected.append((slot, sid))
        assert lab.places(corridor, occupied) == expected


@pytest.mark.parametrize(("players", "seed", "no_plan"), TABLES[1::4])
def test_places_are_where_fit_lets_a_card_lie(players: int, seed: int, no_plan: bool) -> None:
    """``Labyrinth.places`` (its shortcuts) lists exactly the shapes ``fit`` accepts."""
    play(players, seed, no_plan, _places_as_fit_says)
