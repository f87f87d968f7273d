// The registry of client adapters (static/adapters.js): a ruleset's adapter registers itself,
// keeps its own hooks and inherits the generic adapter's for the rest.

import assert from "node:assert/strict";
import { test } from "node:test";

import { adapted, register, rulesFor } from "../../saboteur/web/static/adapters.js";
import { genericRules } from "../../saboteur/web/static/generic.js";

test("an adapter registered for its rulesets is theirs, with its own hooks and the generic ones", () => {
  const cave = { cardName: (name) => `cave ${name}` };
  assert.equal(register(["cave", "deep-cave"], cave), cave);
  assert.equal(rulesFor("cave"), cave);
  assert.equal(rulesFor("deep-cave"), cave);
  assert.equal(cave.cardName("EW"), "cave EW");
  assert.equal(cave.cells, genericRules.cells);
  assert.deepEqual(adapted(), ["cave", "deep-cave"]);
});

test("a ruleset without an adapter is the generic adapter's", () => {
  assert.equal(rulesFor("toy"), genericRules);
  assert.equal(rulesFor(undefined), genericRules);
});
