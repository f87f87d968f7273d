// The Dark Cave's client parts without a page (static/darkcave-art.js, darkcave-walk.js,
// darkcave.js): where each field lies per shape and turn, shapes turned, the way from the walk map,
// spots of targets on fields and edges, arrow keys, the clans' result.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { SIDE_SPOT, cardArt, cellArt, cellFields, deckMark, parseShape, piecesByField, rotateSides, shapeCell, turnedShape } from "../../saboteur/web/static/darkcave-art.js";
import { costParts, pathTo, splitTarget, walkBadge, walkTargets } from "../../saboteur/web/static/darkcave-walk.js";
import { clanResult, darkcaveRules, passAction, sideOf } from "../../saboteur/web/static/darkcave.js";
import { nearestInDirection } from "../../saboteur/web/static/keys.js";

const cell = (card, turn, sides, links, fields) => ({ x: 1, y: 0, card, kind: "path", face: "up", turn, sides, links, ...(fields ? { fields } : {}) });
const CENTRE = [30, 45];

describe("shapes", () => {
  test("sides turn clockwise, a special field's lower-case letter with them", () => {
    assert.equal(rotateSides("NE", 2), "SW");
    assert.equal(rotateSides("nS", 2), "Ns");
    assert.equal(rotateSides("NES", 1), "ESW");
  });
  test("a path card turned 180° is named as it lies; a bridge, the tunnel and others stay", () => {
    assert.equal(turnedShape("II-hole-nS"), "II-hole-Ns");
    assert.equal(turnedShape("III-ladder-NES"), "III-ladder-NSW");
    assert.equal(turnedShape("I-NE"), "I-SW");
    assert.equal(turnedShape("III-tunnel"), "III-tunnel");
    assert.equal(turnedShape("rat"), "rat");
  });
  test("a name read: group, special, sides and the special field's side", () => {
    assert.deepEqual(parseShape("II-hole-nW"), { group: 2, special: "hole", sides: "NW", mark: "N" });
    assert.deepEqual(parseShape("goal-ladder-NE"), { group: 0, special: "ladder", sides: "NE", mark: null });
    assert.deepEqual(parseShape("III-bridge"), { group: 3, special: "bridge", sides: "NESW", mark: null });
  });
});

describe("cellFields: where each field lies", () => {
  test("group I and the start: one field in the middle with the special on it", () => {
    const [only] = cellFields(cell("I-hole-S", 0, "S", ["S"]));
    assert.deepEqual([only.spot, only.special], [CENTRE, "hole"]);
    assert.equal(cellFields(cell("start", 0, "NESW", ["NESW"]))[0].special, "ladder");
  });
  test("group II: a field near each open side, the special on field 0 wherever it lies", () => {
    const fields = cellFields(cell("II-hole-nS", 2, "NS", ["NS"], ["S", "N"]));
    assert.deepEqual(fields.map((f) => f.spot), [SIDE_SPOT.S, SIDE_SPOT.N]);
    assert.deepEqual(fields.map((f) => f.special), ["hole", null]);
  });
  test("group III: side fields, then the middle field along the tunnel (turned with the card)", () => {
    const fields = cellFields(cell("III-ladder-NES", 2, "NSW", ["NSW"], ["S", "W", "N", ""]));
    assert.deepEqual(fields.map((f) => f.spot), [SIDE_SPOT.S, SIDE_SPOT.W, SIDE_SPOT.N, CENTRE]);
    assert.equal(fields[3].special, "ladder");
  });
  test("the double curve with tunnel: two middles on their curves, the tunnel field between", () => {
    const fields = cellFields(cell("III-tunnel", 0, "NESW", ["NESW"], ["N", "E", "S", "W", "", "", ""]));
    assert.deepEqual([fields[4].joins, fields[5].joins], ["NE", "SW"]);
    assert.ok(fields[4].spot[0] > 30 && fields[4].spot[1] < 45, "NE middle up and right");
    assert.ok(fields[5].spot[0] < 30 && fields[5].spot[1] > 45, "SW middle down and left");
    assert.deepEqual([fields[6].spot, fields[6].special], [CENTRE, "tunnel"]);
  });
  test("a bridge: planks on N, S and the N-S middle; the E-W middle apart from it", () => {
    const fields = cellFields(cell("III-bridge", 0, "NESW", ["NS", "EW"], ["N", "E", "S", "W", "", ""]));
    assert.deepEqual(fields.map((f) => f.special), ["bridge", null, "bridge", null, "bridge", null]);
    assert.notDeepEqual(fields[4].spot, fields[5].spot);
  });
  test("the exit goal: the entry field and the exit behind it", () => {
    const fields = cellFields({ card: "goal-exit", turn: 0, sides: "NESW", links: ["NESW"], fields: ["NESW", ""] });
    assert.deepEqual(fields.map((f) => f.special), [null, "exit"]);
    assert.ok(fields[1].spot[1] > fields[0].spot[1]);
  });
  test("a hand card's shape is drawn as a cell lying unturned (group II special field first)", () => {
    assert.deepEqual(shapeCell("II-hole-Ns").fields, ["S", "N"]);
    assert.deepEqual(shapeCell("III-tunnel").fields.length, 7);
    assert.match(cardArt("II-hole-Ns"), /sym-hole/);
    assert.match(cardArt("rat", 3, "Ratte"), /Ratte/);
    assert.match(cellArt(cell("III-bridge", 0, "NESW", ["NS", "EW"], ["N", "E", "S", "W", "", ""])), /planks/);
    const bridge = cellArt(cell("III-bridge", 0, "NESW", ["NS", "EW"], ["N", "E", "S", "W", "", ""]));
    assert.equal(bridge.match(/class="deck-mark"/g).length, 3); // deck III: three strokes, no text
    assert.doesNotMatch(bridge, /<text/);
    assert.equal(deckMark(0), "");
  });
});

