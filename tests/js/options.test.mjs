// The card menu grouped from view.legal (static/options.js) with both rulesets' rules.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { classicRules } from "../../saboteur/web/static/classic.js";
import { duelRules } from "../../saboteur/web/static/duel.js";
import { t } from "../../saboteur/web/static/i18n.js";
import { cardOptions } from "../../saboteur/web/static/options.js";
import { genericRules } from "../../saboteur/web/static/generic.js";
import { adapted, rulesFor } from "../../saboteur/web/static/rules.js";

const view = (legal, broken = [[], [], []], seat = 0) => ({ legal, broken, seat });
const byKind = (options) => Object.fromEntries(options.map((o) => [o.key, o]));

describe("cardOptions: path cards", () => {
  test("lists the slots of both orientations, ignoring other cards' moves", () => {
    const legal = ["ES@1,0", "NW@2,1", "NW@1,-1", "NS@1,0", "rockfall@1,0", "pass:ES", "pass:NS"];
    const [place, discard] = cardOptions("ES", view(legal), classicRules);
    assert.equal(place.kind, "place");
    assert.deepEqual(place.shapes, ["ES", "NW"]);
    assert.deepEqual(place.actions, ["ES@1,0", "NW@2,1", "NW@1,-1"]);
    assert.equal(place.reason, "");
    assert.equal(place.label, t("menu.place"));
    assert.deepEqual(discard.actions, ["pass:ES"]);
  });
  test("a symmetric card has one shape", () => {
    const [place] = cardOptions("NS", view(["NS@1,0"]), classicRules);
    assert.deepEqual(place.shapes, ["NS"]);
  });
  test("a shape that merely starts like another is not mixed in (N vs NS)", () => {
    const [place] = cardOptions("N", view(["NS@1,0", "N@2,0", "S@3,0"]), classicRules);
    assert.deepEqual(place.actions, ["N@2,0", "S@3,0"]);
  });
  test("no slot because a tool is broken says so; with no broken tool: no target", () => {
    const blocked = cardOptions("ES", view(["pass:ES"], [["cart"], [], []]), classicRules);
    assert.equal(blocked[0].reason, t("menu.blocked"));
    assert.equal(blocked[1].reason, "");
    const stuck = cardOptions("ES", view(["pass:ES"]), classicRules);
    assert.equal(stuck[0].reason, t("menu.noTarget"));
  });
  test("not my turn (no legal actions): every line is disabled with that reason", () => {
    for (const option of cardOptions("ES", view([]), classicRules)) {
      assert.deepEqual(option.actions, []);
      assert.equal(option.reason, t("menu.notTurn"));
    }
  });
  test("a view without a legal list (a spectator) is not my turn", () => {
    const options = cardOptions("ES", { broken: [[]], seat: null }, classicRules);
    assert.ok(options.every((o) => o.reason === t("menu.notTurn")));
  });
});

describe("cardOptions: cards played on players", () => {
  test("a broken tool targets the players listed for that card only", () => {
    const legal = ["break-cart@1", "break-cart@2", "break-lantern@1", "pass:break-cart"];
    const [line] = cardOptions("break-cart", view(legal), classicRules);
    assert.deepEqual(line, { kind: "player", key: "break-cart", label: t("menu.break", { tool: t("tool.cart") }), actions: ["break-cart@1", "break-cart@2"], tool: "cart", reason: "" });
  });
  test("a double repair offers one line per tool, each with its own targets", () => {
    const legal = ["repair-pickaxe-cart/cart@0", "repair-pickaxe-cart/cart@2", "pass:repair-pickaxe-cart"];
    const options = byKind(cardOptions("repair-pickaxe-cart", view(legal), classicRules));
    assert.deepEqual(Object.keys(options), ["repair-pickaxe-cart/pickaxe", "repair-pickaxe-cart/cart", "discard"]);
    assert.deepEqual(options["repair-pickaxe-cart/pickaxe"].actions, []);
    assert.equal(options["repair-pickaxe-cart/pickaxe"].reason, t("menu.noTarget"));
    assert.deepEqual(options["repair-pickaxe-cart/cart"].actions, ["repair-pickaxe-cart/cart@0", "repair-pickaxe-cart/cart@2"]);
  });
  test("a single repair's actions have no tool part", () => {
    const [line] = cardOptions("repair-lantern", view(["repair-lantern@0", "repair-lantern-cart/lantern@1"]), classicRules);
    assert.deepEqual(line.actions, ["repair-lantern@0"]);
  });
  test("a broken tool of mine does not block playing on players", () => {
    const [line] = cardOptions("break-pickaxe", view(["pass:break-pickaxe"], [["cart"], [], []]), classicRules);
    assert.equal(line.reason, t("menu.noTarget"));
  });
});

