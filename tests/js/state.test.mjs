// Pure updates of the client's state (static/state.js): lobby lists, feeds, routes, error texts.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { t } from "../../saboteur/web/static/i18n.js";
import {
  circleNames,
  errorText,
  mergeFinished,
  mergeGames,
  nextFeed,
  onlineRequest,
  parseRoute,
  routeHash,
  tableCounts,
  withTable,
} from "../../saboteur/web/static/state.js";

const game = (id, status, extra = {}) => ({ id, status, ...extra });

describe("mergeGames", () => {
  const before = { open: [game(1, "open"), game(4, "open")], active: [game(2, "active")] };
  test("a changed table replaces its old summary", () => {
    const after = mergeGames(before, [game(4, "open", { seats: ["a", "b"] })], []);
    assert.deepEqual(after.open, [game(1, "open"), game(4, "open", { seats: ["a", "b"] })]);
    assert.deepEqual(after.active, before.active);
  });
  test("a table that started moves from open to active, kept in id order", () => {
    const after = mergeGames(before, [game(1, "active")], []);
    assert.deepEqual(after.open.map((g) => g.id), [4]);
    assert.deepEqual(after.active.map((g) => g.id), [1, 2]);
  });
  test("gone tables leave both lists; new ones come in by id", () => {
    const after = mergeGames(before, [game(3, "open")], [2, 4, 99]);
    assert.deepEqual(after.open.map((g) => g.id), [1, 3]);
    assert.deepEqual(after.active, []);
  });
  test("hidden tables leave the lists, unless I sit there", () => {
    const lists = { open: [game(1, "open", { seats: ["Me", null] }), game(4, "open", { seats: ["Bo", null] })], active: [] };
    const after = mergeGames(lists, [], [], [1, 4], "Me");
    assert.deepEqual(after.open.map((g) => g.id), [1]);
    assert.deepEqual(mergeGames(lists, [], [], [1, 4], "Zed").open, []);
  });
  test("does not change the lists it was given", () => {
    const copy = structuredClone(before);
    mergeGames(before, [game(1, "active"), game(7, "open")], [4]);
    assert.deepEqual(before, copy);
  });
  test("ids sort as numbers, not text", () => {
    const after = mergeGames({ open: [], active: [] }, [game(10, "open"), game(9, "open"), game(100, "open")], []);
    assert.deepEqual(after.open.map((g) => g.id), [9, 10, 100]);
  });
});

