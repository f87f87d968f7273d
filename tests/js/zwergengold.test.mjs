// Zwergengold's client parts without a page (static/zwergengold-art.js, zwergengold.js): level
// fills and texts, the card art's parts, actions read (as the engine reads them: the shared cases of
// tests/zwergengold_action_cases.json) and worded, the moves as rings with their AP.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { rulesFor } from "../../saboteur/web/static/adapters.js";
import { LEVEL_FILLS, apPips, archMarkup, backArt, labyrinthArt, levelFill, levelText, lyingAs, mageMarkup, turnSides } from "../../saboteur/web/static/zwergengold-art.js";
import { MOVE_SPOT, actionLabel, cardParts, freeTargets, laidBounds, parseAction, splitShape, turnedShape, zwergengoldRules } from "../../saboteur/web/static/zwergengold.js";

const entry = (over = {}) => ({ x: 0, y: 1, card: "I-cloak", face: "down", turn: 0, level: 1, deep: "", exits: "NS", arches: "EW", passage: null, covers: 0, ...over });

describe("levels at a glance", () => {
  test("each level a step darker; above the start lighter; the deepest steps stay the last", () => {
    assert.equal(levelFill(1), LEVEL_FILLS[0]);
    assert.equal(levelFill(3), LEVEL_FILLS[2]);
    assert.notEqual(levelFill(2), levelFill(3));
    assert.notEqual(levelFill(0), levelFill(1));
    assert.equal(levelFill(99), LEVEL_FILLS.at(-1));
  });
  test("a card shows its level; stairs both ends, the arrow end one deeper", () => {
    assert.equal(levelText(entry({ level: 2 })), "2");
    assert.equal(levelText(entry({ card: "S", level: 2, deep: "S" })), "2→3");
    const art = labyrinthArt(entry({ card: "S", level: 2, deep: "E" }));
    assert.match(art, />2→3</);
    assert.match(art, /class="zg-stairs" transform="rotate\(-90 /);
  });
  test("arches, the passage's level, the symbol face up and a secret face down", () => {
    const up = labyrinthArt(entry({ face: "up", card: "I-cloak-troll", passage: 3 }), { symbol: "troll", scroll: "cloak" });
    assert.equal((up.match(/class="zg-arch"/g) ?? []).length, 2);
    assert.match(up, /⌒3/);
    assert.match(up, />troll</);
    const down = labyrinthArt(entry(), { scroll: "cloak" });
    assert.match(down, />\?</);
    assert.doesNotMatch(labyrinthArt(entry({ arches: "" })), /zg-arch/);
  });
  test("a card's title names it and its place in words, not a placeholder", () => {
    const view = { labyrinth: [entry({ x: 1, y: 0, face: "up", card: "I-cloak" })], board: { landmarks: [{ x: 0, y: 0, name: "start" }] } };
    const [cell] = zwergengoldRules.cells(view);
    assert.match(cell.title, /right of the start · level 1$/);
    assert.doesNotMatch(cell.title, /\{/);
  });
  test("the target level's cards have a golden frame", () => {
    assert.match(labyrinthArt(entry({ level: 3 }), { target: 3 }), /#f2c230/);
    assert.doesNotMatch(labyrinthArt(entry({ level: 2 }), { target: 3 }), /#f2c230/);
  });
  test("a long scroll name is squeezed onto the card, a short one left as it is", () => {
    assert.match(backArt("X-hammer", "Hammer und Pickel"), /textLength="\d+" lengthAdjust="spacingAndGlyphs">Hammer und Pickel</);
    assert.doesNotMatch(backArt("T-cloak", "cloak"), /textLength/);
  });
  test("a back in the hand, a mage with its AP, AP as pips; names escaped", () => {
    assert.match(backArt("T-duster", "<duster>"), /&#60;duster&#62;/);
    assert.match(mageMarkup(2, 5), />5</);
    assert.equal(apPips(3), "●●●○○○○");
    assert.equal(apPips(9), "●●●●●●●");
  });
});

describe("actions", () => {
  test("read: attach with its turn, under the pile, duels, orders, moves", () => {
    assert.deepEqual(parseAction("read:T-pick@0,-2:3"), { kind: "read", card: "T-pick", x: 0, y: -2, turn: 3 });
    assert.deepEqual(parseAction("play:S@pile"), { kind: "play", card: "S", x: null, y: null, turn: null });
    assert.deepEqual(parseAction("duel@2:4"), { kind: "duel", seat: 2, ap: 4 });
    assert.deepEqual(parseAction("order:2,0,1"), { kind: "order", order: [2, 0, 1] });
    assert.deepEqual(parseAction("under@3,-1"), { kind: "under", x: 3, y: -1 });
    assert.deepEqual(parseAction("potion:ap"), { kind: "potion:ap" });
  });
  test("every action of tests/zwergengold_action_cases.json read as the engine reads it", () => {
    // made from random games by tests/test_zwergengold_action_cases.py, which checks them against the engine
    const cases = JSON.parse(readFileSync(new URL("../zwergengold_action_cases.json", import.meta.url), "utf-8"));
    assert.ok(cases.length > 60);
    for (const c of cases) assert.deepEqual(parseAction(c.action), c.parts, c.action);
  });
  test("a card's parts: corridor, scroll on the back, symbol on the face", () => {
    assert.deepEqual(cardParts("I-cloak-goblin"), { corridor: "I", scroll: "cloak", symbol: "goblin" });
    assert.deepEqual(cardParts("S"), { corridor: "S", scroll: null, symbol: null });
  });
  test("worded: the turn in degrees, a move with its AP (face down: ?), a duel by name", () => {
    const view = {
      reach: [{ action: "step@0,2", x: 0, y: 2, via: "step", cost: null }, { action: "step@1,1", x: 1, y: 1, via: "step", cost: 3 }],
      board: { landmarks: [{ x: 0, y: 0, name: "start" }] },
    };
    assert.equal(actionLabel("play:T-pick@0,2:3", view), "Attach 2 down from the start, turned 270°");
    assert.equal(actionLabel("step@1,1", view), "Step to the card 1 right and 1 down from the start: 3 AP");
    assert.match(actionLabel("look@1,0", { board: {} }), /^Look at the card 1,0$/); // a board without landmarks
    assert.match(actionLabel("step@0,2", view), /\?/);
    assert.match(actionLabel("step@1,1", view), /3 AP/);
    assert.match(actionLabel("duel@1:2", view, ["Ann", "Ben"]), /Ben.*2 AP/);
    assert.equal(zwergengoldRules.choiceLabel("end", view), actionLabel("end"));
  });
});

describe("the maze's targets", () => {
  const view = {
    phase: "turn",
    legal: ["step@0,1", "wall@1,1", "play:I-cloak@0,2:0", "end"],
    reach: [{ action: "step@0,1", x: 0, y: 1, via: "step", cost: 2 }],
    board: {
      targets: [
        { action: "step@0,1", kind: "step", hand_card: null, x: 0, y: 1 },
        { action: "wall@1,1", kind: "wall", hand_card: null, x: 1, y: 1 },
        { action: "play:I-cloak@0,2:0", kind: "play", hand_card: "I-cloak", x: 0, y: 2 },
        { action: "end", kind: "end", hand_card: null },
      ],
    },
  };
  test("moves are rings with their AP; other choices on cards frames; hand cards and buttons not", () => {
    const targets = freeTargets(view);
    assert.deepEqual(targets.map((x) => x.action), ["step@0,1", "wall@1,1"]);
    assert.equal(targets[0].badge, "2");
    assert.deepEqual(targets[0].spot, MOVE_SPOT);
    assert.equal(targets[1].spot, undefined);
  });
  test("a hand card's menu: attach, read and attach, each with its places", () => {
    const options = zwergengoldRules.cardOptions("I-cloak", view);
    assert.deepEqual(options.map((o) => [o.key, o.actions]), [["play", ["play:I-cloak@0,2:0"]], ["read", []]]);
    assert.ok(options[1].reason);
  });
  test("the adapter is the one registered for zwergengold", () => {
    assert.equal(rulesFor("zwergengold"), zwergengoldRules);
  });
});

describe("the maze fits the labyrinth", () => {
  test("the laid cards and targets with a slot round them, within the table", () => {
    const view = { board: { bounds: [-6, 6, -6, 6] } };
    assert.deepEqual(laidBounds(view, [], [{ x: 0, y: 0 }]), { x0: -1, x1: 1, y0: -1, y1: 1 });
    assert.deepEqual(laidBounds(view, [{ x: 0, y: 3 }], [{ x: 0, y: 0 }, { x: 6, y: 2 }]), { x0: -1, x1: 6, y0: -1, y1: 4 });
    assert.equal(zwergengoldRules.bounds(view, [], [{ x: 2, y: 2 }]).x1, 3);
  });
});

describe("arches", () => {
  test("each lies inside the card on its own side", () => {
    for (const side of ["N", "E", "S", "W"]) {
      const numbers = archMarkup(side).match(/d="([^"]+)"/)[1].match(/-?\d+(\.\d+)?/g).map(Number);
      assert.ok(numbers.every((n) => n >= -20 && n <= 90), `${side}: ${numbers}`);
    }
    assert.match(archMarkup("E"), /M58 /);
    assert.equal(archMarkup("?"), "");
  });
});

describe("turning a hand card", () => {
  test("R turns it a quarter on as its corridor allows; the menu splits its places by turn", () => {
    assert.equal(turnedShape("T-pick"), "T-pick~1");
    assert.equal(turnedShape("T-pick~3"), "T-pick");
    assert.equal(turnedShape("I-cloak~1"), "I-cloak");
    assert.equal(turnedShape("X-duster"), "X-duster");
    assert.deepEqual(splitShape("S~2"), ["S", 2]);
    const view = {
      legal: ["play:T-pick@0,2:1", "play:T-pick@0,2:3", "play:T-pick@1,1:1"],
      board: { targets: ["play:T-pick@0,2:1", "play:T-pick@0,2:3", "play:T-pick@1,1:1"].map((action) => ({ action, kind: "play", hand_card: "T-pick", x: Number(action.split("@")[1].split(",")[0]), y: Number(action.split(",")[1].split(":")[0]) })) },
    };
    const [attach] = zwergengoldRules.cardOptions("T-pick", view);
    assert.equal(attach.kind, "place");
    assert.deepEqual(attach.byShape["T-pick~1"], ["play:T-pick@0,2:1", "play:T-pick@1,1:1"]);
    assert.deepEqual(attach.byShape["T-pick~3"], ["play:T-pick@0,2:3"]);
    assert.deepEqual(attach.byShape["T-pick"], []);
  });
  test("a card lying turned: its exits, arches and stairs' deeper end turn with it", () => {
    assert.deepEqual(lyingAs("T-pick", 1), { exits: "NSW", arches: "E", deep: "" });
    assert.deepEqual(lyingAs("S", 3), { exits: "EW", arches: "NS", deep: "E" });
    assert.equal(turnSides("NES", 2), "NSW");
    assert.match(zwergengoldRules.cardName("S~2"), /180°/);
  });
  test("a hand card's name holds the scroll's words as the card shows them, not in brackets", () => {
    assert.equal(zwergengoldRules.cardName("I-farsight"), "straight, scroll: far sight");
    assert.equal(zwergengoldRules.cardName("T-pick~1"), "T-junction, scroll: lock pick ↻90°");
  });
});
