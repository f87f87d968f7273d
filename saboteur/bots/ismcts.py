"""The ``ismcts`` bot: information-set Monte Carlo tree search (single observer).

The search samples determinizations of what this seat cannot see — the other
hands, the deck, the roles and the goals it has not looked at
(:mod:`saboteur.bots.determinize`) — and grows one tree of actions over all of
them, as in Cowling, Powley and Whitehouse (2012): below the root, a child is
chosen by UCB where its count of trials is how often it was *available* (legal
in the sampled deal), one node is added per descent, and the round is played on
by the heuristic policy for every seat.  A node scores the seat that moved into
it: 1 if that seat's side (its role in this sample) won the round.

The playout plays the round to its end.  With ``depth=D`` (``ismcts:seconds=1:depth=16``)
it stops ``D`` moves after the tree and scores the position with the diggers' chance
from :mod:`saboteur.bots.evaluate` (a digger's node gets that chance, a saboteur's one
minus it): about twice the iterations for the same CPU time, but weaker play — a paired
test at one second a move found the search with a cut-off after 16 moves losing to the
full search given 0.42 seconds (docs/bots.md), so the default is no cut-off
(``PLAYOUT_DEPTH``).  ``ismcts-full`` (:class:`FullPlayoutIsmctsBot`) always plays to
the round's end, whatever the default.

Two changes make small budgets count:

- the root compares this seat's best ``ROOT_WIDTH`` (16) moves by the heuristic, each
  on the *same* sampled deal and the same playout random stream (common random
  numbers), so the comparison is paired and far less noisy; with ``HALVING``
  (sequential halving) the budget goes in phases, after each of which only the better
  half goes on, so most iterations go to the contenders;
- deeper nodes widen progressively: a node tried ``n`` times offers the
  ``1 + ⌊√n / 2⌋`` best moves of its seat by the heuristic, so early descents
  follow the heuristic and later ones try alternatives.

Inside playouts, a shared table of suspicions (:func:`~saboteur.bots.policy.react`),
started from this seat's own suspicions of the others and, for this seat itself, from what
its own moves so far have shown the others (``Memory.exposure``), lets diggers block
whoever acts like a saboteur — this seat included.
The move played is the root move with the best win rate.  One iteration is one
descent and playout.

>>> import random
>>> from saboteur.engine import new_game
>>> from saboteur.bots.base import Budget, choose
>>> game = new_game("classic", 4)
>>> state = game.new_state(seed=3)
>>> seat = state.current_player
>>> bot = IsmctsBot(game, seat, random.Random(0), Budget(iterations=10))
>>> choose(bot, state) in state.legal_actions(), bot.iterations
(True, 10)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from saboteur.bots.base import Budget
from saboteur.bots.determinize import SUSPICION_WEIGHT, Determinizer
from saboteur.bots.heuristic import HeuristicBot, situation_from_view
from saboteur.bots.policy import gold_choice, rank
from saboteur.bots.tree import Node, descend
from saboteur.engine import Action, NotationError
from saboteur.engine.base import JSON
from saboteur.engine.classic.state import ClassicState

DEFAULT_ITERATIONS = 100
ROOT_WIDTH = 16
FIRST_SWEEPS = 8  # on a budget of iterations: the sweeps each candidate gets in the first phase
HALVING = True  # sequential halving at the root (beat the search at filing, docs/bots.md)
WINNING = 1000.0  # a heuristic score this high (the tunnel reaches the gold) needs no search
# playout moves after the tree before the position is scored by its evaluation (None: to the
# round's end). 16 beat 4 at a quarter second a move; playouts to the end beat 16 at one second a
# move even given 0.42 s against 1 s, paired over 14 deals (docs/bots.md, the paired 1-second test)
PLAYOUT_DEPTH: int | None = None


class Paired:
    """Each root candidate's reward minus the first candidate's (the heuristic's choice), summed
    with its squares over the sweeps, where both met the same sample and playout seed; and the
    candidates still compared (``alive``, by index: all of them unless the search halves them)."""

    __slots__ = ("alive", "squares", "sums", "sweeps")

    def __init__(self, count: int) -> None:
        self.sums = [0.0] * count
        self.squares = [0.0] * count
        self.sweeps = 0
        self.alive = list(range(count))

    def add(self, rewards: list[float]) -> None:
        first = rewards[0]
        for i, reward in enumerate(rewards):
            gain = reward - first
            self.sums[i] += gain
            self.squares[i] += gain * gain
        self.sweeps += 1

    def sure_gain(self, i: int, margin: float) -> float | None:
        """Candidate ``i``'s mean gain over the first if it exceeds ``margin`` standard errors.

        >>> paired = Paired(2)
        >>> for gain in (1.0, 0.0, 1.0, 1.0):
        ...     paired.add([0.0, gain])
        >>> paired.sure_gain(1, 2.0), paired.sure_gain(1, 3.0)  # a standard error of 0.25
        (0.75, None)
        """
        n = self.sweeps
        if n < 2:
            return None
        mean = self.sums[i] / n
        variance = max(0.0, self.squares[i] / n - mean * mean) * n / (n - 1)
        return mean if mean > 0 and mean > margin * math.sqrt(variance / n) else None


class IsmctsBot(HeuristicBot):
    """Searches the heuristic's best moves over sampled deals; plays the best win rate."""

    name = "ismcts"
    default_budget = Budget(iterations=DEFAULT_ITERATIONS)
    playout_depth: int | None = PLAYOUT_DEPTH
    root_moves = ROOT_WIDTH  # the root's candidates unless the budget's ``width`` says
    root_halving = HALVING  # unless the budget's ``halving`` says (never with a ``margin``)
    # the playouts judge the tunnel by dead ends only (policy.react, faithful=False): the memory's
    # fuller rules (ismcts-faithful) are being screened against it (docs/bots.md)
    faithful_reaction = False

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        if view["phase"] == "gold":
            return gold_choice(legal)
        scored = rank(situation_from_view(self.memory, view), list(legal), self.rng)
        candidates = [action for _, action in scored[: self.root_width()]]
        action = candidates[0]
        if len(candidates) > 1 and scored[0][0] < WINNING:
            action = self.pick(view, candidates)
        self.memory.pending = action
        return action

    def pick(self, view: JSON, candidates: list[Action]) -> Action:
        """The candidate with the best win rate in the search (ties: the heuristic's order); with
        a ``margin``, the one with the largest gain over the heuristic's first choice among those
        whose gain exceeds ``margin`` standard errors, else that first choice."""
        try:
            root, paired = self.search(view, candidates)
        except NotationError:  # memory out of step with the view: play the heuristic's move
            return candidates[0]
        margin = self.budget.margin
        if margin is not None:
            chosen, top = candidates[0], 0.0
            for i in range(1, len(candidates)):
                gain = paired.sure_gain(i, margin)
                if gain is not None and gain > top:
                    chosen, top = candidates[i], gain
            return chosen
        return candidates[max(paired.alive, key=lambda i: _rate(root, candidates, i))]

    def opinion(self) -> list[float]:
        """The playouts' table of suspicions at the start: this seat's suspicion of each other
        seat, and for itself what its own moves so far have shown the others."""
        opinion = list(self.memory.suspicion)
        opinion[self.seat] = self.memory.exposure
        return opinion

    def root_width(self) -> int:
        """How many of its best moves the search compares: ``width`` if given, else
        :attr:`root_moves`, fewer on a small budget of iterations — as many as get
        ``FIRST_SWEEPS`` sweeps each in the first phase (the only one without halving), at least 2.
        """
        if self.budget.width is not None:
            return self.budget.width
        iterations = self.budget.iterations
        count = self.root_moves
        if iterations is None:
            return count
        halving = self.halves()
        while count > 2 and count * _phases(count, halving) * FIRST_SWEEPS > iterations:
            count -= 1
        return count

    def halves(self) -> bool:
        """Whether the search halves its candidates: ``halving`` if given, else
        :attr:`root_halving` unless a ``margin`` is given."""
        halving = self.budget.halving
        if halving is None:
            return self.root_halving and self.budget.margin is None
        return halving

    def search(self, view: JSON, candidates: list[Action]) -> tuple[Node, Paired]:
        """Spend the budget from this seat's information set; the root's children hold the result,
        and :class:`Paired` each candidate's gains over the first, sweep by sweep.

        Each sweep samples one deal and one playout seed and tries every candidate still compared
        on them. With ``halving`` (sequential halving, Karnin, Koren and Somekh 2013) the budget is
        spent in ⌈log2 k⌉ equal phases for ``k`` candidates, and at the end of each phase the
        better half by win rate goes on (ties: the heuristic's order).
        """
        belief = SUSPICION_WEIGHT if self.budget.belief is None else self.budget.belief
        determinizer = Determinizer(self.game, self.memory, view, belief)
        root = Node(self.seat)
        for action in candidates:
            root.children[action] = Node(self.seat)
        count = len(candidates)
        paired = Paired(count)
        phases = _phases(count, self.halves())
        phase = 0
        round_index = len(view["results"])
        limit, seconds = self.budget.iterations, self.budget.seconds
        clock = time.thread_time  # thinking time: CPU of this thread, whatever else runs
        start = clock()
        deadline = None if seconds is None else start + seconds
        done = 0
        while done == 0 or (
            (limit is None or done + len(paired.alive) <= limit)
            and (deadline is None or clock() < deadline)
        ):
            sample = determinizer.sample(self.rng)
            seed = self.rng.getrandbits(32)
            rewards = [0.0] * count
            for i in paired.alive:
                child = root.children[candidates[i]]
                before = child.wins
                self._descend(child, sample.clone(), candidates[i], round_index, seed)
                rewards[i] = child.wins - before
            if len(paired.alive) == count:
                paired.add(rewards)
            done += len(paired.alive)
            if phase + 1 < phases:
                spent = max(
                    0.0 if limit is None else done / limit,
                    0.0 if seconds is None else (clock() - start) / seconds,
                )
                if spent >= (phase + 1) / phases:
                    phase += 1
                    ranked = sorted(
                        paired.alive, key=lambda i: _rate(root, candidates, i), reverse=True
                    )
                    paired.alive = sorted(ranked[: (len(ranked) + 1) // 2])
        self.iterations += done
        return root, paired

    def _descend(
        self, child: Node, state: ClassicState, action: Action, round_index: int, seed: int
    ) -> None:
        """Play ``action`` in the sample, walk down the tree, play out, and score the path."""
        depth = self.playout_depth if self.budget.depth is None else self.budget.depth
        rng = random.Random(seed)
        descend(
            child, state, action, round_index, rng, self.opinion(), self.seat, depth,
            self.faithful_reaction,
        )  # fmt: skip


def _phases(count: int, halving: bool) -> int:
    """The phases a search of ``count`` candidates runs: ⌈log2 count⌉ with halving, else 1.

    >>> [_phases(count, True) for count in (1, 2, 3, 4, 5, 16)], _phases(16, False)
    ([1, 1, 2, 2, 3, 4], 1)
    """
    return math.ceil(math.log2(count)) if halving and count > 1 else 1


def _rate(root: Node, candidates: list[Action], i: int) -> tuple[float, int]:
    """Candidate ``i``'s win rate at the root, and the heuristic's order to break ties."""
    child = root.children[candidates[i]]
    return (child.wins / child.visits if child.visits else 0.0), -i


class FullPlayoutIsmctsBot(IsmctsBot):
    """The search with every playout to the round's end and the root's six best moves compared
    on every sample, whatever :data:`PLAYOUT_DEPTH`, :data:`ROOT_WIDTH` and :data:`HALVING` say.

    Kept so that tournaments against it keep their meaning (``ismcts-full``; hosts do not seat it).
    """

    name = "ismcts-full"
    playout_depth = None
    root_moves = 6  # the root as it was (journals against this bot keep their meaning)
    root_halving = False


class FaithfulReactionIsmctsBot(IsmctsBot):
    """The search whose playouts judge the tunnel as an onlooker's memory does: a card that brings
    it nearer the goals earns trust, one that leads it away is suspect, a dead end more so
    (:func:`~saboteur.bots.policy.react` with ``faithful=True``); the default counts dead ends only.

    A candidate for the default, being screened (``ismcts-faithful``; hosts do not seat it).
    """

    name = "ismcts-faithful"
    faithful_reaction = True
