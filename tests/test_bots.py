"""Bots: legal play at every table size, choices that depend only on the seat's view."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from saboteur.bots.base import Bot, Budget, choose
from saboteur.bots.heuristic import HeuristicBot
from saboteur.bots.ismcts import IsmctsBot
from saboteur.bots.memory import Memory
from saboteur.bots.policy import react
from saboteur.bots.random_bot import RandomBot
from saboteur.bots.registry import BotSpecError, make_bot, parse_spec
from saboteur.bots.tunnel import is_dead_end
from saboteur.engine import Event, new_game
from saboteur.engine.classic import cards as C
from saboteur.engine.classic.state import ClassicState
from tests.scenario import Scenario


def play(state: ClassicState, bots: list[Bot], turns: int | None = None) -> int:
    """Let the bots play (``turns`` actions, or to the end); returns the actions checked."""
    checked = 0
    while not state.is_over and (turns is None or checked < turns):
        seat = state.current_player
        assert seat is not None
        action = choose(bots[seat], state, seat)
        assert action in state.legal_actions()
        state.apply(action)
        checked += 1
    return checked


@pytest.mark.parametrize("players", range(3, 11))
def test_random_and_heuristic_play_only_legal_actions(players: int) -> None:
    game = new_game("classic", players)
    for seed in range(3):
        state = game.new_state(seed)
        bots: list[Bot] = [
            (HeuristicBot if (seat + seed) % 2 else RandomBot)(game, seat, random.Random(seat))
            for seat in range(players)
        ]
        assert play(state, bots) > 3 * players
        assert state.is_over and len(state.results) == 3


@pytest.mark.parametrize("players", [3, 6, 10])
def test_ismcts_plays_only_legal_actions(players: int) -> None:
    game = new_game("classic", players, {"rounds": 1})
    state = game.new_state(players)
    bots: list[Bot] = [
        IsmctsBot(game, seat, random.Random(seat), Budget(iterations=2))
        if seat % 2 == 0
        else HeuristicBot(game, seat, random.Random(seat))
        for seat in range(players)
    ]
    play(state, bots)
    assert state.is_over
    assert sum(bot.iterations for bot in bots) > 0


@pytest.mark.parametrize("options", [{"preset": "online-3"}, {"demo": True}])
def test_bots_play_the_presets(options: dict[str, object]) -> None:
    game = new_game("classic", 3, options)
    state = game.new_state(5)
    bots: list[Bot] = [
        HeuristicBot(game, 0, random.Random(0)),
        IsmctsBot(game, 1, random.Random(1), Budget(iterations=2)),
        RandomBot(game, 2, random.Random(2)),
    ]
    play(state, bots)
    assert state.is_over


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=4"])
def test_bots_seated_mid_game_or_on_a_restored_state(spec: str) -> None:
    state = _midgame(6, 8, 40)
    restored = state.game.state_from_json(state.to_json())  # no event log
    for table in (state, restored):
        bots = [make_bot(spec, table.game, seat, seed=seat) for seat in range(6)]
        assert play(table, bots, turns=12) == 12


def test_choose_refuses_the_wrong_seat() -> None:
    game = new_game("classic", 4)
    state = game.new_state(1)
    seat = state.current_player
    assert seat is not None
    other = RandomBot(game, (seat + 1) % 4, random.Random(0))
    with pytest.raises(ValueError, match="not seat"):
        choose(other, state)


# -- a choice depends only on what the seat may know -----------------------------------------------


def _hidden_changed(state: ClassicState, seat: int, rng: random.Random) -> ClassicState:
    """The same state for ``seat``, with everything it cannot see dealt anew."""
    data = state.to_json()
    n = state.game.players
    others = [s for s in range(n) if s != seat]
    pool = [card for s in others for card in data["hands"][s]] + data["deck"]
    rng.shuffle(pool)
    for s in others:
        size = len(data["hands"][s])
        data["hands"][s], pool = pool[:size], pool[size:]
    data["deck"] = pool
    roles = [data["roles"][s] for s in others] + data["role_aside"]
    rng.shuffle(roles)
    for s, role in zip(others, roles, strict=False):
        data["roles"][s] = role
    data["role_aside"] = roles[len(others) :]
    known = {tuple(xy) for xy in data["peeks"][seat]}
    revealed = {(x, y) for x, y, shape in data["maze"] if ":" in shape}
    free = [g for g in data["goals"] if (g[0], g[1]) not in known | revealed]
    cards = [g[2] for g in free]
    rng.shuffle(cards)
    for goal, card in zip(free, cards, strict=True):
        goal[2] = card
    data["seed"] = data["seed"] + 1
    changed = state.game.state_from_json(data)
    assert isinstance(changed, ClassicState)
    changed.events = state.events_for(seat)  # what the seat saw happen is the same
    return changed


def same_view(one: dict[str, object], other: dict[str, object]) -> bool:
    """Equal views, up to the order of the legal actions (which follows how the maze was built)."""
    return {**one, "legal": sorted(one["legal"])} == {**other, "legal": sorted(other["legal"])}  # type: ignore[call-overload]


def _midgame(players: int, seed: int, turns: int) -> ClassicState:
    game = new_game("classic", players)
    state = game.new_state(seed)
    bots: list[Bot] = [RandomBot(game, s, random.Random(seed * 10 + s)) for s in range(players)]
    play(state, bots, turns)
    return state


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=12"])
def test_choice_depends_only_on_the_view(spec: str) -> None:
    differences = 0
    for players, seed, turns in [(4, 1, 9), (5, 2, 17), (7, 3, 25), (10, 4, 33)]:
        state = _midgame(players, seed, turns)
        seat = state.current_player
        assert seat is not None
        changed = _hidden_changed(state, seat, random.Random(seed))
        assert same_view(changed.view(seat), state.view(seat))
        differences += changed.hands != state.hands or changed.roles != state.roles
        first = make_bot(spec, state.game, seat, seed=99)
        second = make_bot(spec, state.game, seat, seed=99)
        assert choose(first, state) == choose(second, changed)
    assert differences  # the hidden information did change


def test_ismcts_choice_changes_with_its_own_view() -> None:
    """The test above has teeth: the same bot does react to what it can see."""
    state = _midgame(5, 2, 17)
    seat = state.current_player
    assert seat is not None
    choices = set()
    for hand_seed in range(6):
        data = state.to_json()
        pool = data["hands"][seat] + data["deck"]
        random.Random(hand_seed).shuffle(pool)
        size = len(data["hands"][seat])
        data["hands"][seat], data["deck"] = pool[:size], pool[size:]
        other = state.game.state_from_json(data)
        choices.add(choose(make_bot("ismcts:iterations=6", state.game, seat, seed=1), other).text)
    assert len(choices) > 1


# -- the heuristic's judgement ---------------------------------------------------------------------


def _bot_choice(state: ClassicState, cls: type[Bot] = HeuristicBot) -> str:
    seat = state.current_player
    assert seat is not None
    budget = Budget(iterations=30) if cls is IsmctsBot else None
    return choose(cls(state.game, seat, random.Random(0), budget), state).text


def _one_card_from_gold(saboteur: int, *hand: str) -> ClassicState:
    """Seat 0 to play, a tunnel from the start to (6,0), the gold at (8,0)."""
    return (
        Scenario(players=4)
        .maze("EW@1,0", "NESW@2,0", "NEW@3,0", "NESW@4,0", "NEW@5,0", "NESW@6,0")
        .goals(gold=(8, 0))
        .peek(0, 8, 0)
        .hand(0, *hand)
        .saboteurs(saboteur)
        .turn(0)
        .build()
    )


@pytest.mark.parametrize("cls", [HeuristicBot, IsmctsBot])
def test_digger_opens_the_gold_when_it_can(cls: type[Bot]) -> None:
    state = _one_card_from_gold(3, "EW", "NS", "xNS", "map", "break-cart", "rockfall")
    assert _bot_choice(state, cls) == "EW@7,0"


@pytest.mark.parametrize("cls", [HeuristicBot, IsmctsBot])
def test_saboteur_never_opens_the_gold(cls: type[Bot]) -> None:
    choice = _bot_choice(_one_card_from_gold(0, "EW", "NESW", "xEW", "rockfall"), cls)
    assert choice not in ("EW@7,0", "NESW@7,0")
    assert choice == "xEW@7,0" or choice.startswith("rockfall@")  # blocks or cuts the tunnel


def test_digger_repairs_itself_and_maps_early() -> None:
    broken = (
        Scenario(players=5)
        .hand(1, "repair-pickaxe", "EW", "NS", "map", "xS")
        .broken(1, "pickaxe")
        .saboteurs(4)
        .turn(1)
        .build()
    )
    assert _bot_choice(broken) == "repair-pickaxe@1"
    fresh = Scenario(players=5).hand(1, "EW", "map", "xS").saboteurs(4).turn(1).build()
    assert _bot_choice(fresh).startswith("map@")


def test_gold_choice_takes_the_biggest() -> None:
    game = new_game("classic", 4)
    legal = [game.parse_action(text) for text in ("gold:1", "gold:3", "gold:2")]
    for cls in (HeuristicBot, IsmctsBot):
        bot = cls(game, 0, random.Random(0))
        assert bot.choose({"phase": "gold"}, legal).text == "gold:3"


def _round_seen_by(seat: int, role: str, public: list[Event]) -> list[Event]:
    """A round's first events as ``seat`` (dealt ``role``) sees them: start, deal, ``public``."""
    deal = Event("deal", seat, {"round": 1, "role": role, "hand": []}, to=seat)
    return [Event("round-start", None, {"round": 1, "first": 1}), deal, *public]


