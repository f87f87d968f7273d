// Every t("key", { … }) in the browser client's modules names a text that exists and passes every
// placeholder its English and German templates use, so no "{where}" reaches a page (a Zwergengold
// card's title once showed one). Calls whose key or arguments are computed are not checked here.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { STRINGS } from "../../saboteur/web/static/i18n.js";

const STATIC = new URL("../../saboteur/web/static/", import.meta.url);
const CALL = /\bt\(\s*"([\w.:-]+)"\s*(?:,\s*\{([^{}]*)\})?\s*\)/g;
const PARAM = /(?:^|,)\s*(\w+)\s*(?=[:,]|$)/g;
const PLACEHOLDER = /\{(\w+)(?::[^}]*)?\}/g;

function calls() {
  const out = [];
  for (const file of readdirSync(STATIC).filter((name) => name.endsWith(".js"))) {
    const text = readFileSync(new URL(file, STATIC), "utf-8");
    for (const [, key, params = ""] of text.matchAll(CALL)) {
      if (params.includes("...")) continue;
      out.push({ file, key, names: new Set([...params.matchAll(PARAM)].map((m) => m[1])) });
    }
  }
  return out;
}

test("every literal t() call names a text and fills its placeholders in both languages", () => {
  const found = calls();
  assert.ok(found.length > 150, `only ${found.length} calls found`);
  const unknown = found.filter((c) => STRINGS.en[c.key] === undefined).map((c) => `${c.file}: ${c.key}`);
  assert.deepEqual(unknown, []);
  const unfilled = [];
  for (const c of found) {
    for (const lang of ["en", "de"]) {
      const wanted = [...(STRINGS[lang][c.key] ?? "").matchAll(PLACEHOLDER)].map((m) => m[1]);
      const missing = wanted.filter((name) => !c.names.has(name));
      if (missing.length) unfilled.push(`${c.file}: ${c.key} (${lang}) lacks ${missing.join(", ")}`);
    }
  }
  assert.deepEqual(unfilled, []);
});
