// The rulesets' adapters for the game window (static/classic.js, static/duel.js): the parts that
// are plain data or markup — maze cells and goals, the turn banner, when the hand is replaced,
// when the Duel's turn panel is empty, and the keys that decide what is redrawn.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { cardMarkup } from "../../saboteur/web/static/cards.js";
import { classicRules } from "../../saboteur/web/static/classic.js";
import { cellMarkup, goalMarkup } from "../../saboteur/web/static/duel-cards.js";
import { duelRules } from "../../saboteur/web/static/duel.js";
import { roleName, t } from "../../saboteur/web/static/i18n.js";
import { mazeCells } from "../../saboteur/web/static/maze-cells.js";

/** A face-up board cell (view.board.cells) as the engine gives it. */
const up = (x, y, card, kind, turn, sides, links = [sides]) => ({ x, y, card, kind, face: "up", turn, sides, links });

describe("classic: the maze", () => {
  test("a cell is its card, speckled by its place", () => {
    assert.equal(classicRules.cellMarkup({ x: 2, y: -1, shape: "NES" }), cardMarkup("NES", 2 * 7 - 13 + 50));
  });
  test("a face-down goal is its back; one seen with a map adds its face in a dashed frame", () => {
    const back = cardMarkup("goal", 0 + 20);
    assert.equal(classicRules.goalMarkup({ x: 8, y: 0 }), back);
    const gold = classicRules.goalMarkup({ x: 8, y: 0, peeked: true, card: "gold" });
    const stone = classicRules.goalMarkup({ x: 8, y: 0, peeked: true, card: "stone-ne" });
    assert.ok(gold.startsWith(back) && stone.startsWith(back));
    assert.match(gold, /stroke-dasharray/);
    assert.match(gold, new RegExp(`>${t("goal.gold").toUpperCase()}</text>`));
    assert.match(stone, new RegExp(`>${t("goal.stone").toUpperCase()}</text>`));
    assert.notEqual(gold, stone);
  });
  test("a goal no map showed reads as face-down", () => {
    assert.equal(classicRules.goalTitle({ x: 8, y: 2 }), t("goal.hidden"));
  });
  test("a board cell is named by the shape it lies as", () => {
    assert.equal(classicRules.shapeOf(up(0, 0, "start", "start", 0, "NESW")), "start");
    assert.equal(classicRules.shapeOf(up(1, 0, "NES", "path", 0, "NES")), "NES");
    assert.equal(classicRules.shapeOf(up(1, 0, "NES", "path", 2, "NSW")), "NSW");
    assert.equal(classicRules.shapeOf(up(1, 0, "xES", "path", 2, "NW", ["N", "W"])), "xNW");
    assert.equal(classicRules.shapeOf(up(8, 0, "stone-ne", "goal", 2, "SW")), "stone-ne:SW");
  });
  test("the cells are the board's face-up cards, then the goals still face down", () => {
    const view = {
      board: { cells: [up(0, 0, "start", "start", 0, "NESW"), up(8, 0, "gold", "goal", 0, "NESW"), { x: 8, y: 2, card: null, kind: "goal", face: "down" }], pieces: [] },
      goals: [
        { x: 8, y: 0, revealed: true, card: "gold", peeked: false },
        { x: 8, y: 2, revealed: false, card: null, peeked: false },
      ],
    };
    const cells = mazeCells(view, classicRules);
    assert.deepEqual(cells.map((c) => [c.x, c.y, c.data]), [[0, 0, { card: "start" }], [8, 0, { card: "gold" }], [8, 2, { goal: "hidden" }]]);
    assert.equal(cells[1].markup, classicRules.cellMarkup({ x: 8, y: 0, shape: "gold:NESW" }));
  });
});

describe("classic: banner and hand", () => {
  test("while the gold is shared out, the banner says who chooses", () => {
    assert.equal(classicRules.banner({ phase: "gold" }, {}, true, "Anna"), t("turn.goldYours"));
    assert.equal(classicRules.banner({ phase: "gold" }, {}, false, "Anna"), t("turn.gold", { name: "Anna" }));
    assert.equal(classicRules.banner({ phase: "play" }, {}, true, "Anna"), null);
  });
  test("the hand is replaced only while gold is offered to this player", () => {
    assert.equal(classicRules.handOverride(null, { phase: "play", gold_offer: [1, 2] }), null);
    assert.equal(classicRules.handOverride(null, { phase: "gold" }), null);
  });
  test("the players panel and my info are redrawn when role, gold or seat change", () => {
    const view = { role: "digger", gold_cards: [0, 1, 0], gold: [1, 2] };
    assert.deepEqual(classicRules.playersKey(view), ["digger", [0, 1, 0], [1, 2], undefined]);
    assert.notDeepEqual(classicRules.playersKey({ ...view, gold: [1, 3] }), classicRules.playersKey(view)); // my gold's value shows there too
    assert.equal(classicRules.myInfoKey({ seat: 1 }, view), "digger|1,2|1");
    assert.notEqual(classicRules.myInfoKey({ seat: 1 }, { ...view, gold: [1, 3] }), classicRules.myInfoKey({ seat: 1 }, view));
  });
  test("role names", () => {
    assert.equal(roleName("saboteur"), t("role.saboteur"));
    assert.equal(roleName("digger"), t("role.digger"));
  });
});

