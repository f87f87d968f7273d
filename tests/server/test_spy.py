"""A spy in every seat: nothing any client receives ever tells it a secret.

Ten complete games of 3 to 5 players (of 1, 2 or 3 rounds) with random legal play, some
refused actions and table chat thrown in, and a spectator at every table.  Every message
every client received is then checked against the truth: the game's record, published
after the end, replayed with the engine step by step.  A message may carry the receiver's
own hand, role and peeks, and what is public; never another player's hand or role in the
current round, a face-down goal the receiver has not looked at, the draw pile or the seed.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from saboteur.engine import Record, new_game
from tests.server.helpers import Client, LiveServer, Message, clients, play_out, seat_all

pytestmark = pytest.mark.anyio

GAMES = 10
OPTIONS: list[dict[str, Any]] = [{}, {"rounds": 2}, {"demo": True}, {"rounds": 2, "first": 1}]
FORBIDDEN_KEYS = {"deck", "hands", "role_aside", "gold_pile", "seed", "peeks", "gold_order"}
SEATED_ONLY = {"hand", "role", "legal", "gold", "gold_offer"}
GOAL_CARDS = {"gold", "stone-ne", "stone-nw"}


@dataclass
class Truth:
    """One moment of the game, as only the server knows it."""

    secrets: dict[str, Any]  # the state notation: every secret
    views: list[dict[str, Any]]  # what each seat may know
    public: dict[str, Any]  # what a spectator may know


def jsonish(data: Any) -> Any:
    return json.loads(json.dumps(data))


def replay(record: dict[str, Any]) -> tuple[list[Truth], list[list[dict[str, Any]]]]:
    """The truth after every action of a finished game's record, and the events each seat
    (and, last, a spectator) may see, as the server words them."""
    game = new_game(record["ruleset"], record["players"], record["options"])
    state = game.new_state(record["seed"])
    seats: list[int | None] = [*range(game.players), None]

    def moment() -> Truth:
        return Truth(
            jsonish(state.to_json()),
            [jsonish(state.view(s)) for s in range(game.players)],
            jsonish(state.view(None)),
        )

    truth = [moment()]
    for action in record["actions"]:
        state.apply(action)
        truth.append(moment())
    names = record["names"]
    events = [
        [
            jsonish(
                {
                    **e.to_json(),
                    "text": game.describe(e, names),
                    "message": game.message(e).to_json(),
                }
            )
            for e in state.events
            if e.visible_to(seat)
        ]
        for seat in seats
    ]
    assert Record.from_json(record).replay().scores == state.scores
    return truth, events


def walk(data: Any) -> list[tuple[tuple[str | int, ...], Any]]:
    """Every dict, list and dict value in a message, with its path (a list of plain values
    is one value: it is checked as a whole)."""
    found: list[tuple[tuple[str | int, ...], Any]] = []
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        found.append((path, value))
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value) if isinstance(v, dict | list))
    return found


@dataclass
class Hidden:
    """The card lists a viewer must never be sent while a moment lasts."""

    own_hand: Counter[str]
    others: list[Counter[str]]  # the other hands (unless too short, or equal to the own)
    deck: Counter[str]

    @classmethod
    def of(cls, now: Truth, seat: int | None) -> Hidden:
        hands = now.secrets["hands"]
        own = Counter(hands[seat]) if seat is not None else Counter()
        others = [
            Counter(hand)
            for s, hand in enumerate(hands)
            if s != seat and len(hand) >= 3 and Counter(hand) != own
        ]
        return cls(own, others, Counter(now.secrets["deck"]))


def check_message(message: Message, seat: int | None, hidden: Hidden, seed: int) -> None:
    """What holds for every message a viewer in ``seat`` receives."""
    assert str(seed) not in json.dumps(message), message
    for path, value in walk(message):
        key = path[-1] if path else None
        if key == "deck":  # a draw event says how many cards are left, and no more
            assert isinstance(value, int) and path[0] == "events", (path, message)
        else:
            assert key not in FORBIDDEN_KEYS, (path, message)
        if key in ("hand", "role"):
            # only the own view's, or the own deal event's
            assert seat is not None and (
                path[:2] == ("view", key)
                or (
                    path[0] == "events"
                    and message["events"][path[1]]["kind"] == "deal"
                    and message["events"][path[1]]["to"] == seat
                )
            ), (path, message)
        if key == "roles":  # revealed at a round's end only (an event, or the chat's line of it)
            assert (
                path[:2] == ("view", "results")
                or (path[0] == "events" and message["events"][path[1]]["kind"] == "round-end")
                or (
                    path[0] == "message"
                    and message["from"] is None
                    and message["message"]["key"].startswith("classic.round-end.")
                )
            ), (path, message)
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            cards = Counter(value)
            assert cards not in hidden.others, (path, "another player's hand", message)
            if len(value) >= 3 and cards != hidden.own_hand:
                assert cards != hidden.deck, (path, "the draw pile", message)


def check_view(message: Message, seat: int | None, now: Truth) -> None:
    """A game message: exactly the engine's view for this viewer, which holds only its own
    secrets."""
    view = message["view"]
    assert message["seat"] == seat and view["seat"] == seat
    secrets = now.secrets
    if seat is None:
        assert view == now.public
        assert not SEATED_ONLY & set(view)
        peeked: set[tuple[int, int]] = set()
    else:
        assert view == now.views[seat]
        assert view["hand"] == secrets["hands"][seat]
        assert view["role"] == secrets["roles"][seat]
        peeked = {(x, y) for x, y in secrets["peeks"][seat]}
    revealed = {(g["x"], g["y"]) for g in now.public["goals"] if g["revealed"]}
    for goal in view["goals"]:
        spot = (goal["x"], goal["y"])
        if goal["card"] is not None:
            assert spot in revealed | peeked, (goal, view)
            assert [spot[0], spot[1], goal["card"]] in secrets["goals"]
    for cell in view["board"]["cells"]:
        spot = (cell["x"], cell["y"])
        if cell["face"] == "up" and cell["card"] in GOAL_CARDS:
            assert spot in revealed, (cell, view)
        elif cell["face"] == "down" and cell["card"] is not None:  # a goal this seat peeked at
            assert spot in peeked and [*spot, cell["card"]] in secrets["goals"], (cell, view)
    for event in message["events"]:
        assert event.get("to") in (None, seat), event
        if event["kind"] in ("deal", "peek", "discard", "drew", "gold-value"):
            assert seat is not None and event["to"] == seat, event


def check_client(
    client: Client, start: int, seat: int | None, game: int, truth: list[Truth], seed: int
) -> list[Message]:
    """Check every message this client received since ``start``; the game events it got."""
    seq = 0
    events: list[Message] = []
    hidden = {0: Hidden.of(truth[0], seat)}
    for message in client.log[start:]:
        if message["type"] == "game" and message["game"] == game:
            seq = message["seq"]
            check_view(message, seat, truth[seq])
            events += message["events"]
            if seq not in hidden:
                hidden[seq] = Hidden.of(truth[seq], seat)
        check_message(message, seat, hidden[seq], seed)
    return events


async def the_truth(
    server: LiveServer,
    players: list[Client],
    spectator: Client,
    game: int,
    last: dict[Client, Message],
) -> tuple[dict[str, Any], list[Truth], list[list[dict[str, Any]]]]:
    """Once a spied game is over and everyone has all its messages: its record, the truth
    after every action and the events each seat (and a spectator) may see."""
    final_seq = last[players[0]]["seq"]
    await players[0].expect("highscores")  # the results are stored: the record is public
    await spectator.expect("game", game=game, seq=final_seq)
    for client in [*players, spectator]:
        await client.sync()
    record: dict[str, Any] = server.get(f"/api/games/{game}/record")
    truth, events = replay(record)
    assert len(truth) == final_seq + 1
    return record, truth, events


async def play_spied_game(
    server: LiveServer,
    players: list[Client],
    spectator: Client,
    rng: random.Random,
    options: dict[str, Any],
) -> None:
    starts = {client: len(client.log) for client in [*players, spectator]}
    game = await seat_all(players, options=options)
    await spectator.send({"type": "watch", "game": game})

    async def meddle(client: Client, message: Message) -> None:
        """Now and then: an out-of-turn action, an illegal one, a line of table chat."""
        if message["type"] != "game" or message["view"]["phase"] == "over":
            return
        roll = rng.random()
        hand = message["view"]["hand"]
        if roll < 0.03 and not message["view"]["legal"] and hand:
            await client.send({"type": "act", "game": game, "action": f"pass:{hand[0]}"})
        elif roll < 0.06 and message["view"]["legal"]:
            await client.send({"type": "act", "game": game, "action": "map@0,0"})
        elif roll < 0.063:
            text = f"I am sure it is {rng.choice(message['names'])}"
            await client.send({"type": "chat", "channel": "game", "game": game, "text": text})

    last = await play_out(
        players,
        game,
        lambda _c, m: rng.choice(m["view"]["legal"]),
        on_message=meddle,
        allowed_errors={"stale", "illegal", "rate-limited"},
    )

    record, truth, events = await the_truth(server, players, spectator, game, last)
    seed = record["seed"]
    for seat, client in enumerate(players):
        got = check_client(client, starts[client], seat, game, truth, seed)
        assert got == events[seat]
        errors = [m for m in client.log[starts[client] :] if m["type"] == "error"]
        # (a probe sent just as the game ended finds no game)
        allowed = {"stale", "illegal", "rate-limited", "no-such-game"}
        assert {e["code"] for e in errors} <= allowed, errors
    got = check_client(spectator, starts[spectator], None, game, truth, seed)
    assert got == events[-1]


async def test_spies_learn_nothing(server: LiveServer) -> None:
    rng = random.Random(2024)
    names = [f"Spy {i}" for i in range(5)]
    async with clients(server.ws, *names, "Watcher") as [*spies, watcher]:
        for index in range(GAMES):
            players = rng.sample(spies, 3 + index % 3)
            await play_spied_game(server, players, watcher, rng, OPTIONS[index % len(OPTIONS)])
    assert len(server.get("/api/games", status="finished")) == GAMES
