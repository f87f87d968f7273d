// The generic board's art (static/board-art.js): tunnels from open sides and links as the card
// lies, card backs, hand cards, pieces and edge markers; names always escaped.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  SEAT_COLOURS,
  backMarkup,
  cellMarkup,
  escapeText,
  handCardMarkup,
  markerMarkup,
  pieceMarkup,
  placePieces,
  seatColour,
  sidesIn,
  tunnelMarkup,
} from "../../saboteur/web/static/board-art.js";
import { CH, CW, goalBack } from "../../saboteur/web/static/cards.js";

const count = (text, part) => text.split(part).length - 1;
const paths = (markup) => [...markup.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);

describe("escapeText", () => {
  test("markup characters become character references", () => {
    assert.equal(escapeText(`<img src="x" onerror='a'>&`), "&#60;img src=&#34;x&#34; onerror=&#39;a&#39;&#62;&#38;");
    assert.equal(escapeText(12), "12");
  });
});

describe("sidesIn", () => {
  test("keeps the sides in the text's order and drops anything else", () => {
    assert.deepEqual(sidesIn("NES"), ["N", "E", "S"]);
    assert.deepEqual(sidesIn("xWz"), ["W"]);
    assert.deepEqual(sidesIn(""), []);
    assert.deepEqual(sidesIn(undefined), []);
  });
});

describe("tunnelMarkup", () => {
  test("each link joins its two sides' midpoints through the middle", () => {
    const markup = tunnelMarkup("ES", ["ES"]);
    // drawn twice: the dark rim, then the light floor
    assert.deepEqual(paths(markup), [`M${CW} ${CH / 2} L${CW / 2} ${CH / 2} L${CW / 2} ${CH}`, `M${CW} ${CH / 2} L${CW / 2} ${CH / 2} L${CW / 2} ${CH}`]);
    assert.equal(count(markup, "<circle"), 0); // no dead end, no rubble
  });
  test("a quarter turn is drawn as the card lies: the sides decide, not a card name", () => {
    const a = paths(tunnelMarkup("NE", ["NE"]))[0];
    const b = paths(tunnelMarkup("SW", ["SW"]))[0];
    assert.equal(a, `M${CW / 2} 0 L${CW / 2} ${CH / 2} L${CW} ${CH / 2}`);
    assert.equal(b, `M${CW / 2} ${CH} L${CW / 2} ${CH / 2} L0 ${CH / 2}`);
  });
  test("an open side alone in its group, or in none, is a dead end with rubble", () => {
    for (const links of [["N", "S"], []]) {
      const markup = tunnelMarkup("NS", links);
      assert.equal(paths(markup).length, 0);
      assert.equal(count(markup, "<line"), 4); // two stubs, rim and floor
      assert.equal(count(markup, "<circle"), 2);
    }
  });
  test("a group of three or four sides joins every two of them; two groups stay apart", () => {
    assert.equal(paths(tunnelMarkup("NES", ["NES"])).length, 2 * 3);
    assert.equal(paths(tunnelMarkup("NESW", ["NESW"])).length, 2 * 6);
    const bridge = paths(tunnelMarkup("NESW", ["NS", "EW"]));
    assert.deepEqual(bridge.slice(0, 2), [`M${CW / 2} 0 L${CW / 2} ${CH / 2} L${CW / 2} ${CH}`, `M${CW} ${CH / 2} L${CW / 2} ${CH / 2} L0 ${CH / 2}`]);
  });
  test("links naming a side that is not open are ignored; nothing open draws nothing", () => {
    assert.equal(paths(tunnelMarkup("N", ["NE"])).length, 0);
    assert.equal(tunnelMarkup("", []), "");
  });
});

describe("cellMarkup", () => {
  test("face up: rock in the kind's colour and its tunnels", () => {
    const cell = { x: 1, y: 0, card: "EW", kind: "path", face: "up", turn: 0, sides: "EW", links: ["EW"] };
    assert.ok(cellMarkup(cell).endsWith(tunnelMarkup("EW", ["EW"])));
    assert.match(cellMarkup({ ...cell, kind: "start" }), /#3e5d5a/);
    assert.match(cellMarkup({ ...cell, kind: "mystery" }), /#5d4530/);
  });
  test("face down: a card back, with its name only where the viewer knows it", () => {
    const down = { x: 2, y: 0, card: null, kind: "goal", face: "down" };
    assert.equal(cellMarkup(down), goalBack(2 * 7 + 50));
    const known = cellMarkup({ ...down, card: "goal" });
    assert.ok(known.startsWith(goalBack(2 * 7 + 50)) && known.includes(">goal</text>"));
  });
  test("a card's name goes in as text, never as markup", () => {
    assert.ok(backMarkup({ card: "<b>" }).includes(">&#60;b&#62;</text>"));
    assert.ok(handCardMarkup("<b>").includes(">&#60;b&#62;</text>"));
  });
});

describe("pieces and markers", () => {
  test("a piece is a token in its owner's seat colour, neutral without one, with its label", () => {
    assert.match(pieceMarkup({ kind: "dwarf", x: 0, y: 0, owner: 1 }), new RegExp(SEAT_COLOURS[1]));
    assert.equal(seatColour(null), seatColour(undefined));
    assert.notEqual(seatColour(null), seatColour(0));
    assert.equal(seatColour(SEAT_COLOURS.length), seatColour(0));
    assert.match(pieceMarkup({ kind: "gold", x: 0, y: 0, owner: null, label: "3" }), />3<\/text>/);
  });
  test("pieces sharing a field are spread across it; a field moves a piece down the card", () => {
    const at = (markup) => markup.match(/translate\(([-\d.]+) ([-\d.]+)\)/).slice(1).map(Number);
    const [left, right] = [pieceMarkup({ owner: 0 }, 0, 2), pieceMarkup({ owner: 1 }, 1, 2)].map(at);
    assert.ok(left[0] < CW / 2 && right[0] > CW / 2 && left[1] === right[1]);
    assert.ok(at(pieceMarkup({ owner: 0, field: 2 }))[1] > at(pieceMarkup({ owner: 0, field: 0 }))[1]);
  });
  test("placePieces groups by slot and field", () => {
    const pieces = [{ x: 0, y: 0, owner: 0 }, { x: 0, y: 0, owner: 1 }, { x: 1, y: 0, owner: 0 }, { x: 0, y: 0, owner: 0, field: 1 }];
    assert.deepEqual(placePieces(pieces).map(({ nth, count: n }) => [nth, n]), [[0, 2], [1, 2], [0, 1], [0, 1]]);
    assert.deepEqual(placePieces(undefined), []);
  });
  test("a marker lies along its side of the card", () => {
    const box = (side) => markerMarkup({ kind: "web", x: 0, y: 0, side }).match(/x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/).slice(1).map(Number);
    const [n, s, e, w] = ["N", "S", "E", "W"].map(box);
    assert.ok(n[1] < 0 && s[1] > CH - 6 && e[0] > CW - 6 && w[0] < 0);
    assert.ok(n[2] > n[3] && e[3] > e[2]); // across the top, down the side
  });
});

describe("handCardMarkup", () => {
  test("with the catalogue's sides, a hand card shows its tunnels and its name", () => {
    const markup = handCardMarkup("EW", { name: "EW", sides: "EW", links: ["EW"] });
    assert.ok(markup.includes(tunnelMarkup("EW", ["EW"])) && markup.includes(">EW</text>"));
  });
  test("without them, its name alone", () => {
    assert.ok(!handCardMarkup("hex", { name: "hex" }).includes("<path"));
    assert.equal(handCardMarkup("hex"), handCardMarkup("hex", null));
  });
});
