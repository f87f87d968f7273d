// The Duel's card names, orientations and SVG markup (static/duel-cards.js).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { COLOURS, cellMarkup, duelCardMarkup, duelTurned, goalMarkup, isDuelPath, keyIcon, markerIcon, shapeParts } from "../../saboteur/web/static/duel-cards.js";

describe("shapeParts", () => {
  test("a plain path and a dead end", () => {
    assert.deepEqual(shapeParts("NES"), { kind: "path", colour: null, sides: ["N", "E", "S"], door: null, dead: false, value: 0 });
    assert.deepEqual(shapeParts("xSW"), { kind: "path", colour: null, sides: ["S", "W"], door: null, dead: true, value: 0 });
  });
  test("gold and troll cards", () => {
    assert.deepEqual(shapeParts("gold-ES"), { kind: "gold", colour: null, sides: ["E", "S"], door: null, dead: false, value: 1 });
    assert.equal(shapeParts("troll-NESW").kind, "troll");
    assert.deepEqual(shapeParts("troll-NESW").sides, ["N", "E", "S", "W"]);
  });
  test("a door: its colour, and its side from the lower-case letter", () => {
    const parts = shapeParts("green-nEW");
    assert.equal(parts.kind, "door");
    assert.equal(parts.colour, "green");
    assert.equal(parts.door, "N");
    assert.deepEqual(parts.sides, ["N", "E", "W"]);
    assert.equal(shapeParts("blue-ESw").door, "W");
  });
  test("starts and ladders carry a colour and are open all round", () => {
    assert.deepEqual(shapeParts("start-blue"), { kind: "start", colour: "blue", sides: ["N", "E", "S", "W"], door: null, dead: false, value: 0 });
    assert.deepEqual(shapeParts("ladder-green").kind, "ladder");
    assert.equal(shapeParts("ladder-green").colour, "green");
  });
  test("bridge and curves", () => {
    assert.equal(shapeParts("bridge").kind, "bridge");
    assert.equal(shapeParts("curves").kind, "curves");
  });
  test("goals: value, colour, door; stones", () => {
    assert.deepEqual(shapeParts("goal-2-green:NESw"), { kind: "goal", colour: "green", sides: ["N", "E", "S", "W"], door: "W", dead: false, value: 2 });
    assert.deepEqual(shapeParts("goal-1:NESW"), { kind: "goal", colour: null, sides: ["N", "E", "S", "W"], door: null, dead: false, value: 1 });
    const stone = shapeParts("stone-ne:NE");
    assert.equal(stone.kind, "stone");
    assert.deepEqual(stone.sides, ["N", "E"]);
  });
  test("sides come out in N E S W order whatever the order in the name", () => {
    assert.deepEqual(shapeParts("goal-3:WSEN").sides, ["N", "E", "S", "W"]);
  });
});

describe("isDuelPath", () => {
  test("path cards of every kind are laid in the maze", () => {
    for (const card of ["NES", "xN", "gold-ES", "troll-EW", "green-nEW", "ladder-blue", "bridge", "curves"]) assert.equal(isDuelPath(card), true, card);
  });
  test("key, rockfall, map, sabotage and repair cards are not", () => {
    for (const card of ["key", "rockfall", "map", "break-cart", "repair-lantern", "repair-pickaxe-cart"]) assert.equal(isDuelPath(card), false, card);
  });
});

describe("duelTurned", () => {
  test("turns sides and the door's side with them, keeping the prefix", () => {
    assert.equal(duelTurned("green-nEW"), "green-EsW");
    assert.equal(duelTurned("gold-ES"), "gold-NW");
    assert.equal(duelTurned("troll-NES"), "troll-NSW");
    assert.equal(duelTurned("xS"), "xN");
    assert.equal(duelTurned("NES"), "NSW");
  });
  test("is its own inverse", () => {
    for (const shape of ["green-nEW", "blue-ESw", "gold-NEW", "troll-EW", "xNE", "NESW", "N", "blue-Nes"]) {
      assert.equal(duelTurned(duelTurned(shape)), shape, shape);
    }
  });
  test("cards that look the same turned stay as they are", () => {
    for (const shape of ["bridge", "curves", "ladder-green", "start-blue", "key", "NS", "troll-NESW"]) assert.equal(duelTurned(shape), shape);
  });
});

