// The language a browser starts in and switches to (static/i18n.js), with stand-ins for the
// browser's localStorage, navigator and document: this file runs in its own process (node --test).

import assert from "node:assert/strict";
import { test } from "node:test";

const saved = new Map();
globalThis.localStorage = { getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => saved.set(k, String(v)) };
Object.defineProperty(globalThis, "navigator", { value: { language: "de-AT" }, configurable: true });
globalThis.document = { documentElement: { lang: "" } };

const { getLang, setLang, t, toolName } = await import("../../saboteur/web/static/i18n.js");

test("a browser asking for German starts in German", () => {
  assert.equal(getLang(), "de");
  assert.equal(t("game.label", { id: 3 }), "Spiel #3");
  assert.equal(toolName("cart"), "Lore");
});

test("switching remembers the choice and sets the page's language", () => {
  setLang("en");
  assert.equal(getLang(), "en");
  assert.equal(saved.get("saboteur.lang"), "en");
  assert.equal(globalThis.document.documentElement.lang, "en");
  assert.equal(t("game.label", { id: 3 }), "Game #3");
  setLang("de");
  assert.equal(t("lobby.waiting", { n: 1, m: 2 }), "Warte auf Mitspieler: 1 von 2 Plätzen besetzt.");
});

test("a language we do not have is refused and changes nothing", () => {
  setLang("de");
  setLang("fr");
  assert.equal(getLang(), "de");
  assert.equal(saved.get("saboteur.lang"), "de");
});

test("counts take the singular for one, in both languages", () => {
  setLang("de");
  assert.equal(t("dc.turn.moveYours", { n: 1 }), "Zieh deinen Zwerg: noch 1 Schritt");
  assert.equal(t("dc.turn.moveYours", { n: 3 }), "Zieh deinen Zwerg: noch 3 Schritte");
  assert.equal(t("info.cards", { n: 1 }), "1 Karte");
  setLang("en");
  assert.equal(t("dc.turn.moveYours", { n: 1 }), "Walk your dwarf: 1 step left");
  assert.equal(t("duel.keys", { n: 1 }), "1 key left");
  assert.equal(t("info.goldSecret", { n: 2 }).startsWith("2 gold cards; their value"), true);
  assert.equal(t("info.goldSecret", { n: 1 }).startsWith("1 gold card; its value"), true);
  setLang("de");
});
