// Card shapes, orientations and SVG markup of the classic game (static/cards.js).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { CH, CW, cardMarkup, isPathCard, sidesOf, toolIcon, tunnel, turned } from "../../saboteur/web/static/cards.js";

// Every subset of N E S W in N E S W order, open or dead-ended: the classic path shapes.
const SUBSETS = [];
for (let mask = 1; mask < 16; mask += 1) SUBSETS.push([..."NESW"].filter((_, i) => mask & (1 << i)).join(""));
const SHAPES = [...SUBSETS, ...SUBSETS.map((s) => `x${s}`)];

/** The tunnel segments of some markup, as "x1,y1>x2,y2" strings. */
const lines = (markup) => [...markup.matchAll(/<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"\/>/g)].map((m) => `${m[1]},${m[2]}>${m[3]},${m[4]}`);

describe("sidesOf", () => {
  test("reads the open sides of a path shape in N E S W order", () => {
    assert.deepEqual(sidesOf("NSW"), ["N", "S", "W"]);
    assert.deepEqual(sidesOf("E"), ["E"]);
  });
  test("a dead end's leading x is no side", () => {
    assert.deepEqual(sidesOf("xES"), ["E", "S"]);
    assert.deepEqual(sidesOf("xN"), ["N"]);
  });
  test("goal shapes read the part after the colon", () => {
    assert.deepEqual(sidesOf("gold:NESW"), ["N", "E", "S", "W"]);
    assert.deepEqual(sidesOf("stone-ne:SW"), ["S", "W"]);
    assert.deepEqual(sidesOf("x:NE"), ["N", "E"]);
  });
  test("the start is open on every side", () => {
    assert.deepEqual(sidesOf("start"), ["N", "E", "S", "W"]);
  });
  test("letters that are no side are ignored", () => {
    assert.deepEqual(sidesOf("NQzS"), ["N", "S"]);
    assert.deepEqual(sidesOf(""), []);
  });
});

describe("isPathCard", () => {
  test("every open and dead-end shape is a path card", () => {
    for (const shape of SHAPES) assert.equal(isPathCard(shape), true, shape);
  });
  test("action cards, goals and malformed names are not", () => {
    for (const card of ["rockfall", "map", "break-cart", "repair-pickaxe-cart", "start", "gold", "gold:NESW", "stone-ne", "goal", "", "x", "SN", "NN", "xxN", "n", "NESWx"]) {
      assert.equal(isPathCard(card), false, card);
    }
  });
});

describe("turned", () => {
  test("turns a shape by 180 degrees", () => {
    assert.equal(turned("ES"), "NW");
    assert.equal(turned("N"), "S");
    assert.equal(turned("NES"), "NSW");
    assert.equal(turned("xS"), "xN");
    assert.equal(turned("xEW"), "xEW");
  });
  test("symmetric shapes stay as they are", () => {
    for (const shape of ["NS", "EW", "NESW", "xNS", "xNESW"]) assert.equal(turned(shape), shape);
  });
  test("is its own inverse, keeps the number of sides and dead ends, gives path cards", () => {
    for (const shape of SHAPES) {
      const other = turned(shape);
      assert.equal(turned(other), shape, shape);
      assert.equal(isPathCard(other), true, shape);
      assert.equal(other.startsWith("x"), shape.startsWith("x"), shape);
      assert.equal(sidesOf(other).length, sidesOf(shape).length, shape);
    }
  });
  test("each side goes to the opposite one", () => {
    const opposite = { N: "S", S: "N", E: "W", W: "E" };
    for (const shape of SHAPES) {
      assert.deepEqual(new Set(sidesOf(turned(shape))), new Set(sidesOf(shape).map((s) => opposite[s])), shape);
    }
  });
});

describe("tunnel", () => {
  test("an open tunnel runs from each side's midpoint to the centre, twice (border and floor)", () => {
    const markup = tunnel(["N", "E"], false);
    const segments = [`${CW / 2},0>${CW / 2},${CH / 2}`, `${CW},${CH / 2}>${CW / 2},${CH / 2}`];
    assert.deepEqual(lines(markup), [...segments, ...segments]);
    assert.match(markup, /<circle cx="30" cy="45"/); // the crossing
    assert.doesNotMatch(markup, /polygon/); // no rubble
  });
  test("a dead end stops short of the centre and shows rubble", () => {
    const markup = tunnel(["S"], true);
    const [segment] = lines(markup);
    const [, end] = segment.split(">");
    const [x, y] = end.split(",").map(Number);
    assert.equal(x, CW / 2);
    assert.ok(y > CH / 2 && y < CH, `the tunnel ends between centre and edge, at ${y}`);
    assert.match(markup, /polygon/);
    assert.doesNotMatch(markup, /<circle/);
  });
  test("no sides, no tunnel and no crossing", () => {
    assert.deepEqual(lines(tunnel([], false)), []);
    assert.doesNotMatch(tunnel([], false), /<circle/);
  });
});

describe("cardMarkup", () => {
  test("a path card draws one tunnel segment per open side (twice: dark and light)", () => {
    for (const shape of SHAPES) {
      assert.equal(lines(cardMarkup(shape)).length, 2 * sidesOf(shape).length, shape);
    }
  });
  test("a card and its turned twin draw the same segments, mirrored through the centre", () => {
    const round = (v) => Number(v.toFixed(6));
    const point = (f) => (l) => l.replace(/([\d.]+),([\d.]+)/g, (_, x, y) => `${round(f(Number(x), CW))},${round(f(Number(y), CH))}`);
    const mirror = point((v, size) => size - v);
    const same = point((v) => v);
    for (const shape of SHAPES) {
      const a = new Set(lines(cardMarkup(shape)).map(mirror));
      const b = new Set(lines(cardMarkup(turned(shape))).map(same));
      assert.deepEqual(a, b, shape);
    }
  });
  test("the same card and seed always give the same markup; the seed moves the speckles", () => {
    assert.equal(cardMarkup("NES", 7), cardMarkup("NES", 7));
    assert.notEqual(cardMarkup("NES", 7), cardMarkup("NES", 8));
  });
  test("holds only numbers, never NaN or undefined", () => {
    const cards = [...SHAPES, "start", "goal", "gold", "gold:NESW", "stone-ne", "stone-nw", "stone-ne:SW", "rockfall", "map", "break-pickaxe", "break-lantern", "break-cart", "repair-cart", "repair-pickaxe-lantern"];
    for (const card of cards) {
      const markup = cardMarkup(card, 11);
      assert.doesNotMatch(markup, /NaN|undefined|null/, card);
    }
  });
  test("the start has a ladder and four open sides; a goal back a question mark", () => {
    assert.equal(lines(cardMarkup("start")).length, 8 + 5); // tunnels and the ladder's rails and rungs
    assert.match(cardMarkup("goal"), />\?<\/text>/);
  });
  test("a stone goal without its shape lies as its name says (ne: north and east)", () => {
    assert.deepEqual(lines(cardMarkup("stone-ne")), lines(cardMarkup("stone-ne:NE")));
    assert.deepEqual(lines(cardMarkup("stone-nw")), lines(cardMarkup("stone-nw:NW")));
    assert.notDeepEqual(lines(cardMarkup("stone-ne")), lines(cardMarkup("stone-nw")));
  });
  test("a broken tool is crossed out, a repair ticked; a double repair shows both tools", () => {
    assert.match(cardMarkup("break-cart"), /#e23b2e/);
    assert.match(cardMarkup("repair-cart"), /#2f8f4e/);
    assert.equal(cardMarkup("repair-pickaxe-lantern").match(/#2f8f4e/g).length, 2);
    assert.equal(cardMarkup("repair-cart").match(/#2f8f4e/g).length, 1);
  });
});

describe("toolIcon", () => {
  test("places the icon and marks it", () => {
    assert.match(toolIcon("lantern", 12, 34, 0.5), /^<g transform="translate\(12 34\) scale\(0.5\)">/);
    assert.match(toolIcon("cart", 0, 0, 1, "broken"), /#e23b2e/);
    assert.match(toolIcon("cart", 0, 0, 1, "repair"), /#2f8f4e/);
    assert.doesNotMatch(toolIcon("cart", 0, 0), /#e23b2e|#2f8f4e/);
  });
  test("an unknown tool draws an empty group, not the text 'undefined'", () => {
    assert.equal(toolIcon("hammer", 0, 0), `<g transform="translate(0 0) scale(1)"></g>`);
  });
});
