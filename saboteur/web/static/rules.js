// The game window's ruleset-specific parts: the built-in client adapters (each registers itself
// for the rulesets it draws) and the look-up of a view's adapter. A ruleset with no adapter here
// is drawn and played by the generic adapter (generic.js).

import "./classic.js";
import "./duel.js";
import "./darkcave.js";
import "./zwergengold.js";

export { adapted, register, rulesFor } from "./adapters.js";
