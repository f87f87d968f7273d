"""The ``heuristic`` bot of Zwergengold: it lays cards that bring its mage's best reachable
card nearer the gold (stairs downwards first), walks there by the way that costs the least
AP, keeps clear of symbols it cannot pay, reads a scroll when it helps at once, and duels a
mage on its field when that mage is nearer the gold than itself.

>>> import random
>>> from saboteur.engine import new_game
>>> from saboteur.bots.base import choose
>>> state = new_game("zwergengold", 3).new_state(seed=3)
>>> seat = state.current_player
>>> bot = ZwergengoldHeuristicBot(state.game, seat, random.Random(0))
>>> choose(bot, state, seat).text  # the start's exit takes a straight first
'play:I-farsight@0,1:0'
"""

from __future__ import annotations

from collections.abc import Sequence

from saboteur.bots.base import Bot
from saboteur.bots.zwergengold.sight import Sight
from saboteur.engine import Action
from saboteur.engine.base import JSON
from saboteur.engine.grid import slot_index
from saboteur.engine.zwergengold import actions as A
from saboteur.engine.zwergengold import cards as C

# a scroll read at once when it helps with the next card entered
_HELPS = {C.CLOAK: C.CREATURES, C.PICK: (C.GRILLE, C.LOCK), C.HAMMER: (C.ROT,)}
NEAR_GOLD = 3.0  # a rival whose outlook is this good is worth a duel whatever it costs
OPEN_WEIGHT = 0.3  # a place more for cards to grow at, against a card nearer the gold
CLOSING = 50.0  # what a card that leaves no place for another is held to cost


