// The lobby's pure helpers (static/lobby.js): ruleset limits from the server, the order of the open
// tables, a table in words, seat lines and the waiting status.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { t } from "../../saboteur/web/static/i18n.js";
import { GAMES, describeTable, mergeRulesets, seatLine, sortOpen, tableStatus } from "../../saboteur/web/static/lobby.js";

describe("GAMES", () => {
  test("the built-in seat limits of each ruleset", () => {
    assert.deepEqual([GAMES.classic.min, GAMES.classic.max], [3, 10]);
    assert.deepEqual([GAMES.duel.min, GAMES.duel.max], [2, 2]);
    assert.deepEqual([GAMES.solo.min, GAMES.solo.max, GAMES.solo.bots], [1, 1, []]);
  });
});

describe("mergeRulesets", () => {
  const games = () => ({ classic: { min: 3, max: 10, bots: ["random"] }, duel: { min: 2, max: 2, bots: [] } });
  test("takes the server's seat counts and bots for the rulesets the client knows", () => {
    const out = mergeRulesets(games(), [{ name: "duel", min_players: 2, max_players: 2, bots: ["random", "heuristic"] }]);
    assert.deepEqual(out.duel, { min: 2, max: 2, bots: ["random", "heuristic"] });
    assert.deepEqual(out.classic, { min: 3, max: 10, bots: ["random"] });
  });
  test("ignores unknown rulesets and entries without a bot list", () => {
    const out = mergeRulesets(games(), [
      { name: "dark-cave", min_players: 2, max_players: 8, bots: [] },
      { name: "classic", min_players: 1, max_players: 1 },
      { name: "classic", min_players: 3, max_players: 10, bots: "random" },
    ]);
    assert.deepEqual(out, games());
  });
  test("changes the table it is given (GAMES itself in the lobby)", () => {
    const mine = games();
    assert.equal(mergeRulesets(mine, []), mine);
  });
});

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
  test("a plain classic table: only its players", () => {
    assert.equal(describeTable({ players: 4, ruleset: "classic", options: {} }), t("game.players", { n: 4 }));
    assert.equal(describeTable({ players: 4 }), t("game.players", { n: 4 }));
  });
  test("every extra in order: game, players, colour, preset, demo, clock, round", () => {
    const g = { players: 3, ruleset: "solo", options: { colour: "blue", preset: "online-3", demo: true }, clock: 30, round: 2 };
    const expected = [t("ruleset.solo"), t("game.players", { n: 3 }), t("colour.blue"), t("game.online3"), t("game.demo"), t("game.clock", { s: 30 }), t("game.round", { r: 2 })];
    assert.equal(describeTable(g), expected.join(" · "));
  });
  test("no clock (0) and round 0 say nothing; an unknown preset says nothing", () => {
    assert.equal(describeTable({ players: 2, ruleset: "duel", clock: 0, round: 0, options: { preset: "standard" } }), `${t("ruleset.duel")} · ${t("game.players", { n: 2 })}`);
  });
});

describe("seatLine", () => {
  const g = { host: "Anna", seats: ["Anna", "Ben", null, "Random 1"], bots: [null, null, null, "random"] };
  test("the host, another player, a free seat, a bot", () => {
    assert.deepEqual(seatLine(g, 0), { cls: "host", text: "Anna" });
    assert.deepEqual(seatLine(g, 1), { cls: "", text: "Ben" });
    assert.deepEqual(seatLine(g, 2), { cls: "free", text: "—" });
    assert.deepEqual(seatLine(g, 3), { cls: "bot", text: `Random 1 (${t("seat.bot")})` });
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
