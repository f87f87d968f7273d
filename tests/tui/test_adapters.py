"""The Duel's and The Dark Cave's terminal adapters word and draw real views of their engines."""

from __future__ import annotations

import random
from typing import Any

from saboteur.engine.darkcave.game import DarkCaveGame
from saboteur.engine.duel.game import DuelGame
from saboteur.server.messages import catalogue_body
from saboteur.tui.adapters import adapter_for
from saboteur.tui.rulesets.darkcave import path_to
from saboteur.tui.state import GameFeed
from saboteur.tui.texts import Texts

EN = Texts(catalogue_body(), "en")
DE = Texts(catalogue_body(), "de")


def feed(view: dict[str, Any]) -> GameFeed:
    return GameFeed({"view": view, "seat": view.get("seat"), "names": ["Ann", "Bo"], "seq": 1})


def duel_view(wanted: str, seed: int = 3) -> dict[str, Any]:
    """A Duel view of the seat to play with an action starting ``wanted`` (first legal moves)."""
    state = DuelGame(2).new_state(seed)
    rng = random.Random(seed)
    for _ in range(300):
        view = state.view(state.view(None)["current"])
        if any(a.startswith(wanted) for a in view["legal"]):
            return dict(view)
        state.apply(rng.choice(view["legal"]))
    raise AssertionError(f"no {wanted} in 300 moves")


def test_the_duel_words_bribes_and_the_discard_of_two_cards() -> None:
    view = duel_view("bribe@")
    adapter = adapter_for("duel")
    lines = adapter.table_menu(feed(view), EN)
    bribes = [a for a in view["legal"] if a.startswith("bribe@")]
    assert lines[0].label == f"Bribe a troll ({len(bribes)} on the maze)"
    assert lines[0].actions == bribes and lines[0].board
    said = adapter.choice_label(bribes[0], feed(view), DE)
    assert said.startswith("Den Troll ") and said.endswith(" bestechen")
    hand = view["hand"]
    two = next(
        t
        for t in view["board"]["targets"]
        if t["action"].startswith("pass:") and "+" in t["action"]
    )
    first, second = two["action"][5:].split("+")
    label = adapter.loose_label(two, feed(view), EN)
    assert label == f"Discard {EN.card('duel', first)}, {EN.card('duel', second)} (pass)"
    assert first in hand


def test_the_duel_draws_goals_markers_and_keys() -> None:
    view = duel_view("key@")
    adapter = adapter_for("duel")
    goal = next(c for c in view["board"]["cells"] if c["kind"] == "goal")
    assert adapter.glyph(goal, view) is not None and adapter.glyph(goal, view).char == "?"  # type: ignore[union-attr]
    board = adapter.board(view)
    kinds = {p["kind"]: p["label"] for p in board["pieces"]}
    assert set(kinds) <= {"gold-marker", "key"} and all(kinds[k] in "●¤" for k in kinds)
    assert view["board"] is not board  # the view itself is left as it came
    facts = adapter.my_facts(feed(view), EN)
    assert facts[0] in ("you are green", "you are blue")
    assert f"●×{view['markers_left']}" in facts and f"¤×{view['keys_left']}" in facts


def test_a_dark_cave_walk_is_planned_step_by_step() -> None:
    state = DarkCaveGame(2).new_state(7)
    for _ in range(200):
        view = state.view(state.view(None)["current"])
        far = [f for f in (view.get("walk") or {}).get("fields", []) if f["steps"] > 1]
        if far:
            break
        state.apply(view["legal"][0])
    else:
        raise AssertionError("no walk of two steps")
    adapter = adapter_for("darkcave")
    action = "step@" + far[0]["field"]
    assert action not in view["legal"]
    assert action in {t["action"] for t in adapter.targets(view)}
    steps = adapter.plan(action, view)
    assert len(steps) == far[0]["steps"] and steps[-1] == action
    assert steps[0] in view["legal"]
    assert steps == ["step@" + f for f in path_to(view["walk"], far[0]["field"])]
    label = adapter.choice_label(action, feed(view), EN)
    assert label.startswith("Walk to ") and f": {far[0]['steps']} steps" in label
    x, y = far[0]["x"], far[0]["y"]
    under = adapter.cell_words(None, view, EN, x, y)  # the line under the maze's cursor
    assert "Walk to " in under and "steps" in under
    assert adapter.banner(feed(view), EN) == f"Walk your dwarf: {view['steps_left']} steps left"


def test_zwergengold_words_every_action_of_random_games() -> None:
    """Every menu line and every choice on a slot of Zwergengold, at every decision of three
    random games, is words, not notation, in both languages (the generic adapter showed
    ``play:T-duster@pile`` and ``end``)."""
    from saboteur.engine import new_game

    adapter = adapter_for("zwergengold")
    kinds: set[str] = set()
    moves: list[str] = []
    for seed in range(3):
        state = new_game("zwergengold", 3).new_state(seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            view = dict(state.view(state.current_player))
            game = GameFeed(
                {"view": view, "seat": view["seat"], "names": ["Ann", "Bo", "Cy"], "seq": 1}
            )
            for texts in (EN, DE):
                lines = [*adapter.table_menu(game, texts)]
                if texts is DE and any(t["kind"] == "step" for t in view["board"]["targets"]):
                    moves += [c.label for c in lines if c.board]
                for card in view.get("hand") or []:
                    lines += adapter.card_menu(card, game, texts)
                words = [c.label for c in lines]
                for line in lines:
                    if line.board:
                        words += [adapter.choice_label(a, game, texts) for a in line.actions]
                assert not [w for w in words if "@" in w or ":" in w.split(" ")[0]], words
                assert not set(words) & set(view["legal"]), words  # "end" is no word either
            kinds.update(t["kind"] for t in view["board"]["targets"])
            state.apply(rng.choice(view["legal"]))
    assert {"play", "step", "end", "duel", "enter"} <= kinds, kinds
    assert moves and all(m.startswith("Magier ziehen: ") for m in moves), moves
    assert adapter.choice_label("duel@2:3", feed_of_names(["Ann", "Bo", "Cy"]), DE) == (
        "Duell mit Cy: 3 AP"
    )


def feed_of_names(names: list[str]) -> GameFeed:
    return GameFeed({"view": {"ruleset": "zwergengold"}, "seat": 0, "names": names, "seq": 1})
