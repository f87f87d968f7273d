// The replay viewer's pure parts (static/replay.js): patches applied as the server makes them
// (saboteur/engine/replays.py), steps made whole, rounds, whose eyes, steps kept in range; the
// lobby's lists by page and player (static/lobby.js) and the replay's route (static/state.js).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { t } from "../../saboteur/web/static/i18n.js";
import { gamesQuery, outcome } from "../../saboteur/web/static/lobby.js";
import { applyPatch, clampStep, delayFor, expandReplay, eyesAt, replayLink, roundAt, roundStarts } from "../../saboteur/web/static/replay.js";
import { parseRoute, routeHash } from "../../saboteur/web/static/state.js";

describe("applyPatch", () => {
  test("each kind of patch: a value, an object's keys, a list's items, a list grown", () => {
    assert.deepEqual(applyPatch(null, [0, { a: 1 }]), { a: 1 });
    assert.deepEqual(applyPatch({ a: 1, b: 2, c: 3 }, [1, { b: [0, 5], d: [0, [1]] }, ["c"]]), { a: 1, b: 5, d: [1] });
    assert.deepEqual(applyPatch([1, 2, 3], [2, { 1: [0, 9] }]), [1, 9, 3]);
    assert.deepEqual(applyPatch([1, 2], [3, [3, 4]]), [1, 2, 3, 4]);
    assert.deepEqual(applyPatch({ board: { cells: [1], pieces: [] } }, [1, { board: [1, { cells: [3, [2]] }] }]), { board: { cells: [1, 2], pieces: [] } });
    assert.deepEqual(applyPatch({ a: 1 }, [1, {}]), { a: 1 });
    assert.throws(() => applyPatch({}, [7, {}]), /not a patch/);
  });
  test("the value patched is not changed; what the patch leaves alone is shared", () => {
    const before = { hand: ["NS", "map"], board: { cells: [{ x: 0 }] } };
    const frozen = JSON.stringify(before);
    const after = applyPatch(before, [1, { hand: [2, { 0: [0, "EW"] }] }]);
    assert.equal(JSON.stringify(before), frozen);
    assert.deepEqual(after.hand, ["EW", "map"]);
    assert.equal(after.board, before.board);
  });
});

const replay = {
  game: 7,
  players: 2,
  names: ["Ann", "Bob"],
  steps: [
    { action: null, seat: null, round: 1, events: [{ kind: "round-start" }], views: [[0, { current: 0, hand: ["a"] }], [0, { current: 0, hand: ["b"] }]] },
    { action: "x", seat: 0, round: 1, events: [{ kind: "laid" }, { kind: "drew", to: 0 }], views: [[1, { current: [0, 1], hand: [2, { 0: [0, "c"] }] }], [1, { current: [0, 1] }]] },
    { action: "y", seat: 1, round: 2, events: [{ kind: "round-start" }], views: [[1, { current: [0, null] }], [1, { current: [0, null] }]] },
  ],
};

describe("expandReplay", () => {
  const whole = expandReplay(replay);
  test("every step's views made whole, and the events so far", () => {
    assert.deepEqual(whole.steps.map((s) => s.views[0]), [{ current: 0, hand: ["a"] }, { current: 1, hand: ["c"] }, { current: null, hand: ["c"] }]);
    assert.deepEqual(whole.steps[1].views[1], { current: 1, hand: ["b"] });
    assert.deepEqual(whole.steps.map((s) => s.eventsEnd), [1, 3, 4]);
    assert.deepEqual(whole.events.map((e) => e.kind), ["round-start", "laid", "drew", "round-start"]);
    assert.equal(whole.steps[2].action, "y");
  });
  test("rounds, the round of a step, whose eyes", () => {
    const starts = roundStarts(whole.steps);
    assert.deepEqual(starts, [{ round: 1, step: 0 }, { round: 2, step: 2 }]);
    assert.deepEqual(roundAt(starts, 1), { round: 1, step: 0 });
    assert.deepEqual(roundAt(starts, 2), { round: 2, step: 2 });
    assert.equal(eyesAt(whole.steps, 0), 0); // the one to act
    assert.equal(eyesAt(whole.steps, 1), 1);
    assert.equal(eyesAt(whole.steps, 2), 1); // the game is over: the last who acted
    assert.equal(eyesAt(whole.steps, 1, 0), 0); // the one chosen
  });
  test("steps kept in range; speeds; the link to share", () => {
    assert.deepEqual([clampStep(-3, 3), clampStep(1, 3), clampStep(9, 3), clampStep(Number.NaN, 3)], [0, 1, 2, 0]);
    assert.equal(delayFor(2), delayFor(1) / 2);
    assert.equal(replayLink("http://x:1", 7), "http://x:1/replay/7");
  });
});

describe("routes and the lobby's lists", () => {
  test("#/replay/12 is a replay, and back", () => {
    assert.deepEqual(parseRoute("#/replay/12"), { view: "replay", game: 12 });
    assert.equal(routeHash("replay", 12), "#/replay/12");
    for (const bad of ["#/replay/", "#/replay/x", "#/replay/-1", "#/replay/12345678901"]) assert.deepEqual(parseRoute(bad), { view: "lobby", game: null }, bad);
  });
  test("a page of games by player", () => {
    assert.equal(gamesQuery("finished", "", 0), "/api/games?status=finished&limit=10&offset=0");
    assert.equal(gamesQuery("active", "Ann & co", 2), "/api/games?status=active&limit=20&offset=40&player=Ann+%26+co");
  });
  test("a finished game's winners and gold", () => {
    const game = { seats: ["Ann", "Bob", null], gold: [4, 0, 2], winners: [0] };
    assert.deepEqual(outcome(game), {
      seats: [{ name: "Ann", gold: 4, won: true }, { name: "Bob", gold: 0, won: false }, { name: "—", gold: 2, won: false }],
      winners: ["Ann"],
    });
    assert.deepEqual(outcome({ seats: ["Ann"] }).seats, [{ name: "Ann", gold: null, won: false }]);
    assert.equal(t("lobby.winners", { names: "Ann" }), "Won: Ann");
  });
});
