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

test("a ruleset without an adapter is the generic adapter's, naming its cards from the catalogue", async () => {
  const toy = rulesFor("toy");
  assert.equal(Object.getPrototypeOf(toy), genericRules);
  assert.equal(rulesFor("toy"), toy); // made once
  assert.equal(toy.cells, genericRules.cells);
  assert.equal(rulesFor(undefined), genericRules);
  assert.equal(toy.cardName("EW"), "EW"); // no name known yet: its id
  const { mergeCatalogue } = await import("../../saboteur/web/static/i18n.js");
  mergeCatalogue({
    texts: { "toy.card.EW": { en: "straight E-W", de: "Gerade O-W" } },
    cards: { toy: { EW: { key: "toy.card.EW", args: {}, id: "EW" } } },
  });
  assert.equal(toy.cardName("EW"), "straight E-W");
  assert.equal(rulesFor("other").cardName("EW"), "EW"); // another ruleset's EW is not the toy's
});
