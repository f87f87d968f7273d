// Words for the reader's pointer (static/pointer.js): "Tap …" for a finger where a text has a
// touch wording, else the text's own "Click …"; every touch wording has its plain text in both languages.

import assert from "node:assert/strict";
import { test } from "node:test";

import { STRINGS } from "../../saboteur/web/static/i18n.js";
import { translate } from "../../saboteur/web/static/lang.js";
import { pointerKey } from "../../saboteur/web/static/pointer.js";

test("a finger gets the touch wording where there is one", () => {
  assert.equal(pointerKey("dc.clickField", STRINGS.en, true), "dc.clickField.touch");
  assert.equal(pointerKey("dc.clickField", STRINGS.en, false), "dc.clickField");
  assert.equal(pointerKey("zg.phase.turnYours", STRINGS.en, true), "zg.phase.turnYours");
  assert.match(translate(STRINGS, "de", pointerKey("zg.phase.dusterYours", STRINGS.en, true)), /^Magischer Staubwedel: tippe/);
});

test("every touch wording speaks of tapping, has its plain text, and is German too", () => {
  const touch = Object.keys(STRINGS.en).filter((key) => key.endsWith(".touch"));
  assert.ok(touch.length >= 10);
  for (const key of touch) {
    assert.ok(STRINGS.en[key.slice(0, -".touch".length)], key);
    assert.match(STRINGS.en[key], /\btap/i, key);
    assert.match(STRINGS.de[key], /\btipp/i, key);
  }
});
