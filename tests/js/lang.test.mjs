// Language choice and texts (static/lang.js, and t() of static/i18n.js with its real strings).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { LANGS, STRINGS, getLang, t } from "../../saboteur/web/static/i18n.js";
import { chooseLang, dateTimeIn, fill, timeIn, translate } from "../../saboteur/web/static/lang.js";

describe("chooseLang", () => {
  test("a saved choice we have wins", () => {
    assert.equal(chooseLang("de", "en-US"), "de");
    assert.equal(chooseLang("en", "de-DE"), "en");
  });
  test("otherwise the browser's language: any German is German, anything else English", () => {
    assert.equal(chooseLang(null, "de"), "de");
    assert.equal(chooseLang(null, "de-AT"), "de");
    assert.equal(chooseLang(undefined, "DE-ch"), "de");
    assert.equal(chooseLang(null, "fr-FR"), "en");
    assert.equal(chooseLang(null, "dk"), "en");
  });
  test("a saved value we do not have, or nothing at all, falls back", () => {
    assert.equal(chooseLang("fr", "de-DE"), "de");
    assert.equal(chooseLang("", ""), "en");
    assert.equal(chooseLang(null, null), "en");
    assert.equal(chooseLang(undefined, undefined), "en");
  });
});

describe("fill", () => {
  test("replaces every placeholder, repeated ones too", () => {
    assert.equal(fill("{a} and {b}, {a}", { a: 1, b: "two" }), "1 and two, 1");
  });
  test("keeps placeholders it has no value for", () => {
    assert.equal(fill("{n} of {m}", { n: 2 }), "2 of {m}");
    assert.equal(fill("{n}"), "{n}");
  });
  test("{n:plural:one|other} picks the form for the number", () => {
    const steps = "{n} {n:plural:step|steps} left";
    assert.equal(fill(steps, { n: 1 }), "1 step left");
    assert.equal(fill(steps, { n: 0 }), "0 steps left");
    assert.equal(fill(steps, { n: 3 }), "3 steps left");
    assert.equal(fill("noch {n} {n:plural:Schritt|Schritte}", { n: "1" }), "noch 1 Schritt");
    assert.equal(fill("{m:plural:a|b}", { n: 1 }), "{m:plural:a|b}");
  });
  test("zero, false and empty values are filled, not dropped", () => {
    assert.equal(fill("{a}|{b}|{c}|{d}", { a: 0, b: false, c: "", d: null }), "0|false||null");
  });
  test("a value is put in as it is, never read as a placeholder or a replacement pattern", () => {
    assert.equal(fill("{a} {b}", { a: "{b}", b: "x" }), "{b} x");
    assert.equal(fill("{a}", { a: "$& $1 $$" }), "$& $1 $$");
  });
  test("braces that are no placeholder stay", () => {
    assert.equal(fill("{} { a } {a-b}", { a: 1 }), "{} { a } {a-b}");
  });
});

describe("translate", () => {
  const strings = { en: { hi: "Hello {name}", only: "English only" }, de: { hi: "Hallo {name}" } };
  test("the language's text, else English, else the key", () => {
    assert.equal(translate(strings, "de", "hi", { name: "Anna" }), "Hallo Anna");
    assert.equal(translate(strings, "de", "only"), "English only");
    assert.equal(translate(strings, "de", "missing.key"), "missing.key");
    assert.equal(translate(strings, "fr", "hi", { name: "Ben" }), "Hello Ben");
  });
});

describe("t, outside a browser", () => {
  test("starts in English", () => {
    assert.equal(getLang(), "en");
    assert.deepEqual(LANGS, ["en", "de"]);
  });
  test("fills the real strings", () => {
    assert.equal(t("game.label", { id: 12 }), "Game #12");
    assert.equal(t("lobby.waiting", { n: 2, m: 4 }), "Waiting for players: 2 of 4 seats taken.");
    assert.equal(t("no.such.key"), "no.such.key");
  });
});

describe("the strings", () => {
  // {name}, or {name:how} in the catalogue's texts merged in (docs/messages.md); each name once
  const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)(?::[^{}]*)?\}/g)].map((m) => m[1]))].sort();
  test("German has every English key and no other", () => {
    assert.deepEqual(Object.keys(STRINGS.de).sort(), Object.keys(STRINGS.en).sort());
  });
  test("each German text uses the same placeholders as the English one", () => {
    for (const [key, text] of Object.entries(STRINGS.en)) {
      assert.deepEqual(placeholders(STRINGS.de[key] ?? ""), placeholders(text), key);
    }
  });
  test("no text is empty", () => {
    for (const lang of LANGS) for (const [key, text] of Object.entries(STRINGS[lang])) assert.ok(text.trim(), `${lang} ${key}`);
  });
});

describe("times and dates in the interface's language", () => {
  test("German writes 24 hours and day.month.year, English its own way", () => {
    assert.equal(timeIn("de", "2026-11-26T16:04:00"), "16:04");
    assert.equal(timeIn("en", "2026-11-26T16:04:00"), "04:04 PM");
    assert.equal(dateTimeIn("de", "2026-11-26T16:04:00"), "26.11.2026, 16:04");
    assert.match(dateTimeIn("en", "2026-11-26T16:04:00"), /^Nov 26, 2026,? 4:04\sPM$/);
  });
  test("no time is no text (not the first of January 1970)", () => {
    for (const at of [null, undefined, "", "soon"]) {
      assert.equal(timeIn("de", at), "");
      assert.equal(dateTimeIn("de", at), "");
    }
  });
});
