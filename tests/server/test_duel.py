"""The Duel and its solo mode through the server: whole games, bots, bad input, spies."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from saboteur.engine import Record, new_game
from tests.server.helpers import (
    Client,
    LiveServer,
    Message,
    clients,
    new_table,
    play_out,
    random_chooser,
    seat_all,
)

pytestmark = pytest.mark.anyio

FORBIDDEN_KEYS = {"deck", "hands", "seed", "peeks", "goal_pile", "aside", "box", "goal_cards"}


async def finished_record(server: LiveServer, host: Client, game: int) -> dict[str, Any]:
    await host.expect("highscores")  # the results are stored: the record is public
    record: dict[str, Any] = server.get(f"/api/games/{game}/record")
    return record


async def test_two_people_play_a_duel_to_the_end(server: LiveServer) -> None:
    async with clients(server.ws, "Gwen", "Bert") as players:
        game = await seat_all(players, ruleset="duel")
        summary = server.get(f"/api/games/{game}")
        assert (summary["ruleset"], summary["players"]) == ("duel", 2)
        last = await play_out(players, game, random_chooser(random.Random(11)))
        views = [last[client]["view"] for client in players]
        assert all(view["phase"] == "over" and view["round"] == 3 for view in views)
        assert len(views[0]["results"]) == 3
        scores, winners = views[0]["scores"], views[0]["winners"]
        assert winners == [s for s in (0, 1) if scores[s] == max(scores)]
        feed = [e["text"] for m in players[0].of_type("game") for e in m["events"]]
        assert any(text.startswith("The game is over") for text in feed)
        record = await finished_record(server, players[0], game)
        assert Record.from_json(record).replay().scores == scores == record["scores"]
        board = {row["name"]: row for row in server.get("/api/highscores")}
        assert {name: board[name]["gold"] for name in ("Gwen", "Bert")} == dict(
            zip(("Gwen", "Bert"), scores, strict=True)
        )
        assert [board[name]["won"] for name in ("Gwen", "Bert")] == [
            int(seat in winners) for seat in (0, 1)
        ]


async def test_a_person_plays_a_duel_against_a_random_bot(server: LiveServer) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        game = await new_table(ann, 2, ruleset="duel", bots=["random"], options={"rounds": 1})
        [table] = server.get("/api/games", status="open")
        assert table["bots"] == [None, "random"] and table["seats"] == ["Ann", "Groin"]
        await ann.send({"type": "start", "game": game})
        ann.pending.extend(await ann.sync())
        last = await play_out([ann], game, random_chooser(random.Random(3)))
        assert last[ann]["view"]["phase"] == "over"
        record = await finished_record(server, ann, game)
        assert record["names"] == ["Ann", "Groin"]
        assert [row["name"] for row in server.get("/api/highscores")] == ["Ann"]  # bots: no


async def test_a_solo_game_is_played_to_the_end_and_stays_out_of_the_high_scores(
    server: LiveServer,
) -> None:
    async with clients(server.ws, "Sol") as [sol]:
        game = await seat_all([sol], ruleset="solo", options={"colour": "blue"})
        last = await play_out([sol], game, random_chooser(random.Random(5)))
        view = last[sol]["view"]
        assert view["phase"] == "over" and view["colours"] == ["blue"]
        assert view["rating"] in ("nothing", "decent", "nose-for-gold", "boss")
        assert view["winners"] == [0]
        record = await finished_record(server, sol, game)
        assert record["scores"] == view["scores"]
        results = server.get(f"/api/games/{game}")["results"]
        assert [r["gold"] for r in results] == view["scores"]  # the game keeps its points
        assert server.get("/api/highscores") == []  # but they are not gold won against anyone


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        ({"ruleset": "duel", "players": 3}, "bad-options", "exactly 2 players"),
        ({"ruleset": "solo", "players": 2}, "bad-options", "exactly 1 player"),
        ({"ruleset": "solo", "players": 1, "bots": ["random"]}, "bad-bots", "solo"),
        ({"ruleset": "duel", "players": 2, "bots": ["ismcts"]}, "bad-bots", "duel"),
        ({"ruleset": "duel", "players": 2, "bots": ["ismcts"]}, "bad-bots", "heuristic, random"),
        ({"ruleset": "duel", "players": 2, "bots": ["random", None]}, "bad-bots", "one entry"),
        ({"ruleset": "duel", "players": 2, "options": {"colour": "blue"}}, "bad-options", "colour"),
        ({"ruleset": "solo", "players": 1, "options": {"colour": "red"}}, "bad-options", "red"),
        ({"ruleset": "duel", "players": 2, "options": {"rounds": 4}}, "bad-options", "rounds"),
    ],
)
async def test_bad_duel_and_solo_tables_are_refused_and_nothing_is_created(
    server: LiveServer, message: Message, code: str, words: str
) -> None:
    async with clients(server.ws, "Ann") as [ann]:
        reply = await ann.error({"type": "new_game", **message})
        assert reply["code"] == code and words in reply["message"], reply
        assert server.get("/api/games", status="open") == []
        assert server.service.tables == {}


def walk(data: Any) -> list[tuple[tuple[str | int, ...], Any]]:
    """Every value in a message, with its path."""
    found: list[tuple[tuple[str | int, ...], Any]] = []
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        found.append((path, value))
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))
    return found


def jsonish(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Secrets:
    """What a viewer must not learn from one state: other hands, face-down goals it has not seen."""

    def __init__(self, state: Any, seat: int | None, learned: set[tuple[int, int]]) -> None:
        secrets = state.to_json()
        hands = secrets["hands"]
        self.others = [Counter(h) for s, h in enumerate(hands) if s != seat and len(h) >= 3]
        self.own = Counter(hands[seat]) if seat is not None else Counter()
        public = state.view(None)
        shown = {(g["x"], g["y"]) for g in public["goals"] if g["revealed"]}
        self.hidden = {(x, y) for (x, y, _card) in secrets["goals"] if (x, y) not in shown}
        self.seen = {tuple(slot) for slot in secrets["peeks"][seat]} if seat is not None else set()
        self.seen |= learned
        pending = public["pending"]
        if pending is not None:  # the goal being turned over is shown to everyone
            self.seen.add((pending["x"], pending["y"]))

    def check(self, path: tuple[str | int, ...], value: Any, message: Message) -> None:
        strings = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if strings and len(value) >= 3:
            assert Counter(value) not in self.others or Counter(value) == self.own, (path, message)
        if isinstance(value, dict) and {"x", "y", "card"} <= set(value):
            spot = (value["x"], value["y"])
            if spot in self.hidden and value["card"] is not None:  # a goal that lies face down
                assert spot in self.seen, (path, "a face-down goal", message)


def check_seen(messages: list[Message], seat: int | None, game: int, record: dict[str, Any]) -> int:
    """Check every message a viewer got against the replayed truth; the game messages checked.

    A message whose action ended a round tells of that round first (a goal turned over or
    peeked at, the round's end) and then of the next one: the events before ``round-start`` are
    checked against the state before the action, plus what those events rightly showed this
    viewer: goals turned over for all, goals peeked at by this viewer.
    """
    duel = new_game(record["ruleset"], record["players"], record["options"])
    state = duel.new_state(record["seed"])
    truth = [state.clone()]
    for action in record["actions"]:
        state.apply(action)
        truth.append(state.clone())
    checked, seq = 0, 0
    for message in messages:
        events: list[Message] = []
        if message.get("type") == "game" and message["game"] == game:
            seq, events = message["seq"], message["events"]
            assert message["view"] == jsonish(truth[seq].view(seat))  # exactly the engine's view
            checked += 1
            for event in events:
                assert event.get("to") in (None, seat), event
        kinds = [event["kind"] for event in events]
        boundary = kinds.index("round-start") if "round-start" in kinds else 0
        now = Secrets(truth[seq], seat, set())
        learned = {
            (e["x"], e["y"])
            for e in events[:boundary]
            if e["kind"] == "reveal" or (e["kind"] == "peek" and e.get("to") == seat is not None)
        }
        ended = Secrets(truth[seq - 1], seat, learned) if boundary else now
        assert str(record["seed"]) not in json.dumps(message)
        for path, value in walk(message):
            key = path[-1] if path else None
            if key == "deck":
                assert isinstance(value, int) and path[0] == "events", (path, message)
            else:
                assert key not in FORBIDDEN_KEYS, (path, message)
            of_ended_round = len(path) >= 2 and path[0] == "events" and int(path[1]) < boundary
            (ended if of_ended_round else now).check(path, value, message)
    return checked


async def test_duel_spies_learn_neither_the_other_hand_nor_face_down_goals(
    server: LiveServer,
) -> None:
    rng = random.Random(77)
    async with clients(server.ws, "Spy A", "Spy B", "Watcher") as [*spies, watcher]:
        starts = {client: len(client.log) for client in [*spies, watcher]}
        game = await seat_all(spies, ruleset="duel", options={"rounds": 2})
        await watcher.send({"type": "watch", "game": game})

        async def meddle(client: Client, message: Message) -> None:
            """Now and then an out-of-turn or illegal action."""
            playing = message["type"] == "game" and message["view"]["phase"] != "over"
            hand = message["view"]["hand"] if playing else []
            if playing and rng.random() < 0.05 and not message["view"]["legal"] and hand:
                await client.send({"type": "act", "game": game, "action": f"pass:{hand[0]}"})

        last = await play_out(
            spies,
            game,
            random_chooser(rng),
            on_message=meddle,
            allowed_errors={"stale", "illegal", "rate-limited"},
        )
        final_seq = last[spies[0]]["seq"]
        record = await finished_record(server, spies[0], game)
        await watcher.expect("game", game=game, seq=final_seq)
        for client in [*spies, watcher]:
            await client.sync()
        peeks = [e for m in spies[0].of_type("game") for e in m["events"] if e["kind"] == "peek"]
        for seat, client in enumerate([*spies, watcher]):
            viewer = seat if seat < 2 else None
            checked = check_seen(client.log[starts[client] :], viewer, game, record)
            assert checked > final_seq // 2
        assert record["actions"] and final_seq == len(record["actions"])
        assert all(e["to"] == 0 for e in peeks)


def engine_messages(seed: int) -> tuple[dict[str, Any], dict[int | None, list[Message]]]:
    """A random two-round duel played in the engine: its record and what each viewer is sent."""
    duel = new_game("duel", 2, {"rounds": 2})
    state, rng = duel.new_state(seed), random.Random(seed)
    sent: dict[int | None, list[Message]] = {0: [], 1: [], None: []}
    while not state.is_over:
        start = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        for seat, log in sent.items():
            events = [e.to_json() for e in state.events_for(seat, start)]
            view = jsonish(state.view(seat))
            seq = len(state.history)
            log.append({"type": "game", "game": 1, "seq": seq, "view": view, "events": events})
    record = {"ruleset": "duel", "players": 2, "options": {"rounds": 2}, "seed": seed}
    return {**record, "actions": list(state.history)}, sent


def goal_news_of_an_ended_round(message: Message, next_round: dict[tuple[int, int], str]) -> bool:
    """Whether events before ``round-start`` name a goal's card where the next round hides one."""
    kinds = [e["kind"] for e in message["events"]]
    before = message["events"][: kinds.index("round-start")] if "round-start" in kinds else []
    return any(e.get("card") and (e.get("x"), e.get("y")) in next_round for e in before)


def face_down(state: Any) -> dict[tuple[int, int], str]:
    """The goals lying face down, by spot."""
    down = {(g["x"], g["y"]) for g in state.view(None)["goals"] if not g["revealed"]}
    return {(x, y): card for x, y, card in state.to_json()["goals"] if (x, y) in down}


def test_the_spy_check_tells_an_ended_rounds_goals_from_a_leak() -> None:
    """A goal turned over or peeked at as a round ends is no leak; the same news later is."""
    crossings = 0
    ends = (115, 187, 217, 267)  # rounds ending by a goal turned over (115, 217) or a peek
    for seed in (random.Random(k).getrandbits(40) for k in ends):  # not found in a message
        record, sent = engine_messages(seed)
        for seat, log in sent.items():
            assert check_seen(log, seat, 1, record) == len(record["actions"])
        state = new_game("duel", 2, {"rounds": 2}).new_state(seed)
        for seq, action in enumerate(record["actions"], start=1):
            ended = face_down(state)
            state.apply(action)
            hidden = face_down(state)
            for seat in (0, 1):
                message = sent[seat][seq - 1]
                if not goal_news_of_an_ended_round(message, hidden):
                    continue
                crossings += 1
                (spot, card), *_ = hidden.items()
                leak = {"kind": "leak", "x": spot[0], "y": spot[1], "card": card}
                leaky = {**message, "events": [*message["events"], leak]}  # after round-start
                with pytest.raises(AssertionError, match="a face-down goal"):
                    check_seen([*sent[seat][: seq - 1], leaky], seat, 1, record)
                named = {(e.get("x"), e.get("y")) for e in message["events"]}
                spot, card = next((s, c) for s, c in ended.items() if s not in named)
                leak = {"kind": "leak", "x": spot[0], "y": spot[1], "card": card}
                leaky = {**message, "events": [leak, *message["events"]]}  # of the ended round
                with pytest.raises(AssertionError, match="a face-down goal"):
                    check_seen([*sent[seat][: seq - 1], leaky], seat, 1, record)
    assert crossings >= len(ends)  # the case the check must get right came up
