// Places in words (static/places.js) make the same messages as Python (tests/places_cases.json,
// written and checked by tests/test_places.py), and read the same in both languages.
// Run: node --test tests/js/

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import BODY from "../../saboteur/web/static/messages.json" with { type: "json" };
import { render } from "../../saboteur/web/static/messages.js";
import { slotMessage, whereMessage } from "../../saboteur/web/static/places.js";

const CASES = JSON.parse(readFileSync(new URL("../places_cases.json", import.meta.url), "utf-8"));

test("every slot of every ruleset's board is told as in Python", () => {
  assert.ok(CASES.length >= 40);
  for (const c of CASES) {
    const where = whereMessage(c.landmarks, c.x, c.y);
    const slot = slotMessage(c.landmarks, c.x, c.y);
    assert.deepEqual(where, c.where, `${c.ruleset} ${c.x},${c.y}`);
    assert.deepEqual(slot, c.slot, `${c.ruleset} ${c.x},${c.y}`);
    assert.equal(render(BODY.texts, where, "en"), c.en);
    assert.equal(render(BODY.texts, slot, "de"), c.de);
  }
});