def test_suspicion_follows_public_actions() -> None:
    game = new_game("classic", 5)
    bot = HeuristicBot(game, 0, random.Random(0))
    public = [
        Event("place", 1, {"card": "EW", "shape": "EW", "x": 1, "y": 0}),
        Event("place", 2, {"card": "xEW", "shape": "xEW", "x": 2, "y": 0}),
        Event("break", 3, {"tool": "cart", "target": 0}),
        Event("rockfall", 4, {"card": "xEW", "x": 2, "y": 0}),
    ]
    bot.observe(_round_seen_by(0, "digger", public))
    suspicion = bot.memory.suspicion
    assert suspicion[2] > 1 and suspicion[3] > 1  # a dead end ahead; breaking me, a digger
    assert suspicion[1] < 0 and suspicion[4] < 0  # digging on; clearing the dead end
    assert bot.memory.known_discards == Counter({"xEW": 1, "rockfall": 1})
    assert bot.memory.exposure == 0.0  # seat 0 itself did nothing yet


def test_the_search_starts_from_what_its_own_moves_have_shown() -> None:
    """A seat's own dead end makes the others suspect it: its memory keeps that as its exposure
    (as any onlooker's memory would score the move), and the search's playouts start from it."""
    game = new_game("classic", 5)
    public = [
        Event("place", 1, {"card": "EW", "shape": "EW", "x": 1, "y": 0}),
        Event("place", 2, {"card": "xEW", "shape": "xEW", "x": 2, "y": 0}),
        Event("break", 2, {"tool": "cart", "target": 1}),
    ]
    bot = IsmctsBot(game, 2, random.Random(0))
    bot.observe(_round_seen_by(2, "saboteur", public))
    onlooker = HeuristicBot(game, 0, random.Random(0))
    onlooker.observe(_round_seen_by(0, "digger", public))
    assert bot.memory.suspicion[2] == 0.0
    assert bot.memory.exposure == onlooker.memory.suspicion[2] > 2
    opinion = bot.opinion()
    assert opinion[2] == bot.memory.exposure
    assert opinion[:2] + opinion[3:] == bot.memory.suspicion[:2] + bot.memory.suspicion[3:]