class ZwergengoldHeuristicBot(Bot):
    """Plays one seat of Zwergengold by simple rules (see the module docstring): at a grille
    it refuses (every other mage is a rival), a foreboding or a duster takes the first choice."""

    name = "heuristic"

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        by_text = {action.text: action for action in legal}
        match view["phase"]:
            case "shown":
                return self._shown(view, by_text)
            case "grille":
                return by_text[A.REFUSE]
            case "look":
                return self._look(view, legal, by_text)
            case "plan":
                return self._best_card(Sight(self.game, view), legal)[1] or legal[0]
            case "turn":
                return self._turn(Sight(self.game, view), view, legal, by_text)
        return legal[0]

    # -- a turn ------------------------------------------------------------------------------------

    def _turn(
        self, sight: Sight, view: JSON, legal: Sequence[Action], by_text: dict[str, Action]
    ) -> Action:
        step = self._step(sight, view, by_text)
        if step is not None:
            return step
        gain, card = self._best_card(sight, legal)
        end = by_text.get(A.END)
        if card is not None and (gain > 0 or end is None):
            return self._with_scroll(view, card, by_text)
        duel = self._duel(sight, view, by_text)
        if duel is not None:
            return duel
        if end is not None:
            return end
        return self._with_scroll(view, card or legal[0], by_text)

    def _step(self, sight: Sight, view: JSON, by_text: dict[str, Action]) -> Action | None:
        """The first move towards the best card the mage can walk to, if that is better than
        where it stands and the AP reach that far."""
        seat = self.seat
        here, ap = sight.here(seat), view["ap"][seat]
        paths = sight.paths(seat)
        goal = min(paths, key=lambda slot: (sight.worth(slot) + 0.3 * paths[slot][0], slot))
        if sight.worth(goal) >= sight.worth(here) or paths[goal][1] is None:
            return None
        first = paths[goal][1]
        assert first is not None
        if sight.cost(first) > ap:  # a symbol it cannot pay (as far as it knows)
            return None
        for entry in view.get("reach", []):
            if slot_index(entry["x"], entry["y"]) == first:
                return by_text.get(entry["action"])
        return None

    def _best_card(self, sight: Sight, legal: Sequence[Action]) -> tuple[float, Action | None]:
        """The card to lay that helps the mage most (the least help to the others when none
        helps): (how much it brings the mage nearer, that action)."""
        mine = sight.outlook(self.seat)
        rivals = [s for s in range(len(sight.mages)) if s != self.seat]
        scored: list[tuple[float, str, Action]] = []
        for action in legal:
            if action.kind not in (A.PLAY, A.STAIRS) or action.slot is None:
                continue
            slot = slot_index(*action.slot)
            assert action.card is not None
            sid = C.shape_of(action.card, A.turns_of(action))
            after = sight.with_card(slot, sid, action.card)
            gain = mine - after.outlook(self.seat)
            gain += OPEN_WEIGHT * (after.open_ends() - sight.open_ends())
            if not after.lab.maze.frontier:  # never close the labyrinth for good
                gain -= CLOSING
            scored.append((gain, action.text, action))
        if not scored:
            pile = next((a for a in legal if a.kind == A.PLAY), None)
            return 0.0, pile
        best = max(scored, key=lambda item: (item[0], item[1]))
        if best[0] > 0:
            return best[0], best[2]
        # no card helps: the one that helps the rivals least
        harm = []
        for _, text, action in scored[:40]:
            assert action.slot is not None and action.card is not None
            sid = C.shape_of(action.card, A.turns_of(action))
            after = sight.with_card(slot_index(*action.slot), sid, action.card)
            help_ = max(sight.outlook(s) - after.outlook(s) for s in rivals) if rivals else 0
            open_ends = len(after.lab.maze.frontier)
            harm.append((help_ + CLOSING * (not open_ends) - 0.1 * open_ends, text, action))
        worst = min(harm, key=lambda item: (item[0], item[1]))
        return -worst[0], worst[2]

    def _with_scroll(self, view: JSON, card: Action, by_text: dict[str, Action]) -> Action:
        """Read the card's scroll when it pays now: a draught short of AP, a cloak, pick or
        hammer when a creature, grille, lock or rotten floor lies next to the mage."""
        if card.kind != A.PLAY or card.card is None:
            return card
        scroll = C.scroll(card.card)
        read = by_text.get("read" + card.text[len("play") :])
        if read is None or scroll is None:
            return card
        if scroll == C.DRAUGHT and view["ap"][self.seat] <= C.MAX_AP - C.DRAUGHT_AP:
            return read
        if scroll in _HELPS and view["scrolls"].get(scroll, 0) == 0:
            marks = {self._mark_at(view, e["x"], e["y"]) for e in view.get("reach", [])}
            if marks & set(_HELPS[scroll]):
                return read
        return card

    @staticmethod
    def _mark_at(view: JSON, x: int, y: int) -> str | None:
        for entry in view["labyrinth"]:
            if entry["x"] == x and entry["y"] == y and entry["face"] == "up":
                return C.symbol(entry["card"])
        return None

    def _duel(self, sight: Sight, view: JSON, by_text: dict[str, Action]) -> Action | None:
        """Duel a mage on the same card that is nearer the gold than this one (or near it),
        with as many AP as both have."""
        seat, ap = self.seat, view["ap"]
        mine = sight.outlook(seat)
        best: tuple[float, int] | None = None
        for other in range(len(sight.mages)):
            if other == seat or sight.here(other) != sight.here(seat) or not ap[other]:
                continue
            theirs = sight.outlook(other)
            ahead = theirs < mine or theirs <= NEAR_GOLD
            if ahead and (best is None or theirs < best[0]):
                best = (theirs, other)
        if best is None:
            return None
        other = best[1]
        return by_text.get(f"duel@{other}:{min(ap[seat], ap[other])}")

    # -- other phases ------------------------------------------------------------------------------

    def _shown(self, view: JSON, by_text: dict[str, Action]) -> Action:
        if A.RETREAT in by_text:
            return by_text[A.RETREAT]
        if "potion:ap" in by_text:
            short = view["ap"][self.seat] <= C.MAX_AP - C.POTION_AP
            return by_text["potion:ap" if short else "potion:cards"]
        return by_text[A.ENTER]

    def _look(self, view: JSON, legal: Sequence[Action], by_text: dict[str, Action]) -> Action:
        """Look at the face-down card nearest the mage; done when none is near."""
        x, y = view["mages"][self.seat]
        looks = [a for a in legal if a.kind == A.LOOK and a.slot is not None]
        if not looks:
            return by_text[A.DONE]
        return min(looks, key=lambda a: (abs(a.slot[0] - x) + abs(a.slot[1] - y), a.text))  # type: ignore[index]
