import assert from "node:assert/strict";
import { test } from "node:test";

import { botRatings, ratingPath } from "../../saboteur/web/static/ratings.js";
import { seatKindText } from "../../saboteur/web/static/lobby.js";

test("a bot kind is rated as its most-played dwarf", () => {
  const standings = [
    { name: "Ann", rating: 1400, games: 9, bot: null },
    { name: "Balin", rating: 1300, games: 12, bot: "heuristic" },
    { name: "Dwalin", rating: 1350, games: 3, bot: "heuristic" },
    { name: "Oin", rating: 900, games: 5, bot: "random" },
  ];
  assert.deepEqual([...botRatings(standings)], [["heuristic", 1300], ["random", 900]]);
});

test("a seat's choice names the bot's rating when there is one", () => {
  const ratings = new Map([["heuristic", 1300]]);
  assert.equal(seatKindText("heuristic", ratings), "Bot: heuristic · rating 1300");
  assert.equal(seatKindText("random", ratings), "Bot: random");
  assert.equal(seatKindText("", ratings), "Player");
});

test("the history's line runs left to right, the best rating at the top", () => {
  assert.equal(ratingPath([1000, 1100, 1050], 200, 40), "M0.0 40.0 L100.0 0.0 L200.0 20.0");
  assert.equal(ratingPath([1000], 200, 40), "M0.0 40.0");
  assert.equal(ratingPath([]), "");
});
