"""The Dark Cave through the server: two people and two random bot seats play it to the end, the
turn clock gives decisions up the ruleset's way, and spies in every seat learn nothing.

A spy may be sent its own hand and clan card, what is public, the clan cards shown (a dwarf
that took eagle gold or left the cave, everyone's at the end), the clan cards and goals it
looked at, and the cards set aside if it was the first out of the cave; never another seat's
hand or hidden clan card, the draw pile, the box, a goal face down it has not seen, or the seed.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from saboteur.engine import new_game
from saboteur.engine.darkcave.actions import parse_action
from saboteur.engine.darkcave.reading import CLAN_CARDS
from saboteur.engine.darkcave.setup import goal_slots
from saboteur.engine.darkcave.state import DarkCaveState
from saboteur.engine.grid import slot_index
from tests.darkcave_play import Sight, Table, pick, play
from tests.server.helpers import (
    Chooser,
    Client,
    LiveServer,
    Message,
    clients,
    new_table,
    play_out,
    seat_all,
)
from tests.server.test_bots import actors
from tests.server.test_spy import Hidden, Truth, replay, the_truth, walk
from tests.test_darkcave_properties import _check_view

pytestmark = pytest.mark.anyio

FORBIDDEN_KEYS = {"deck", "hands", "seed", "peeks", "box", "goal_cards", "history", "goals"}
SHOWN = {"character", "game-end"}  # events showing clan cards to everyone
OWN = {"deal", "saw-clan-card", "saw-aside"}  # events showing clan cards to their seat only


def heading_out(rng: random.Random, greed: float = 0.8) -> Chooser:
    """A chooser that plays :func:`tests.darkcave_play.pick` from what each client is sent
    (goals turned over are followed in the events)."""
    laid: dict[int, dict[tuple[int, int], str]] = {}

    def choose(client: Client, message: Message) -> str:
        view, seen = message["view"], laid.setdefault(id(client), {})
        seen |= {(e["x"], e["y"]): e["shape"] for e in message["events"] if e["kind"] == "reveal"}
        here = view["dwarfs"][view["turn"]]
        exits = [spot for spot, shape in seen.items() if shape.startswith("goal-exit")]
        sight = Sight(
            view["phase"],
            None if here is None else tuple(int(v) for v in here.split(".")[0].split(",")),  # type: ignore[arg-type]
            exits[0] if exits else None,
            [spot for spot in goal_slots(view["players"]) if spot not in seen],
        )
        return pick(sight, [parse_action(text) for text in view["legal"]], rng, greed).text

    return choose


# -- whole games -----------------------------------------------------------------------------------


async def test_two_people_and_two_bots_play_the_dark_cave_to_the_end(server: LiveServer) -> None:
    async with clients(server.ws, "Ann", "Ben") as people:
        game = await new_table(people[0], 4, ruleset="darkcave", bots=[None, "random", "random"])
        await people[1].send({"type": "join", "game": game})
        assert (await people[1].expect("joined"))["seat"] == 1
        await people[0].send({"type": "start", "game": game})
        people[0].pending.extend(await people[0].sync())
        last = await play_out(people, game, heading_out(random.Random(6)))
        view = last[people[0]]["view"]
        assert view["phase"] == "over" and view["winners"]
        assert last[people[1]]["view"]["scores"] == view["scores"]
        assert None not in view["characters"]  # every clan card is shown at the end
        await people[0].expect("highscores")  # the results are stored: the record is public
        record = server.get(f"/api/games/{game}/record")
        assert record["names"][:2] == ["Ann", "Ben"] and record["scores"] == view["scores"]
        state = new_game("darkcave", 4).new_state(record["seed"])
        for action in record["actions"]:
            state.apply(action)
        assert state.scores == view["scores"] and state.winners == view["winners"]
        said = [m["text"] for m in people[0].of_type("chat") if m["from"] is None]
        names = record["names"]
        assert said[-1] == state.game.describe(state.events[-1], names)  # the result, told
        results = server.get(f"/api/games/{game}")["results"]
        assert [r["gold"] for r in results] == view["scores"]
    assert await actors(server.db_url, game) == {"player", "bot"}


async def test_the_clock_refuses_an_end_passes_and_stops_the_dwarf_for_a_seat_that_waits(
    server: LiveServer,
) -> None:
    async with clients(server.ws, "Cid", "Dot") as players:
        game = await new_table(players[0], 2, ruleset="darkcave", clock=2)
        await players[1].send({"type": "join", "game": game})
        await players[1].expect("joined")
        await players[0].send({"type": "start", "game": game})
        await players[0].expect("game", game=game, seq=0)
        await players[0].send({"type": "act", "game": game, "action": "propose-end", "seq": 0})
        for seq in (1, 2, 3):  # seat 1 is asked, then seat 0 plays and walks: all by the clock
            await players[0].expect("game", game=game, seq=seq, timeout=6)
        stopped = await players[0].expect("game", game=game, seq=4, timeout=6)
        assert stopped["view"]["turn"] == 1 and stopped["view"]["phase"] == "play"
        table = server.service.tables[game]
        assert table.state is not None
        history = table.state.history[:4]
    assert history[:2] == ["propose-end", "refuse"] and history[3] == "stop"
    assert history[2].startswith("pass:") and "+" not in history[2]  # one card discarded
    assert await actors(server.db_url, game) == {"player", "clock"}


# -- spies -----------------------------------------------------------------------------------------


def _clan_cards_in(value: Any) -> bool:
    if isinstance(value, str):
        return value in CLAN_CARDS
    return isinstance(value, list) and any(isinstance(v, str) and v in CLAN_CARDS for v in value)


def _may_show_clan_cards(message: Message, path: tuple[str | int, ...], seat: int | None) -> bool:
    """Whether a clan card at ``path`` is one this viewer may be sent (views are checked whole)."""
    if path[0] == "view":
        return True
    if path[0] == "events":
        event = message["events"][int(path[1])]
        return event["kind"] in SHOWN or (event["kind"] in OWN and event.get("to") == seat)
    said = message.get("message") if message["type"] == "chat" else None
    return message.get("from", 0) is None and str((said or {}).get("key")).startswith(
        "darkcave.game-end"
    )


def check_spied(message: Message, seat: int | None, state: DarkCaveState, seed: int) -> None:
    """What holds for every message a viewer in ``seat`` receives while ``state`` is the truth."""
    assert str(seed) not in json.dumps(message), message
    hidden = Hidden.of(Truth(state.to_json(), [], {}), seat)
    face_down = set(state.maze.hidden) - ({state.pending[0]} if state.pending else set())
    seen = set(state.peeks[seat]) if seat is not None else set()
    for path, value in walk(message):
        key = path[-1] if path else None
        assert key not in FORBIDDEN_KEYS, (path, message)
        if _clan_cards_in(value):
            assert _may_show_clan_cards(message, path, seat), (path, "a clan card", message)
        if isinstance(value, list) and len(value) >= 3 and all(isinstance(v, str) for v in value):
            cards = Counter(value)
            assert cards not in hidden.others, (path, "another player's hand", message)
            assert cards == hidden.own_hand or cards != hidden.deck, (path, "the deck", message)
        if isinstance(value, dict) and {"x", "y", "card"} <= set(value) and value["card"]:
            spot = slot_index(value["x"], value["y"])
            assert spot not in face_down or spot in seen, (path, "a face-down goal", message)


def check_spy(
    messages: list[Message], seat: int | None, game: int, truth: list[Truth], seed: int
) -> list[Message]:
    """Check every message a viewer received; the game events it got."""
    dark = new_game("darkcave", len(truth[0].views))
    states = [dark.state_from_json(moment.secrets) for moment in truth]
    seq, events = 0, []
    for message in messages:
        now = states[seq]
        if message["type"] == "game" and message["game"] == game:
            seq, now = message["seq"], states[message["seq"]]
            assert isinstance(now, DarkCaveState)
            moment = truth[seq]
            assert message["view"] == (moment.views[seat] if seat is not None else moment.public)
            _check_view(now, seat)
            events += message["events"]
            for event in message["events"]:
                assert event.get("to") in (None, seat), event
                if event["kind"] == "saw-aside":  # only the first out of the cave sees them
                    assert now.out[:1] == [seat], (event, "the cards set aside")
        assert isinstance(now, DarkCaveState)
        check_spied(message, seat, now, seed)
    return events


async def play_spied_game(
    server: LiveServer, players: list[Client], spectator: Client, rng: random.Random
) -> None:
    starts = {client: len(client.log) for client in [*players, spectator]}
    game = await seat_all(players, ruleset="darkcave")
    await spectator.send({"type": "watch", "game": game})

    async def meddle(client: Client, message: Message) -> None:
        """Now and then an out-of-turn or an illegal action."""
        if message["type"] != "game" or message["view"]["phase"] == "over":
            return
        if rng.random() < 0.03:
            action = "stop" if not message["view"]["legal"] else "web@9,9:E"
            await client.send({"type": "act", "game": game, "action": action})

    last = await play_out(
        players,
        game,
        heading_out(rng),
        on_message=meddle,
        allowed_errors={"stale", "illegal", "rate-limited"},
    )
    record, truth, events = await the_truth(server, players, spectator, game, last)
    for seat, client in enumerate([*players, spectator]):
        viewer = seat if seat < len(players) else None
        got = check_spy(client.log[starts[client] :], viewer, game, truth, record["seed"])
        assert got == events[seat if viewer is not None else -1]


async def test_dark_cave_spies_learn_nothing(server: LiveServer) -> None:
    rng = random.Random(2026)
    names = [f"Spy {i}" for i in range(5)]
    async with clients(server.ws, *names, "Watcher") as [*spies, watcher]:
        for players in (5, 3):
            await play_spied_game(server, spies[:players], watcher, rng)
    assert len(server.get("/api/games", status="finished")) == 2


def engine_log(state: DarkCaveState, seat: int | None) -> list[Message]:
    """The game messages a viewer would be sent while ``state``'s game was played."""
    again = state.game.new_state(state.seed)
    log: list[Message] = []
    for action in [None, *state.history]:
        start = len(again.events)
        if action is not None:
            again.apply(action)
        events = [e.to_json() for e in again.events_for(seat, start)]
        view = json.loads(json.dumps(again.view(seat)))
        log.append(
            {"type": "game", "game": 1, "seq": len(again.history), "view": view, "events": events}
        )
    return log


