"""The maze's shared model beyond classic: rotations, growth rules, fields, pieces, markers,
jumps, hooks and reach queries (the tests build small Dark Cave- and Zwergengold-like cards
of their own; those games are not built here)."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saboteur.engine.classic import cards as C
from saboteur.engine.grid import (
    OPPOSITE,
    SIDE_STEPS,
    edge_id,
    edge_slots,
    field_id,
    field_number,
    field_slot,
    slot_index,
    slot_xy,
)
from saboteur.engine.growth import JOINED, OPEN, OpenMaze, new_maze
from saboteur.engine.maze import (
    HALF_TURNS,
    QUARTER_TURNS,
    SIDES,
    E,
    Maze,
    N,
    S,
    ShapeTable,
    W,
    orient,
    orientations,
    rotate,
    sides_mask,
    sides_text,
    turn_half,
)
from saboteur.engine.walk import FieldRules, Steps, card_fields, reach, shortest_path

masks = st.integers(min_value=0, max_value=15)
EW, NS, NESW = (C.SHAPES.by_name[name] for name in ("EW", "NS", "NESW"))


def by_sides(turns: int, sides: int) -> str:
    return sides_text(sides)


# -- rotations ---------------------------------------------------------------------------------


@given(masks, st.integers(-8, 8), st.integers(-8, 8))
def test_rotations_compose_and_four_quarter_turns_are_the_identity(mask, a, b):
    assert rotate(rotate(mask, a), b) == rotate(mask, a + b)
    assert rotate(rotate(rotate(rotate(mask, 1), 1), 1), 1) == mask
    assert bin(rotate(mask, a)).count("1") == bin(mask).count("1")


@given(masks)
def test_a_half_turn_swaps_opposite_sides(mask):
    expected = sum(OPPOSITE[side] for side in SIDES if mask & side)
    assert turn_half(mask) == rotate(mask, 2) == expected


def test_a_quarter_turn_goes_clockwise():
    assert [rotate(N, turns) for turns in QUARTER_TURNS] == [N, E, S, W]


@given(st.integers(0, 3), st.sampled_from([(N | S, (N | S,)), (N | E | S, (N, E | S))]))
def test_a_shape_turned_four_quarter_turns_is_itself(start, card):
    sides, groups = card
    shape = orient("c", sides, groups, start, "", fields=groups, inner=((0, 1),)[: len(groups) - 1])
    again = shape
    for _ in range(4):
        again = orient("c", again.sides, again.groups, 1, "", again.fields, again.inner)
    assert (again.sides, again.groups, again.fields, again.inner) == (
        shape.sides,
        shape.groups,
        shape.fields,
        shape.inner,
    )


def test_orientations_under_quarter_turns_keep_only_distinct_shapes():
    def count(text: str) -> int:
        sides = sides_mask(text)
        return len(orientations(text, sides, (sides,), QUARTER_TURNS, by_sides))

    assert [count(text) for text in ("NESW", "NS", "NE", "NES", "S")] == [1, 2, 4, 4, 4]
    curve = orientations("curve", N | E, (N | E,), QUARTER_TURNS, by_sides)
    assert [(s.name, s.rotation, s.turned) for s in curve] == [
        ("NE", 0, False),
        ("ES", 1, True),
        ("SW", 2, True),
        ("NW", 3, True),
    ]


def test_shape_for_finds_quarter_turns_and_refuses_turns_a_card_may_not_take():
    cross = sides_mask("NESW")
    goal = orientations("goal", cross, (cross,), QUARTER_TURNS, by_sides)
    curve = orientations("curve", N | E, (N | E,), HALF_TURNS, by_sides)
    table = ShapeTable([*curve, *goal], HALF_TURNS, {"goal": QUARTER_TURNS})
    assert table.shapes[table.shape_for("curve", 2)].name == "SW"
    assert table.shape_for("goal", 1) == table.shape_for("goal", 0)
    with pytest.raises(KeyError):
        table.shape_for("curve", 1)
    assert C.SHAPES.shape_for("xNS", 2) == C.SHAPES.by_name["xNS"]


# -- growth ------------------------------------------------------------------------------------


def open_frontier(maze: Maze) -> dict[int, int]:
    """Every empty slot next to an open side of a face-up card, with its key (plainly)."""
    expected = {}
    for index, sid in maze.cells.items():
        for side, _, step in SIDE_STEPS:
            near = index + step
            if (
                C.SHAPES.sides[sid] & side
                and near not in maze.cells
                and near not in maze.hidden
                and maze.in_bounds(near)
            ):
                expected[near] = maze.constraint_key(near)
    return expected


def grow_at_random(maze: Maze, rng: random.Random, cards: int) -> None:
    """Lay ``cards`` fitting path cards at random frontier slots, now and then removing one."""
    for _ in range(cards):
        if maze.frontier:
            index = rng.choice(sorted(maze.frontier))
            fits = [sid for sid in C.PATH_SHAPE_IDS if C.FIT[maze.frontier[index]] >> sid & 1]
            if fits:
                maze.place(index, rng.choice(fits))
        if rng.random() < 0.1:
            laid = sorted(set(maze.cells) - set(maze.roots))
            if laid:
                maze.remove(rng.choice(laid))


def start_maze(growth: str, bounds: tuple[int, int, int, int] | None = None) -> Maze:
    maze = new_maze(C.SHAPES, bounds, growth)
    maze.add_root(slot_index(0, 0), C.START_SHAPE)
    maze.add_hidden(slot_index(4, 0), C.GOLD_GOAL)
    maze.recompute()
    return maze


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([None, (-2, 5, -3, 3)]))
def test_the_open_frontier_is_every_slot_next_to_an_open_side(seed, bounds):
    maze = start_maze(OPEN, bounds)
    rng = random.Random(seed)
    for _ in range(6):
        grow_at_random(maze, rng, 4)
        # a card not joined to the start, laid where it fits
        index = slot_index(rng.randrange(-6, 7), rng.randrange(-6, 7))
        if index not in maze.cells and index not in maze.hidden and maze.in_bounds(index):
            fits = [s for s in C.PATH_SHAPE_IDS if not maze.mismatched_sides(index, s)]
            if fits:
                maze.place(index, rng.choice(fits))
        assert maze.frontier == open_frontier(maze)
        fresh = maze.copy()
        fresh.recompute()
        assert (fresh.live, fresh.frontier) == (maze.live, maze.frontier)
        assert isinstance(fresh, OpenMaze)


def test_the_joined_rule_is_the_plain_maze_and_an_unjoined_card_does_not_grow_it():
    joined, grown = start_maze(JOINED), start_maze(OPEN)
    assert type(joined) is Maze
    for maze in (joined, grown):
        maze.place(slot_index(0, 3), NS)
    assert slot_index(0, 4) not in joined.frontier
    assert grown.frontier[slot_index(0, 4)] == (N | N << 4)


def test_open_growth_never_grows_from_a_face_down_goal():
    maze = start_maze(OPEN)
    maze.place(slot_index(3, 0), EW)
    assert slot_index(5, 0) not in maze.frontier  # beyond the face-down goal at (4, 0)


# -- fields ------------------------------------------------------------------------------------


def test_classic_fields_are_one_per_tunnel_group():
    for shape in C.SHAPES.shapes:
        assert shape.fields == shape.groups
        assert shape.inner == ()
    dead = C.SHAPES.by_name["xNS"]
    assert C.SHAPES.side_fields[dead] == {N: (0,), S: (1,)}
    assert C.SHAPES.inner_links[dead] == ((), ())


def dark_cave_table() -> ShapeTable:
    """Group I, II and III straights and a group II T, built as RULES.md §3 describes."""
    ns = N | S
    shapes = [
        *orientations("start", 15, (15,), HALF_TURNS, lambda t, s: "start"),
        *orientations("I-NS", ns, (ns,), HALF_TURNS, lambda t, s: "I-" + sides_text(s)),
        *orientations(
            "II-NS", ns, (ns,), HALF_TURNS, lambda t, s: "II-NS", fields=(N, S), inner=((0, 1),)
        ),
        *orientations(
            "III-NS",
            ns,
            (ns,),
            HALF_TURNS,
            lambda t, s: "III-NS",
            fields=(N, S, 0),
            inner=((0, 2), (1, 2)),
        ),
        *orientations(
            "II-NES",
            N | E | S,
            (N | E | S,),
            HALF_TURNS,
            lambda t, s: "II-" + sides_text(s),
            fields=(N, E, S),
            inner=((0, 1), (0, 2), (1, 2)),
        ),
    ]
    return ShapeTable(shapes, HALF_TURNS)


def column(names: list[str]) -> tuple[Maze, ShapeTable]:
    """A maze with the start at (0, 0) and ``names`` laid southwards from (0, 1)."""
    table = dark_cave_table()
    maze = new_maze(table, growth=OPEN)
    maze.add_root(slot_index(0, 0), table.by_name["start"])
    for y, name in enumerate(names, start=1):
        maze.place(slot_index(0, y), table.by_name[name])
    return maze, table


@pytest.mark.parametrize(("card", "steps"), [("I-NS", 2), ("II-NS", 3), ("III-NS", 4)])
def test_crossing_a_card_of_group_one_two_three_takes_one_two_three_steps(card, steps):
    maze, _ = column([card, "I-NS"])
    start, beyond = field_id(slot_index(0, 0), 0), field_id(slot_index(0, 2), 0)
    assert reach(maze, start)[beyond] == steps
    assert beyond not in reach(maze, start, budget=steps - 1)
    path = shortest_path(maze, start, beyond)
    assert path is not None and len(path) == steps + 1
    assert field_slot(path[0]) == slot_index(0, 0)


def test_a_group_two_t_is_a_triangle_and_a_turn_keeps_its_field_numbers():
    maze, table = column(["II-NES"])
    t = slot_index(0, 1)
    assert sorted(Steps(maze)(field_id(t, 1))) == [field_id(t, 0), field_id(t, 2)]
    turned = table.shapes[table.by_name["II-NSW"]]
    assert turned.fields == (S, W, N) and turned.inner == ((0, 1), (0, 2), (1, 2))


def test_a_double_curve_with_a_tunnel_field_turned_180_is_itself():
    """The Dark Cave's group III double curve: side fields, a middle per curve, the tunnel
    field between the middles; going from one curve to the other takes 5 steps."""
    fields = (N, E, S, W, 0, 0, 0)
    inner = ((0, 4), (1, 4), (2, 5), (3, 5), (4, 6), (5, 6))
    curves = orientations("curves", 15, (N | E, S | W), HALF_TURNS, by_sides, fields, inner)
    assert len(curves) == 1
    table = ShapeTable([*curves, *dark_cave_table().shapes], HALF_TURNS)
    assert table.shape_for("curves", 2) == 0
    maze = new_maze(table, growth=OPEN)
    maze.add_root(slot_index(0, 0), table.by_name["start"])
    maze.place(slot_index(0, 1), table.by_name["NESW"])
    maze.place(slot_index(0, 2), table.by_name["I-NS"])
    costs = reach(maze, field_id(slot_index(0, 0), 0))
    assert costs[field_id(slot_index(0, 1), 2)] == 5  # N field, middle, tunnel, middle, S field
    assert costs[field_id(slot_index(0, 2), 0)] == 6


def test_card_fields_and_hidden_cards_a_step_away():
    maze, _ = column(["I-NS"])
    maze.add_hidden(slot_index(0, 2), "goal")
    field = card_fields(maze, slot_index(0, 1))[0]
    assert card_fields(maze, slot_index(0, 1)) == [field_id(slot_index(0, 1), 0)]
    assert Steps(maze).hidden_next(field) == [(slot_index(0, 2), N)]
    _ = maze.overlay.add_marker("web", None, slot_index(0, 1), S)
    assert Steps(maze, FieldRules({"web"})).hidden_next(field) == []


# -- reach equals a plain search -----------------------------------------------------------------


def plain_steps(maze: Maze, webs: set[int]) -> dict[int, list[int]]:
    """The step graph of a classic maze worked out from the groups alone."""
    graph: dict[int, list[int]] = {}
    for index, sid in maze.cells.items():
        shape = C.SHAPES.shapes[sid]
        for number, group in enumerate(shape.groups):
            out = graph.setdefault(field_id(index, number), [])
            for side, opposite, step in SIDE_STEPS:
                other = maze.cells.get(index + step)
                if not group & side or other is None or edge_id(index, side) in webs:
                    continue
                groups = C.SHAPES.shapes[other].groups
                out += [field_id(index + step, n) for n, g in enumerate(groups) if g & opposite]
    return graph


def plain_costs(
    graph: dict[int, list[int]],
    start: int,
    budget: int,
    cost: Callable[[int], int],
    blocked: Callable[[int], bool],
    step_cost: Callable[[int, int], int] = lambda source, target: 0,
) -> dict[int, int]:
    """Least costs by relaxing every step until nothing changes (Bellman-Ford)."""
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for field, spent in list(best.items()):
            for target in graph[field]:
                total = spent + cost(target) + step_cost(field, target)
                if not blocked(target) and total <= budget and total < best.get(target, budget + 1):
                    best[target] = total
                    changed = True
    return best


def random_classic_maze(seed: int) -> tuple[Maze, set[int], random.Random]:
    rng = random.Random(seed)
    maze = start_maze(OPEN)
    grow_at_random(maze, rng, 25)
    webs = set()
    for index in rng.sample(sorted(maze.cells), min(3, len(maze.cells))):
        side = rng.choice(SIDES)
        webs.add(maze.overlay.add_marker("web", 0, index, side).edge)
    _ = maze.overlay.add_marker("chalk", 0, slot_index(0, 0), E)  # a kind that blocks nothing
    return maze, webs, rng


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 12))
def test_reach_with_unit_costs_equals_a_breadth_first_search(seed, budget):
    maze, webs, _ = random_classic_maze(seed)
    graph = plain_steps(maze, webs)
    start = field_id(slot_index(0, 0), 0)
    distance, queue = {start: 0}, deque([start])
    while queue:
        field = queue.popleft()
        for target in graph[field]:
            if target not in distance and distance[field] < budget:
                distance[target] = distance[field] + 1
                queue.append(target)
    assert reach(maze, start, budget, rules=FieldRules({"web"})) == distance


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 15))
def test_reach_with_costs_and_blocked_fields_equals_a_plain_relaxation(seed, budget):
    maze, webs, rng = random_classic_maze(seed)
    costs = {field: rng.randrange(0, 4) for field in plain_steps(maze, webs)}
    walls = {field for field in costs if rng.random() < 0.15}
    start = field_id(slot_index(0, 0), 0)
    walls.discard(start)
    rules = FieldRules({"web"})
    got = reach(
        maze, start, budget, rules=rules, cost=costs.__getitem__, blocked=walls.__contains__
    )
    graph = plain_steps(maze, webs)
    assert got == plain_costs(graph, start, budget, costs.__getitem__, walls.__contains__)
    tolls = {(a, b): rng.randrange(0, 3) for a in graph for b in graph[a]}

    def toll(source: int, target: int) -> int:
        return tolls[source, target]

    assert reach(maze, start, budget, rules=rules, cost=costs.__getitem__, step_cost=toll) == (
        plain_costs(graph, start, budget, costs.__getitem__, lambda field: False, toll)
    )
    for goal, spent in got.items():
        path = shortest_path(maze, start, goal, budget, rules=rules, cost=costs.__getitem__)
        assert path is not None and path[0] == start and path[-1] == goal
        assert all(b in graph[a] for a, b in pairwise(path))
        assert sum(costs[f] for f in path[1:]) <= spent  # not blocked: never dearer


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_a_blocking_marker_cuts_exactly_the_steps_across_its_edge(seed, data):
    maze, _, _ = random_classic_maze(seed)
    index = data.draw(st.sampled_from(sorted(maze.cells)))
    side = data.draw(st.sampled_from(SIDES))
    rules = FieldRules({"web"})

    def all_steps() -> set[tuple[int, int]]:
        steps = Steps(maze, rules)
        fields = [f for i in maze.cells for f in card_fields(maze, i)]
        return {(f, g) for f in fields for g in steps(f)}

    before = all_steps()
    marker = maze.overlay.add_marker("web", 1, index, side)
    cut = before - all_steps()
    across = {frozenset(edge_slots(marker.edge))}
    assert all({field_slot(f), field_slot(g)} in across for f, g in cut)
    assert {(f, g) for f, g in before if {field_slot(f), field_slot(g)} in across} == cut
    maze.overlay.remove_marker(marker.id)
    assert all_steps() == before


# -- pieces, markers, jumps, hooks -------------------------------------------------------------


def test_pieces_share_fields_move_and_go_with_a_copy():
    maze, _ = column(["I-NS", "I-NS"])
    home = field_id(slot_index(0, 0), 0)
    dwarf = maze.overlay.add_piece("dwarf", 0, home)
    rat = maze.overlay.add_piece("rat", None, home)
    assert [p.id for p in maze.overlay.pieces_on(home)] == [dwarf.id, rat.id]
    clone = maze.copy()
    there = field_id(slot_index(0, 2), 0)
    assert maze.overlay.move_piece(dwarf.id, there).field == there
    assert clone.overlay.pieces[dwarf.id].field == home
    assert maze.overlay.remove_piece(rat.id) == rat
    assert maze.overlay.pieces_on(home) == [] and len(clone.overlay.pieces_on(home)) == 2
    assert Maze(C.SHAPES).copy().overlay_if_any is None  # classic never makes an overlay


def test_edges_are_the_same_from_both_sides():
    a, b = slot_index(2, 3), slot_index(2, 4)
    assert edge_id(a, S) == edge_id(b, N) != edge_id(a, E)
    assert edge_slots(edge_id(b, N)) == (a, b)
    assert edge_slots(edge_id(slot_index(3, 3), W)) == (a, slot_index(3, 3))


def test_jumps_link_distant_fields_like_ladders():
    maze, _ = column(["I-NS", "I-NS", "I-NS"])
    top, bottom = field_id(slot_index(0, 0), 0), field_id(slot_index(0, 3), 0)
    assert reach(maze, top)[bottom] == 3
    maze.overlay.add_jump(top, bottom)
    assert reach(maze, top)[bottom] == 1 and reach(maze, bottom)[top] == 1
    maze.remove(slot_index(0, 3))
    assert bottom not in Steps(maze)(top)  # a jump into an empty slot leads nowhere
    maze.overlay.clear_slot(slot_index(0, 3), 1)
    assert maze.overlay.jumps == {top: set()}


class Levels(FieldRules):
    """Zwergengold-like: a step across an edge only between fields at the same level;
    passages under cards as extra links."""

    def __init__(self, level: dict[int, int], passages: dict[int, list[int]]) -> None:
        super().__init__()
        self.level, self.passages = level, passages

    def crosses(self, maze: Maze, source: int, target: int) -> bool:
        return self.level[field_slot(source)] == self.level[field_slot(target)]

    def extra(self, maze: Maze, field: int) -> list[int]:
        return self.passages.get(field, [])


def test_hooks_veto_steps_and_add_links():
    maze, _ = column(["I-NS", "I-NS"])
    fields = [field_id(slot_index(0, y), 0) for y in range(3)]
    rules = Levels({slot_index(0, y): level for y, level in enumerate((1, 1, 2))}, {})
    assert sorted(reach(maze, fields[0], rules=rules)) == fields[:2]
    rules.passages[fields[0]] = [fields[2]]
    assert reach(maze, fields[0], rules=rules) == {fields[0]: 0, fields[1]: 1, fields[2]: 1}
    assert shortest_path(maze, fields[0], fields[2], rules=rules) == [fields[0], fields[2]]
    assert shortest_path(maze, fields[2], fields[0], rules=rules) is None


def test_field_numbers_round_trip():
    for x, y, number in [(0, 0, 0), (-119, 119, 7), (5, -3, 2)]:
        field = field_id(slot_index(x, y), number)
        assert (slot_xy(field_slot(field)), field_number(field)) == ((x, y), number)


# -- one coordinate limit ----------------------------------------------------------------------


@pytest.mark.parametrize(("x", "inside"), [(119, True), (-119, True), (120, False), (-120, False)])
def test_the_notations_and_the_maze_share_one_coordinate_limit(x, inside):
    from saboteur.engine.action_text import slot_of
    from saboteur.engine.base import NotationError
    from saboteur.engine.notation_support import slot

    assert Maze(C.SHAPES).in_bounds(slot_index(x, 0)) is inside
    if inside:
        assert slot_of("map", x, 0) == slot_index(x, 0)
        assert slot([0, x], "a slot") == slot_index(0, x)
    else:
        with pytest.raises(NotationError):
            slot_of("map", x, 0)
        with pytest.raises(NotationError):
            slot([0, x], "a slot")


def test_a_step_cost_depends_on_where_the_step_comes_from():
    """A bridge-like toll: stepping onto (0, 2) from (0, 1) costs 5 more; nothing else does."""
    maze, _ = column(["I-NS", "I-NS", "I-NS"])
    start, toll, end = (field_id(slot_index(0, y), 0) for y in (0, 2, 3))

    def step_cost(source: int, target: int) -> int:
        return (
            5
            if (field_slot(source), field_slot(target)) == (slot_index(0, 1), slot_index(0, 2))
            else 0
        )

    assert reach(maze, start, step_cost=step_cost)[end] == 8
    assert reach(maze, end, step_cost=step_cost)[start] == 3  # the other way is free
    assert toll not in reach(maze, start, 6, step_cost=step_cost)


def test_pieces_and_markers_of_one_slot():
    maze, _ = column(["I-NS"])
    card = slot_index(0, 1)
    dwarf = maze.overlay.add_piece("dwarf", 0, field_id(card, 0))
    _ = maze.overlay.add_piece("dwarf", 1, field_id(slot_index(0, 0), 0))
    web = maze.overlay.add_marker("web", 0, card, S)  # on the card's open end
    _ = maze.overlay.add_marker("web", 0, slot_index(5, 5), S)
    assert maze.overlay.pieces_at(card) == [dwarf]
    assert maze.overlay.markers_around(card) == [web]
    assert maze.overlay.markers_around(slot_index(0, 2)) == [web]
