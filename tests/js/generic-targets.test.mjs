// The board's targets grouped for the game window (static/board-targets.js), and the generic
// adapter's board drawing (static/generic.js): cells, pieces and markers as the maze places them.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { cellMarkup, markerMarkup } from "../../saboteur/web/static/board-art.js";
import {
  actionIndex,
  boardOptions,
  loose,
  looseActions,
  looseLabel,
  onSeat,
  onSlot,
  seatActions,
  slotGroups,
  tableOptions,
  targetsOf,
} from "../../saboteur/web/static/board-targets.js";
import { boardCells, boardMarkers, boardPieces, catalogueEntry, genericRules } from "../../saboteur/web/static/generic.js";
import { t } from "../../saboteur/web/static/i18n.js";

const slot = (action, card, x, y, kind = "place") => ({ action, kind, hand_card: card, x, y });
const seat = (action, card, s) => ({ action, kind: "break", hand_card: card, seat: s });
const none = (action, card, kind = "pass") => ({ action, kind, hand_card: card });

const targets = [
  slot("EW@1,0", "EW", 1, 0),
  slot("NS@1,0", "EW", 1, 0),
  slot("EW@-1,0", "EW", -1, 0),
  seat("hex@1", "hex", 1),
  none("pass:EW", "EW"),
  none("pass:hex", "hex"),
  slot("bribe@2,2", null, 2, 2, "bribe"),
  none("end", null, "end"),
];
const view = { legal: targets.map((x) => x.action), board: { targets } };

describe("what a target points at", () => {
  test("a slot, a seat, or nothing", () => {
    assert.deepEqual(targets.map((x) => [onSlot(x), onSeat(x), loose(x)]).slice(3, 5), [[false, true, false], [false, false, true]]);
    assert.ok(onSlot(slot("a", null, 0, 0)) && !onSeat(slot("a", null, 0, 0)));
  });
  test("a view without a board has no targets", () => {
    assert.deepEqual(targetsOf({ legal: ["x"] }), []);
    assert.deepEqual(targetsOf(undefined), []);
  });
});

describe("slotGroups and seatActions", () => {
  const index = actionIndex(targets);
  test("actions on one slot are one group, in first-seen order", () => {
    assert.deepEqual(slotGroups(["EW@1,0", "EW@-1,0", "NS@1,0", "pass:EW", "unknown"], index), [
      { x: 1, y: 0, actions: ["EW@1,0", "NS@1,0"] },
      { x: -1, y: 0, actions: ["EW@-1,0"] },
    ]);
  });
  test("seats map to their first action; slots and unknown actions are left out", () => {
    assert.deepEqual([...seatActions(["EW@1,0", "hex@1", "nope"], index)], [[1, "hex@1"]]);
  });
});

describe("boardOptions: a hand card's menu from the board", () => {
  test("its slots in one line, its actions pointing at nothing each a line of their own", () => {
    const [board, pass, ...rest] = boardOptions("EW", view);
    assert.deepEqual(board, { kind: "board", key: "board", label: t("menu.board"), actions: ["EW@1,0", "NS@1,0", "EW@-1,0"], reason: "" });
    assert.deepEqual(pass, { kind: "act", key: "act:pass:EW", label: t("menu.discard"), actions: ["pass:EW"], immediate: true, reason: "" });
    assert.deepEqual(rest, []);
  });
  test("seats get a line of players; an empty board line says why", () => {
    const options = boardOptions("hex", view);
    assert.deepEqual(options.map((o) => [o.kind, o.actions]), [["board", []], ["player", ["hex@1"]], ["act", ["pass:hex"]]]);
    assert.equal(options[0].reason, t("menu.noTarget"));
  });
  test("not my turn: nothing to do, and the reason", () => {
    const [board] = boardOptions("EW", { hand: ["EW"], board: { targets: [] } });
    assert.deepEqual([board.actions, board.reason], [[], t("menu.notTurn")]);
  });
});

describe("what needs no hand card", () => {
  test("its slots and seats as one line for the turn panel; the rest as buttons", () => {
    assert.deepEqual(tableOptions(view)[0].actions, ["bribe@2,2"]);
    assert.deepEqual(looseActions(view).map((x) => x.action), ["end"]);
  });
  test("a pass reads as a discard, anything else as its action", () => {
    assert.equal(looseLabel(none("pass:EW", "EW")), t("menu.discard"));
    assert.equal(looseLabel(none("end", null, "end")), "end");
  });
});

describe("the generic adapter's board", () => {
  const cells = [
    { x: 0, y: 0, card: "start", kind: "start", face: "up", turn: 0, sides: "NESW", links: ["NS", "EW"] },
    { x: 2, y: 0, card: null, kind: "goal", face: "down" },
  ];
  const board = { cells, pieces: [{ kind: "dwarf", x: 0, y: 0, owner: 1, label: "G" }], markers: [{ kind: "web", x: 0, y: 0, side: "E" }], targets: [] };
  test("cells: their art, where they lie, what they are (a face-down card's name only if known)", () => {
    const [start, goal] = boardCells({ board });
    assert.deepEqual(start, { x: 0, y: 0, markup: cellMarkup(cells[0]), title: t("slot.card", { card: "start", where: "0,0" }), cls: "card cell-up", data: { face: "up", kind: "start", card: "start" } });
    assert.deepEqual(goal.data, { face: "down", kind: "goal" });
    assert.equal(goal.title, t("slot.card", { card: t("goal.hidden"), where: "2,0" }));
  });
  test("pieces name their owner; markers their side", () => {
    const [piece] = boardPieces({ board }, ["Anna", "Ben"]);
    assert.deepEqual([piece.x, piece.y, piece.title, piece.data], [0, 0, "dwarf — G — Ben", { kind: "dwarf", owner: "1" }]);
    const [marker] = boardMarkers({ board });
    assert.deepEqual([marker.markup, marker.data], [markerMarkup(board.markers[0]), { kind: "web", side: "E" }]);
  });
  test("a view without a board draws nothing", () => {
    assert.deepEqual([boardCells({}), boardPieces({}), boardMarkers({})], [[], [], []]);
  });
  test("events read as the engine's text; a card's name is its own", () => {
    assert.equal(genericRules.eventText({ kind: "place", text: "Ann laid EW" }), "Ann laid EW");
    assert.equal(genericRules.eventText({ kind: "place" }), "place");
    assert.equal(genericRules.cardName("EW"), "EW");
    assert.equal(genericRules.isPathCard("EW"), false);
  });
  test("hand cards can be chosen in any phase but the end", () => {
    assert.equal(genericRules.handPlays({ phase: "dig" }), true);
    assert.equal(genericRules.handPlays({ phase: "over" }), false);
  });
  test("a hand card's catalogue entry is found by its name in the descriptor", () => {
    const described = { cards: [{ name: "NS", sides: "NS" }, { name: "EW", sides: "EW" }] };
    assert.deepEqual(catalogueEntry("EW", described), { name: "EW", sides: "EW" });
    assert.equal(catalogueEntry("hex", described), null);
    assert.equal(catalogueEntry("EW", undefined), null);
  });
});