def test_the_spy_check_catches_clan_cards_hands_goals_and_the_aside() -> None:
    """Messages as the engine makes them pass; the same with a secret slipped in do not."""
    state = next(s for s in (play(Table(5, True, 2**40 + k, k, 0.95)) for k in range(40)) if s.out)
    record = {"ruleset": "darkcave", "players": 5, "options": {}, "seed": state.seed}
    truth, _ = replay({**record, "actions": state.history, "names": list("ABCDE")})
    first = state.game.new_state(state.seed)
    first.apply(state.history[0])
    for seat in (state.out[0], (state.out[0] + 1) % 5):
        log = engine_log(state, seat)
        check_spy(log, seat, 1, truth, state.seed)
        other = next(s for s in range(5) if s != seat and not first.revealed[s])
        goal = first.goal_cards[slot_index(4, 4)]
        leaks: list[tuple[Message, str]] = [
            ({"kind": "leak", "clan_card": first.clan_cards[other]}, "a clan card"),
            ({"kind": "leak", "cards": first.hands[other]}, "another player's hand"),
            ({"kind": "leak", "x": 4, "y": 4, "card": goal}, "a face-down goal"),
            ({"kind": "saw-aside", "clan_cards": state.aside, "to": seat}, "the cards set aside"),
        ]
        for leak, words in leaks[: 4 if seat != state.out[0] else 3]:
            leaky = {**log[1], "events": [*log[1]["events"], {"seat": seat, **leak}]}
            with pytest.raises(AssertionError, match=words):
                check_spy([log[0], leaky], seat, 1, truth, state.seed)
