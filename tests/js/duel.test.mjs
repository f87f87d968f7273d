// The Duel's turn options that need no card menu (static/duel.js): discard texts and actions, bribes.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { discardActions, discardText, duelRules } from "../../saboteur/web/static/duel.js";
import { t } from "../../saboteur/web/static/i18n.js";

describe("discardText", () => {
  test("the cards in sorted order joined by +, whatever order they were picked in", () => {
    assert.equal(discardText(["map", "NES"]), "NES+map");
    assert.equal(discardText(["NES", "map"]), "NES+map");
    assert.equal(discardText(["key"]), "key");
    assert.equal(discardText([]), "");
  });
  test("does not reorder the caller's list", () => {
    const cards = ["map", "key"];
    discardText(cards);
    assert.deepEqual(cards, ["map", "key"]);
  });
});

describe("discardActions", () => {
  const hand = ["xNS", "gold-ES", "key", "map"];
  test("passing with the picked cards, and removing each broken tool with them", () => {
    assert.deepEqual(discardActions(hand, [3, 0], ["cart", "lantern"]), {
      pass: "pass:map+xNS",
      clears: [
        ["cart", "clear-cart:map+xNS"],
        ["lantern", "clear-lantern:map+xNS"],
      ],
    });
  });
  test("one card; no broken tool, nothing to remove", () => {
    assert.deepEqual(discardActions(hand, [2], []), { pass: "pass:key", clears: [] });
  });
  test("two copies of the same card", () => {
    assert.equal(discardActions(["map", "map"], [1, 0], []).pass, "pass:map+map");
  });
});

describe("duelRules.tableOptions", () => {
  test("bribing a troll targets the bribes listed", () => {
    const [bribe] = duelRules.tableOptions({ legal: ["NES@1,0", "bribe@2,1", "bribe@0,3", "pass:NES"] });
    assert.deepEqual(bribe, { kind: "bribe", key: "bribe", label: t("act.bribe"), actions: ["bribe@2,1", "bribe@0,3"], reason: "" });
  });
  test("no legal list: nothing to bribe", () => {
    assert.deepEqual(duelRules.tableOptions({})[0].actions, []);
  });
});

describe("duelRules' card behaviour", () => {
  test("path cards and turning come from the Duel's card names", () => {
    assert.equal(duelRules.isPathCard("green-nEW"), true);
    assert.equal(duelRules.isPathCard("key"), false);
    assert.equal(duelRules.turned("green-nEW"), "green-EsW");
  });
});