describe("cardOptions: cards played on the maze", () => {
  test("rockfall and map target their own actions", () => {
    const legal = ["rockfall@1,0", "rockfall@2,0", "map@8,-2", "map@8,0", "map@8,2", "pass:map"];
    assert.deepEqual(cardOptions("rockfall", view(legal), classicRules)[0].actions, ["rockfall@1,0", "rockfall@2,0"]);
    const [map, discard] = cardOptions("map", view(legal), classicRules);
    assert.equal(map.kind, "map");
    assert.deepEqual(map.actions, ["map@8,-2", "map@8,0", "map@8,2"]);
    assert.deepEqual(discard.actions, ["pass:map"]);
  });
  test("the Duel's key is laid on a door", () => {
    const [key] = cardOptions("key", view(["key@1,0", "pass:key"], [[], []]), duelRules);
    assert.equal(key.kind, "key");
    assert.deepEqual(key.actions, ["key@1,0"]);
  });
  test("an unknown card still offers the discard", () => {
    const options = cardOptions("mystery", view(["pass:mystery"]), classicRules);
    assert.deepEqual(options.map((o) => o.kind), ["discard"]);
    assert.deepEqual(options[0].actions, ["pass:mystery"]);
  });
});

describe("cardOptions: the Duel's path cards", () => {
  test("a door card's two orientations move the door with it", () => {
    const legal = ["green-nEW@1,0", "green-EsW@0,1", "pass:green-nEW"];
    const [place] = duelRules.cardOptions("green-nEW", view(legal, [[], []]));
    assert.deepEqual(place.shapes, ["green-nEW", "green-EsW"]);
    assert.deepEqual(place.actions, legal.slice(0, 2));
  });
  test("a bridge has one orientation", () => {
    const [place] = duelRules.cardOptions("bridge", view(["bridge@2,1"], [[], []]));
    assert.deepEqual(place.shapes, ["bridge"]);
    assert.deepEqual(place.actions, ["bridge@2,1"]);
  });
});

describe("rulesFor", () => {
  test("the Duel and solo share the Duel's adapter; classic has its own", () => {
    assert.equal(rulesFor("duel"), duelRules);
    assert.equal(rulesFor("solo"), duelRules);
    assert.equal(rulesFor("classic"), classicRules);
  });
  test("a ruleset without an adapter, or none, gets the generic adapter (never classic's)", () => {
    assert.equal(Object.getPrototypeOf(rulesFor("dark-cave")), genericRules);
    assert.equal(rulesFor(undefined), genericRules);
    assert.notEqual(rulesFor("dark-cave").cells, classicRules.cells);
  });
  test("an adapter's missing hooks are the generic adapter's", () => {
    assert.equal(classicRules.pieces, genericRules.pieces);
    assert.notEqual(duelRules.pieces, genericRules.pieces);
    assert.equal(Object.getPrototypeOf(classicRules), genericRules);
  });
  test("classic's and the Duel's hands play only in their play phase", () => {
    for (const rules of [classicRules, duelRules]) {
      assert.deepEqual(["play", "gold", "reveal", "over"].map((phase) => rules.handPlays({ phase })), [true, false, false, false]);
    }
  });
  test("a view without broken tools still gets its menu", () => {
    assert.deepEqual(cardOptions("ES", { legal: [], seat: 0 }, classicRules).map((o) => o.reason), [t("menu.notTurn"), t("menu.notTurn")]);
  });
  test("the built-in adapters are registered", () => {
    assert.deepEqual(adapted().sort(), ["classic", "darkcave", "duel", "solo", "zwergengold"]);
  });
});

describe("cardOptions: a path card's slots by orientation", () => {
  test("each orientation gets only its own actions, even where one name begins another", () => {
    const legal = ["N@1,0", "NS@2,0", "S@3,0"];
    const [place] = cardOptions("N", view(legal), { isPathCard: () => true, turned: () => "S" });
    assert.deepEqual(place.byShape, { N: ["N@1,0"], S: ["S@3,0"] });
  });
});
