// The game window's pure parts (static/game.js): board targets to slots and seats, maze targets,
// the orientation to lay a card in, the turn clock, the feed's classes, hints for touch.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { clockLeft, feedClass, hintKey, mazeTargets, placeShape, playerTargets, touchPointer } from "../../saboteur/web/static/game.js";
import { placesOf, STRINGS, t } from "../../saboteur/web/static/i18n.js";
import { translate } from "../../saboteur/web/static/lang.js";

const name = (shape) => `card ${shape}`;

// Board targets as view.board lists them: the slot or seat of each action.
const at = (action, x, y, card = null) => ({ action, kind: "k", hand_card: card, x, y });
const seat = (action, s) => ({ action, kind: "k", hand_card: null, seat: s });

describe("playerTargets", () => {
  test("maps each seat to its action, from the board's targets", () => {
    const option = { kind: "player", actions: ["break-cart@1", "break-cart@3"] };
    const targets = [seat("break-cart@1", 1), seat("break-cart@3", 3), seat("break-cart@2", 2)];
    assert.deepEqual([...playerTargets(option, targets)], [[1, "break-cart@1"], [3, "break-cart@3"]]);
  });
  test("the seat comes from the target, not from the action's text", () => {
    const option = { kind: "player", actions: ["repair-pickaxe-cart/cart@0"] };
    assert.deepEqual([...playerTargets(option, [seat("repair-pickaxe-cart/cart@0", 2)])], [[2, "repair-pickaxe-cart/cart@0"]]);
  });
  test("nothing for actions on slots, unknown actions, or no line at all", () => {
    assert.equal(playerTargets({ kind: "map", actions: ["map@8,0"] }, [at("map@8,0", 8, 0)]).size, 0);
    assert.equal(playerTargets({ kind: "player", actions: ["break-cart@1"] }, []).size, 0);
    assert.equal(playerTargets(null, []).size, 0);
    assert.equal(playerTargets(undefined, []).size, 0);
  });
});

describe("mazeTargets", () => {
  const place = { kind: "place", key: "place", actions: ["ES@1,0", "NW@2,1", "ES@0,-1"], shapes: ["ES", "NW"], byShape: { ES: ["ES@1,0", "ES@0,-1"], NW: ["NW@2,1"] } };
  const board = [at("ES@1,0", 1, 0, "ES"), at("NW@2,1", 2, 1, "ES"), at("ES@0,-1", 0, -1, "ES"), at("map@8,-2", 8, -2, "map"), at("rockfall@3,1", 3, 1, "rockfall"), at("bribe@1,1", 1, 1), seat("break-cart@1", 1)];
  test("a path card's slots in its current orientation, with a ghost of the card", () => {
    assert.deepEqual(mazeTargets(place, "ES", name, board), [
      { x: 1, y: 0, action: "ES@1,0", kind: "slot", ghost: "ES", label: `card ES → ${t("slot.empty", { where: "1,0" })}` },
      { x: 0, y: -1, action: "ES@0,-1", kind: "slot", ghost: "ES", label: `card ES → ${t("slot.empty", { where: "0,-1" })}` },
    ]);
    assert.deepEqual(mazeTargets(place, "NW", name, board).map((x) => x.action), ["NW@2,1"]);
  });
  test("with the board's landmarks, slots are told in words", () => {
    const places = placesOf({ landmarks: [{ x: 0, y: 0, name: "start" }, { x: 8, y: -2, name: "goal.top" }] });
    assert.deepEqual(mazeTargets(place, "ES", name, board, places).map((x) => x.label), [
      `card ES → ${t("slot.empty", { where: places.where(1, 0) })}`,
      `card ES → ${t("slot.empty", { where: places.where(0, -1) })}`,
    ]);
    assert.equal(places.where(1, 0), "right of the start");
    assert.equal(places.where(0, -1), "above the start");
    const [map] = mazeTargets({ kind: "map", label: "Map", actions: ["map@8,-2"] }, null, name, board, places);
    assert.equal(map.label, "the top goal");
    assert.equal(places.edge("2,0:E"), "on the east side of the card 2 right from the start");
    assert.equal(placesOf({ landmarks: [] }).where(3, 1), "3,1"); // a board without landmarks: coordinates
  });
  test("the slot is the board target's, whatever the action's text says", () => {
    const option = { kind: "place", actions: ["N@1,0"], shapes: ["N"], byShape: { N: ["N@1,0"] } };
    const [target] = mazeTargets(option, "N", name, [at("N@1,0", 5, 7, "N")]);
    assert.deepEqual([target.x, target.y], [5, 7]);
  });
  test("a map points at goals, a rockfall, key or bribe at cards", () => {
    const map = mazeTargets({ kind: "map", label: "Map", actions: ["map@8,-2"] }, null, name, board);
    assert.deepEqual(map, [{ x: 8, y: -2, action: "map@8,-2", kind: "goal", label: t("slot.goal", { goal: "8,-2" }) }]);
    const rockfall = mazeTargets({ kind: "rockfall", label: "Rockfall", actions: ["rockfall@3,1"] }, null, name, board);
    assert.deepEqual(rockfall, [{ x: 3, y: 1, action: "rockfall@3,1", kind: "card", label: t("slot.card", { card: "Rockfall", where: "3,1" }) }]);
    assert.equal(mazeTargets({ kind: "bribe", label: "Bribe", actions: ["bribe@1,1"] }, null, name, board)[0].kind, "card");
  });
  test("a generic line: one target a slot, with every action on it", () => {
    const targets = [at("EW@1,0", 1, 0, "EW"), at("NS@1,0", 1, 0, "EW"), at("EW@0,1", 0, 1, "EW")];
    const option = { kind: "board", actions: ["EW@1,0", "NS@1,0", "EW@0,1"] };
    assert.deepEqual(mazeTargets(option, null, name, targets), [
      { x: 1, y: 0, action: "EW@1,0", actions: ["EW@1,0", "NS@1,0"], kind: "slot", label: `card EW → ${t("slot.empty", { where: "1,0" })}` },
      { x: 0, y: 1, action: "EW@0,1", actions: ["EW@0,1"], kind: "slot", label: `card EW → ${t("slot.empty", { where: "0,1" })}` },
    ]);
  });
  test("players, actions without a slot and no line have no maze targets", () => {
    assert.deepEqual(mazeTargets({ kind: "player", actions: ["break-cart@1"] }, null, name, board), []);
    assert.deepEqual(mazeTargets({ kind: "rockfall", label: "R", actions: ["break-cart@1", "gone@1,1"] }, null, name, board), []);
    assert.deepEqual(mazeTargets(null, "ES", name, board), []);
  });
});