describe("duelCardMarkup", () => {
  test("every kind of card draws without NaN or undefined", () => {
    const cards = ["NES", "xSW", "gold-ES", "troll-NESW", "green-nEW", "blue-ESw", "start-green", "start-blue", "ladder-blue", "bridge", "curves", "goal-2-green:NESw", "goal-1:NESW", "stone-ne:NE", "key", "rockfall", "map", "break-cart", "repair-pickaxe-lantern"];
    for (const card of cards) assert.doesNotMatch(duelCardMarkup(card, 5), /NaN|undefined|null/, card);
  });
  test("a door and a start are drawn in their colour", () => {
    assert.ok(duelCardMarkup("green-nEW").includes(COLOURS.green));
    assert.ok(!duelCardMarkup("green-nEW").includes(COLOURS.blue));
    assert.ok(duelCardMarkup("start-blue").includes(COLOURS.blue));
  });
  test("a revealed goal shows its value in a badge", () => {
    assert.match(duelCardMarkup("goal-3-blue:NESw"), />3<\/text>/);
  });
  test("the action cards of the base game keep their art; the key has its own", () => {
    assert.notEqual(duelCardMarkup("key"), duelCardMarkup("map"));
    assert.match(duelCardMarkup("key"), /#ffd23f/);
  });
});

describe("goalMarkup", () => {
  test("a face-down goal nobody looked at shows only its back", () => {
    const back = goalMarkup({ x: 6, y: 0 }, 20);
    assert.doesNotMatch(back, /stroke-dasharray/);
    assert.match(back, />\?<\/text>/);
  });
  test("a goal seen shows its value and colour in a dashed frame; a stone is worth 0", () => {
    const seen = goalMarkup({ x: 6, y: 0, card: "goal-2-blue" }, 20);
    assert.match(seen, /stroke-dasharray/);
    assert.match(seen, />2<\/text><path class="gold-mark"/); // the value, then gold drawn (no glyph)
    assert.ok(seen.includes(COLOURS.blue));
    assert.match(goalMarkup({ x: 6, y: 0, card: "stone-ne" }, 20), />0<\/text><path class="gold-mark"/);
    assert.doesNotMatch(seen, /◆/);
  });
});

describe("cellMarkup", () => {
  const colours = ["green", "blue"];
  test("a card with nothing on it is its card face", () => {
    const cell = { x: 1, y: 2, shape: "gold-ES" };
    assert.equal(cellMarkup(cell, colours), duelCardMarkup("gold-ES", 1 * 7 + 2 * 13 + 50));
  });
  test("a marker and a key are drawn in the colour of the seat that laid them", () => {
    const base = duelCardMarkup("troll-EW", 50);
    const marked = cellMarkup({ x: 0, y: 0, shape: "troll-EW", marker: 1 }, colours);
    assert.ok(marked.startsWith(base));
    assert.equal(marked.slice(base.length), markerIcon("blue", 46, 76));
    const keyed = cellMarkup({ x: 0, y: 0, shape: "green-nEW", key: 0 }, colours);
    assert.equal(keyed.slice(duelCardMarkup("green-nEW", 50).length), keyIcon(14, 76, 1, "green"));
  });
  test("seat 0 (a falsy number) still gets its marker", () => {
    assert.ok(cellMarkup({ x: 0, y: 0, shape: "gold-ES", marker: 0 }, colours).length > duelCardMarkup("gold-ES", 50).length);
  });
  test("a seat without a colour falls back to green", () => {
    const cell = { x: 0, y: 0, shape: "gold-ES", marker: 5 };
    assert.ok(cellMarkup(cell, colours).endsWith(markerIcon("green", 46, 76)));
  });
});