describe("duel: the maze", () => {
  const view = { colours: ["green", "blue"] };
  test("cells carry the markers and keys in the players' colours", () => {
    const cell = { x: 1, y: 1, shape: "gold-ES", marker: 1 };
    assert.equal(duelRules.cellMarkup(cell, view), cellMarkup(cell, view.colours));
  });
  test("a board cell is named by the shape it lies as, its door shut", () => {
    assert.equal(duelRules.shapeOf(up(1, 0, "green-nEW", "path", 2, "ESW")), "green-EsW");
    assert.equal(duelRules.shapeOf(up(1, 0, "troll-EW", "troll", 0, "EW", ["E", "W"])), "troll-EW");
    assert.equal(duelRules.shapeOf(up(5, 1, "goal-1-blue", "goal", 2, "NESW")), "goal-1-blue:NeSW");
    assert.equal(duelRules.shapeOf(up(5, 1, "stone-ne", "goal", 2, "SW")), "stone-ne:SW");
    assert.equal(duelRules.shapeOf(up(0, 0, "start-green", "start", 0, "NESW")), "start-green");
  });
  test("the board's gold markers and keys lie on their cards", () => {
    const board = {
      cells: [up(1, 0, "gold-EW", "path", 0, "EW"), up(2, 0, "blue-Ew", "path", 0, "EW")],
      pieces: [
        { kind: "gold-marker", x: 1, y: 0, owner: 0 },
        { kind: "key", x: 2, y: 0, owner: 1 },
      ],
    };
    const cells = mazeCells({ ...view, board, goals: [] }, duelRules);
    assert.deepEqual(cells.map((c) => c.data), [{ card: "gold-EW", marker: "0" }, { card: "blue-Ew", key: "1" }]);
    assert.equal(cells[1].markup, cellMarkup({ x: 2, y: 0, shape: "blue-Ew", key: 1, marker: null }, view.colours));
  });
  test("goals are speckled by their row", () => {
    assert.equal(duelRules.goalMarkup({ x: 6, y: 2 }), goalMarkup({ x: 6, y: 2 }, 22));
  });
  test("a goal without a card reads as face-down", () => {
    assert.equal(duelRules.goalTitle({ x: 6, y: 2 }), t("goal.hidden"));
  });
});

describe("duel: banner, hand and panel", () => {
  test("while a goal is turned over, the banner says who chooses how it lies", () => {
    assert.equal(duelRules.banner({ phase: "reveal" }, {}, true, "Ben"), t("turn.revealYours"));
    assert.equal(duelRules.banner({ phase: "reveal" }, {}, false, "Ben"), t("turn.reveal", { name: "Ben" }));
    assert.equal(duelRules.banner({ phase: "play" }, {}, false, "Ben"), null);
  });
  test("the hand is replaced only when this player has a goal's orientations to choose", () => {
    const pending = { card: "goal-2-green" };
    assert.equal(duelRules.handOverride(null, { phase: "reveal", legal: [], pending }), null);
    assert.equal(duelRules.handOverride(null, { phase: "reveal", legal: ["goal-2-green:NESw@6,0"] }), null);
    assert.equal(duelRules.handOverride(null, { phase: "play", legal: ["NES@1,0"], pending }), null);
  });
  test("no turn panel when it is not my turn or not the play phase", () => {
    assert.deepEqual(duelRules.panel({ picking: false }, { phase: "play", legal: [] }), []);
    assert.deepEqual(duelRules.panel({ picking: false }, { phase: "play" }), []);
    assert.deepEqual(duelRules.panel({ picking: false }, { phase: "reveal", legal: ["goal-2:NESW@6,0"] }), []);
  });
  test("the players panel and my info are redrawn when the scores, supplies or colours change", () => {
    const view = { colours: ["green", "blue"], scores: [3, 1], gold: [[], []], markers_left: 5, keys_left: 2, aside_size: 0 };
    assert.deepEqual(duelRules.playersKey(view), [view.colours, view.scores, view.gold]);
    const key = duelRules.myInfoKey({ seat: 0 }, view);
    assert.notEqual(duelRules.myInfoKey({ seat: 0 }, { ...view, markers_left: 4 }), key);
    assert.notEqual(duelRules.myInfoKey({ seat: 0 }, { ...view, keys_left: 1 }), key);
    assert.notEqual(duelRules.myInfoKey({ seat: 1 }, view), key);
    assert.equal(duelRules.myInfoKey({ seat: 0 }, { ...view }), key);
  });
});
