// The lobby's pure helpers (static/lobby.js): the order of the open tables, a table in words (with
// the server's ruleset descriptors), seat lines and the waiting status.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { t } from "../../saboteur/web/static/i18n.js";
import { describeTable, rulesetTitle, seatLine, sortOpen, tableStatus } from "../../saboteur/web/static/lobby.js";

describe("sortOpen", () => {
  const table = (id, seats) => ({ id, seats });
  test("my tables first, then by id; the list given is not changed", () => {
    const open = [table(5, ["Ben", null]), table(2, ["Carl", null]), table(9, ["Anna", null]), table(3, ["Dora", "Anna"])];
    const before = [...open];
    assert.deepEqual(sortOpen(open, "Anna").map((g) => g.id), [3, 9, 2, 5]);
    assert.deepEqual(open, before);
  });
  test("a free seat (null) is nobody's; a name that contains mine is not mine", () => {
    const open = [table(1, [null, "Annabel"]), table(2, ["Anna", null])];
    assert.deepEqual(sortOpen(open, "Anna").map((g) => g.id), [2, 1]);
  });
});

describe("describeTable", () => {
  const rulesets = [
    { name: "classic", default: true, title: { en: "Saboteur" }, options: [
      { name: "demo", type: "bool", default: false, title: { en: "Demo opening" } },
      { name: "rounds", type: "int", default: 3, choices: [1, 2, 3], title: { en: "Rounds" } },
    ] },
    { name: "duel", default: false, title: { en: "The Duel", de: "Das Duell" }, options: [] },
  ];
  test("a plain table of the default ruleset: only its players", () => {
    assert.equal(describeTable({ players: 4, ruleset: "classic", options: {} }, rulesets), t("game.players", { n: 4 }));
    assert.equal(describeTable({ players: 4 }), t("game.players", { n: 4 }));
  });
  test("every extra in order: game, players, options as the schema names them, clock, round", () => {
    const g = { players: 3, ruleset: "classic", options: { demo: true, rounds: 1 }, clock: 30, round: 2 };
    const expected = [t("game.players", { n: 3 }), "Demo opening", "Rounds: 1", t("game.clock", { s: 30 }), t("game.round", { r: 2 })];
    assert.equal(describeTable(g, rulesets), expected.join(" · "));
  });
  test("another ruleset leads with its title; no clock (0) and round 0 say nothing", () => {
    const g = { players: 2, ruleset: "duel", clock: 0, round: 0, options: {} };
    assert.equal(describeTable(g, rulesets), `The Duel · ${t("game.players", { n: 2 })}`);
  });
  test("a ruleset the server did not describe is named as it is", () => {
    assert.equal(rulesetTitle({ ruleset: "dark-cave" }, rulesets), "dark-cave");
    assert.equal(rulesetTitle({ ruleset: "classic" }, rulesets), "");
  });
});

describe("seatLine", () => {
  const g = { host: "Anna", seats: ["Anna", "Ben", null, "Groin", "Mim"], bots: [null, null, null, "random", "someday"] };
  test("the host, another player, a free seat, a bot with the badge of its kind", () => {
    assert.deepEqual(seatLine(g, 0), { cls: "host", text: "Anna" });
    assert.deepEqual(seatLine(g, 1), { cls: "", text: "Ben" });
    assert.deepEqual(seatLine(g, 2), { cls: "free", text: "—" });
    assert.deepEqual(seatLine(g, 3), { cls: "bot", text: `Groin (${t("bot.random")})` });
    assert.equal(t("bot.random"), "Bot: random");
    assert.deepEqual(seatLine(g, 4), { cls: "bot", text: `Mim (${t("seat.bot")})` }); // a kind unknown here
  });
  test("a table without bot information", () => {
    assert.deepEqual(seatLine({ host: "Anna", seats: ["Anna", null] }, 1), { cls: "free", text: "—" });
  });
});

describe("tableStatus", () => {
  const g = (seats) => ({ host: "Anna", players: 3, seats });
  test("nothing on other people's tables", () => {
    assert.equal(tableStatus(g(["Anna", null, null]), false, "Ben"), "");
  });
  test("waiting: how many seats are taken", () => {
    assert.equal(tableStatus(g(["Anna", "Ben", null]), true, "Ben"), t("lobby.waiting", { n: 2, m: 3 }));
  });
  test("full: the host may start, the others wait for the host", () => {
    assert.equal(tableStatus(g(["Anna", "Ben", "Carl"]), true, "Anna"), t("lobby.full"));
    assert.equal(tableStatus(g(["Anna", "Ben", "Carl"]), true, "Ben"), t("lobby.hostStarts", { host: "Anna" }));
  });
});