describe("pieces on their fields", () => {
  test("several on one field side by side, gold below them", () => {
    const groups = piecesByField([
      { kind: "dwarf", x: 0, y: 0, owner: 0, field: 0 },
      { kind: "dwarf", x: 0, y: 0, owner: 1, field: 0 },
      { kind: "gold", x: 2, y: 0, owner: null, field: 0 },
    ]);
    assert.equal(groups.length, 2);
    assert.deepEqual(groups[0].pieces.map((p) => p.dx), [-6.5, 6.5]);
    assert.equal(groups[1].pieces[0].dx, 0);
  });
});

const WALK = {
  mover: "dwarf",
  start: "0,0.0",
  steps_left: 3,
  fields: [
    { field: "1,0.3", x: 1, y: 0, n: 3, steps: 1, via: "0,0.0", enter: [], cards: 0, gold: 0 },
    { field: "1,0.5", x: 1, y: 0, n: 5, steps: 2, via: "1,0.3", enter: [], cards: 0, gold: 0 },
    { field: "1,0.6", x: 1, y: 0, n: 6, steps: 3, via: "1,0.5", enter: ["gold"], cards: 0, gold: 1 },
  ],
};
const TUNNEL = { x: 1, y: 0, card: "III-tunnel", kind: "path", face: "up", turn: 0, sides: "NESW", links: ["NESW"], fields: ["N", "E", "S", "W", "", "", ""] };
const START = { x: 0, y: 0, card: "start", kind: "start", face: "up", turn: 0, sides: "NESW", links: ["NESW"] };

describe("the walk", () => {
  test("the way to a field, step by step from the start", () => {
    assert.deepEqual(pathTo(WALK, "1,0.6"), ["1,0.3", "1,0.5", "1,0.6"]);
    assert.deepEqual(pathTo(WALK, "1,0.3"), ["1,0.3"]);
    assert.deepEqual(pathTo(WALK, "9,9.0"), []);
  });
  test("what a way costs, and its badge", () => {
    assert.deepEqual(costParts(WALK.fields[2]), [["dc.cost.gold", { n: 1 }]]);
    assert.deepEqual(costParts({ enter: ["goal"], cards: 0, gold: 0 }), [["dc.enter.goal", {}]]);
    assert.equal(walkBadge(WALK.fields[2]), "3!");
    assert.equal(walkBadge(WALK.fields[0]), "1");
  });
  test("the walk's targets: a spot on each field, with the way there; none when it is not my move", () => {
    const view = { phase: "move", legal: ["step@1,0.3", "stop"], walk: WALK, board: { cells: [START, TUNNEL], targets: [] } };
    const targets = walkTargets(view, (e) => `to ${e.field}`);
    assert.deepEqual(targets.map((x) => x.action), ["step@1,0.3", "step@1,0.5", "step@1,0.6"]);
    assert.deepEqual(targets[2].spot, CENTRE);
    assert.deepEqual(targets[2].walk, ["1,0.3", "1,0.5", "1,0.6"]);
    assert.equal(targets[0].label, "to 1,0.3");
    assert.deepEqual(walkTargets({ ...view, legal: [] }), []);
  });
});

