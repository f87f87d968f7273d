// The results panels' data (static/results.js): gold per round and seat, known or secret, and the
// final panel's round-by-round rows. Run: node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { goldHeld, goldKnown, goldText, goldWon, panelFor, roundByRound } from "../../saboteur/web/static/results.js";

const secret = (n) => `${n} cards`;

test("goldWon: the value where known, else the cards, else nothing", () => {
  const result = { round: 1, gold: [3, null, null], gold_cards: [1, 2, 0] };
  assert.deepEqual(goldWon(result, 0), { value: 3, cards: 1 });
  assert.deepEqual(goldWon(result, 1), { value: null, cards: 2 });
  assert.deepEqual(goldWon({ round: 1, gold: null, gold_cards: null }, 1), { value: null, cards: null });
  assert.deepEqual(goldWon({ round: 1, gold: [0, 2] }, 1), { value: 2, cards: null }); // the Duel's results
});

test("goldText: a value as its number (after the gold icon), a secret one as its cards, none as a dash", () => {
  assert.equal(goldText({ value: 4, cards: 2 }, secret), "4");
  assert.equal(goldText({ value: 0, cards: 0 }, secret), "0");
  assert.equal(goldKnown({ value: 0, cards: 0 }), true);
  assert.equal(goldKnown({ value: null, cards: 2 }), false);
  assert.equal(goldText({ value: null, cards: 2 }, secret), "2 cards");
  assert.equal(goldText({ value: null, cards: 0 }, secret), "–");
  assert.equal(goldText({ value: null, cards: null }, secret), "–");
});

test("goldHeld: my own gold and everyone's once scored as value, others' as cards", () => {
  const view = { seat: 1, gold: [3, 1], gold_cards: [1, 2, 0], scores: null };
  assert.deepEqual(goldHeld(view, 1), { value: 4, cards: 2 });
  assert.deepEqual(goldHeld(view, 0), { value: null, cards: 1 });
  assert.deepEqual(goldHeld({ ...view, scores: [2, 4, 0] }, 0), { value: 2, cards: 1 });
  assert.deepEqual(goldHeld({ seat: null, gold_cards: [1, 0], scores: null }, 0), { value: null, cards: 1 });
  assert.deepEqual(goldHeld({ seat: null, gold_cards: [1, 0], scores: null }, 1), { value: 0, cards: 0 });
});

test("roundByRound: each seat's role and gold per round and the total", () => {
  const results = [
    { round: 1, roles: ["digger", "saboteur"], gold: [2, 0], gold_cards: [1, 0] },
    { round: 2, roles: ["saboteur", "digger"], gold: [4, 3], gold_cards: [2, 1] },
  ];
  const rows = roundByRound(["Ann", "Ben"], results, [6, 3]);
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[0].rounds.map((r) => [r.round, r.role, r.gold.value]), [[1, "digger", 2], [2, "saboteur", 4]]);
  assert.equal(rows[0].total, 6);
  assert.equal(rows[1].name, "Ben");
  const unscored = roundByRound(["Ann", "Ben"], [{ round: 1, roles: [], gold: [null, 2] }]);
  assert.deepEqual([unscored[0].total, unscored[1].total], [null, 2]);
});

test("panelFor: the round's panel after a round, the final one once, none while the gold is shared", () => {
  const results = [{ round: 1 }];
  assert.equal(panelFor({ phase: "play", results }, 0, false), "round");
  assert.equal(panelFor({ phase: "play", results }, 1, false), null);
  assert.equal(panelFor({ phase: "gold", results }, 0, false), null); // the gold choice stays in view
  assert.equal(panelFor({ phase: "over", results }, 0, false), "game-over");
  assert.equal(panelFor({ phase: "over", results }, 1, true), null);
  assert.equal(panelFor({ phase: "play", results: [] }, 0, false), null);
});