describe("placeShape", () => {
  const line = (byShape) => ({ shapes: Object.keys(byShape), byShape });
  test("keeps the orientation if it fits somewhere", () => {
    assert.equal(placeShape(line({ ES: ["ES@1,0"], NW: ["NW@2,1"] }), "NW"), "NW");
  });
  test("switches to the orientation that fits", () => {
    assert.equal(placeShape(line({ ES: [], NW: ["NW@2,1"] }), "ES"), "NW");
  });
  test("keeps it when no orientation fits", () => {
    assert.equal(placeShape(line({ ES: [], NW: [] }), "ES"), "ES");
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

describe("hints on a touch screen", () => {
  test("a finger is the coarse pointer; no matchMedia (Node) is no touch", () => {
    assert.equal(touchPointer((q) => ({ matches: q === "(pointer: coarse)" })), true);
    assert.equal(touchPointer(() => ({ matches: false })), false);
    assert.equal(touchPointer(undefined), false);
  });

  test("touch hints speak of taps and name no key, in both languages; a kind without one keeps its hint", () => {
    for (const kind of ["place", "player", "rockfall", "map", "board", "key", "bribe"]) {
      assert.equal(hintKey(kind, false, STRINGS.en), `hint.${kind}`);
      const key = hintKey(kind, true, STRINGS.en);
      assert.equal(key, `hint.${kind}.touch`);
      assert.match(translate(STRINGS, "en", key, { card: "a curve" }), /^Tap /);
      assert.match(translate(STRINGS, "de", key, { card: "eine Kurve" }), /^Tippe /);
      for (const lang of ["en", "de"]) assert.doesNotMatch(translate(STRINGS, lang, key), /\bEsc\b|\bR\b/);
    }
    assert.match(translate(STRINGS, "en", hintKey("place", true, STRINGS.en), { card: "x" }), /tap the card again to turn it/);
    assert.equal(hintKey("stairs", true, STRINGS.en), "hint.stairs");
    assert.match(t(hintKey("place", false, STRINGS.en), { card: "x" }), /R turns it/);
  });
});