describe("targets on fields and edges", () => {
  const cells = new Map([["1,0", TUNNEL]]);
  test("a slot's actions split into one spot per field or edge they name", () => {
    const board = [
      { action: "web@1,0:E", kind: "web", hand_card: "web", x: 1, y: 0, side: "E" },
      { action: "web@1,0:S", kind: "web", hand_card: "web", x: 1, y: 0, side: "S" },
    ];
    const split = splitTarget({ x: 1, y: 0, action: "web@1,0:E", actions: ["web@1,0:E", "web@1,0:S"], kind: "slot" }, board, cells);
    assert.deepEqual(split.map((s) => [s.action, s.kind, s.spot]), [["web@1,0:E", "edge", [60, 45]], ["web@1,0:S", "edge", [30, 90]]]);
    const lure = [{ action: "rat@1,0.6", kind: "lure", hand_card: "rat", x: 1, y: 0, field: 6 }];
    const [one] = splitTarget({ x: 1, y: 0, action: "rat@1,0.6", actions: ["rat@1,0.6"], kind: "slot" }, lure, cells);
    assert.deepEqual([one.spot, one.data], [CENTRE, { field: "1,0.6" }]);
  });
  test("a target naming neither (a rockfall) stays whole", () => {
    const board = [{ action: "rockfall@1,0", kind: "rockfall", hand_card: "rockfall", x: 1, y: 0 }];
    const target = { x: 1, y: 0, action: "rockfall@1,0", actions: ["rockfall@1,0"], kind: "slot" };
    assert.deepEqual(splitTarget(target, board, cells), [target]);
  });
  test("an arrow key goes to the nearest spot that way", () => {
    const points = [[100, 0], [0, 100], [-100, 5], [50, 3]];
    assert.equal(nearestInDirection(points, [0, 0], "ArrowRight"), 3);
    assert.equal(nearestInDirection(points, [0, 0], "ArrowDown"), 1);
    assert.equal(nearestInDirection(points, [0, 0], "ArrowLeft"), 2);
    assert.equal(nearestInDirection(points, [0, 0], "ArrowUp"), -1);
  });
});

describe("the card menu and the result", () => {
  test("a path card's ways to lie by orientation; a pass of one card only", () => {
    const targets = [
      { action: "I-NE@1,0", kind: "place", hand_card: "I-NE", x: 1, y: 0 },
      { action: "I-SW@0,1", kind: "place", hand_card: "I-NE", x: 0, y: 1 },
      { action: "pass:I-NE", kind: "pass", hand_card: "I-NE" },
      { action: "pass:I-NE+rat", kind: "pass", hand_card: "I-NE" },
    ];
    const view = { phase: "play", legal: targets.map((x) => x.action), board: { targets } };
    const [place, ...rest] = darkcaveRules.cardOptions("I-NE", view);
    assert.deepEqual(place.byShape, { "I-NE": ["I-NE@1,0"], "I-SW": ["I-SW@0,1"] });
    assert.deepEqual(rest.map((o) => o.actions), [["pass:I-NE"]]);
  });
  test("a pass names its cards sorted", () => {
    assert.equal(passAction(["rat", "I-NE"]), "pass:I-NE+rat");
  });
  test("sides, treasures and the winning clan; a draw", () => {
    assert.equal(sideOf("yellow", "yellow-saboteur"), "blue");
    assert.equal(sideOf("blue", "blue-loyal"), "blue");
    const view = { clans: ["yellow", "yellow", "yellow"], characters: ["yellow-loyal", "yellow-saboteur", "yellow-loyal"], scores: [6, 0, 6], winners: [0, 2] };
    assert.deepEqual(clanResult(view), { treasure: { yellow: 6, blue: 0 }, sides: ["yellow", "blue", "yellow"], winner: "yellow" });
    assert.equal(clanResult({ ...view, scores: [0, 0, 0], winners: [0, 1, 2] }).winner, null);
  });
});
