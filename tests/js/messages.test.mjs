// The browser's message formatter (static/messages.js) and i18n.js's use of it. The cases are
// tests/messages_cases.json, which tests/test_messages.py runs through the Python formatter:
// the two give the same texts. Run: node --test tests/js/

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import BODY from "../../saboteur/web/static/messages.json" with { type: "json" };
import { render } from "../../saboteur/web/static/messages.js";

const CASES = JSON.parse(readFileSync(new URL("../messages_cases.json", import.meta.url), "utf-8"));

test("every shared case renders as in Python, in English and in German", () => {
  assert.ok(CASES.length > 60);
  for (const c of CASES) {
    for (const lang of BODY.langs) assert.equal(render(BODY.texts, c.message, lang, c.names), c[lang], c.message.key);
  }
});

test("a language the catalogue lacks falls back to English", () => {
  const texts = { only: { en: "{n} {n:plural:card|cards}" } };
  assert.equal(render(texts, { key: "only", args: { n: 1 } }, "de"), "1 card");
  assert.equal(render(texts, { key: "only", args: { n: [1, 2] } }, "de"), "1, 2 cards");
});

test("i18n.js names cards and words events from the catalogue in the chosen language", async () => {
  globalThis.localStorage = { getItem: () => "de", setItem: () => {} };
  Object.defineProperty(globalThis, "navigator", { value: { language: "de" }, configurable: true });
  globalThis.document = { documentElement: { lang: "" } };
  const i18n = await import("../../saboteur/web/static/i18n.js");
  assert.equal(i18n.cardNameIn("classic", "repair-pickaxe-lantern"), "Spitzhacke oder Laterne reparieren");
  assert.equal(i18n.cardNameIn("duel", "goal-1-blue:NeSW"), "Ziel: 1 Gold, Tür blau, liegend als Kreuzung, Tür im Osten");
  assert.equal(i18n.cardNameIn("duel", "unknown-card"), "unknown-card");
  assert.equal(i18n.toolName("cart"), "Lore");
  assert.equal(i18n.t("card.break", { tool: i18n.toolName("lantern") }), "kaputte Laterne");
  const [pass] = CASES.filter((c) => c.message.key === "duel.pass");
  assert.equal(i18n.eventText({ kind: "pass", text: pass.en, message: pass.message }, pass.names), pass.de);
  assert.equal(i18n.eventText({ kind: "pass", text: "old server" }, []), "old server");
  assert.equal(i18n.serverLine("It is Ann's turn.", { key: "server.turn", args: { player: "Ann" } }), "Ann ist am Zug.");
  i18n.setLang("en");
  assert.equal(i18n.eventText({ kind: "pass", text: pass.en, message: pass.message }, pass.names), pass.en);
  assert.equal(i18n.cardNameIn("classic", "xNE"), "dead end north–east");
});

test("a plug-in's texts merged from the server word its events; unknown keys fall back to the text", async () => {
  const { eventText, mergeCatalogue, serverLine } = await import("../../saboteur/web/static/i18n.js");
  const ev = { kind: "pass", seat: 0, text: "Ann threw away EW", message: { key: "toy.pass", args: { actor: { seat: 0 }, card: { key: "toy.card.EW", args: {}, id: "EW" } } } };
  assert.equal(eventText(ev, ["Ann"]), "Ann threw away EW"); // not in the catalogue yet: the server's text
  assert.equal(serverLine("It is Ann's turn.", { key: "nope.turn", args: {} }), "It is Ann's turn.");
  mergeCatalogue({
    texts: { "toy.pass": { en: "{actor} discarded {card}", de: "{actor} hat {card} abgeworfen" }, "toy.card.EW": { en: "straight E-W", de: "Gerade O-W" } },
    cards: { toy: { EW: { key: "toy.card.EW", args: {}, id: "EW" } } },
  });
  assert.equal(eventText(ev, ["Ann"]), "Ann discarded straight E-W");
  mergeCatalogue({ texts: { "toy.pass": { en: "changed" } } }); // what is known stays
  assert.equal(eventText(ev, ["Ann"]), "Ann discarded straight E-W");
});
