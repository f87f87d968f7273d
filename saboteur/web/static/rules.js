// The game window's ruleset-specific parts, by ruleset: card art, card menu, players, results.

import { classicRules } from "./classic.js";
import { duelRules } from "./duel.js";

const RULES = { classic: classicRules, duel: duelRules, solo: duelRules };

/** The rules adapter of a view's ruleset (classic for any the client does not know). */
export function rulesFor(ruleset) {
  return RULES[ruleset] ?? classicRules;
}
