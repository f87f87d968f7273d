// The new-table form and the table lines built from the server's ruleset descriptors
// (static/rulesets.js): a ruleset the client has never heard of is offered with its options.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { clampPlayers, describeOptions, optionFields, readOptions, seatRange, titleIn } from "../../saboteur/web/static/rulesets.js";

const TOY = {
  name: "toy",
  title: { en: "Toy tunnels", de: "Spielzeugtunnel" },
  min_players: 2,
  max_players: 2,
  default_players: 2,
  options: [
    { name: "distance", type: "int", default: 3, min: 2, max: 4, title: { en: "Distance to the goal", de: "Abstand zum Ziel" }, help: {} },
    { name: "hand", type: "int", default: 3, choices: [2, 3], title: { en: "Hand size" }, help: {} },
  ],
};
const CLASSIC_OPTIONS = [
  { name: "preset", type: "choice", default: "standard", choices: ["standard", "online-3"], title: { en: "Preset" }, help: {},
    choice_titles: { standard: { en: "Standard" }, "online-3": { en: "Online, 3 players", de: "Online, 3 Spieler" } } },
  { name: "demo", type: "bool", default: false, title: { en: "Demo opening" }, help: {} },
  { name: "first", type: "seat", default: null, title: { en: "First player" }, help: {} },
];

describe("titleIn", () => {
  test("the language asked for, else English, else any", () => {
    assert.equal(titleIn(TOY.title, "de"), "Spielzeugtunnel");
    assert.equal(titleIn({ en: "Hand size" }, "de"), "Hand size");
    assert.equal(titleIn({ fr: "Main" }, "de"), "Main");
    assert.equal(titleIn(undefined, "de"), "");
  });
});

describe("seats", () => {
  test("a range or one count; a wanted count kept within the range", () => {
    assert.equal(seatRange({ min_players: 3, max_players: 10 }), "3–10");
    assert.equal(seatRange(TOY), "2");
    assert.equal(clampPlayers({ min_players: 3, max_players: 10, default_players: 4 }, 12), 10);
    assert.equal(clampPlayers({ min_players: 3, max_players: 10, default_players: 4 }, NaN), 4);
    assert.equal(clampPlayers(TOY, 5), 2);
  });
});

describe("optionFields", () => {
  test("an int range is a number field, an int with choices a select", () => {
    const [distance, hand] = optionFields(TOY.options, 2, "de");
    assert.deepEqual(
      [distance.control, distance.min, distance.max, distance.value, distance.label],
      ["number", 2, 4, 3, "Abstand zum Ziel"],
    );
    assert.deepEqual([hand.control, hand.value, hand.choices.map((c) => c.value)], ["select", "3", ["2", "3"]]);
  });
  test("a choice is radios naming its values, a bool a checkbox, a seat lists the seats and 'random'", () => {
    const [preset, demo, first] = optionFields(CLASSIC_OPTIONS, 4, "de");
    assert.equal(preset.control, "radio");
    assert.deepEqual(preset.choices.map((c) => c.label), ["Standard", "Online, 3 Spieler"]);
    assert.deepEqual([demo.control, demo.value], ["checkbox", false]);
    assert.deepEqual(first.choices.map((c) => c.value), ["random", "0", "1", "2", "3"]);
    assert.equal(first.value, "random");
    const words = { random: "ausgelost", seat: (n) => `Platz ${n}` };
    const [, , worded] = optionFields(CLASSIC_OPTIONS, 4, "de", words);
    assert.deepEqual(worded.choices.map((c) => c.label), ["ausgelost", "Platz 1", "Platz 2", "Platz 3", "Platz 4"]);
  });
});

describe("readOptions", () => {
  test("only what differs from the defaults, each in its type", () => {
    assert.deepEqual(readOptions(TOY.options, { distance: "3", hand: "3" }), {});
    assert.deepEqual(readOptions(TOY.options, { distance: "4", hand: "2" }), { distance: 4, hand: 2 });
    assert.deepEqual(
      readOptions(CLASSIC_OPTIONS, { preset: "online-3", demo: true, first: "2" }),
      { preset: "online-3", demo: true, first: 2 },
    );
    assert.deepEqual(readOptions(CLASSIC_OPTIONS, { preset: "standard", demo: false, first: "random" }), {});
  });
  test("options the form does not hold are left out", () => {
    assert.deepEqual(readOptions(TOY.options, {}), {});
  });
});

describe("describeOptions", () => {
  test("a table's options in words, defaults left out", () => {
    const chosen = { preset: "online-3", demo: true, first: 0 };
    assert.deepEqual(describeOptions(CLASSIC_OPTIONS, chosen, "de"), ["Preset: Online, 3 Spieler", "Demo opening", "First player: 1"]);
    assert.deepEqual(describeOptions(TOY.options, { distance: 4 }, "en"), ["Distance to the goal: 4"]);
    assert.deepEqual(describeOptions(CLASSIC_OPTIONS, { first: 2 }, "en", { random: "drawn by lot", seat: (n) => `seat ${n}` }), ["First player: seat 3"]);
    assert.deepEqual(describeOptions(TOY.options, undefined, "en"), []);
  });
});