@pytest.mark.parametrize("seed", [3, 8])
def test_the_playouts_judge_the_tunnel_as_an_onlookers_memory_does(seed: int) -> None:
    """Inside the playouts (``policy.react``) a card laid or a rockfall moves the player's
    suspicion by as much as a digger onlooker's memory moves it: a card that brings the tunnel
    nearer the goals earns trust, one that leads it away is suspect, a dead end more so (with
    ``faithful=True``, as ``ismcts-faithful`` plays). The default's rougher rules leave a card that
    leads away unremarked."""
    game = new_game("classic", 5)
    state = game.new_state(seed)
    rng = random.Random(seed)
    onlookers = [Memory(game, 0), Memory(game, 1)]
    seen = 0
    judged = {"nearer": 0, "away": 0, "dead end": 0, "rockfall": 0}
    while not state.is_over and state.round == 1:
        for memory in onlookers:
            memory.observe(state.events_for(memory.seat, seen))
        seen = len(state.events)
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        onlooker = onlookers[0] if seat != 0 else onlookers[1]
        if action.kind in ("place", "rockfall"):
            opinion, rough = [0.0] * 5, [0.0] * 5
            react(opinion, state, seat, action, faithful=True)
            react(rough, state, seat, action)
            before = onlooker.suspicion[seat]
            state.apply(action)
            for memory in onlookers:
                memory.observe(state.events_for(memory.seat, seen))
            seen = len(state.events)
            assert opinion[seat] == pytest.approx(onlooker.suspicion[seat] - before), action
            if action.kind == "rockfall":
                judged["rockfall"] += 1
            elif is_dead_end(action.code & 63):
                judged["dead end"] += 1
            else:
                if opinion[seat] < 0:
                    judged["nearer"] += 1
                elif opinion[seat] > 0:
                    judged["away"] += 1
                    assert rough[seat] == 0.0  # the rough rules let it pass
        else:
            state.apply(action)
    assert min(judged.values()) > 0, judged