describe("mergeFinished", () => {
  const at = (id, day) => ({ id, finished_at: `2026-11-${String(day).padStart(2, "0")}T10:00:00Z` });
  test("newest first; an updated game appears once", () => {
    const merged = mergeFinished([at(1, 1), at(2, 3)], [at(3, 2), { ...at(1, 5), winners: [0] }]);
    assert.deepEqual(merged.map((g) => g.id), [1, 2, 3]);
    assert.deepEqual(merged[0].winners, [0]);
  });
  test("equal times: the higher id first; a missing time counts as oldest", () => {
    const merged = mergeFinished([{ id: 5 }, at(6, 1)], [at(7, 1)]);
    assert.deepEqual(merged.map((g) => g.id), [7, 6, 5]);
  });
  test("keeps at most 50, or as many as asked (the lobby: a page)", () => {
    const many = Array.from({ length: 60 }, (_, i) => at(i + 1, 1 + (i % 28)));
    const merged = mergeFinished(many, [at(100, 28)]);
    assert.equal(merged.length, 50);
    assert.equal(merged[0].id, 100);
    const page = mergeFinished(many.slice(0, 10), [at(100, 28)], 10); // games 1–10 on days 1–10
    assert.deepEqual(page.map((g) => g.id), [100, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });
});

describe("tableCounts", () => {
  test("takes the counts a message gives and keeps the others", () => {
    assert.deepEqual(tableCounts({ open: 1, active: 2 }, { open_count: 5 }), { open: 5, active: 2 });
    assert.deepEqual(tableCounts({ open: 1, active: 2 }, { active_count: 0 }), { open: 1, active: 0 });
    assert.deepEqual(tableCounts({ open: 1, active: 2 }, { open_count: null }), { open: 1, active: 2 });
  });
});

describe("nextFeed", () => {
  const ev = (kind) => ({ kind });
  test("the first message of a game starts epoch 1", () => {
    assert.deepEqual(nextFeed(undefined, [ev("deal")], false), { epoch: 1, events: [ev("deal")] });
  });
  test("later messages append their events in the same epoch", () => {
    const feed = nextFeed({ epoch: 1, events: [ev("deal")] }, [ev("place"), ev("draw")], false);
    assert.deepEqual(feed, { epoch: 1, events: [ev("deal"), ev("place"), ev("draw")] });
  });
  test("the first message after a welcome starts a new epoch with only its events", () => {
    const feed = nextFeed({ epoch: 3, events: [ev("deal"), ev("place")] }, [ev("deal"), ev("place"), ev("map")], true);
    assert.deepEqual(feed, { epoch: 4, events: [ev("deal"), ev("place"), ev("map")] });
  });
  test("a message without events keeps the feed", () => {
    assert.deepEqual(nextFeed({ epoch: 2, events: [ev("a")] }, undefined, false), { epoch: 2, events: [ev("a")] });
    assert.deepEqual(nextFeed(undefined, undefined, true), { epoch: 1, events: [] });
  });
  test("does not change the old feed", () => {
    const old = { epoch: 1, events: [ev("a")] };
    nextFeed(old, [ev("b")], false);
    assert.deepEqual(old, { epoch: 1, events: [ev("a")] });
  });
});

describe("parseRoute and routeHash", () => {
  test("a game window's hash", () => {
    assert.deepEqual(parseRoute("#/game/12"), { view: "game", game: 12 });
    assert.equal(routeHash("game", 12), "#/game/12");
  });
  test("everything else is the lobby", () => {
    for (const hash of ["", "#", "#/", "#/game/", "#/game/abc", "#/game/12/x", "#/game/-1", "#game/3", " #/game/3"]) {
      assert.deepEqual(parseRoute(hash), { view: "lobby", game: null }, hash);
    }
    assert.equal(routeHash("lobby", null), "#/");
  });
  test("the two are each other's reverse", () => {
    for (const route of [{ view: "game", game: 1 }, { view: "game", game: 40321 }, { view: "lobby", game: null }]) {
      assert.deepEqual(parseRoute(routeHash(route.view, route.game)), route);
    }
  });
});

describe("errorText", () => {
  test("our words for a known code, with the server's message filled in", () => {
    assert.equal(errorText("name-taken", "whatever"), t("err.name-taken"));
    assert.equal(errorText("illegal", "not your turn"), t("err.illegal", { message: "not your turn" }));
  });
  test("the server's own message for a code we do not know", () => {
    assert.equal(errorText("brand-new-code", "Something new happened"), "Something new happened");
  });
});

describe("circleNames", () => {
  const games = {
    open: [game(1, "open", { seats: ["Anna", "carl", null] }), game(2, "open", { seats: ["Zoe", "Yves"] })],
    active: [game(3, "active", { seats: ["Ben", "Anna"] })],
  };
  test("the people at my tables and those I whispered with, sorted regardless of case, without me", () => {
    const tables = new Map([[9, { seat: 0, names: ["Anna", "Dora"] }], [8, { seat: null, names: ["Watched"] }]]);
    const whispers = [{ from: "Anna", to: "Emil" }, { from: "Fritz", to: "Anna" }];
    assert.deepEqual(circleNames(games, tables, whispers, "Anna"), ["Ben", "carl", "Dora", "Emil", "Fritz"]);
  });
  test("nobody when I sit nowhere and whispered with nobody; never more than 50", () => {
    assert.deepEqual(circleNames(games, new Map(), [], "Quinn"), []);
    const many = Array.from({ length: 80 }, (_, i) => ({ from: "Anna", to: `P${String(i).padStart(2, "0")}` }));
    assert.equal(circleNames({ open: [], active: [] }, new Map(), many, "Anna").length, 50);
  });
});

describe("onlineRequest", () => {
  test("asks for the page of the search on show, and about my circle", () => {
    assert.deepEqual(onlineRequest({ search: "an", page: 2 }, ["Ben"]), { type: "online", search: "an", page: 2, asked: ["Ben"] });
  });
});

describe("withTable", () => {
  test("the table's news replace the summary and names; the view and feed stay", () => {
    const latest = { type: "game", game: 3, seq: 7, view: { hand: ["ES"] }, names: ["Ann", "Ben"], summary: { away: [1] } };
    const news = { type: "table", game: 3, names: ["Ann", "Benno"], summary: { away: [] } };
    assert.deepEqual(withTable(latest, news), { ...latest, names: ["Ann", "Benno"], summary: { away: [] } });
    assert.equal(withTable(undefined, news), null);
  });
});
