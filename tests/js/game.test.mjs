// The game window's pure parts (static/game.js): action texts to slots and seats, maze targets,
// the orientation to lay a card in, the turn clock, the feed's classes.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { clockLeft, feedClass, mazeTargets, placeShape, playerTargets, slotOf } from "../../saboteur/web/static/game.js";
import { t } from "../../saboteur/web/static/i18n.js";

const name = (shape) => `card ${shape}`;

describe("slotOf", () => {
  test("reads the slot after the @, negative numbers included", () => {
    assert.deepEqual(slotOf("NSW@3,-1"), [3, -1]);
    assert.deepEqual(slotOf("rockfall@-4,0"), [-4, 0]);
    assert.deepEqual(slotOf("green-nEW@10,12"), [10, 12]);
  });
  test("an action without a slot has none to give", () => {
    assert.throws(() => slotOf("pass:NES"), TypeError);
    assert.deepEqual(slotOf("map@x,2"), [Number.NaN, 2]);
  });
});

describe("playerTargets", () => {
  test("maps each seat to its action", () => {
    const option = { kind: "player", actions: ["break-cart@1", "break-cart@3"] };
    assert.deepEqual([...playerTargets(option)], [[1, "break-cart@1"], [3, "break-cart@3"]]);
  });
  test("a double repair's tool part does not disturb the seat", () => {
    const option = { kind: "player", actions: ["repair-pickaxe-cart/cart@0"] };
    assert.deepEqual([...playerTargets(option)], [[0, "repair-pickaxe-cart/cart@0"]]);
  });
  test("nothing for other kinds of lines or no line at all", () => {
    assert.equal(playerTargets({ kind: "map", actions: ["map@8,0"] }).size, 0);
    assert.equal(playerTargets(null).size, 0);
    assert.equal(playerTargets(undefined).size, 0);
  });
});

describe("mazeTargets", () => {
  const place = { kind: "place", key: "place", actions: ["ES@1,0", "NW@2,1", "ES@0,-1"], shapes: ["ES", "NW"] };
  test("a path card's slots in its current orientation, with a ghost of the card", () => {
    assert.deepEqual(mazeTargets(place, "ES", name), [
      { x: 1, y: 0, action: "ES@1,0", kind: "slot", ghost: "ES", label: `card ES → ${t("slot.empty", { x: 1, y: 0 })}` },
      { x: 0, y: -1, action: "ES@0,-1", kind: "slot", ghost: "ES", label: `card ES → ${t("slot.empty", { x: 0, y: -1 })}` },
    ]);
    assert.deepEqual(mazeTargets(place, "NW", name).map((x) => x.action), ["NW@2,1"]);
  });
  test("a shape whose name begins another's gets only its own slots", () => {
    const option = { kind: "place", actions: ["N@1,0", "NS@2,0"], shapes: ["N", "S"] };
    assert.deepEqual(mazeTargets(option, "N", name).map((x) => x.action), ["N@1,0"]);
  });
  test("a map points at goals, a rockfall, key or bribe at cards", () => {
    const map = mazeTargets({ kind: "map", label: "Map", actions: ["map@8,-2"] }, null, name);
    assert.deepEqual(map, [{ x: 8, y: -2, action: "map@8,-2", kind: "goal", label: t("slot.goal", { x: 8, y: -2 }) }]);
    const rockfall = mazeTargets({ kind: "rockfall", label: "Rockfall", actions: ["rockfall@3,1"] }, null, name);
    assert.deepEqual(rockfall, [{ x: 3, y: 1, action: "rockfall@3,1", kind: "card", label: t("slot.card", { card: "Rockfall", x: 3, y: 1 }) }]);
    assert.equal(mazeTargets({ kind: "bribe", label: "Bribe", actions: ["bribe@1,1"] }, null, name)[0].kind, "card");
  });
  test("players and no line have no maze targets", () => {
    assert.deepEqual(mazeTargets({ kind: "player", actions: ["break-cart@1"] }, null, name), []);
    assert.deepEqual(mazeTargets(null, "ES", name), []);
  });
});

describe("placeShape", () => {
  const option = { actions: ["NW@2,1"], shapes: ["ES", "NW"] };
  test("keeps the orientation if it fits somewhere", () => {
    assert.equal(placeShape({ actions: ["ES@1,0", "NW@2,1"], shapes: ["ES", "NW"] }, "NW"), "NW");
  });
  test("switches to the orientation that fits", () => {
    assert.equal(placeShape(option, "ES"), "NW");
  });
  test("keeps it when no orientation fits", () => {
    assert.equal(placeShape({ actions: [], shapes: ["ES", "NW"] }, "ES"), "ES");
  });
  test("a slot of another shape beginning the same way does not count", () => {
    assert.equal(placeShape({ actions: ["NS@1,0", "S@2,0"], shapes: ["N", "S"] }, "N"), "S");
  });
});

describe("clockLeft", () => {
  test("counts whole seconds down from the start", () => {
    assert.equal(clockLeft(30, 1000, 1000), 30);
    assert.equal(clockLeft(30, 1000, 1999), 30);
    assert.equal(clockLeft(30, 1000, 2000), 29);
    assert.equal(clockLeft(30, 1000, 31000), 0);
  });
  test("never goes below zero", () => {
    assert.equal(clockLeft(30, 0, 3_600_000), 0);
  });
});

describe("feedClass", () => {
  test("routine and private events are muted", () => {
    for (const kind of ["draw", "drew", "deal", "discard", "gold-value", "peek"]) assert.equal(feedClass(kind), `ev ev-${kind} muted`);
  });
  test("others are not", () => {
    assert.equal(feedClass("place"), "ev ev-place");
    assert.equal(feedClass("round-end"), "ev ev-round-end");
  });
});