# -- the registry ------------------------------------------------------------------------------


def test_registry_reads_budgets() -> None:
    assert parse_spec("ismcts").budget == Budget(iterations=100)
    assert parse_spec("ismcts:seconds=1").budget == Budget(seconds=1.0)
    assert parse_spec("heuristic").text == "heuristic"
    for bad in ("ismcts:iterations=0", "ismcts:breadth=3", "ismcts:seconds=-1", "random:seconds=1"):
        with pytest.raises(BotSpecError):
            parse_spec(bad)
    cut = parse_spec("ismcts:depth=12:seconds=1")
    assert cut.budget == Budget(seconds=1.0, depth=12) and cut.text == "ismcts:seconds=1:depth=12"
    assert parse_spec("ismcts-full:depth=0").budget == Budget(iterations=100, depth=0)
    for bad in ("ismcts:depth=1001", "ismcts:depth=two", "ismcts:depth=1:depth=2"):
        with pytest.raises(BotSpecError):
            parse_spec(bad)


@pytest.mark.parametrize(
    ("spec", "depth"),
    [
        ("ismcts:iterations=20", None),  # its default (PLAYOUT_DEPTH): to the round's end
        ("ismcts:iterations=20:depth=9", 9),
        ("ismcts-full:iterations=20", None),  # to the round's end
        ("ismcts-full:iterations=20:depth=2", 2),
    ],
)
def test_the_depth_setting_cuts_the_playouts(
    spec: str, depth: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saboteur.bots import ismcts

    depths: list[object] = []

    def recorded(  # tree.descend's parameters by name: a change of its signature fails loudly
        child: object,
        state: object,
        action: object,
        round_index: int,
        rng: object,
        opinion: object,
        seat: int,
        depth: int | None,
        faithful: bool = False,
    ) -> None:
        depths.append(depth)

    monkeypatch.setattr(ismcts, "descend", recorded)
    game = new_game("classic", 4)
    state = game.new_state(3)
    bot = make_bot(spec, game, state.current_player or 0)
    bot.choose(state.view(bot.seat), state.legal_actions())
    assert depths and set(depths) == {depth}


def test_seconds_budget_stops_the_search() -> None:
    game = new_game("classic", 4)
    state = game.new_state(2)
    seat = state.current_player
    assert seat is not None
    bot = make_bot("ismcts:seconds=0.05", game, seat)
    choose(bot, state)
    assert bot.iterations >= 1


def test_determinizations_agree_with_the_seat() -> None:
    from saboteur.bots.determinize import Determinizer
    from saboteur.bots.memory import Memory

    state = _midgame(7, 5, 30)
    seat = state.current_player
    assert seat is not None
    memory = Memory(state.game, seat)
    memory.observe(state.events_for(seat))
    view = state.view(seat)
    sampler = Determinizer(state.game, memory, view)
    rng = random.Random(3)
    saboteurs = Counter[int]()
    for _ in range(40):
        sample = sampler.sample(rng)
        assert same_view(sample.view(seat), view)
        assert sorted(sample.roles + sample.role_aside) == sorted(state.roles + state.role_aside)
        saboteurs.update(s for s, role in enumerate(sample.roles) if role == C.SABOTEUR)
    assert len(saboteurs) > 1  # roles really are sampled


def _check_setting(spec: str, field: str, value: object, bad: tuple[str, ...]) -> None:
    """A search setting reads back as ``value`` and writes back as given; each of ``bad`` is
    refused with :class:`BotSpecError`."""
    assert getattr(parse_spec(spec).budget, field) == value
    assert parse_spec(spec).text == spec
    for text in bad:
        with pytest.raises(BotSpecError):
            parse_spec(text)


def test_belief_deals_the_saboteur_role_to_the_suspects() -> None:
    """``belief=B``: a seat's chance of a saboteur's card in the samples grows with B times its
    suspicion; at 0 the roles are dealt uniformly, and the spec checks its value."""
    from saboteur.bots.determinize import Determinizer
    from saboteur.bots.memory import Memory

    state = _midgame(4, 3, 0)
    seat = state.current_player
    assert seat is not None
    memory = Memory(state.game, seat)
    memory.observe(state.events_for(seat))
    memory.role = C.DIGGER
    suspect = next(s for s in range(4) if s != seat)
    memory.suspicion = [0.0] * 4
    memory.suspicion[suspect] = 1.0
    view = dict(state.view(seat), role=C.DIGGER)

    def share(belief: float) -> float:
        sampler = Determinizer(state.game, memory, view, belief)
        rng = random.Random(0)
        roles = [sampler.sample(rng).roles for _ in range(400)]
        return sum(r[suspect] == C.SABOTEUR for r in roles) / len(roles)

    # one saboteur's card among the three others and the one set aside: weights e^B, 1, 1, 1
    for belief, expected in ((0.0, 0.25), (4.0, math.exp(4) / (math.exp(4) + 3))):
        assert abs(share(belief) - expected) < 0.06
    bad = ("ismcts:belief=-1", "ismcts:belief=21", "ismcts:belief=x", "heuristic:belief=1")
    _check_setting("ismcts:seconds=1:belief=4", "belief", 4.0, bad)


def test_width_sets_how_many_moves_the_root_compares() -> None:
    """``width=W``: the search compares the heuristic's best ``W`` moves at the root (all of them
    if fewer are legal), whatever the budget; without it, ``ROOT_WIDTH``, fewer on few
    iterations; and the spec checks its value."""
    from saboteur.bots.ismcts import ROOT_WIDTH

    state = _midgame(4, 3, 0)
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    assert len(legal) > 12
    compared = {}
    specs = ("ismcts:iterations=60:width=12", "ismcts:iterations=24:halving=0")
    for text in (*specs, "ismcts:iterations=24:halving=1", "ismcts:iterations=900"):
        bot = make_bot(text, state.game, seat, seed=1)
        assert isinstance(bot, IsmctsBot)
        searched: list[int] = []
        search = bot.search

        def counting(view, candidates, search=search, searched=searched):
            searched.append(len(candidates))
            return search(view, candidates)

        bot.search = counting  # type: ignore[method-assign]
        assert choose(bot, state) in legal
        compared[text] = searched
    assert compared["ismcts:iterations=60:width=12"] == [12]
    assert compared["ismcts:iterations=24:halving=0"] == [24 // 8]  # 8 sweeps each
    assert compared["ismcts:iterations=24:halving=1"] == [2]  # 3 would need 2 phases of 24
    assert compared["ismcts:iterations=900"] == [ROOT_WIDTH]
    bad = ("ismcts:width=0", "ismcts:width=65", "ismcts:width=1.5", "heuristic:width=3")
    _check_setting("ismcts:seconds=1:width=12", "width", 12, bad)


def test_halving_spends_the_search_on_the_better_half_in_turn() -> None:
    """``halving=1``: for ``k`` candidates the budget goes in ⌈log2 k⌉ equal phases, after each
    the better half by win rate goes on; the move played is the best of the last ones. With 8
    candidates and 1,200 iterations: phases of about 400, 8 then 4 then 2 compared, so the first
    four dropped were each tried about 50 times and the two finalists about 50 + 100 + 200."""
    state = _midgame(4, 3, 0)
    seat = state.current_player
    assert seat is not None
    bot = make_bot("ismcts:iterations=1200:width=8:halving=1", state.game, seat, seed=2)
    assert isinstance(bot, IsmctsBot)
    choose(bot, state)  # (the memory takes in the game so far)
    candidates = state.legal_actions()[:8]
    root, paired = bot.search(state.view(seat), candidates)
    visits = [root.children[action].visits for action in candidates]
    assert len(paired.alive) == 2
    finalists = set(paired.alive)
    assert all(visits[i] >= 340 for i in finalists)
    assert sorted(visits[i] for i in range(8) if i not in finalists)[:4] == [50] * 4
    assert sum(visits) == 1200 - 1200 % 2  # (the last sweep fits the budget)
    # the move played: the finalist with the best win rate, even if one dropped early did better
    dropped = next(i for i in range(8) if i not in finalists)
    root.children[candidates[dropped]].wins = visits[dropped]  # a win rate of 1
    best = max(finalists, key=lambda i: (root.children[candidates[i]].wins / visits[i], -i))
    bot.search = lambda view, candidates: (root, paired)  # type: ignore[method-assign]
    assert bot.pick(state.view(seat), candidates) == candidates[best]
    # without halving every candidate is tried on every sweep
    plain = make_bot("ismcts:iterations=1200:width=8:halving=0", state.game, seat, seed=2)
    assert isinstance(plain, IsmctsBot)
    choose(plain, state)
    root, paired = plain.search(state.view(seat), candidates)
    assert [root.children[action].visits for action in candidates] == [150] * 8
    assert paired.alive == list(range(8))
    bad = ("ismcts:halving=2", "ismcts:halving=on", "heuristic:halving=1")
    _check_setting("ismcts:seconds=1:halving=1", "halving", True, bad)
    assert parse_spec("ismcts:seconds=1:halving=0").budget.halving is False
    with pytest.raises(BotSpecError, match="margin"):
        parse_spec("ismcts:seconds=1:margin=2:halving=1")


def test_the_root_s_defaults_and_the_search_before_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``width`` or ``halving`` the search compares ``root_moves`` (fewer on few
    iterations) and halves them if ``root_halving`` (not with a ``margin``); ``ismcts-full``, the
    search as it was, keeps six moves and no halving whatever the defaults become, so journals
    against it keep their meaning."""
    from saboteur.bots.ismcts import FullPlayoutIsmctsBot

    monkeypatch.setattr(IsmctsBot, "root_moves", 12)
    monkeypatch.setattr(IsmctsBot, "root_halving", True)
    state = _midgame(4, 3, 0)
    seat = state.current_player
    assert seat is not None
    candidates = state.legal_actions()[:12]
    alive = {}
    specs = ("ismcts:iterations=480", "ismcts:iterations=480:margin=1", "ismcts-full:seconds=1")
    for text in specs:
        bot = make_bot(text, state.game, seat, seed=2)
        assert isinstance(bot, IsmctsBot)
        choose(bot, state)  # (the memory takes in the game so far)
        if isinstance(bot, FullPlayoutIsmctsBot):
            assert bot.root_width() == 6 and not bot.root_halving
            bot.budget = parse_spec("ismcts-full:iterations=480").budget
        alive[text] = len(bot.search(state.view(seat), candidates)[1].alive)
    assert alive == {
        "ismcts:iterations=480": 2,  # 12 -> 6 -> 3 -> 2 in four phases
        "ismcts:iterations=480:margin=1": 12,
        "ismcts-full:seconds=1": 12,
    }
    widths = {}
    for text in ("ismcts:seconds=1", "ismcts:iterations=100", "ismcts:iterations=100:halving=0"):
        bot = make_bot(text, state.game, seat)
        assert isinstance(bot, IsmctsBot)
        widths[text] = bot.root_width()
    # on 100 iterations each candidate gets 8 sweeps in the first phase: 4 in 2 phases, or 12
    assert widths == {
        "ismcts:seconds=1": 12,
        "ismcts:iterations=100": 4,
        "ismcts:iterations=100:halving=0": 12,
    }


def test_direct_samples_are_the_checked_ones() -> None:
    """The sample built directly is the one the notation reads back (checked: every card
    conserved), from the same generator: the same state, secrets and all, in every round."""
    from saboteur.bots.determinize import Determinizer
    from saboteur.bots.memory import Memory

    rounds = set()
    for players, seed, turns in ((7, 5, 30), (4, 3, 0), (4, 11, 70), (5, 2, 150), (3, 1, 100)):
        state = _midgame(players, seed, turns)
        seat = state.current_player
        assert seat is not None and state.phase == "play"
        rounds.add(state.round)
        memory = Memory(state.game, seat)
        memory.observe(state.events_for(seat))
        sampler = Determinizer(state.game, memory, state.view(seat))
        for draw in range(10):
            direct = sampler.sample(random.Random(draw))
            checked = sampler.checked_sample(random.Random(draw))
            assert direct.to_json() == checked.to_json()
            assert direct.legal_actions() == checked.legal_actions()
            assert list(direct.maze.frontier.items()) == list(checked.maze.frontier.items())
    assert len(rounds) > 1


def test_ismcts_searches_in_later_rounds() -> None:
    """A view's finished rounds carry their gold; the samples keep what the notation holds
    (the search used to give up after round 1 and play the heuristic's move)."""
    game = new_game("classic", 4)
    state = game.new_state(seed=5)
    bots = [make_bot("heuristic", game, seat, seed=seat) for seat in range(4)]
    while state.round == 1 or state.phase != "play":
        seat = state.current_player
        assert seat is not None
        state.apply(choose(bots[seat], state))
    seat = state.current_player
    assert seat is not None
    bot = make_bot("ismcts:iterations=12", game, seat, seed=1)
    choose(bot, state)
    assert bot.iterations == 12


@pytest.mark.parametrize(
    "spec", ["ismcts:iterations=36", "ismcts-full:iterations=12", "ismcts-faithful:iterations=12"]
)
def test_ismcts_is_deterministic_for_a_seed(spec: str) -> None:
    state = _midgame(5, 8, 12)
    seat = state.current_player
    assert seat is not None
    runs = []
    for _ in range(2):
        bot = make_bot(spec, state.game, seat, seed=4)
        assert isinstance(bot, IsmctsBot)
        action = choose(bot, state)
        root, paired = bot.search(state.view(seat), state.legal_actions()[:3])
        runs.append(
            (
                action,
                bot.iterations,
                [(n.visits, n.wins) for n in root.children.values()],
                (paired.sums, paired.squares, paired.sweeps),
            )
        )
    assert runs[0] == runs[1]


def test_with_a_margin_the_search_leaves_the_heuristic_s_move_only_when_sure() -> None:
    """``margin=Z``: the paired gains over the first candidate (the heuristic's) decide; a huge
    margin always plays the heuristic's first choice, margin 0 the largest mean gain."""
    from saboteur.bots.ismcts import Paired

    state = _midgame(4, 3, 10)
    seat = state.current_player
    assert seat is not None
    first = make_bot("heuristic", state.game, seat, seed=1)
    heuristic_move = choose(first, state)
    for seed in range(3):
        sure = make_bot("ismcts:iterations=120:margin=10", state.game, seat, seed=seed)
        assert choose(sure, state) == heuristic_move
    paired = Paired(3)
    for rewards in ([0.0, 1.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]):
        paired.add(rewards)
    assert paired.sweeps == 4 and paired.sums == [0.0, 2.0, 1.0]
    assert paired.sure_gain(1, 0.0) == 0.5 and paired.sure_gain(1, 5.0) is None
    assert paired.sure_gain(0, 0.0) is None  # the first never gains over itself
    assert parse_spec("ismcts:seconds=1:margin=1.5").text == "ismcts:seconds=1:margin=1.5"
    for bad in ("ismcts:margin=-1", "ismcts:margin=11", "ismcts:margin=x", "heuristic:margin=1"):
        with pytest.raises(BotSpecError):
            parse_spec(bad)


def test_the_evaluation_favours_a_tunnel_near_the_gold() -> None:
    from saboteur.bots.evaluate import digger_chance, features

    for seed in range(5):
        plain = new_game("classic", 4).new_state(seed)
        dug = new_game("classic", 4, {"demo": True}).new_state(seed)  # the tunnel reaches (4,0)
        assert features(dug)[0] < features(plain)[0]
        assert 0.0 < digger_chance(plain) < digger_chance(dug) < 1.0
