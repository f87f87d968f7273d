// The registry of client adapters: a ruleset's card art, panels and hooks for the game window.
// An adapter module registers itself for the rulesets it draws; every hook it does not define
// is the generic adapter's, and a ruleset with no adapter is drawn and played by the generic one.

import { genericRules } from "./generic.js";
import { cardNameIn } from "./i18n.js";

const ADAPTERS = new Map();
const GENERIC = new Map(); // ruleset -> the generic adapter naming that ruleset's cards

/**
 * Register `adapter` for the rulesets `names`; its missing hooks fall back to the generic
 * adapter's (by its prototype). Returns the adapter itself.
 */
export function register(names, adapter) {
  Object.setPrototypeOf(adapter, genericRules);
  for (const name of names) ADAPTERS.set(name, adapter);
  return adapter;
}

/** The adapter of a view's ruleset: its registered one, else the generic adapter (naming the
 * ruleset's cards from the message catalogue, where the server's catalogue gave them names). */
export function rulesFor(ruleset) {
  const own = ADAPTERS.get(ruleset);
  if (own) return own;
  if (!ruleset) return genericRules;
  if (!GENERIC.has(ruleset)) {
    GENERIC.set(ruleset, Object.create(genericRules, { cardName: { value: (card) => cardNameIn(ruleset, card) } }));
  }
  return GENERIC.get(ruleset);
}

/** The rulesets with an adapter of their own. */
export function adapted() {
  return [...ADAPTERS.keys()];
}
